import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database, Queryable } from './db.ts';
import { sendJson, send } from './http.ts';
import { throughHashGate } from './hash-gate.ts';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth.ts';
import { publicJwks, signJwt, verifyJwt, type JwtClaims, type JwtKeys } from './jwt.ts';
import type { RateWindow } from './rate-window.ts';
import { headerValue } from './request-auth.ts';
import { socketAddress } from './client-address.ts';

/**
 * The GoTrue subset behind /auth/v1 that supabase-js uses here: anonymous sign-up, e-mail/password
 * sign-up and sign-in, refresh-token rotation, getUser and logout, and the signing keys' discovery
 * endpoint. Users, sessions and refresh tokens live in the same auth.* tables GoTrue uses; access
 * tokens are JWTs with GoTrue's claims, signed as the project is set up (the legacy HS256 secret, or
 * an ES256 signing key with its `kid`: local/signing-keys.ts), so auth.uid() and RLS read them
 * exactly as in production.
 */

/** The discovery endpoint's path, open without an API key as on hosted projects. */
export const JWKS_PATH = '/auth/v1/.well-known/jwks.json';

/**
 * `GET /auth/v1/.well-known/jwks.json`: the public keys of the asymmetric signing keys (none on the
 * legacy secret alone). Public and cacheable, as Supabase's edge caches it for 10 minutes.
 */
export function sendJwks(res: ServerResponse, keys: JwtKeys): void {
  sendJson(res, 200, publicJwks(keys), { 'Cache-Control': 'public, max-age=600' });
}

export interface AuthOptions {
  db: Database;
  /** Signs access tokens with the current key (ES256 or the legacy HS256 secret); verifies both. */
  keys: JwtKeys;
  /** Public URL of the API, for the `iss` claim. */
  apiUrl: string;
  jwtExpirySeconds: number;
  anonymousSignIns: boolean;
  /** Anonymous sign-ins per client address and hour (config.toml `anonymous_users`). */
  anonymousLimit: RateWindow;
  signups: boolean;
}

/** A refresh token used again within this window gets a fresh session instead of an error (GoTrue's reuse interval). */
const REFRESH_REUSE_SECONDS = 10;

interface UserRow {
  id: string;
  email: string | null;
  is_anonymous: boolean;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  email_confirmed_at: string | null;
  /** GoTrue's identities of the user (auth.identities), as its API lists them. */
  identities: unknown[];
}

const USER_COLUMNS = `id::text, email, is_anonymous, raw_app_meta_data, raw_user_meta_data,
  to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at,
  to_json(last_sign_in_at) #>> '{}' as last_sign_in_at,
  to_json(email_confirmed_at) #>> '{}' as email_confirmed_at,
  coalesce((select json_agg(json_build_object('identity_id', i.id, 'id', i.provider_id,
      'user_id', i.user_id, 'identity_data', i.identity_data, 'provider', i.provider,
      'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
      'updated_at', i.updated_at, 'email', i.email) order by i.created_at)
    from auth.identities i where i.user_id = users.id), '[]'::json) as identities`;

/** GoTrue's error body; auth-js reads `error_code` (and `msg`). */
function authError(res: ServerResponse, status: number, errorCode: string, msg: string): void {
  sendJson(res, status, { code: status, error_code: errorCode, msg });
}

export async function handleAuth(
  options: AuthOptions,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer,
): Promise<void> {
  const path = url.pathname.replace(/^\/auth\/v1/, '').replace(/\/$/, '') || '/';
  const method = req.method ?? 'GET';
  const json = (): Record<string, unknown> | null => {
    if (body.length === 0) return {};
    // Too deep for the jsonb metadata columns: a 400 like any unparseable body (json-depth.ts).
    if (jsonDepth(body.toString('utf8')) > MAX_JSON_DEPTH) return null;
    try {
      const value: unknown = JSON.parse(body.toString('utf8'));
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  };

  if (method === 'GET' && path === '/health') {
    sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'Rihla Care local auth' });
    return;
  }
  if (method === 'GET' && path === '/settings') {
    sendJson(res, 200, {
      external: { anonymous_users: options.anonymousSignIns, email: true, phone: false },
      disable_signup: !options.signups,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
    return;
  }
  if (method === 'POST' && path === '/signup') {
    const payload = json();
    if (!payload) return authError(res, 400, 'bad_json', 'Could not parse request body as JSON');
    return signUp(options, res, payload, socketAddress(req) ?? '');
  }
  if (method === 'POST' && path === '/token') {
    const payload = json();
    if (!payload) return authError(res, 400, 'bad_json', 'Could not parse request body as JSON');
    if (hasUnstorableText(payload)) return unstorable(res);
    const grantType = url.searchParams.get('grant_type');
    if (grantType === 'refresh_token') return refresh(options, res, payload);
    if (grantType === 'password') return passwordSignIn(options, res, payload);
    return authError(
      res,
      grantType ? 501 : 400,
      grantType ? 'not_implemented' : 'validation_failed',
      grantType
        ? `Not implemented by the local Supabase stand-in: grant_type=${grantType}`
        : 'unsupported_grant_type',
    );
  }
  if (method === 'GET' && path === '/user') return getUser(options, req, res);
  if (method === 'POST' && path === '/logout') return logout(options, req, res, url);
  return authError(
    res,
    501,
    'not_implemented',
    `Not implemented by the local Supabase stand-in: ${method} /auth/v1${path} (supported: signup, token, user, logout, settings, health)`,
  );
}

/** True when a string anywhere in `value` has a NUL or a lone surrogate, which Postgres cannot store. */
function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed();
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (isRecord(value))
    return Object.entries(value).some(([k, v]) => hasUnstorableText(k) || hasUnstorableText(v));
  return false;
}

function unstorable(res: ServerResponse): void {
  authError(
    res,
    400,
    'validation_failed',
    'Text contains characters that cannot be stored (NUL or an unpaired surrogate)',
  );
}

/**
 * GoTrue decodes the body into typed fields, so a field of the wrong JSON type is a 400 bad_json
 * (an `email` of 123 must not turn a sign-up into an anonymous one). Answers and returns true then.
 */
function rejectsWrongTypes(res: ServerResponse, payload: Record<string, unknown>): boolean {
  for (const field of ['email', 'password', 'phone']) {
    const value = payload[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      authError(
        res,
        400,
        'bad_json',
        `Could not parse request body as JSON: ${field} must be a string`,
      );
      return true;
    }
  }
  if (payload['data'] !== undefined && payload['data'] !== null && !isRecord(payload['data'])) {
    authError(res, 400, 'bad_json', 'Could not parse request body as JSON: data must be an object');
    return true;
  }
  return false;
}

async function signUp(
  options: AuthOptions,
  res: ServerResponse,
  payload: Record<string, unknown>,
  address: string,
) {
  if (rejectsWrongTypes(res, payload)) return;
  const email = typeof payload['email'] === 'string' ? payload['email'].trim().toLowerCase() : '';
  const password = typeof payload['password'] === 'string' ? payload['password'] : '';
  const data = isRecord(payload['data']) ? payload['data'] : {};
  if (typeof payload['phone'] === 'string' && payload['phone']) {
    return authError(
      res,
      501,
      'not_implemented',
      'Not implemented by the local Supabase stand-in: phone sign-up',
    );
  }
  if (!email) {
    if (!options.anonymousSignIns) {
      return authError(res, 422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (hasUnstorableText(data)) return unstorable(res);
    // GoTrue's answer once an address has used up its anonymous sign-ins for the hour.
    if (!options.anonymousLimit.take(address))
      return authError(res, 429, 'over_request_rate_limit', 'Request rate limit reached');
    const session = await options.db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>(
        `insert into auth.users (id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data, last_sign_in_at)
         values ($1, 'authenticated', 'authenticated', true, '{"provider":"anonymous","providers":["anonymous"]}', $2::jsonb, now())
         returning ${USER_COLUMNS}`,
        [randomUUID(), JSON.stringify(data)],
      );
      return createSession(options, tx, rows[0] as UserRow, 'anonymous');
    });
    return sendJson(res, 200, session);
  }
  if (!options.signups)
    return authError(res, 422, 'signup_disabled', 'Signups not allowed for this instance');
  if (hasUnstorableText(payload)) return unstorable(res);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    return authError(
      res,
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  }
  if (password.length < 6) {
    return sendJson(res, 422, {
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  }
  const session = await throughHashGate(() =>
    options.db.transaction(async (tx) => {
      const existing = await tx.query(`select 1 from auth.users where email = $1`, [email]);
      if (existing.rows.length) return null;
      const { rows } = await tx.query<UserRow>(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, last_sign_in_at)
       values ($1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf', 10)),
         now(), '{"provider":"email","providers":["email"]}', $4::jsonb, now())
       returning id::text`,
        [randomUUID(), email, password, JSON.stringify(data)],
      );
      // GoTrue's e-mail identity of a sign-up (models/identity.go): its provider id is the user's;
      // verified, as the address is confirmed at sign-up here (autoconfirm).
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
         values ($1::text, $1::text::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text,
           'email_verified', true, 'phone_verified', false), 'email', now())`,
        [rows[0]!.id, email],
      );
      const user = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [
        rows[0]!.id,
      ]);
      return createSession(options, tx, user.rows[0] as UserRow, 'password');
    }),
  );
  if (!session) return authError(res, 422, 'user_already_exists', 'User already registered');
  return sendJson(res, 200, session);
}

async function passwordSignIn(
  options: AuthOptions,
  res: ServerResponse,
  payload: Record<string, unknown>,
) {
  if (rejectsWrongTypes(res, payload)) return;
  const email = typeof payload['email'] === 'string' ? payload['email'].trim().toLowerCase() : '';
  const password = typeof payload['password'] === 'string' ? payload['password'] : '';
  if (!email || !password) {
    return authError(
      res,
      400,
      'validation_failed',
      'You must provide either an email or phone number and a password',
    );
  }
  const session = await throughHashGate(() =>
    options.db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>(
        `update auth.users set last_sign_in_at = now()
       where email = $1 and encrypted_password is not null
         and encrypted_password = extensions.crypt($2, encrypted_password)
       returning ${USER_COLUMNS}`,
        [email, password],
      );
      return rows[0] ? createSession(options, tx, rows[0], 'password') : null;
    }),
  );
  if (!session) return authError(res, 400, 'invalid_credentials', 'Invalid login credentials');
  return sendJson(res, 200, session);
}

async function refresh(
  options: AuthOptions,
  res: ServerResponse,
  payload: Record<string, unknown>,
) {
  const token = typeof payload['refresh_token'] === 'string' ? payload['refresh_token'] : '';
  if (!token) return authError(res, 400, 'validation_failed', 'Refresh token is missing');
  const outcome = await options.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      session_id: string;
      revoked: boolean;
      recent: boolean;
      user_id: string;
    }>(
      `select rt.session_id::text, rt.revoked, rt.updated_at > now() - make_interval(secs => $2) as recent, s.user_id::text
       from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
       where rt.token = $1`,
      [token, REFRESH_REUSE_SECONDS],
    );
    const found = rows[0];
    if (!found) return 'not_found' as const;
    // GoTrue (token_refresh.go): a revoked token that is the parent of the session's currently
    // active one (the client lost the answer of its refresh) gets that active token back.
    const active = found.revoked
      ? (
          await tx.query<{ token: string; parent: string | null }>(
            `select token, parent from auth.refresh_tokens
             where session_id = $1 and not revoked order by id desc limit 1`,
            [found.session_id],
          )
        ).rows[0]
      : undefined;
    if (found.revoked && active?.parent === token) {
      const user = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [
        found.user_id,
      ]);
      if (!user.rows[0]) return 'not_found' as const;
      return createSession(options, tx, user.rows[0], null, {
        sessionId: found.session_id,
        parent: token,
        reuse: active.token,
      });
    }
    if (found.revoked && !found.recent) {
      // Reuse of an old token: treat the session as stolen and end it, as GoTrue does.
      await tx.query(`delete from auth.sessions where id = $1`, [found.session_id]);
      return 'reused' as const;
    }
    await tx.query(
      `update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1 and not revoked`,
      [token],
    );
    const user = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [
      found.user_id,
    ]);
    if (!user.rows[0]) return 'not_found' as const;
    return createSession(options, tx, user.rows[0], null, {
      sessionId: found.session_id,
      parent: token,
    });
  });
  if (outcome === 'not_found') {
    return authError(
      res,
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  }
  if (outcome === 'reused') {
    return authError(res, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  return sendJson(res, 200, outcome);
}

async function getUser(options: AuthOptions, req: IncomingMessage, res: ServerResponse) {
  const claims = bearerClaims(options, req);
  if (!claims.ok) return authError(res, 403, 'bad_jwt', claims.message);
  if (!claims.claims.sub) return authError(res, 403, 'bad_jwt', 'invalid claim: missing sub claim');
  const { rows } = await options.db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1`,
    [claims.claims.sub],
  );
  if (!rows[0])
    return authError(res, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (!(await sessionExists(options, claims.claims))) return sessionNotFound(res);
  return sendJson(res, 200, userJson(rows[0]));
}

async function logout(options: AuthOptions, req: IncomingMessage, res: ServerResponse, url: URL) {
  const claims = bearerClaims(options, req);
  if (!claims.ok) return authError(res, 401, 'bad_jwt', claims.message);
  const scope = url.searchParams.get('scope') ?? 'global';
  const { sub, session_id: sessionId } = claims.claims;
  if (!(await sessionExists(options, claims.claims))) return sessionNotFound(res);
  if (sub) {
    if (scope === 'local') {
      await options.db.query(`delete from auth.sessions where id = $1`, [sessionId ?? null]);
    } else if (scope === 'others') {
      await options.db.query(
        `delete from auth.sessions where user_id = $1 and id is distinct from $2`,
        [sub, sessionId ?? null],
      );
    } else {
      await options.db.query(`delete from auth.sessions where user_id = $1`, [sub]);
    }
  }
  send(res, 204, null);
}

/**
 * GoTrue loads the session a token's `session_id` names before it answers for the user; once that
 * session has ended (sign-out, global or not, or a reused refresh token) the token is refused.
 */
async function sessionExists(options: AuthOptions, claims: JwtClaims): Promise<boolean> {
  if (typeof claims.session_id !== 'string' || claims.session_id === '') return true;
  const { rows } = await options.db.query<{ found: boolean }>(
    `select exists (select 1 from auth.sessions where id::text = $1) as found`,
    [claims.session_id],
  );
  return rows[0]?.found === true;
}

function sessionNotFound(res: ServerResponse): void {
  authError(res, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
}

function bearerClaims(
  options: AuthOptions,
  req: IncomingMessage,
): { ok: true; claims: JwtClaims } | { ok: false; message: string } {
  const match = /^Bearer\s+(.+)$/i.exec(headerValue(req, 'authorization') ?? '');
  if (!match?.[1]) return { ok: false, message: 'This endpoint requires a Bearer token' };
  const check = verifyJwt(match[1].trim(), options.keys);
  if (!check.ok) {
    return {
      ok: false,
      message:
        check.reason === 'expired'
          ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
          : 'invalid JWT: unable to parse or verify signature',
    };
  }
  return { ok: true, claims: check.claims };
}

async function createSession(
  options: AuthOptions,
  tx: Queryable,
  user: UserRow,
  method: 'anonymous' | 'password' | null,
  existing?: { sessionId: string; parent: string; reuse?: string },
) {
  const sessionId = existing?.sessionId ?? randomUUID();
  if (!existing) {
    await tx.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, user.id]);
  } else {
    await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [sessionId]);
  }
  const refreshToken = existing?.reuse ?? randomBytes(24).toString('base64url');
  if (!existing?.reuse) {
    await tx.query(
      `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`,
      [refreshToken, user.id, sessionId, existing?.parent ?? null],
    );
  }
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + options.jwtExpirySeconds;
  const accessToken = signJwt(
    {
      iss: `${options.apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      exp: expiresAt,
      iat: now,
      email: user.email ?? '',
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: method ?? (user.is_anonymous ? 'anonymous' : 'password'), timestamp: now }],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    options.keys,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: options.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

function userJson(user: UserRow) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email ?? '',
    phone: '',
    ...(user.email_confirmed_at
      ? { email_confirmed_at: user.email_confirmed_at, confirmed_at: user.email_confirmed_at }
      : {}),
    last_sign_in_at: user.last_sign_in_at ?? user.created_at,
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: user.identities,
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: user.is_anonymous,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
