import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, signJwt, verifyJwt } from '../jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../keys.ts';
import { LOCAL_SUPABASE_ANON_KEY } from '../../src/lib/supabase.ts';

describe('local keys', () => {
  it('are the Supabase CLI demo keys, signed with its well-known secret', () => {
    expect(LOCAL_JWT_SECRET).toBe('super-secret-jwt-token-with-at-least-32-characters-long');
    expect(signJwt({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }, LOCAL_JWT_SECRET)).toBe(
      LOCAL_ANON_KEY,
    );
    expect(
      signJwt({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }, LOCAL_JWT_SECRET),
    ).toBe(LOCAL_SERVICE_ROLE_KEY);
    expect(verifyJwt(LOCAL_ANON_KEY, LOCAL_JWT_SECRET)).toMatchObject({
      ok: true,
      claims: { role: 'anon' },
    });
  });

  it('match the browser client’s default key', () => {
    expect(LOCAL_SUPABASE_ANON_KEY).toBe(LOCAL_ANON_KEY);
  });
});

describe('verifyJwt', () => {
  const secret = 'a-test-secret-that-is-long-enough-for-hs256';
  const now = 1_800_000_000;

  it('accepts a token it signed and returns its claims', () => {
    const token = signJwt({ sub: 'u1', role: 'authenticated', exp: now + 60 }, secret);
    expect(verifyJwt(token, secret, now)).toEqual({
      ok: true,
      claims: { sub: 'u1', role: 'authenticated', exp: now + 60 },
    });
    expect(decodeJwtPayload(token)).toMatchObject({ sub: 'u1' });
  });

  it('rejects expired, not-yet-valid, tampered, foreign and malformed tokens', () => {
    expect(verifyJwt(signJwt({ exp: now - 1 }, secret), secret, now)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyJwt(signJwt({ nbf: now + 3600 }, secret), secret, now)).toEqual({
      ok: false,
      reason: 'not_yet_valid',
    });
    const [header, , signature] = signJwt({ role: 'anon' }, secret).split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ role: 'service_role' })).toString(
      'base64url',
    );
    expect(verifyJwt(`${header}.${forgedPayload}.${signature}`, secret, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(
      verifyJwt(signJwt({ role: 'anon' }, 'another-secret-of-sufficient-length!!'), secret, now),
    ).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyJwt('not.a.jwt', secret, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyJwt('only-one-part', secret, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses alg "none" and asymmetric algorithms even with a valid-looking signature', () => {
    const payload = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    for (const alg of ['none', 'RS256', 'HS512']) {
      const header = Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
      const signature = createHmac('sha256', secret)
        .update(`${header}.${payload}`)
        .digest('base64url');
      expect(verifyJwt(`${header}.${payload}.${signature}`, secret, now)).toEqual({
        ok: false,
        reason: 'algorithm',
      });
      expect(verifyJwt(`${header}.${payload}.`, secret, now).ok).toBe(false);
    }
  });
});
