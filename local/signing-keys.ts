import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type JsonWebKey,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { JwtKeyring, SigningKey } from './jwt.ts';

/**
 * The local stand-in for Supabase's JWT signing keys. `HS256` is the legacy system alone (the CLI's
 * demo secret signs every token); `ES256` adds an asymmetric key (NIST P-256) that signs every new
 * token, published at /auth/v1/.well-known/jwks.json, while the legacy secret stays trusted (the
 * demo anon and service_role keys are HS256 JWTs), as on a hosted project that rotated to a new key
 * and has not revoked the old secret.
 *
 * Keys are kept in the Supabase CLI's format (`supabase gen signing-key --algorithm ES256`): a JSON
 * array of private JWKs, the first one signing. Where they come from, in order: config.toml's
 * `[auth] signing_keys_path` (the CLI reads the same setting), else `<dataDir>/signing_keys.json`,
 * written on first use, so sessions outlive a restart.
 */

export type JwtSigning = 'HS256' | 'ES256';

/** A private JWK of the CLI's signing-keys file. */
interface PrivateJwk extends JsonWebKey {
  kid?: string;
  alg?: string;
}

/** A new ES256 key with a random kid, and its private JWK in the CLI's format. */
export function generateSigningKey(): { key: SigningKey; jwk: PrivateJwk } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  const jwk: PrivateJwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid,
    alg: 'ES256',
    use: 'sig',
    key_ops: ['sign', 'verify'],
    ext: true,
  };
  return { key: { kid, alg: 'ES256', publicKey, privateKey }, jwk };
}

/** Reads the CLI's signing-keys file; only ES256 keys on P-256 are supported here. */
export function readSigningKeys(file: string): SigningKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`signing keys ${file}: not a JSON array of JWKs (${String(error)})`, {
      cause: error,
    });
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new Error(`signing keys ${file}: expected a non-empty JSON array of JWKs`);
  }
  return parsed.map((value: unknown, index) => {
    const jwk = value as PrivateJwk;
    if (
      typeof jwk !== 'object' ||
      jwk === null ||
      jwk.kty !== 'EC' ||
      jwk.crv !== 'P-256' ||
      typeof jwk.x !== 'string' ||
      typeof jwk.y !== 'string' ||
      (jwk.alg ?? 'ES256') !== 'ES256' ||
      typeof jwk.kid !== 'string' ||
      jwk.kid === ''
    ) {
      throw new Error(
        `signing keys ${file}: key ${index} is not an ES256 (EC P-256) JWK with a kid; the local stack supports ES256 only`,
      );
    }
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y },
      format: 'jwk',
    });
    const privateKey = jwk.d ? createPrivateKey({ key: jwk, format: 'jwk' }) : undefined;
    return { kid: jwk.kid, alg: 'ES256', publicKey, ...(privateKey ? { privateKey } : {}) };
  });
}

/** The keys of `file`, generating one ES256 key into it first when it does not exist. */
export function signingKeysFile(file: string): SigningKey[] {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify([generateSigningKey().jwk], null, 2)}\n`, {
      mode: 0o600,
    });
  }
  return readSigningKeys(file);
}

/**
 * The keyring the local stack signs and verifies with. With `ES256` the first key of `keysFile`
 * signs (it must hold a private key) and all of them verify; with `HS256` only the legacy secret.
 * `legacySecret: null` is a project whose legacy secret was revoked.
 */
export function localKeyring(options: {
  signing: JwtSigning;
  legacySecret: string | null;
  keysFile: string;
}): JwtKeyring {
  if (options.signing === 'HS256') {
    if (options.legacySecret === null) throw new Error('HS256 signing needs the legacy secret');
    return { legacySecret: options.legacySecret, current: null, trusted: [] };
  }
  const trusted = signingKeysFile(options.keysFile);
  const current = trusted[0] as SigningKey;
  if (!current.privateKey) {
    throw new Error(`signing keys ${options.keysFile}: the first key must be a private key (d)`);
  }
  return { legacySecret: options.legacySecret, current, trusted };
}

/** Reads a signing setting (`RIHLA_JWT_SIGNING`): HS256 or ES256, anything else is an error. */
export function parseJwtSigning(value: string | undefined): JwtSigning | undefined {
  if (value === undefined || value === '') return undefined;
  const upper = value.toUpperCase();
  if (upper === 'HS256' || upper === 'ES256') return upper;
  throw new Error(`RIHLA_JWT_SIGNING must be HS256 or ES256, not "${value}"`);
}
