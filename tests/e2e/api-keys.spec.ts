/**
 * Both key styles from a real browser (issue 16): supabase-js in Chromium, on the site's origin,
 * calls both functions across origins (so the functions' own CORS headers are what the browser
 * checks) once with the legacy anon JWT and once with the opaque `sb_publishable_…` key that new
 * Supabase projects hand out. With the platform's JWT check on send-form-notification, the
 * publishable key would be refused with 401 and every lead e-mail lost.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY } from '../../local/keys.ts';
import { apiUrl } from './backend.ts';
import { createAdmin, dataDir, PASSWORD } from './staff.ts';

const supabaseUmd = createRequire(import.meta.url).resolve(
  '@supabase/supabase-js/dist/umd/supabase.js',
);

/** How many records under the data dir's outbox/ or indexing/ mention `marker` (tests run in parallel). */
function recordsMentioning(folder: string, marker: string): number {
  let names: string[];
  try {
    names = readdirSync(join(dataDir, folder)).filter((name) => name.endsWith('.json'));
  } catch {
    return 0;
  }
  return names.filter((name) => readFileSync(join(dataDir, folder, name), 'utf8').includes(marker))
    .length;
}

/**
 * A real page of the site (served from this machine, as Chromium's local-network rules require) with
 * the supabase-js browser bundle added. The site's CSP would refuse the added script and is not the
 * subject here (tests/e2e/site-scan.spec.ts covers it), so it is bypassed for this file.
 */
test.use({ bypassCSP: true });

async function openHarness(page: Page) {
  await page.goto('/en/');
  await page.addScriptTag({ path: supabaseUmd });
  await page.waitForFunction(() => 'supabase' in window);
}

interface InvokeResult {
  status: number | null;
  data: unknown;
  error: string | null;
}

for (const [style, key] of [
  ['legacy anon JWT', LOCAL_ANON_KEY],
  ['sb_publishable_ key', LOCAL_PUBLISHABLE_KEY],
] as const) {
  test(`with the ${style}, a visitor's notification is mailed and an admin's indexing request is sent`, async ({
    page,
  }) => {
    const username = createAdmin('keys');
    await openHarness(page);
    const marker = Math.random().toString(36).slice(2, 10);

    const results = await page.evaluate(
      async ({ apiUrl, key, username, password, marker }) => {
        type Client = {
          functions: {
            invoke(
              name: string,
              options: { body: unknown },
            ): Promise<{ data: unknown; error: { context?: Response; message: string } | null }>;
          };
          auth: { signInAnonymously(): Promise<{ error: unknown }> };
          rpc(name: string, args: unknown): Promise<{ data: unknown; error: unknown }>;
          from(table: string): { insert(row: unknown): PromiseLike<{ error: unknown }> };
        };
        const lib = (
          window as unknown as { supabase: { createClient(u: string, k: string): Client } }
        ).supabase;
        const invoke = async (client: Client, name: string, body: unknown) => {
          const { data, error } = await client.functions.invoke(name, { body });
          return {
            status: error?.context instanceof Response ? error.context.status : error ? null : 200,
            data,
            error: error ? error.message : null,
          };
        };
        const visitor = lib.createClient(apiUrl, key);
        // A stored lead, then the form's nudge with its id: the mail is built from the stored row.
        const leadId = crypto.randomUUID();
        await visitor.from('offer_leads').insert({
          id: leadId,
          name: `Key Style ${marker}`,
          // A number of its own: other suites' leads must not reach its per-number limit.
          phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
          source: 'api-keys-test',
        });
        const notification = await invoke(visitor, 'send-form-notification', { lead_id: leadId });
        const stranger = lib.createClient(apiUrl, key);
        await stranger.auth.signInAnonymously();
        // The site's own addresses, as its pages name them (canonical, PUBLIC_SITE_URL): those are
        // the ones google-indexing takes (INDEXING_SITE_URL under npm start).
        const site = new URL(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.href)
          .origin;
        const refused = await invoke(stranger, 'google-indexing', {
          urls: [`${site}/`],
        });
        const admin = lib.createClient(apiUrl, key);
        await admin.auth.signInAnonymously();
        const login = await admin.rpc('admin_login', { _username: username, _password: password });
        const indexing = await invoke(admin, 'google-indexing', {
          urls: [`${site}/?k=${marker}`],
        });
        return { notification, refused, login: login.data, indexing };
      },
      { apiUrl, key, username, password: PASSWORD, marker },
    );

    const notification: InvokeResult = results.notification;
    expect(notification, JSON.stringify(notification)).toMatchObject({ status: 200, error: null });
    expect(notification.data).toMatchObject({ ok: true });
    expect(recordsMentioning('outbox', marker)).toBe(1);
    // A readable 403, not a CORS failure: the function's refusal carries CORS headers too.
    expect(results.refused.status).toBe(403);
    expect(results.login).toBe(true);
    expect(results.indexing, JSON.stringify(results.indexing)).toMatchObject({
      status: 200,
      error: null,
    });
    expect(recordsMentioning('indexing', marker)).toBe(1);
  });
}

test('a bare request without any project key is refused by send-form-notification', async ({
  request,
}) => {
  const refused = await request.post(`${apiUrl}/functions/v1/send-form-notification`, {
    headers: { 'Content-Type': 'application/json' },
    data: { name: 'No Key', phone: '966501234567' },
  });
  expect(refused.status()).toBe(401);
});
