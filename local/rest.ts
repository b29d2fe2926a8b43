import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPgError } from './db.ts';
import {
  HttpError,
  httpStatusForSqlState,
  notImplemented,
  postgrestError,
  postgrestErrorFromPg,
  sendJson,
} from './http.ts';
import { BadQuery, NotImplemented, parsePrefer } from './postgrest-query.ts';
import type { RequestAuth } from './request-auth.ts';
import { read } from './rest/read.ts';
import {
  checkProfile,
  findTable,
  invalidPath,
  parseJsonBody,
  responseShape,
  type RestContext,
} from './rest/request.ts';
import { SingularityError } from './rest/response.ts';
import { callFunction } from './rest/rpc.ts';
import { insert, remove, update } from './rest/write.ts';

/**
 * The PostgREST subset behind /rest/v1: reads with column lists, filters, ordering, limits and
 * counts; inserts (plain, upsert, with or without returning), updates and deletes with filters;
 * and rpc with named arguments. Each request runs in one transaction as the JWT's role with
 * `request.jwt.claims` set, exactly like PostgREST, so grants and RLS decide. SQL is generated with
 * quoted identifiers checked against the schema cache and every value bound as a parameter.
 *
 * This file routes a request and turns what went wrong into PostgREST's error codes; the parts are
 * in local/rest/: request.ts (profile, Accept, table, body, range), sql.ts (select lists, filters,
 * order), transaction.ts (the request's role and claims), read.ts, write.ts (insert, upsert, update,
 * delete), rpc.ts, response.ts.
 */

export type { RestContext } from './rest/request.ts';
export { applyRoleStatementTimeout } from './rest/transaction.ts';

export async function handleRest(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  body: Buffer,
): Promise<void> {
  try {
    await route(ctx, req, res, url, auth, body);
  } catch (error) {
    if (error instanceof SingularityError) {
      sendJson(
        res,
        406,
        postgrestError(
          'PGRST116',
          'Cannot coerce the result to a single JSON object',
          `The result contains ${error.rows} rows`,
        ),
      );
    } else if (error instanceof BadQuery) {
      sendJson(res, 400, postgrestError('PGRST100', error.message, error.details));
    } else if (error instanceof NotImplemented) {
      throw notImplemented(`PostgREST feature: ${error.message}`);
    } else if (isPgError(error)) {
      const status = httpStatusForSqlState(error.code, auth.role !== 'anon');
      sendJson(
        res,
        status,
        postgrestErrorFromPg(error),
        status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
      );
    } else {
      throw error;
    }
  }
}

async function route(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  body: Buffer,
): Promise<void> {
  const method = req.method ?? 'GET';
  let segments: string[];
  try {
    segments = url.pathname
      .replace(/^\/rest\/v1\/?/, '')
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
  } catch {
    throw invalidPath();
  }
  if (segments.length === 0) throw notImplemented('the OpenAPI root (GET /rest/v1/)');
  checkProfile(req, method);
  const shape = responseShape(req);
  const prefs = parsePrefer(req.headers['prefer']);
  if (prefs.invalid.some((pref) => /^timezone=/.test(pref)))
    throw notImplemented('Prefer: timezone (values are answered in UTC)');
  if (prefs.count === 'planned' || prefs.count === 'estimated')
    throw notImplemented(`Prefer: count=${prefs.count} (the planner's estimate)`);
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) {
    throw new HttpError(
      400,
      postgrestError(
        'PGRST122',
        'Invalid preferences given with handling=strict',
        `Invalid preferences: ${prefs.invalid.join(', ')}`,
      ),
    );
  }

  if (segments[0] === 'rpc') {
    if (segments.length !== 2) throw invalidPath();
    return callFunction(ctx, req, res, url, auth, body, segments[1] as string, shape, prefs);
  }
  if (segments.length !== 1) throw invalidPath();
  const table = await findTable(ctx, segments[0] as string);
  switch (method) {
    case 'GET':
    case 'HEAD':
      return read(ctx, req, res, url, auth, table, shape, prefs, method === 'HEAD');
    case 'POST':
      return insert(ctx, req, res, url, auth, table, parseJsonBody(req, body), shape, prefs);
    case 'PATCH':
      return update(ctx, req, res, url, auth, table, parseJsonBody(req, body), shape, prefs);
    case 'DELETE':
      return remove(ctx, req, res, url, auth, table, shape, prefs);
    case 'PUT':
      throw notImplemented(
        'PUT (single-row upsert by primary key); use POST with Prefer: resolution',
      );
    default:
      throw new HttpError(405, postgrestError('PGRST117', `Unsupported HTTP method: ${method}`));
  }
}
