import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/lib/database.types.ts';
import { publicApi } from '~/lib/public-api.ts';
import { lead, startTestStack } from '../../local/tests/helpers.ts';

/**
 * The public forms' sub-clients (src/lib/public-api.ts) send what supabase-js sent before them, for
 * both key styles, against the local stack: the same method, URL, body and the headers the gateway
 * and PostgREST read (`apikey`, `Authorization`, `Prefer`, the schema and content type). Only
 * supabase-js's X-Client-Info differs. The lead is stored and the function answers either way.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.cleanup();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const WIRE_HEADERS = ['apikey', 'authorization', 'prefer', 'content-profile', 'content-type'];

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string | null>;
  body: string;
}

/** Every request `send` makes through the global fetch, and what the server answered. */
async function recorded(
  apikey: string,
  id: string,
  send: () => Promise<unknown>,
): Promise<{ sent: Sent[]; statuses: number[] }> {
  const sent: Sent[] = [];
  const statuses: number[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    // The notification function runs in this process: its own calls (service key) are not the site's.
    if (request.headers.get('apikey') !== apikey) return realFetch(request);
    sent.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(WIRE_HEADERS.map((name) => [name, request.headers.get(name)])),
      body: (await request.clone().text()).replaceAll(id, '<lead id>'),
    });
    const response = await realFetch(request);
    statuses.push(response.status);
    return response;
  });
  await send();
  vi.restoreAllMocks();
  return { sent, statuses };
}

describe.each([
  ['legacy anon JWT', () => stack.anonKey],
  ['sb_publishable_ key', () => stack.publishableKey],
])('with the %s', (_style, key) => {
  it('the lead insert and the notification call are the requests supabase-js made', async () => {
    const first = lead({ name: 'Wire Check' });
    const rows = [first, { ...first, id: crypto.randomUUID() }];
    const call = (
      row: (typeof rows)[number],
      client: {
        from: ReturnType<typeof publicApi>['db']['from'];
        functions: ReturnType<typeof publicApi>['functions'];
      },
    ) =>
      recorded(key(), row.id, async () => {
        await client.from('offer_leads').upsert(row, { onConflict: 'id', ignoreDuplicates: true });
        await client.functions.invoke('send-form-notification', { body: { lead_id: row.id } });
      });
    const before = createClient<Database>(stack.url, key(), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const api = publicApi(stack.url, key());
    const today = await call(rows[0]!, {
      from: before.from.bind(before),
      functions: before.functions,
    });
    const now = await call(rows[1]!, { from: api.db.from.bind(api.db), functions: api.functions });

    expect(now.sent).toEqual(today.sent);
    expect(now.sent.map((request) => request.headers['apikey'])).toEqual([key(), key()]);
    expect(now.statuses).toEqual(today.statuses);
    expect(now.statuses[0]).toBe(201);
    expect(now.statuses[1]).toBeGreaterThanOrEqual(200);
    expect(now.statuses[1]).toBeLessThan(300);
    const stored = await stack.sql<{ n: number }>(
      'select count(*)::int as n from offer_leads where id = any($1)',
      [rows.map((row) => row.id)],
    );
    expect(stored.rows[0]?.n).toBe(2);
  });
});
