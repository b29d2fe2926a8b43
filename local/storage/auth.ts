import type { IncomingMessage } from 'node:http';
import { signJwt, verifyJwt, type JwtKeys, type JwtVerification } from '../jwt.ts';
import { gatewayBearer, requireApikey, type RequestAuth } from '../request-auth.ts';
import { storageErrors } from './errors.ts';

/**
 * Who a Storage request runs as, and Storage's signed-URL tokens. As on a hosted project, the
 * gateway wants a project key (the opaque ones stand for a short JWT of their role) and Storage
 * then verifies the bearer JWT itself: a bad one is AccessDenied with the JWT library's message.
 * Signed URLs carry their own token instead (no key needed, as `<img src>` sends none): an HS256
 * JWT of `{ url: "<bucket>/<name>", scope: "download" | "upload" }` (upload tokens also carry
 * `owner` and `upsert`), signed with the project's current JWT key (the legacy secret, or the ES256
 * signing key once one is in use), checked for scope, path and expiry
 * (supabase/storage src/storage/object.ts verifyObjectSignature).
 */

/** Seconds a signed upload URL lives on hosted projects (storage-js: "valid for 2 hours"). */
export const SIGNED_UPLOAD_SECONDS = 2 * 3600;

/** jose's messages for the failures Storage reports (it answers with the library's text). */
function joseMessage(reason: Extract<JwtVerification, { ok: false }>['reason']): string {
  switch (reason) {
    case 'expired':
      return '"exp" claim timestamp check failed';
    case 'not_yet_valid':
      return '"nbf" claim timestamp check failed';
    case 'algorithm':
      return '"alg" (Algorithm) Header Parameter value not allowed';
    case 'signature':
      return 'signature verification failed';
    case 'key':
      return 'no applicable key found in the JSON Web Key Set';
    default:
      return 'Invalid Compact JWS';
  }
}

/** The caller of an authenticated Storage route: its role, claims and `sub` (the owner). */
export function storageCaller(req: IncomingMessage, url: URL, keys: JwtKeys): RequestAuth {
  const apikey = requireApikey(req, url, keys);
  const token = gatewayBearer(req, apikey, keys);
  const check = verifyJwt(token, keys);
  if (!check.ok) throw storageErrors.accessDenied(joseMessage(check.reason));
  const role = check.claims.role ?? 'anon';
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
    throw storageErrors.accessDenied('Access denied: Invalid role');
  }
  return { role, claims: check.claims, token };
}

export interface UploadGrant {
  owner: string | undefined;
  upsert: boolean;
}

export function signDownloadToken(path: string, expiresIn: number, keys: JwtKeys): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ url: path, scope: 'download', iat: now, exp: now + expiresIn }, keys);
}

export function signUploadToken(
  path: string,
  grant: UploadGrant,
  keys: JwtKeys,
  expiresIn = SIGNED_UPLOAD_SECONDS,
): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      ...(grant.owner === undefined ? {} : { owner: grant.owner }),
      url: path,
      upsert: grant.upsert,
      scope: 'upload',
      iat: now,
      exp: now + expiresIn,
    },
    keys,
  );
}

/**
 * Verifies a signed-URL token for `bucket/name` and `scope`; throws Storage's error otherwise
 * (InvalidJWT for a bad or expired token, InvalidSignature for another scope or object).
 */
export function verifyObjectToken(
  token: string | null | undefined,
  bucket: string,
  name: string,
  scope: 'download' | 'upload',
  keys: JwtKeys,
): UploadGrant {
  if (!token) throw storageErrors.missingParameter('token');
  const check = verifyJwt(token, keys);
  if (!check.ok) throw storageErrors.invalidJwt(joseMessage(check.reason));
  const claims = check.claims;
  const scoped =
    claims['scope'] === scope ||
    (claims['scope'] === undefined && 'upsert' in claims === (scope === 'upload'));
  if (!scoped) throw storageErrors.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims['url'] !== `${bucket}/${name}`) throw storageErrors.invalidSignature();
  const owner = claims['owner'];
  return {
    owner: typeof owner === 'string' ? owner : undefined,
    upsert: claims['upsert'] === true,
  };
}
