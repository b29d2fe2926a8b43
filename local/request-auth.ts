import type { IncomingMessage } from 'node:http';
import { HttpError, postgrestError } from './http.ts';
import { verifyJwt, type JwtClaims } from './jwt.ts';

/** The database role and JWT claims a request runs with. */
export interface RequestAuth {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: JwtClaims;
  token: string;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Authenticates an API request the way Supabase's gateway and PostgREST do together: an `apikey`
 * (header or query parameter) must be present and signed with the project secret; the bearer
 * token in `Authorization` (falling back to the apikey) decides the role and claims.
 */
export function authenticateRequest(req: IncomingMessage, url: URL, secret: string): RequestAuth {
  const apikey = requireApikey(req, url, secret);
  const authorization = headerValue(req, 'authorization');
  let token = apikey;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(.*)$/i.exec(authorization.trim());
    token = match?.[1]?.trim() ?? '';
    if (token === '') {
      throw new HttpError(
        401,
        postgrestError('PGRST301', 'Empty JWT is sent in Authorization header'),
        { 'WWW-Authenticate': 'Bearer' },
      );
    }
  }
  return claimsToAuth(token, secret);
}

/** The gateway's check: a project key (header or `apikey` query parameter) signed with the secret. */
export function requireApikey(req: IncomingMessage, url: URL, secret: string): string {
  const apikey = headerValue(req, 'apikey') ?? url.searchParams.get('apikey');
  if (!apikey) {
    throw new HttpError(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  }
  if (!verifyJwt(apikey, secret).ok) {
    throw new HttpError(401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  }
  return apikey;
}

/** Verifies a bearer token and maps its role claim to an API role (PostgREST's JWT errors). */
export function claimsToAuth(token: string, secret: string): RequestAuth {
  const check = verifyJwt(token, secret);
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
