import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSmoke, type SmokeOptions } from '../../scripts/smoke.ts';
import { createStaticSiteServer } from '../static-site.ts';
import { ADMIN_PASSWORD, startTestStack, writeSmokeSite as writeSite } from './helpers.ts';

/**
 * The production smoke test (scripts/smoke.ts) against the local stack and a small site served with
 * production-style headers: every check passes on a sound deployment, the test lead is gone
 * afterwards, and a broken deployment (a CSP that does not name the project) fails.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let siteDir: string;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  // The worker drains every second here, as pg_cron does every minute in production.
  stack = await startTestStack({ notificationIntervalMs: 1000 });
  await stack.sql(`select private.create_admin('smoke-staff', $1)`, [ADMIN_PASSWORD]);
  siteDir = mkdtempSync(join(tmpdir(), 'rihla-smoke-site-'));
  writeSite(siteDir, stack.url);
  site = createStaticSiteServer({ root: siteDir });
  await new Promise<void>((resolveListen) => site.listen(0, '127.0.0.1', resolveListen));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolveClose) => site.close(resolveClose));
  await stack.cleanup();
  rmSync(siteDir, { recursive: true, force: true });
});

const options = (overrides: Partial<SmokeOptions> = {}): SmokeOptions => ({
  site: siteUrl,
  supabase: stack.url,
  key: stack.publishableKey,
  adminUsername: 'smoke-staff',
  adminPassword: ADMIN_PASSWORD,
  serviceKey: stack.secretKey,
  workerPeriodMs: 1000,
  log: () => {},
  ...overrides,
});

describe('npm run smoke', () => {
  it('passes every check on a sound deployment and leaves no test lead behind', async () => {
    const checks = await runSmoke(options());
    // No pg_cron in the local stack: the job listing says so and is skipped, on loopback only.
    expect(checks.filter((check) => check.status !== 'pass')).toEqual([
      {
        name: 'scheduled jobs (pg_cron)',
        status: 'skip',
        detail: expect.stringContaining('pg_cron is not installed'),
      },
    ]);
    expect(checks.map((check) => check.name)).toEqual([
      'site headers and CSP',
      'home page (ar)',
      'home page (en)',
      'anon reads nothing',
      'notification function reachable with the public key',
      'scheduled jobs (pg_cron)',
      'client address not forgeable',
      'staff sign-in',
      'lead insert with the public key',
      'realtime delivery to staff',
      'inbox row for the lead',
      'un-nudged lead mailed by the worker',
      'test lead erased',
    ]);
    expect(checks.find((check) => check.name.startsWith('un-nudged'))?.detail).toMatch(/^mailed /);
    const { rows } = await stack.sql<{ n: number }>(
      `select (select count(*) from public.offer_leads where name like 'SMOKE TEST%')
            + (select count(*) from public.contact_requests where name like 'SMOKE TEST%') as n`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('works with the legacy anon key too, and erases as staff without a secret key', async () => {
    const checks = await runSmoke(options({ key: stack.anonKey, serviceKey: undefined }));
    expect(checks.filter((check) => check.status !== 'pass').map((check) => check.name)).toEqual([
      'scheduled jobs (pg_cron)',
      'un-nudged lead mailed by the worker',
    ]);
    expect(checks.find((check) => check.name.startsWith('un-nudged'))?.detail).toMatch(
      /SUPABASE_SECRET_KEY/,
    );
  });

  it('fails when no worker mails a lead nobody nudged (production without its pg_cron job)', async () => {
    const idle = await startTestStack({ notificationIntervalMs: 0 });
    try {
      const checks = await runSmoke(
        options({ supabase: idle.url, key: idle.publishableKey, serviceKey: idle.secretKey }),
      );
      expect(checks.find((check) => check.name.startsWith('un-nudged'))).toMatchObject({
        status: 'fail',
        detail: expect.stringMatching(
          /^not mailed within 2 s \(0 attempts; the worker never tried\)/,
        ),
      });
    } finally {
      await idle.cleanup();
    }
  });

  it('fails when the site does not allow the project, and skips staff checks without an account', async () => {
    writeSite(siteDir, 'https://another-project.supabase.co');
    try {
      const checks = await runSmoke(options({ adminUsername: undefined }));
      expect(checks.find((check) => check.name === 'site headers and CSP')).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining(`does not name ${stack.url}`),
      });
      expect(checks.find((check) => check.name === 'realtime delivery to staff')?.status).toBe(
        'skip',
      );
      expect(checks.find((check) => check.name === 'test lead erased')?.status).toBe('pass');
    } finally {
      writeSite(siteDir, stack.url);
    }
  });
});
