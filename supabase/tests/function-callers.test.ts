import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallerVerifier } from '../functions/_shared/caller.ts';
import type { FunctionRuntime } from '../functions/_shared/runtime.ts';
import { es256Signer, hs256, unsigned, userClaims } from './helpers/tokens.ts';

/**
 * How a function verifies its caller itself (supabase/functions/_shared/caller.ts), as Supabase
 * documents for its JWT signing keys: an ES256 token against the project's JWKS (provisioned, or
 * from the discovery endpoint, cached), a legacy HS256 token through the Auth server, and the
 * attacks refused: another key, `alg: none`, an HMAC presented as ES256, a key-confusion HS256,
 * an expired token, a project key instead of a user. No network: fetch is recorded.
 */

const URL_BASE = 'http://project.test';
const JWKS_URL = `${URL_BASE}/auth/v1/.well-known/jwks.json`;
const LEGACY_SECRET = 'the-legacy-jwt-secret-only-auth-knows-1234';

function setup(options: { inlineJwks?: unknown; jwks?: () => unknown; userId?: string } = {}) {
  const calls: { url: string; headers: Headers }[] = [];
  const runtime: FunctionRuntime = {
    env: (name) =>
      ({
        SUPABASE_URL: URL_BASE,
        SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_test"}',
        ...(options.inlineJwks ? { SUPABASE_JWKS: JSON.stringify(options.inlineJwks) } : {}),
      })[name],
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const headers = new Headers(init.headers);
      calls.push({ url, headers });
      if (url === JWKS_URL) return Response.json(options.jwks?.() ?? { keys: [] });
      if (url === `${URL_BASE}/auth/v1/user`) {
        // The Auth server: only an HS256 token signed with the legacy secret is a live session.
        const token = headers.get('authorization')?.replace('Bearer ', '') ?? '';
        const [header, payload] = token.split('.');
        const genuine = hs256(
          JSON.parse(Buffer.from(payload ?? '', 'base64url').toString() || '{}'),
          LEGACY_SECRET,
          JSON.parse(Buffer.from(header ?? '', 'base64url').toString() || '{}'),
        );
        return genuine === token
          ? Response.json({ id: options.userId ?? JSON.parse(atob(payload ?? '')).sub })
          : Response.json({ msg: 'invalid JWT' }, { status: 403 });
      }
      return new Response('not found', { status: 404 });
    }) as typeof fetch,
    mail: { send: async () => ({ id: 'x' }) },
    indexing: { submit: async () => [] },
  };
  const verify = createCallerVerifier(runtime);
  const call = (token?: string) =>
    verify(
      new Request(`${URL_BASE}/functions/v1/f`, {
        method: 'POST',
        headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
      }),
    );
  return { call, calls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a caller signed with the asymmetric signing key (ES256)', () => {
  it('is verified against the provisioned SUPABASE_JWKS without a request', async () => {
    const signer = es256Signer();
    const { call, calls } = setup({ inlineJwks: signer.jwks });
    const result = await call(signer.sign(userClaims('user-1')));
    expect(result).toMatchObject({ ok: true, method: 'jwks', claims: { sub: 'user-1' } });
    expect(calls).toEqual([]);
  });

  it('is verified against the discovery endpoint, fetched once and kept', async () => {
    const signer = es256Signer();
    const { call, calls } = setup({ jwks: () => signer.jwks });
    expect(await call(signer.sign(userClaims('user-1')))).toMatchObject({ ok: true });
    expect(await call(signer.sign(userClaims('user-2')))).toMatchObject({ ok: true });
    expect(calls.map((c) => c.url)).toEqual([JWKS_URL]);
  });

  it('picks up a rotated key, but a forged kid cannot make every call fetch', async () => {
    const old = es256Signer();
    const rotated = es256Signer();
    let published = { keys: [...old.jwks.keys] };
    const { call, calls } = setup({ jwks: () => published });
    let now = 1_900_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    expect(await call(old.sign(userClaims('u')))).toMatchObject({ ok: true });
    // Unknown kids within 30 s of the last fetch: refused from the cache, no new request.
    for (let i = 0; i < 5; i++) {
      expect(await call(es256Signer().sign(userClaims('u')))).toEqual({
        ok: false,
        reason: 'unknown signing key',
      });
    }
    expect(calls).toHaveLength(1);
    // The project rotates: the new key is published, and found after the cool-down.
    published = { keys: [...old.jwks.keys, ...rotated.jwks.keys] };
    now += 31_000;
    expect(await call(rotated.sign(userClaims('u')))).toMatchObject({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('fails loudly (throws) when the key set cannot be had, never lets the call through', async () => {
    const signer = es256Signer();
    const { call } = setup({ jwks: () => 'not a key set' });
    await expect(call(signer.sign(userClaims('u')))).rejects.toThrow('no keys array');
  });
});

describe('a caller signed with the legacy secret (HS256)', () => {
  it('is verified by the Auth server, as getClaims() falls back to getUser()', async () => {
    const { call, calls } = setup();
    const token = hs256(userClaims('legacy-user'), LEGACY_SECRET);
    expect(await call(token)).toMatchObject({ ok: true, method: 'auth_server' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${URL_BASE}/auth/v1/user`);
    expect(calls[0]?.headers.get('apikey')).toBe('sb_publishable_test');
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('is refused when the Auth server refuses it, or names another user', async () => {
    expect(await setup().call(hs256(userClaims('u'), 'a-secret-of-someone-else-123456'))).toEqual({
      ok: false,
      reason: 'refused by the Auth server',
    });
    const { call } = setup({ userId: 'someone-else' });
    expect(await call(hs256(userClaims('u'), LEGACY_SECRET))).toMatchObject({ ok: false });
  });
});

describe('the attacks', () => {
  const signer = es256Signer();

  it('refuses a token signed with another key under the real kid', async () => {
    const { call } = setup({ inlineJwks: signer.jwks });
    const forged = es256Signer(signer.kid).sign(userClaims('admin'));
    expect(await call(forged)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('refuses alg none, without asking anyone', async () => {
    const { call, calls } = setup({ jwks: () => signer.jwks });
    expect(await call(unsigned(userClaims('admin'), signer.kid))).toEqual({
      ok: false,
      reason: 'algorithm none is not accepted',
    });
    expect(await call(unsigned(userClaims('admin')))).toMatchObject({ ok: false });
    expect(calls).toEqual([]);
  });

  it('refuses an HMAC presented as ES256, and an HS256 token keyed with the public key', async () => {
    const { call } = setup({ inlineJwks: signer.jwks });
    // Header says ES256 with the real kid; the signature is an HMAC (even with the legacy secret).
    const asEs256 = hs256(userClaims('admin'), LEGACY_SECRET, { alg: 'ES256', kid: signer.kid });
    expect(await call(asEs256)).toEqual({ ok: false, reason: 'bad signature' });
    // Key confusion: HS256 with the published key's bytes as the HMAC secret. The function never
    // uses a published key as a secret: the token goes to the Auth server, which refuses it.
    const x = String(signer.jwks.keys[0]?.['x']);
    const confused = hs256(userClaims('admin'), Buffer.from(x, 'base64url'), { kid: signer.kid });
    expect(await call(confused)).toEqual({ ok: false, reason: 'refused by the Auth server' });
    // An RS256 header naming the EC key.
    const rs256 = signer.sign(userClaims('admin'), { alg: 'RS256' });
    expect(await call(rs256)).toEqual({ ok: false, reason: 'unknown signing key' });
  });

  it('refuses expired tokens, tokens without a user, and no token, before any request', async () => {
    const { call, calls } = setup({ jwks: () => signer.jwks });
    expect(await call(signer.sign(userClaims('u', -1)))).toEqual({ ok: false, reason: 'expired' });
    expect(await call(hs256(userClaims('u', -60), LEGACY_SECRET))).toEqual({
      ok: false,
      reason: 'expired',
    });
    const anonKeyLike = signer.sign({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 60 });
    expect(await call(anonKeyLike)).toEqual({ ok: false, reason: 'no user (sub)' });
    expect(await call()).toEqual({ ok: false, reason: 'no bearer token' });
    expect(await call('sb_publishable_test')).toEqual({ ok: false, reason: 'not a JWT' });
    expect(await call('a.b.c')).toEqual({ ok: false, reason: 'malformed JWT' });
    expect(calls).toEqual([]);
  });
});
