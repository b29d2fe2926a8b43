import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../db.ts';
import { requestHeaders } from '../client-address.ts';
import type { Preferences } from '../postgrest-query.ts';
import type { RequestAuth } from '../request-auth.ts';
import type { RestContext } from './request.ts';

/**
 * Runs `fn` in a transaction as the request's role, with the claims and headers PostgREST would set
 * (X-Forwarded-For carries the socket address, see client-address.ts). `readOnly` is PostgREST's
 * access mode: GET and HEAD, and any call of a stable or immutable function, run READ ONLY, so a
 * write there fails with 25006 (HTTP 405) here as it does in production.
 */
export function asRequest<T>(
  ctx: RestContext,
  req: IncomingMessage,
  url: URL,
  auth: RequestAuth,
  prefs: Preferences,
  fn: (tx: Queryable) => Promise<T>,
  readOnly = false,
): Promise<T> {
  const run = async (tx: Queryable) => {
    if (readOnly) await tx.query('set transaction read only');
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('search_path', 'public, extensions', true),
              set_config('request.headers', $5, true)`,
      [
        auth.role,
        JSON.stringify(auth.claims),
        req.method ?? 'GET',
        url.pathname,
        JSON.stringify(requestHeaders(req)),
      ],
    );
    if (ctx.db.kind === 'postgres') {
      await applyRoleStatementTimeout(tx, auth.role);
      return fn(tx);
    }
    // PGlite cannot interrupt a running statement: the request runs to its end, and one that ran
    // past its role's limit is rolled back and answered as PostgreSQL cuts it (57014, HTTP 500).
    // What hosted shows (an error, nothing kept) only later; the time is the request's statements.
    const limits = roleLimits.get(ctx.db) ?? new Map<string, number>();
    roleLimits.set(ctx.db, limits);
    const limitMs = limits.get(auth.role) ?? (await roleStatementTimeoutMs(tx, auth.role));
    limits.set(auth.role, limitMs);
    const started = performance.now();
    const result = await fn(tx);
    if (limitMs > 0 && performance.now() - started > limitMs) throw statementTimeout();
    return result;
  };
  return prefs.tx === 'rollback' ? ctx.db.rollbackOnly(run) : ctx.db.transaction(run);
}

/** Each database's role limits, read once, as PostgREST reads them with its schema cache. */
const roleLimits = new WeakMap<object, Map<string, number>>();

/** The error PostgreSQL raises when `statement_timeout` cuts a statement. */
export function statementTimeout(): Error & { code: string } {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
  });
}

/** A `statement_timeout` setting in milliseconds (PostgreSQL's units; a bare number is ms). */
export function timeoutSettingMs(setting: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(setting);
  if (!match) throw new Error(`not a statement_timeout: ${setting}`);
  const unit = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };
  return Number(match[1]) * unit[(match[2] ?? 'ms') as keyof typeof unit];
}

const ROLE_TIMEOUT = `coalesce((
        select substr(setting, length('statement_timeout=') + 1)
        from pg_catalog.pg_db_role_setting s
        join pg_catalog.pg_roles r on r.oid = s.setrole,
        unnest(s.setconfig) setting
        where r.rolname = $1 and s.setdatabase = 0 and setting like 'statement_timeout=%'
      ), '8s')`;

/** The role's limit as PostgREST would apply it (see applyRoleStatementTimeout), in ms. */
export async function roleStatementTimeoutMs(tx: Queryable, role: string): Promise<number> {
  const { rows } = await tx.query<{ setting: string }>(`select ${ROLE_TIMEOUT} as setting`, [role]);
  return timeoutSettingMs(rows[0]?.setting ?? '8s');
}

/**
 * PostgREST applies the per-role settings Supabase stores on the API roles (local/bootstrap.sql:
 * anon 3 s, authenticated 8 s) inside each request; roles without one keep the 8 s the
 * `authenticator` login has on Supabase. On a real PostgreSQL the server cuts the statement; PGlite
 * cannot interrupt one, so asRequest checks the request's time against roleStatementTimeoutMs.
 */
export async function applyRoleStatementTimeout(tx: Queryable, role: string): Promise<void> {
  await tx.query(`select set_config('statement_timeout', ${ROLE_TIMEOUT}, true)`, [role]);
}
