import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../index.ts';
import { migratedDumpOption } from '../../supabase/tests/helpers/harness.ts';

/** Lead limits for tests that are not about abuse: one address may send as many as they need. */
export const RELAXED_LEAD_LIMITS = {
  per_address_per_10_minutes: 100_000,
  global_per_10_minutes: 100_000,
  per_address_flood_per_10_minutes: 100_000,
};

/**
 * A local stack in memory (mail and indexing records in a temp dir), with its request log captured.
 * Its database starts from the run's migrated PGlite dump (global-setup.ts), as the SQL tests' do.
 */
export async function startTestStack(
  options: Partial<LocalStackOptions> = {},
): Promise<LocalStack & { logs: string[]; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rihla-local-test-'));
  const logs: string[] = [];
  const stack = await startLocalStack({
    dataDir,
    inMemory: true,
    ...migratedDumpOption(),
    port: 0,
    log: (line) => logs.push(line),
    // Every test client connects from 127.0.0.1; the abuse tests pass `leadLimits: {}` to keep the
    // production limits.
    leadLimits: RELAXED_LEAD_LIMITS,
    // Likewise every anonymous sign-in (config.toml allows 30 per address and hour).
    anonymousSignInsPerHour: 100_000,
    // Tests decide when the outbox is drained (stack.drainNotifications()).
    notificationIntervalMs: 0,
    // And when the request-files worker runs (stack.drainFiles()).
    filesIntervalMs: 0,
    ...options,
  });
  return Object.assign(stack, {
    logs,
    async cleanup() {
      await stack.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export type Client = SupabaseClient<Database>;

/** The unchanged supabase-js, configured as a browser would be (minus storage persistence). */
export function client(stack: LocalStack): Client {
  return createClient<Database>(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export const ADMIN_PASSWORD = 'correct horse battery';

/** Signs a fresh client in the way the admin login page does: anonymous sign-in, then admin_login. */
export async function adminClient(stack: LocalStack, username = 'staff'): Promise<Client> {
  await stack.sql(
    `select private.create_admin($1, $2) where not exists (select 1 from private.admin_users where username = $1)`,
    [username, ADMIN_PASSWORD],
  );
  const admin = client(stack);
  expect((await admin.auth.signInAnonymously()).error).toBeNull();
  const { data, error } = await admin.rpc('admin_login', {
    _username: username,
    _password: ADMIN_PASSWORD,
  });
  expect(error).toBeNull();
  expect(data).toBe(true);
  return admin;
}

/** A lead as the consultation form builds it. */
export function lead(
  overrides: Partial<Database['public']['Tables']['offer_leads']['Insert']> = {},
) {
  return {
    id: crypto.randomUUID(),
    name: 'Layla Haddad',
    phone: `9665${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
    country_code: '+966',
    country: 'Saudi Arabia',
    email: 'layla@example.com',
    service: 'dental-implants' as const,
    notes: 'Two implants',
    source: '/',
    language: 'ar' as const,
    ...overrides,
  };
}

export async function count(stack: LocalStack, table: string): Promise<number> {
  const { rows } = await stack.sql<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]?.n ?? 0;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}

/** A tiny built site (pages, localized 404s, an asset, a _headers file) for the static server. */
export function writeFixtureSite(root: string): void {
  const files: Record<string, string> = {
    'index.html': '<!doctype html><html lang="ar"><title>home</title>',
    '404.html': '<!doctype html><html lang="ar"><title>ar 404</title>',
    'en/404.html': '<!doctype html><html lang="en"><title>en 404</title>',
    'en/index.html': '<!doctype html><html lang="en"><title>en home</title>',
    'hair-transplant-turkey/index.html': `<!doctype html><title>hair</title>${'<p>long page</p>'.repeat(200)}`,
    '_astro/app.Ab12.js': 'console.log("island")',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'sitemap-index.xml': '<?xml version="1.0"?><sitemapindex/>',
    _headers: [
      '# comment',
      '/*',
      '  X-Frame-Options: DENY',
      "  Content-Security-Policy: default-src 'self'",
      '/_astro/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '/admin/*',
      '  X-Robots-Tag: noindex',
      '',
    ].join('\n'),
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/**
 * A two-page site with production-style headers and a page policy (as the build writes them:
 * src/integrations/security-headers.ts) whose connect-src names `apiOrigin`, for `npm run smoke`
 * (scripts/smoke.ts) against a local or rehearsal stack.
 */
export function writeSmokeSite(root: string, apiOrigin: string): void {
  const policy = `default-src 'self'; connect-src 'self' ${apiOrigin} ${apiOrigin.replace('http', 'ws')}`;
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><title>الرئيسية</title></head></html>`,
    'en/index.html': '<!doctype html><html lang="en" dir="ltr"><title>Home</title>',
    _headers: [
      '/*',
      '  X-Content-Type-Options: nosniff',
      '  Referrer-Policy: strict-origin-when-cross-origin',
      '  X-Frame-Options: DENY',
      "  Content-Security-Policy: frame-ancestors 'none'; object-src 'none'",
      '',
    ].join('\n'),
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}
