import {
  createHmac,
  sign as signData,
  timingSafeEqual,
  verify as verifyData,
  type KeyObject,
} from 'node:crypto';

/** Claims the local stack reads; anything else in a token is passed through to `request.jwt.claims`. */
export interface JwtClaims {
  role?: string;
  sub?: string;
  exp?: number;
  iat?: number;
  nbf?: number;
  session_id?: string;
  is_anonymous?: boolean;
  [claim: string]: unknown;
}

export type JwtVerification =
  | { ok: true; claims: JwtClaims }
  | {
      ok: false;
      reason: 'malformed' | 'algorithm' | 'key' | 'signature' | 'expired' | 'not_yet_valid';
    };

/** An asymmetric JWT signing key (ES256, NIST P-256), as Supabase's JWT signing keys are. */
export interface SigningKey {
  kid: string;
  alg: 'ES256';
  publicKey: KeyObject;
  /** Present for the key Auth signs with; keys trusted for verification only have none. */
  privateKey?: KeyObject;
}

/**
 * What a project trusts and signs with, as Supabase's JWT signing keys system has it: the legacy
 * HS256 secret (which also signs the legacy anon and service_role keys) stays trusted until it is
 * revoked (`legacySecret: null`), and `current`, when set, is the asymmetric key Auth signs new
 * tokens with; every key in `trusted` verifies and is published in the JWKS.
 */
export interface JwtKeyring {
  legacySecret: string | null;
  current: SigningKey | null;
  trusted: SigningKey[];
}

/** A keyring, or a bare HS256 secret (the legacy system alone). */
export type JwtKeys = string | JwtKeyring;

export function keyring(keys: JwtKeys): JwtKeyring {
  return typeof keys === 'string' ? { legacySecret: keys, current: null, trusted: [] } : keys;
}

/** The algorithm new tokens get: ES256 when a signing key is current, else HS256. */
export function signingAlgorithm(keys: JwtKeys): 'ES256' | 'HS256' {
  return keyring(keys).current?.privateKey ? 'ES256' : 'HS256';
}

// Exactly the CLI demo keys' header, so signing their payloads with the demo secret gives them back.
const HS256_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString(
  'base64url',
);

/**
 * Signs claims as GoTrue does: with the current asymmetric key (ES256, its `kid` in the header)
 * when there is one, else HS256 with the legacy secret.
 */
export function signJwt(claims: JwtClaims, keys: JwtKeys): string {
  const ring = keyring(keys);
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const key = ring.current;
  if (key?.privateKey) {
    const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid: key.kid, typ: 'JWT' })).toString(
      'base64url',
    );
    const signature = signData('sha256', Buffer.from(`${header}.${payload}`), {
      key: key.privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64url');
    return `${header}.${payload}.${signature}`;
  }
  if (ring.legacySecret === null) throw new Error('no key to sign with: no signing key, no secret');
  const signature = createHmac('sha256', ring.legacySecret)
    .update(`${HS256_HEADER}.${payload}`)
    .digest('base64url');
  return `${HS256_HEADER}.${payload}.${signature}`;
}

/**
 * Verifies a JWT and its time claims against the keyring. HS256 is checked only with the legacy
 * secret (never with a published key, so a public key cannot be used as an HMAC secret), ES256
 * only with the trusted key its `kid` names; `none` and every other algorithm are refused.
 */
export function verifyJwt(
  token: string,
  keys: JwtKeys,
  nowSeconds = Date.now() / 1000,
): JwtVerification {
  const ring = keyring(keys);
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  let headerJson: unknown;
  let claims: unknown;
  try {
    headerJson = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isRecord(headerJson) || !isRecord(claims)) return { ok: false, reason: 'malformed' };
  const signed = Buffer.from(`${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  const alg = headerJson['alg'];
  const kid = headerJson['kid'];
  if (alg === 'HS256') {
    // A kid naming an asymmetric key with alg HS256 is the key-confusion attack: refused.
    if (typeof kid === 'string' && ring.trusted.some((key) => key.kid === kid)) {
      return { ok: false, reason: 'algorithm' };
    }
    if (ring.legacySecret === null) return { ok: false, reason: 'key' };
    const expected = createHmac('sha256', ring.legacySecret).update(signed).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'signature' };
    }
  } else if (alg === 'ES256') {
    const key = typeof kid === 'string' ? ring.trusted.find((item) => item.kid === kid) : undefined;
    if (!key) return { ok: false, reason: 'key' };
    if (given.length !== 64 || !verifyEs256(signed, key.publicKey, given)) {
      return { ok: false, reason: 'signature' };
    }
  } else {
    return { ok: false, reason: 'algorithm' };
  }
  const exp = claims['exp'];
  if (exp !== undefined && (typeof exp !== 'number' || exp <= nowSeconds)) {
    return { ok: false, reason: 'expired' };
  }
  const nbf = claims['nbf'];
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds + 30)) {
    return { ok: false, reason: 'not_yet_valid' };
  }
  return { ok: true, claims: claims };
}

function verifyEs256(signed: Buffer, publicKey: KeyObject, signature: Buffer): boolean {
  try {
    return verifyData('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
  } catch {
    return false;
  }
}

/** A public JWK as the discovery endpoint lists it. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
  key_ops: ['verify'];
  ext: true;
}

/**
 * The JSON Web Key Set of `GET /auth/v1/.well-known/jwks.json`: the public half of every trusted
 * asymmetric key. The legacy secret is never listed (anyone holding it could mint tokens), so a
 * project on the legacy system alone publishes `{ "keys": [] }`.
 */
export function publicJwks(keys: JwtKeys): { keys: PublicJwk[] } {
  return {
    keys: keyring(keys).trusted.map((key) => {
      const jwk = key.publicKey.export({ format: 'jwk' });
      return {
        kty: 'EC',
        crv: 'P-256',
        x: String(jwk.x),
        y: String(jwk.y),
        kid: key.kid,
        alg: key.alg,
        use: 'sig',
        key_ops: ['verify'],
        ext: true,
      };
    }),
  };
}

/** Reads a JWT payload without checking it; only for tokens that were verified elsewhere. */
export function decodeJwtPayload(token: string): JwtClaims | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
