import { publicApiKey } from './http.ts';
import type { FunctionRuntime } from './runtime.ts';

/**
 * Who is calling, verified by the function itself, as Supabase documents for its JWT signing keys
 * (guides/functions/auth; guides/auth/signing-keys): the platform's `verify_jwt` check is off for
 * the function (supabase/config.toml) and the handler verifies the user's JWT the way
 * `supabase.auth.getClaims()` does, with Web Crypto only (no import a deploy would download):
 *
 *   - ES256 / RS256 with a `kid` (the asymmetric signing keys): the signature is checked against
 *     that key of the project's JSON Web Key Set: `SUPABASE_JWKS` as the platform provisions it,
 *     else `<SUPABASE_URL>/auth/v1/.well-known/jwks.json`, kept 10 minutes and fetched again for
 *     an unknown `kid` (at most every 30 s, so a forged `kid` cannot make every call fetch);
 *   - HS256 (the legacy secret, which the function never holds): the project's Auth server is
 *     asked (`GET /auth/v1/user` with the token), as getClaims() falls back to getUser();
 *   - anything else (`none`, HS512, an ES256 token without a `kid`…): refused.
 *
 * The token must carry a future `exp` and a `sub` (a signed-in user, not a project key). An
 * unreachable key set or Auth server throws: the caller answers 500, never lets the call through.
 */

export type CallerVerification =
  | { ok: true; claims: Record<string, unknown>; method: 'jwks' | 'auth_server' }
  | { ok: false; reason: string };

interface Jwk {
  kty?: string;
  kid?: string;
  alg?: string;
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
}

/** The discovery endpoint's caching, as supabase-js keeps it (JWKS_TTL). */
const JWKS_TTL_MS = 10 * 60 * 1000;
/** The least time between two fetches of the key set. */
const JWKS_COOLDOWN_MS = 30 * 1000;
/** Allowed clock skew on `nbf`. */
const SKEW_SECONDS = 30;

const ALGORITHMS: Record<
  string,
  {
    import: EcKeyImportParams | RsaHashedImportParams;
    verify: EcdsaParams | AlgorithmIdentifier;
    kty: string;
    signatureBytes?: number;
  }
> = {
  ES256: {
    import: { name: 'ECDSA', namedCurve: 'P-256' },
    verify: { name: 'ECDSA', hash: 'SHA-256' },
    kty: 'EC',
    signatureBytes: 64,
  },
  RS256: {
    import: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    verify: { name: 'RSASSA-PKCS1-v1_5' },
    kty: 'RSA',
  },
};

interface KeySetCache {
  url: string;
  keys: Jwk[];
  fetchedAt: number;
}

/**
 * Verifies callers of one function. One per handler: it keeps the fetched key set between calls,
 * as a warm function instance does.
 */
export function createCallerVerifier(runtime: FunctionRuntime) {
  let cache: KeySetCache | undefined;

  async function fetchKeySet(url: string, now: number): Promise<Jwk[]> {
    const response = await runtime.fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`the project's JWKS answered ${response.status}`);
    const body = (await response.json()) as { keys?: unknown };
    if (!Array.isArray(body.keys)) throw new Error("the project's JWKS has no keys array");
    cache = { url, keys: body.keys as Jwk[], fetchedAt: now };
    return cache.keys;
  }

  async function findKey(kid: string, alg: string): Promise<Jwk | undefined> {
    const matches = (key: Jwk) => key.kid === kid && (key.alg ?? alg) === alg;
    const inline = parseKeySet(runtime.env('SUPABASE_JWKS')).find(matches);
    if (inline) return inline;
    const base = runtime.env('SUPABASE_URL');
    if (!base) throw new Error('SUPABASE_URL must be set to find the signing keys');
    const url = `${base.replace(/\/$/, '')}/auth/v1/.well-known/jwks.json`;
    const now = Date.now();
    const current = cache?.url === url ? cache : undefined;
    const cached = current?.keys.find(matches);
    if (cached && now - (current?.fetchedAt ?? 0) < JWKS_TTL_MS) return cached;
    if (current && now - current.fetchedAt < JWKS_COOLDOWN_MS) return cached;
    return (await fetchKeySet(url, now)).find(matches);
  }

  /** Asks the project's Auth server whether the token is a live session's (getUser). */
  async function askAuthServer(token: string, sub: string): Promise<boolean> {
    const base = runtime.env('SUPABASE_URL');
    const apiKey = publicApiKey(runtime.env);
    if (!base || !apiKey)
      throw new Error('SUPABASE_URL and a publishable (or anon) key must be set');
    const response = await runtime.fetch(`${base.replace(/\/$/, '')}/auth/v1/user`, {
      headers: { apikey: apiKey, Authorization: `Bearer ${token}` },
    });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return false;
    }
    if (!response.ok) throw new Error(`the project's Auth server answered ${response.status}`);
    const user = (await response.json()) as { id?: unknown };
    return user.id === sub;
  }

  return async function verifyCaller(request: Request): Promise<CallerVerification> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    if (!token) return { ok: false, reason: 'no bearer token' };
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'not a JWT' };
    const header = decodeJson(parts[0] as string);
    const claims = decodeJson(parts[1] as string);
    const signature = decodeBase64Url(parts[2] as string);
    if (!header || !claims || !signature) return { ok: false, reason: 'malformed JWT' };
    const now = Date.now() / 1000;
    const exp = claims['exp'];
    if (typeof exp !== 'number' || exp <= now) return { ok: false, reason: 'expired' };
    const nbf = claims['nbf'];
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now + SKEW_SECONDS)) {
      return { ok: false, reason: 'not yet valid' };
    }
    const sub = claims['sub'];
    if (typeof sub !== 'string' || sub === '') return { ok: false, reason: 'no user (sub)' };
    const alg = header['alg'];
    const kid = header['kid'];
    if (alg === 'HS256') {
      return (await askAuthServer(token, sub))
        ? { ok: true, claims, method: 'auth_server' }
        : { ok: false, reason: 'refused by the Auth server' };
    }
    const algorithm = typeof alg === 'string' ? ALGORITHMS[alg] : undefined;
    if (!algorithm) return { ok: false, reason: `algorithm ${String(alg)} is not accepted` };
    if (typeof kid !== 'string' || kid === '') return { ok: false, reason: 'no kid' };
    const jwk = await findKey(kid, alg as string);
    if (!jwk || jwk.kty !== algorithm.kty) return { ok: false, reason: 'unknown signing key' };
    if (algorithm.signatureBytes && signature.length !== algorithm.signatureBytes) {
      return { ok: false, reason: 'bad signature' };
    }
    const key = await crypto.subtle.importKey('jwk', publicPart(jwk), algorithm.import, false, [
      'verify',
    ]);
    const valid = await crypto.subtle.verify(
      algorithm.verify,
      key,
      signature,
      new TextEncoder().encode(`${parts[0]}.${parts[1]}`),
    );
    return valid ? { ok: true, claims, method: 'jwks' } : { ok: false, reason: 'bad signature' };
  };
}

/** Only the public members of a JWK (a private `d` in a misconfigured set is never imported). */
function publicPart(jwk: Jwk): JsonWebKey {
  const text = (value: string | undefined) => value ?? '';
  return jwk.kty === 'EC'
    ? { kty: 'EC', crv: text(jwk.crv), x: text(jwk.x), y: text(jwk.y), ext: true }
    : { kty: 'RSA', n: text(jwk.n), e: text(jwk.e), ext: true };
}

function parseKeySet(raw: string | undefined): Jwk[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    const keys = Array.isArray(value) ? value : (value as { keys?: unknown } | null)?.keys;
    return Array.isArray(keys) ? (keys as Jwk[]) : [];
  } catch {
    return [];
  }
}

function decodeBase64Url(part: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return null;
  const base64 = part.replaceAll('-', '+').replaceAll('_', '/');
  try {
    return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (char) =>
      char.charCodeAt(0),
    );
  } catch {
    return null;
  }
}

function decodeJson(part: string): Record<string, unknown> | null {
  const bytes = decodeBase64Url(part);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
