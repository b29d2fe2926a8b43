import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLocalConfig } from '../config.ts';
import { RateWindow } from '../rate-window.ts';
import { client, startTestStack } from './helpers.ts';

/**
 * Anonymous sign-ins are limited per client address as config.toml says and hosted Auth does
 * (`[auth.rate_limit] anonymous_users`, 30 per hour), so an office that signs in too often meets
 * the 429 here first, not in production. The admin login reuses its anonymous session
 * (tests/e2e/admin.spec.ts counts the sign-ups of a failed and a successful attempt).
 */

const configured = readLocalConfig().anonymousSignInsPerHour;
let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ anonymousSignInsPerHour: configured });
});
afterAll(async () => {
  await stack.cleanup();
});

describe('anonymous sign-ins', () => {
  it('allows config.toml’s 30 per hour from one address, then answers GoTrue’s 429', async () => {
    expect(configured).toBe(30);
    for (let n = 0; n < configured; n++) {
      const { error } = await client(stack).auth.signInAnonymously();
      expect(error, `sign-in ${n + 1}`).toBeNull();
    }
    const { data, error } = await client(stack).auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    const { rows } = await stack.sql<{ n: number }>(
      `select count(*)::int as n from auth.users where is_anonymous`,
    );
    expect(rows[0]?.n).toBe(configured);
  });

  it('counts per address and forgets sign-ins older than the window', () => {
    const window = new RateWindow(2, 1000);
    expect([window.take('a', 0), window.take('a', 10), window.take('a', 20)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(window.take('b', 20)).toBe(true);
    expect(window.take('a', 1001)).toBe(true);
  });
});
