import { createHmac, timingSafeEqual } from 'node:crypto';

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
  | { ok: false; reason: 'malformed' | 'algorithm' | 'signature' | 'expired' | 'not_yet_valid' };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** Signs claims as an HS256 JWT, the only algorithm Supabase's local stack uses. */
export function signJwt(claims: JwtClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/**
 * Verifies an HS256 JWT and its time claims. Only HS256 is accepted, so a token claiming `alg: none`
 * or an asymmetric algorithm can never pass with the shared secret.
 */
export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Date.now() / 1000,
): JwtVerification {
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
  if (headerJson['alg'] !== 'HS256') return { ok: false, reason: 'algorithm' };
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
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
