import { createHmac, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';

/**
 * Tokens for the tests of who may call what: ES256 tokens signed like Supabase Auth signs them
 * with an asymmetric signing key (its kid in the header), and hand-made tokens for the attacks
 * (another key, `alg: none`, an HMAC presented as ES256, expired).
 */

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface Es256Signer {
  kid: string;
  privateKey: KeyObject;
  /** The public JWKS, as /auth/v1/.well-known/jwks.json lists it. */
  jwks: { keys: Record<string, unknown>[] };
  /** Signs claims with this key; `header` adds to (or replaces) alg, kid and typ. */
  sign(claims: Record<string, unknown>, header?: Record<string, unknown>): string;
}

export function es256Signer(kid: string = randomUUID()): Es256Signer {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  return {
    kid,
    privateKey,
    jwks: {
      keys: [{ kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }],
    },
    sign(claims, header = {}) {
      const input = `${encode({ alg: 'ES256', kid, typ: 'JWT', ...header })}.${encode(claims)}`;
      const signature = sign('sha256', Buffer.from(input), {
        key: privateKey,
        dsaEncoding: 'ieee-p1363',
      });
      return `${input}.${signature.toString('base64url')}`;
    },
  };
}

/** An HS256 token; `header` adds to (or replaces) alg and typ. */
export function hs256(
  claims: Record<string, unknown>,
  secret: string | Buffer,
  header: Record<string, unknown> = {},
): string {
  const input = `${encode({ alg: 'HS256', typ: 'JWT', ...header })}.${encode(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** An unsigned token (`alg: none`). */
export function unsigned(claims: Record<string, unknown>, kid?: string): string {
  return `${encode({ alg: 'none', typ: 'JWT', ...(kid ? { kid } : {}) })}.${encode(claims)}.`;
}

/** User claims as GoTrue puts them in an access token, valid for `seconds` (negative: expired). */
export function userClaims(sub: string, seconds = 3600): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now - 10,
    exp: now + seconds,
    session_id: randomUUID(),
    is_anonymous: true,
  };
}
