/**
 * Writes the Content-Security-Policy into dist/_headers after each build. The policy allows only the
 * site itself and the configured Supabase project (REST and realtime); the few inline scripts and
 * styles Astro emits (island bootstrap, the language redirect) are allowed by their SHA-256 hashes,
 * collected from the built pages, so nothing else inline can run. The local server serves this same
 * file, so development, tests and production send identical headers.
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { htmlFiles } from './html-files.ts';
import { LOCAL_SUPABASE_URL } from '../lib/supabase-env.ts';

const hash = (content: string) =>
  `'sha256-${createHash('sha256').update(content).digest('base64')}'`;

/** Hashes of every inline script (not JSON-LD data blocks) and inline style in the built pages. */
export function inlineHashes(root: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const file of htmlFiles(root)) {
    const html = readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      const attrs = match[1] ?? '';
      if (/\bsrc=/.test(attrs) || /type="application\/ld\+json"/.test(attrs)) continue;
      if (match[2]) scripts.add(hash(match[2]));
    }
    for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
      if (match[1]) styles.add(hash(match[1]));
    }
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

/**
 * sonner (the back office's toasts) injects its stylesheet at run time: an empty <style> first, then
 * its CSS. Both are allowed by hash, read from the installed package so an upgrade stays covered.
 */
export function runtimeStyleHashes(): string[] {
  const hashes = [hash('')];
  try {
    const source = readFileSync('node_modules/sonner/dist/index.mjs', 'utf8');
    const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
    if (literal) hashes.push(hash(JSON.parse(literal) as string));
  } catch {
    // sonner not installed: nothing to allow.
  }
  return hashes;
}

export function contentSecurityPolicy(
  supabaseUrl: string,
  hashes: { scripts: string[]; styles: string[] },
) {
  const api = new URL(supabaseUrl);
  const realtime = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.scripts.join(' ')}`.trim(),
    `style-src 'self' ${hashes.styles.join(' ')}`.trim(),
    // Staff see the patients' photos through short-lived signed Storage URLs (issue 30).
    `img-src 'self' data: ${api.origin}`,
    "font-src 'self'",
    `connect-src 'self' ${api.origin} ${realtime}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The consultation form's no-JavaScript path submits to the agency's WhatsApp chat
    // (src/components/sections/ConsultationForm.astro).
    "form-action 'self' https://wa.me",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export default function securityHeaders(): AstroIntegration {
  return {
    name: 'rihla-security-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env };
        const supabaseUrl = env['PUBLIC_SUPABASE_URL'] ?? LOCAL_SUPABASE_URL;
        const inline = inlineHashes(root);
        const hashes = {
          scripts: inline.scripts,
          styles: [...inline.styles, ...runtimeStyleHashes()],
        };
        let policy = contentSecurityPolicy(supabaseUrl, hashes);
        // A local (http) backend cannot be reached from a page that upgrades requests to https.
        if (supabaseUrl.startsWith('http://'))
          policy = policy.replace('; upgrade-insecure-requests', '');
        const file = join(root, '_headers');
        const headers = readFileSync(file, 'utf8').replace(/\n\s*Content-Security-Policy:.*$/m, '');
        writeFileSync(
          file,
          headers.replace(/^\/\*\n/m, `/*\n  Content-Security-Policy: ${policy}\n`),
        );
        logger.info(
          `CSP: ${hashes.scripts.length} inline script and ${hashes.styles.length} inline style hashes; connect-src ${supabaseUrl}`,
        );
      },
    },
  };
}
