import { createPublicKey, webcrypto } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { es256Signer, hs256, unsigned, userClaims } from '../../supabase/tests/helpers/tokens.ts';
import { FunctionsHost } from '../functions.ts';
import { publicJwks, signJwt, verifyJwt } from '../jwt.ts';
import { generateSigningKey, localKeyring, parseJwtSigning } from '../signing-keys.ts';
import { ADMIN_PASSWORD, startTestStack, type Client } from './helpers.ts';

/**
 * Both JWT signing styles through the local API and the functions, as a hosted project has them
 * (Supabase, "JWT Signing Keys"): with `jwtSigning: 'ES256'` Auth signs every access token with an
 * asymmetric key (its kid in the header) published at /auth/v1/.well-known/jwks.json, while the
 * legacy HS256 secret stays trusted until it is revoked. REST, Auth, Realtime and google-indexing
 * (which verifies its callers itself) accept both and refuse the attacks: another key under the
 * real kid, `alg: none`, an HMAC presented as ES256, an HS256 token keyed with the public key, and
 * an expired token.
 */

type Stack = Awaited<ReturnType<typeof startTestStack>>;
const URLS = ['https://rihla.care/'];

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

/** An admin signed in with the publishable key, as the login page does. */
async function staffClient(stack: Stack, username: string): Promise<Client> {
  await stack.sql(
    `select private.create_admin($1, $2) where not exists (select 1 from private.admin_users where username = $1)`,
    [username, ADMIN_PASSWORD],
  );
  const admin = createClient<Database>(stack.url, stack.publishableKey, options);
  expect((await admin.auth.signInAnonymously()).error).toBeNull();
  const login = await admin.rpc('admin_login', { _username: username, _password: ADMIN_PASSWORD });
  expect(login).toMatchObject({ data: true, error: null });
  return admin;
}

async function accessToken(client: Client): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? '';
}

const headerOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

/** is_admin over REST with `token` as the bearer: the status and body PostgREST's stand-in gives. */
async function restAs(stack: Stack, token: string) {
  const response = await fetch(`${stack.url}/rest/v1/rpc/is_admin`, {
    method: 'POST',
    headers: {
      apikey: stack.publishableKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ check_user_id: null }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function indexAs(stack: Stack, token: string) {
  const response = await fetch(`${stack.url}/functions/v1/google-indexing`, {
    method: 'POST',
    headers: {
      apikey: stack.publishableKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ urls: URLS }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The attack tokens against `stack`, all claiming to be `sub` (a live admin). */
function attacks(stack: Stack, sub: string): Record<string, string> {
  const kid = stack.jwtKeys.current?.kid ?? 'no-kid';
  const jwk = stack.jwtKeys.current?.publicKey.export({ format: 'jwk' });
  return {
    'another key under the real kid': es256Signer(kid).sign(userClaims(sub)),
    'alg none': unsigned(userClaims(sub), kid),
    'an HMAC presented as ES256': hs256(userClaims(sub), stack.jwtSecret, { alg: 'ES256', kid }),
    'HS256 keyed with the public key': hs256(
      userClaims(sub),
      Buffer.from(String(jwk?.x ?? 'x'), 'base64url'),
      { kid },
    ),
    'an expired token': stack.signJwt(userClaims(sub, -5)),
  };
}

describe('ES256: Auth signs with an asymmetric key', () => {
  let stack: Stack;
  let admin: Client;
  let adminId: string;

  beforeAll(async () => {
    stack = await startTestStack({ jwtSigning: 'ES256' });
    admin = await staffClient(stack, 'es-admin');
    adminId = (await admin.auth.getUser()).data.user?.id ?? '';
  });
  afterAll(async () => {
    await admin.removeAllChannels();
    await stack.cleanup();
  });

  it('publishes the public key at the JWKS path, open without a project key', async () => {
    const response = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      kid: stack.jwtKeys.current?.kid,
    });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('signs sessions with it: ES256, its kid, verifiable by anyone with the JWKS', async () => {
    const token = await accessToken(admin);
    expect(headerOf(token)).toEqual({ alg: 'ES256', kid: stack.jwtKeys.current?.kid, typ: 'JWT' });
    const { keys } = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: webcrypto.JsonWebKey[];
    };
    const key = await webcrypto.subtle.importKey(
      'jwk',
      keys[0] as webcrypto.JsonWebKey,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const valid = await webcrypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      Buffer.from(signature, 'base64url'),
      Buffer.from(`${header}.${payload}`),
    );
    expect(valid).toBe(true);
    // The refreshed session is signed the same way.
    const refreshed = await admin.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(headerOf(refreshed.data.session?.access_token ?? '')).toMatchObject({ alg: 'ES256' });
  });

  it('the ES256 session works on REST, Auth and a private Realtime channel', async () => {
    expect((await admin.from('contact_requests').select('id').limit(1)).error).toBeNull();
    expect((await admin.auth.getUser()).data.user?.id).toBe(adminId);
    await admin.realtime.setAuth();
    const status = await new Promise<string>((resolveStatus) => {
      admin.channel('staff:contact_requests', { config: { private: true } }).subscribe((value) => {
        if (value !== 'CLOSED') resolveStatus(value);
      });
    });
    expect(status).toBe('SUBSCRIBED');
  });

  it('still accepts the legacy HS256 keys and tokens (the secret is not revoked)', async () => {
    const legacy = createClient<Database>(stack.url, stack.anonKey, options);
    expect(await legacy.rpc('is_admin', { check_user_id: adminId })).toMatchObject({
      data: false,
      error: null,
    });
    const hsToken = hs256(userClaims(adminId), stack.jwtSecret);
    expect(await restAs(stack, hsToken)).toMatchObject({ status: 200 });
  });

  it('refuses each attack on REST, on Auth and on the functions', async () => {
    for (const [attack, token] of Object.entries(attacks(stack, adminId))) {
      const rest = await restAs(stack, token);
      expect(rest.status, attack).toBe(401);
      expect(rest.body['code'], attack).toMatch(/^PGRST30[13]$/);
      const user = await fetch(`${stack.url}/auth/v1/user`, {
        headers: { apikey: stack.publishableKey, Authorization: `Bearer ${token}` },
      });
      expect(user.status, attack).toBe(403);
      await user.arrayBuffer();
      expect(await indexAs(stack, token), attack).toEqual({
        status: 401,
        body: { error: 'unauthorized' },
      });
    }
    expect((await restAs(stack, stack.signJwt(userClaims(adminId, -5)))).body).toMatchObject({
      code: 'PGRST303',
      message: 'JWT expired',
    });
  });

  it('google-indexing verifies the ES256 session itself: admin 200, anyone else 403', async () => {
    expect(await indexAs(stack, await accessToken(admin))).toMatchObject({
      status: 200,
      body: { ok: true, submitted: 1 },
    });
    const visitor = createClient<Database>(stack.url, stack.publishableKey, options);
    await visitor.auth.signInAnonymously();
    expect((await indexAs(stack, await accessToken(visitor))).status).toBe(403);
  });
});

describe('HS256: the legacy secret alone', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startTestStack({ jwtSigning: 'HS256' });
  });
  afterAll(async () => {
    await stack.cleanup();
  });

  it('publishes an empty key set and signs sessions with the secret', async () => {
    const jwks = await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks).toEqual({ keys: [] });
    const admin = await staffClient(stack, 'hs-admin');
    expect(headerOf(await accessToken(admin))).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('google-indexing verifies a legacy session through the Auth server', async () => {
    const admin = await staffClient(stack, 'hs-admin-2');
    expect(await indexAs(stack, await accessToken(admin))).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const id = (await admin.auth.getUser()).data.user?.id ?? '';
    const forged = hs256(userClaims(id), 'not-this-projects-secret-but-long-enough');
    expect(await indexAs(stack, forged)).toEqual({ status: 401, body: { error: 'unauthorized' } });
    expect((await restAs(stack, forged)).status).toBe(401);
    const expired = hs256(userClaims(id, -5), stack.jwtSecret);
    expect((await indexAs(stack, expired)).status).toBe(401);
    // An ES256 token cannot pass where no signing key is trusted.
    expect((await restAs(stack, es256Signer().sign(userClaims(id)))).body).toMatchObject({
      code: 'PGRST301',
    });
  });
});

describe('ES256 with the legacy secret revoked', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startTestStack({ jwtSigning: 'ES256', legacyJwtSecret: false });
  });
  afterAll(async () => {
    await stack.cleanup();
  });

  it('refuses the legacy keys and HS256 tokens; the opaque keys and ES256 sessions work', async () => {
    const legacyKey = await fetch(`${stack.url}/rest/v1/offer_leads?select=id`, {
      headers: { apikey: stack.anonKey },
    });
    expect(legacyKey.status).toBe(401);
    expect(await legacyKey.json()).toMatchObject({ message: 'Invalid API key' });
    const admin = await staffClient(stack, 'revoked-admin');
    const id = (await admin.auth.getUser()).data.user?.id ?? '';
    expect(await restAs(stack, hs256(userClaims(id), stack.jwtSecret))).toMatchObject({
      status: 401,
      body: { code: 'PGRST301' },
    });
    expect((await admin.from('contact_requests').select('id').limit(1)).error).toBeNull();
    expect((await indexAs(stack, await accessToken(admin))).status).toBe(200);
  });
});

describe('the platform check (verify_jwt = true) for a function that keeps it', () => {
  // No function of this project keeps it (each verifies its callers); the stand-in's check must
  // still validate both signing styles as the platform does (guides/functions/auth-headers).
  const signer = es256Signer();
  const secret = 'the-legacy-secret-of-this-test-project-123';
  const dir = mkdtempSync(join(tmpdir(), 'rihla-verify-jwt-'));
  let server: Server;
  let url = '';

  beforeAll(async () => {
    mkdirSync(join(dir, 'echo'));
    writeFileSync(
      join(dir, 'echo', 'handler.ts'),
      'export function createHandler() { return async () => new Response("ran"); }\n',
    );
    const host = new FunctionsHost({
      dataDir: dir,
      apiUrl: 'http://127.0.0.1',
      anonKey: 'anon',
      serviceRoleKey: 'service',
      keys: {
        legacySecret: secret,
        current: null,
        trusted: [{ kid: signer.kid, alg: 'ES256', publicKey: createPublicKey(signer.privateKey) }],
      },
      log: () => {},
      skipJwtVerification: new Set(),
      functionsDir: dir,
    });
    server = createServer((req, res) => {
      void host.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'), Buffer.alloc(0));
    });
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/echo`;
  });
  afterAll(async () => {
    await new Promise((resolveClose) => server.close(resolveClose));
    rmSync(dir, { recursive: true, force: true });
  });

  const call = async (token: string) =>
    (await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).status;

  it('lets either signing style through and refuses the attacks before the function runs', async () => {
    expect(await call(hs256(userClaims('u'), secret))).toBe(200);
    expect(await call(signer.sign(userClaims('u')))).toBe(200);
    expect(await call(es256Signer(signer.kid).sign(userClaims('u')))).toBe(401);
    expect(await call(unsigned(userClaims('u'), signer.kid))).toBe(401);
    expect(await call(hs256(userClaims('u'), secret, { alg: 'ES256', kid: signer.kid }))).toBe(401);
    expect(await call(signer.sign(userClaims('u', -5)))).toBe(401);
    expect(await call('sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH')).toBe(401);
  });
});

describe('the signing-keys file, in the Supabase CLI format', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rihla-signing-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('signs with the first key of `supabase gen signing-key` output and trusts every key', () => {
    const first = generateSigningKey();
    const second = generateSigningKey();
    const file = join(dir, 'signing_keys.json');
    // The CLI's shape: private JWKs with kty, kid, d, crv, x, y (alg, use, key_ops optional).
    writeFileSync(file, JSON.stringify([first.jwk, { ...second.jwk, d: undefined }]));
    const keys = localKeyring({ signing: 'ES256', legacySecret: 'legacy', keysFile: file });
    expect(keys.current?.kid).toBe(first.key.kid);
    expect(publicJwks(keys).keys.map((key) => key.kid)).toEqual([first.key.kid, second.key.kid]);
    const token = signJwt({ sub: 'u', exp: Math.floor(Date.now() / 1000) + 60 }, keys);
    expect(verifyJwt(token, keys)).toMatchObject({ ok: true, claims: { sub: 'u' } });
    // A token of the second (verification-only) key verifies too: a previously used key.
    const previous = { legacySecret: null, current: second.key, trusted: [second.key] };
    expect(verifyJwt(signJwt({ sub: 'v' }, previous), keys)).toMatchObject({ ok: true });
  });

  it('writes a key on first use, keeps it across starts, and refuses what it cannot use', () => {
    const file = join(dir, 'fresh', 'signing_keys.json');
    const first = localKeyring({ signing: 'ES256', legacySecret: 'legacy', keysFile: file });
    const again = localKeyring({ signing: 'ES256', legacySecret: 'legacy', keysFile: file });
    expect(again.current?.kid).toBe(first.current?.kid);
    const rsa = join(dir, 'rsa.json');
    writeFileSync(rsa, JSON.stringify([{ kty: 'RSA', kid: 'r', n: 'x', e: 'AQAB', d: 'y' }]));
    expect(() => localKeyring({ signing: 'ES256', legacySecret: null, keysFile: rsa })).toThrow(
      /ES256 only/,
    );
    expect(parseJwtSigning('es256')).toBe('ES256');
    expect(parseJwtSigning(undefined)).toBeUndefined();
    expect(() => parseJwtSigning('RS256')).toThrow(/HS256 or ES256/);
  });
});
