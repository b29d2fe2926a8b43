import type { IncomingMessage } from 'node:http';
import { HttpError, postgrestError } from './http.ts';
import { signJwt, verifyJwt, type JwtClaims, type JwtKeys } from './jwt.ts';
import { LOCAL_OPAQUE_KEYS } from './keys.ts';

/** The database role and JWT claims a request runs with. */
export interface RequestAuth {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: JwtClaims;
  token: string;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Authenticates an API request the way Supabase's gateway and PostgREST do together: an `apikey`
 * (header or query parameter) must be a project key, either a legacy JWT signed with the project
 * secret or an opaque `sb_publishable_…`/`sb_secret_…` key; the bearer token in `Authorization`
 * decides the role and claims (see gatewayBearer for what stands in for an opaque key). Bearer
 * tokens verify with either signing style (`keys`: the legacy secret and the ES256 signing keys).
 */
export function authenticateRequest(req: IncomingMessage, url: URL, keys: JwtKeys): RequestAuth {
  const apikey = requireApikey(req, url, keys);
  return claimsToAuth(gatewayBearer(req, apikey, keys), keys);
}

/**
 * The bearer token the gateway hands on behind it. Without an `Authorization` header the project key
 * itself is the caller; an opaque key (no header, or the same key repeated as the bearer, which is
 * what supabase-js sends before anyone signs in) is replaced by a short-lived JWT of the key's role,
 * as Supabase's gateway does, so PostgREST and Realtime only ever see JWTs.
 */
export function gatewayBearer(req: IncomingMessage, apikey: string, keys: JwtKeys): string {
  const authorization = headerValue(req, 'authorization');
  if (authorization === undefined)
    return LOCAL_OPAQUE_KEYS.has(apikey) ? roleJwt(apikey, keys) : apikey;
  const match = /^Bearer\s+(.*)$/i.exec(authorization.trim());
  const token = match?.[1]?.trim() ?? '';
  if (token === '') {
    throw new HttpError(
      401,
      postgrestError('PGRST301', 'Empty JWT is sent in Authorization header'),
      {
        'WWW-Authenticate': 'Bearer',
      },
    );
  }
  if (LOCAL_OPAQUE_KEYS.has(token)) {
    if (token !== apikey) {
      throw new HttpError(401, {
        message: 'Invalid API key',
        hint: 'An API key in the Authorization header must be the same as the apikey header.',
      });
    }
    return roleJwt(token, keys);
  }
  return token;
}

/**
 * The gateway's stand-in JWT for an opaque key: its role, valid for a few minutes, signed with the
 * project's current key (ES256 once a signing key is in use).
 */
export function roleJwt(opaqueKey: string, keys: JwtKeys): string {
  const role = LOCAL_OPAQUE_KEYS.get(opaqueKey) ?? 'anon';
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ iss: 'supabase', role, iat: now, exp: now + 300 }, keys);
}

/** The role and claims a project key stands for, or null when it is not one of this project's keys. */
export function apikeyClaims(apikey: string, keys: JwtKeys): JwtClaims | null {
  const opaque = LOCAL_OPAQUE_KEYS.get(apikey);
  if (opaque) return { role: opaque };
  const check = verifyJwt(apikey, keys);
  return check.ok ? check.claims : null;
}

/** The gateway's check: a project key (header or `apikey` query parameter) of either style. */
export function requireApikey(req: IncomingMessage, url: URL, keys: JwtKeys): string {
  const apikey = headerValue(req, 'apikey') ?? url.searchParams.get('apikey');
  if (!apikey) {
    throw new HttpError(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  }
  if (!apikeyClaims(apikey, keys)) {
    throw new HttpError(401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  }
  return apikey;
}

/** Verifies a bearer token and maps its role claim to an API role (PostgREST's JWT errors). */
export function claimsToAuth(token: string, keys: JwtKeys): RequestAuth {
  const check = verifyJwt(token, keys);
  if (!check.ok) {
    const [code, message] =
      check.reason === 'expired'
        ? ['PGRST303', 'JWT expired']
        : check.reason === 'not_yet_valid'
          ? ['PGRST303', 'JWT not yet valid']
          : check.reason === 'malformed'
            ? ['PGRST301', `Expected 3 parts in JWT; got ${token.split('.').length}`]
            : check.reason === 'algorithm'
              ? ['PGRST301', 'Wrong or unsupported encoding algorithm']
              : check.reason === 'key'
                ? ['PGRST301', 'No suitable key or wrong key type']
                : ['PGRST301', 'JWT cryptographic operation failed'];
    throw new HttpError(401, postgrestError(code, message), {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    });
  }
  const role = check.claims.role ?? 'anon';
  if (!API_ROLES.has(role)) {
    throw new HttpError(401, postgrestError('22023', `role "${role}" does not exist`));
  }
  return { role: role as RequestAuth['role'], claims: check.claims, token };
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
