/**
 * The Content-Security-Policy, written after each build. Each page carries its own policy in a
 * `<meta http-equiv="Content-Security-Policy">` first in its head: the site itself and the
 * configured Supabase project (REST and realtime) and nothing else, and only that page's inline
 * scripts and styles (Astro's island bootstrap, the language redirect, the critical CSS) by their
 * SHA-256 hashes, so nothing else inline can run. `dist/_headers` sends every response the part a
 * `<meta>` cannot carry (`frame-ancestors`) with `object-src`, `base-uri` and `form-action`, and
 * the service worker its own full policy (a worker has no `<meta>`).
 *
 * Why not the whole policy in `_headers` (issue 48): one policy for every page must list every
 * page's hashes (27, 1.7 KB), and HTTP/1.1 repeats it on every script, stylesheet and icon; on the
 * patient page's slow-profile load that was 20 KB of headers before its status, more than its
 * scripts. Cloudflare Pages also caps a `_headers` line at 2,000 characters. The decision:
 * docs/decisions/csp-in-each-page.md. The local server serves this same `_headers`, so
 * development, tests and production send identical policies.
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { htmlFiles } from './html-files.ts';
import { LOCAL_SUPABASE_URL } from '../lib/supabase-env.ts';

const hash = (content: string) =>
  `'sha256-${createHash('sha256').update(content).digest('base64')}'`;

/** Hashes of the inline scripts (not JSON-LD data blocks) and inline styles of one page. */
export function pageInlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? '';
    if (/\bsrc=/.test(attrs) || /type="application\/ld\+json"/.test(attrs)) continue;
    if (match[2]) scripts.add(hash(match[2]));
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
    if (match[1]) styles.add(hash(match[1]));
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

/**
 * The policy of a page (or, with `forMeta: false`, of a response). In a `<meta>`, `frame-ancestors`
 * is ignored (and reported on the console), so it stays in the header (HEADER_POLICY).
 */
export function contentSecurityPolicy(
  supabaseUrl: string,
  hashes: { scripts: string[]; styles: string[] },
  { forMeta = false } = {},
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
    ...(forMeta ? [] : ["frame-ancestors 'none'"]),
    // A local (http) backend cannot be reached from a page that upgrades requests to https.
    ...(api.protocol === 'https:' ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * What every response carries in `_headers`: the directives a `<meta>` policy cannot hold, and
 * those that cost nothing to repeat. None of them concerns scripts or styles, which each page's
 * own policy restricts (policies combine: a resource must pass every one).
 */
export const HEADER_POLICY = [
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' https://wa.me",
].join('; ');

const HEAD = /<head>(<meta charset="utf-8">)?/;

/** The page with its own policy first in its head (before any script or style can be parsed). */
export function withPagePolicy(html: string, policy: string): string {
  if (!HEAD.test(html)) throw new Error('a built page without <head>: its CSP has nowhere to go');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replaceAll('"', '&quot;')}">`;
  return html.replace(HEAD, (head) => `${head}${meta}`);
}

export default function securityHeaders(): AstroIntegration {
  return {
    name: 'rihla-security-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env };
        const supabaseUrl = env['PUBLIC_SUPABASE_URL'] ?? LOCAL_SUPABASE_URL;
        // sonner (the back office's toasts) inserts its stylesheet at run time.
        const runtime = runtimeStyleHashes();
        let largest = 0;
        const files = htmlFiles(root);
        for (const file of files) {
          const html = readFileSync(file, 'utf8');
          const hashes = pageInlineHashes(html);
          if (relative(root, file).startsWith('admin/')) hashes.styles.push(...runtime);
          const policy = contentSecurityPolicy(supabaseUrl, hashes, { forMeta: true });
          largest = Math.max(largest, hashes.scripts.length + hashes.styles.length);
          writeFileSync(file, withPagePolicy(html, policy));
        }
        const worker = contentSecurityPolicy(supabaseUrl, { scripts: [], styles: [] });
        const file = join(root, '_headers');
        const headers = readFileSync(file, 'utf8').replace(
          /\n\s*Content-Security-Policy:.*$/gm,
          '',
        );
        writeFileSync(
          file,
          headers.replace(/^\/\*\n/m, `/*\n  Content-Security-Policy: ${HEADER_POLICY}\n`) +
            `\n# The service worker's own policy (a worker has no <meta>; security-headers.ts).\n/sw.js\n  Content-Security-Policy: ${worker}\n`,
        );
        logger.info(
          `CSP: each of ${files.length} pages carries its own policy (at most ${largest} inline hashes); connect-src ${supabaseUrl}`,
        );
      },
    },
  };
}
