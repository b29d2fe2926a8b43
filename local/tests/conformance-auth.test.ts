import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestStack } from './helpers.ts';

/**
 * GoTrue as it answers, written from its source and auth-js' own tests: a token whose session has
 * ended (`GET /user`, `POST /logout`: 403 `session_not_found`), and a refresh token reused by a
 * client that lost the answer of its refresh (token_refresh.go: the revoked parent of the
 * session's active token gets that active token back, not a new one), and the identities a user
 * is listed with (models/identity.go: an e-mail sign-up one `email` identity, anonymous none). Listed in
 * docs/local-stack.md ("Conformance").
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ emailSignups: true });
});
afterAll(async () => {
  await stack.cleanup();
});

async function auth(path: string, token: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

const SESSION_NOT_FOUND = {
  code: 403,
  error_code: 'session_not_found',
  msg: 'Session from session_id claim in JWT does not exist',
};

describe('GoTrue conformance', () => {
  it('refuses a token whose session ended: 403 session_not_found on /user and /logout', async () => {
    const visitor = client(stack);
    const { data } = await visitor.auth.signInAnonymously();
    const token = data.session?.access_token ?? '';
    expect((await auth('/user', token)).status).toBe(200);
    expect((await auth('/logout?scope=global', token, 'POST')).status).toBe(204);
    expect(await auth('/user', token)).toEqual({ status: 403, body: SESSION_NOT_FOUND });
    expect(await auth('/logout?scope=global', token, 'POST')).toEqual({
      status: 403,
      body: SESSION_NOT_FOUND,
    });
  });

  it('gives the active child back to a refresh token reused after its refresh', async () => {
    const visitor = client(stack);
    const { data } = await visitor.auth.signInAnonymously();
    const first = data.session?.refresh_token ?? '';
    const grant = (refreshToken: string) =>
      auth('/token?grant_type=refresh_token', stack.anonKey, 'POST', {
        refresh_token: refreshToken,
      });
    const child = (await grant(first)) as { status: number; body: { refresh_token: string } };
    expect(child.status).toBe(200);
    expect(child.body.refresh_token).not.toBe(first);
    const again = (await grant(first)) as { status: number; body: { refresh_token: string } };
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(child.body.refresh_token);
    // Once the child has been used itself, the first token is two rotations old: refused after
    // the reuse window (10 s), and the session with it.
    expect((await grant(child.body.refresh_token)).status).toBe(200);
    await stack.sql(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [first],
    );
    expect(await grant(first)).toMatchObject({
      status: 400,
      body: { error_code: 'refresh_token_already_used' },
    });
  });

  it('lists an e-mail sign-up with its email identity, an anonymous user with none', async () => {
    const email = `identity-${Date.now()}@example.com`;
    const person = client(stack);
    const signup = await person.auth.signUp({ email, password: 'a long password' });
    expect(signup.error).toBeNull();
    const id = signup.data.user!.id;
    const identity = {
      identity_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      id,
      user_id: id,
      identity_data: { email, email_verified: true, phone_verified: false, sub: id },
      provider: 'email',
      email,
      last_sign_in_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    };
    expect(signup.data.user!.identities).toEqual([identity]);
    const token = signup.data.session!.access_token;
    const seen = (await auth('/user', token)) as { body: { identities: unknown[] } };
    expect(seen.body.identities).toEqual([identity]);
    const signedIn = await client(stack).auth.signInWithPassword({
      email,
      password: 'a long password',
    });
    expect(signedIn.data.user?.identities).toEqual([identity]);
    const visitor = await client(stack).auth.signInAnonymously();
    expect(visitor.data.user?.identities).toEqual([]);
    // The user's erasure takes the identity with it.
    await stack.sql(`delete from auth.users where id = $1`, [id]);
    const left = await stack.sql<{ n: number }>(
      `select count(*)::int as n from auth.identities where user_id = $1`,
      [id],
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
