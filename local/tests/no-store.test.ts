import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from './helpers.ts';

/**
 * API answers hold people's names, phones and notes: the local server tells every browser and
 * proxy not to keep them (Cache-Control: no-store), reads, writes, errors and auth alike, while an
 * edge function's answer carries only its own headers (issue 25, docs/local-stack.md).
 */
describe('the local API answers are never cached', () => {
  let stack: Awaited<ReturnType<typeof startTestStack>>;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.cleanup();
  });

  const get = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}${path}`, {
      ...init,
      headers: { apikey: stack.anonKey, ...(init.headers as Record<string, string>) },
    });

  it('sends no-store on REST reads, refusals, RPC and auth', async () => {
    const answers = await Promise.all([
      get('/rest/v1/contact_requests?select=name'),
      get('/rest/v1/no_such_table'),
      get('/rest/v1/rpc/is_admin', {
        method: 'POST',
        body: JSON.stringify({ check_user_id: null }),
        headers: { 'content-type': 'application/json' },
      }),
      get('/auth/v1/settings'),
    ]);
    for (const answer of answers) {
      expect(answer.headers.get('cache-control'), answer.url).toBe('no-store');
      await answer.arrayBuffer();
    }
  });

  it('leaves an edge function’s answer to the function', async () => {
    const answer = await fetch(`${stack.url}/functions/v1/no-such-function`, { method: 'OPTIONS' });
    expect(answer.headers.get('cache-control')).toBeNull();
    await answer.arrayBuffer();
  });
});
