import { afterAll, beforeAll, expect, it } from 'vitest';
import { lead, sleep, startTestStack } from './helpers.ts';

/**
 * Idle keep-alive connections are the client's to close (local/server.ts, keepAliveTimeout 0).
 * The tests share one event loop with the server, and PGlite runs each statement synchronously on
 * it: under load one statement can block the loop for longer than any idle timer. When the loop
 * comes back its timers run before it reads the sockets, so a server-side idle timer would drop a
 * pooled connection with a request already written on it, and the client would get ECONNRESET
 * (how local/tests/notifications.test.ts failed at load average 20).
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.cleanup();
});

/**
 * Blocks this thread, and with it the server's event loop, as one long synchronous PGlite
 * statement does on a loaded machine (without burning CPU while it waits).
 */
function blockEventLoop(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const insertLead = () =>
  fetch(`${stack.url}/rest/v1/offer_leads`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${stack.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(lead()),
  });

it('answers a request sent on a pooled connection right after the loop was blocked for 31 s', async () => {
  const first = await insertLead();
  expect(first.status).toBe(201);
  // No idle limit is advertised, so no client expects the server to close the connection.
  expect(first.headers.get('keep-alive')).toBeNull();
  expect(first.headers.get('connection')).toBe('keep-alive');
  // Back in the client's pool once the answer is read; idle from here on.
  await sleep(200);
  // Longer than the server's former idle timer (5 s hint + 25 s margin).
  blockEventLoop(31_000);
  // Written on the pooled connection before the loop runs its timers.
  const second = await insertLead();
  expect(second.status).toBe(201);
  const { rows } = await stack.sql<{ n: number }>(`select count(*)::int as n from offer_leads`);
  expect(rows[0]?.n).toBe(2);
});
