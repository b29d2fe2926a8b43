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
    if (ctx.db.kind === 'postgres') await applyRoleStatementTimeout(tx, auth.role);
    return fn(tx);
  };
  return prefs.tx === 'rollback' ? ctx.db.rollbackOnly(run) : ctx.db.transaction(run);
}

/**
 * PostgREST applies the per-role settings Supabase stores on the API roles (local/bootstrap.sql:
 * anon 3 s, authenticated 8 s) inside each request; roles without one keep the 8 s the
 * `authenticator` login has on Supabase. PGlite cannot interrupt a running statement, so this only
 * runs on a real PostgreSQL.
 */
export async function applyRoleStatementTimeout(tx: Queryable, role: string): Promise<void> {
  await tx.query(
    `select set_config('statement_timeout', coalesce((
        select substr(setting, length('statement_timeout=') + 1)
        from pg_catalog.pg_db_role_setting s
        join pg_catalog.pg_roles r on r.oid = s.setrole,
        unnest(s.setconfig) setting
        where r.rolname = $1 and s.setdatabase = 0 and setting like 'statement_timeout=%'
      ), '8s'), true)`,
    [role],
  );
}
