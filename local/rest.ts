import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPgError, quoteIdent, type Database, type Queryable } from './db.ts';
import {
  HttpError,
  httpStatusForSqlState,
  notImplemented,
  postgrestError,
  postgrestErrorFromPg,
  send,
  sendJson,
} from './http.ts';
import {
  BadQuery,
  NotImplemented,
  parseColumnList,
  parseFilter,
  parseOrder,
  parsePrefer,
  parseSelect,
  type Filter,
  type Preferences,
  type SelectList,
} from './postgrest-query.ts';
import { requestHeaders } from './client-address.ts';
import { throughHashGate } from './hash-gate.ts';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth.ts';
import type { RequestAuth } from './request-auth.ts';
import {
  EXPOSED_SCHEMA,
  type FunctionInfo,
  type SchemaCache,
  type TableInfo,
} from './schema-cache.ts';

/**
 * The PostgREST subset behind /rest/v1: reads with column lists, filters, ordering, limits and
 * counts; inserts (plain, upsert, with or without returning), updates and deletes with filters;
 * and rpc with named arguments. Each request runs in one transaction as the JWT's role with
 * `request.jwt.claims` set, exactly like PostgREST, so grants and RLS decide. SQL is generated with
 * quoted identifiers checked against the schema cache and every value bound as a parameter.
 */

export interface RestContext {
  db: Database;
  schema: SchemaCache;
}

const RESERVED_PARAMS = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'on_conflict',
  'columns',
  'apikey',
]);
const JSON_CONTENT = { 'Content-Type': 'application/json; charset=utf-8' };

interface ResponseShape {
  /** `Accept: application/vnd.pgrst.object+json`: exactly one row, answered as an object. */
  single: boolean;
  stripNulls: boolean;
}

/** Raised inside the transaction so a mutation that breaks `.single()` is rolled back. */
class SingularityError extends Error {
  readonly rows: number;
  constructor(rows: number) {
    super('singularity');
    this.rows = rows;
  }
}

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

function invalidPath(): HttpError {
  return new HttpError(404, postgrestError('PGRST125', 'Invalid path specified in request URL'));
}

function checkProfile(req: IncomingMessage, method: string): void {
  const header = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = req.headers[header];
  if (profile !== undefined && profile !== EXPOSED_SCHEMA) {
    throw new HttpError(
      406,
      postgrestError(
        'PGRST106',
        `Invalid schema: ${String(profile)}`,
        null,
        `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
      ),
    );
  }
}

function responseShape(req: IncomingMessage): ResponseShape {
  const accept = (req.headers['accept'] ?? 'application/json').toLowerCase();
  const stripNulls = accept.includes('nulls=stripped');
  if (accept.includes('application/vnd.pgrst.object+json')) return { single: true, stripNulls };
  if (accept.includes('text/csv')) throw notImplemented('CSV responses (Accept: text/csv)');
  if (accept.includes('application/vnd.pgrst.plan'))
    throw notImplemented('query plans (Accept: application/vnd.pgrst.plan)');
  if (accept.includes('application/geo+json')) throw notImplemented('GeoJSON responses');
  return { single: false, stripNulls };
}

async function findTable(ctx: RestContext, name: string): Promise<TableInfo> {
  let table = ctx.schema.tables.get(name);
  if (!table && (await ctx.schema.reloadIfStale(ctx.db))) table = ctx.schema.tables.get(name);
  if (!table) {
    throw new HttpError(
      404,
      postgrestError(
        'PGRST205',
        `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
      ),
    );
  }
  return table;
}

function parseJsonBody(req: IncomingMessage, body: Buffer): unknown {
  const contentType = (req.headers['content-type'] ?? 'application/json').toLowerCase();
  if (!contentType.includes('json')) {
    throw notImplemented(`request bodies of type ${contentType} (send application/json)`);
  }
  const text = body.toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new HttpError(
      400,
      postgrestError(
        'PGRST102',
        `JSON nested too deeply (more than ${MAX_JSON_DEPTH} levels of arrays or objects)`,
      ),
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, postgrestError('PGRST102', 'Empty or invalid json'));
  }
}

function tableRef(table: TableInfo): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
}

function columnNotFound(table: TableInfo, column: string): HttpError {
  return new HttpError(
    400,
    postgrestError('42703', `column ${table.name}.${column} does not exist`),
  );
}

function selectListSql(table: TableInfo, list: SelectList): string {
  if (list === '*') return '*';
  return list
    .map(({ column, alias }) => {
      if (!table.columns.has(column)) throw columnNotFound(table, column);
      return alias ? `${quoteIdent(column)} as ${quoteIdent(alias)}` : quoteIdent(column);
    })
    .join(', ');
}

/**
 * What a mutation returns for `Prefer: return=representation`: only the selected columns, as
 * PostgREST does, so a role with column-level SELECT can read back exactly what it may see.
 */
function returningSql(table: TableInfo, list: SelectList, qualified: boolean): string {
  const prefix = qualified ? `${tableRef(table)}.` : '';
  if (list === '*') return `${prefix}*`;
  return [...new Set(list.map((item) => item.column))]
    .map((column) => {
      if (!table.columns.has(column)) throw columnNotFound(table, column);
      return `${prefix}${quoteIdent(column)}`;
    })
    .join(', ');
}

/** Turns the filter query parameters into a WHERE clause over `qualifier` (bound parameters). */
function whereSql(
  table: TableInfo,
  url: URL,
  params: unknown[],
  ignore: Set<string> = new Set(),
): string {
  const conditions: string[] = [];
  for (const [key, raw] of url.searchParams) {
    if (RESERVED_PARAMS.has(key) || ignore.has(key)) continue;
    if (key === 'or' || key === 'and' || key.endsWith('.or') || key.endsWith('.and')) {
      throw new NotImplemented(`logical filter groups (${key}=...)`);
    }
    if (key.endsWith('.order') || key.endsWith('.limit') || key.endsWith('.offset')) {
      throw new NotImplemented(`modifiers on embedded resources (${key})`);
    }
    conditions.push(filterSql(table, parseFilter(key, raw), params));
  }
  return conditions.length ? `where ${conditions.join(' and ')}` : '';
}

function filterSql(table: TableInfo, filter: Filter, params: unknown[]): string {
  const column = table.columns.get(filter.column);
  if (!column) throw columnNotFound(table, filter.column);
  const ref = `${tableRef(table)}.${quoteIdent(column.name)}`;
  const bind = (value: string, type = column.type) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const single = filter.value as string;
  let sql: string;
  switch (filter.operator) {
    case 'eq':
      sql = `${ref} = ${bind(single)}`;
      break;
    case 'neq':
      sql = `${ref} <> ${bind(single)}`;
      break;
    case 'gt':
      sql = `${ref} > ${bind(single)}`;
      break;
    case 'gte':
      sql = `${ref} >= ${bind(single)}`;
      break;
    case 'lt':
      sql = `${ref} < ${bind(single)}`;
      break;
    case 'lte':
      sql = `${ref} <= ${bind(single)}`;
      break;
    case 'like':
      sql = `${ref}::text like ${bind(single.replaceAll('*', '%'), 'text')}`;
      break;
    case 'ilike':
      sql = `${ref}::text ilike ${bind(single.replaceAll('*', '%'), 'text')}`;
      break;
    case 'match':
      sql = `${ref}::text ~ ${bind(single, 'text')}`;
      break;
    case 'imatch':
      sql = `${ref}::text ~* ${bind(single, 'text')}`;
      break;
    case 'isdistinct':
      sql = `${ref} is distinct from ${bind(single)}`;
      break;
    case 'is':
      sql = `${ref} is ${single === 'not_null' ? 'not null' : single}`;
      break;
    case 'in': {
      const values = filter.value as string[];
      sql =
        values.length === 0
          ? 'false'
          : `${ref} in (${values.map((value) => bind(value)).join(', ')})`;
      break;
    }
    case 'cs':
      sql = `${ref} @> ${bind(single)}`;
      break;
    case 'cd':
      sql = `${ref} <@ ${bind(single)}`;
      break;
    case 'ov':
      sql = `${ref} && ${bind(single)}`;
      break;
  }
  return filter.negate ? `not (${sql})` : sql;
}

function orderSql(table: TableInfo, url: URL): string {
  const terms = parseOrder(url.searchParams.get('order'));
  if (terms.length === 0) return '';
  return `order by ${terms
    .map((term) => {
      if (!table.columns.has(term.column)) throw columnNotFound(table, term.column);
      const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
      return `${tableRef(table)}.${quoteIdent(term.column)} ${term.direction}${nulls}`;
    })
    .join(', ')}`;
}

function rangeOf(req: IncomingMessage, url: URL): { offset: number; limit: number | null } {
  const parse = (value: string | null, name: string): number | null => {
    if (value === null) return null;
    if (!/^\d+$/.test(value)) {
      throw new HttpError(
        400,
        postgrestError(
          'PGRST103',
          'Requested range not satisfiable',
          `${name} must be a non-negative integer`,
        ),
      );
    }
    return Number(value);
  };
  let offset = parse(url.searchParams.get('offset'), 'offset') ?? 0;
  let limit = parse(url.searchParams.get('limit'), 'limit');
  const range = /^(\d+)-(\d*)$/.exec(String(req.headers['range'] ?? ''));
  if (range && url.searchParams.get('offset') === null && url.searchParams.get('limit') === null) {
    offset = Number(range[1]);
    limit = range[2] ? Math.max(0, Number(range[2]) - offset + 1) : null;
  }
  return { offset, limit };
}

/**
 * Runs `fn` in a transaction as the request's role, with the claims and headers PostgREST would set
 * (X-Forwarded-For carries the socket address, see client-address.ts).
 */
function asRequest<T>(
  ctx: RestContext,
  req: IncomingMessage,
  url: URL,
  auth: RequestAuth,
  prefs: Preferences,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const run = async (tx: Queryable) => {
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

/**
 * Supabase loads pg_safeupdate for the API: an UPDATE or DELETE without any filter is refused
 * ("DELETE requires a WHERE clause", SQLSTATE 21000, HTTP 400) instead of touching every row.
 */
function requireFilter(where: string, verb: 'UPDATE' | 'DELETE'): void {
  if (where === '')
    throw new HttpError(400, postgrestError('21000', `${verb} requires a WHERE clause`));
}

function rowsJson(shape: ResponseShape): string {
  return shape.stripNulls ? 'json_strip_nulls(row_to_json(pgrst_row))' : 'pgrst_row';
}

/** Sends a JSON array (or the single object `.single()` asked for). */
function sendRows(
  res: ServerResponse,
  status: number,
  body: string,
  shape: ResponseShape,
  headers: Record<string, string>,
  head = false,
): void {
  let payload = body;
  if (shape.single) {
    const rows = JSON.parse(body) as unknown[];
    if (rows.length !== 1) throw new SingularityError(rows.length);
    payload = JSON.stringify(rows[0]);
  }
  send(res, status, head ? null : payload, { ...JSON_CONTENT, ...headers });
}

async function read(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  table: TableInfo,
  shape: ResponseShape,
  prefs: Preferences,
  head: boolean,
): Promise<void> {
  const params: unknown[] = [];
  const list = selectListSql(table, parseSelect(url.searchParams.get('select')));
  const where = whereSql(table, url, params);
  const order = orderSql(table, url);
  const { offset, limit } = rangeOf(req, url);
  const page = `${limit === null ? '' : `limit ${limit}`} ${offset ? `offset ${offset}` : ''}`;
  const total = prefs.count
    ? `, (select count(*)::int from ${tableRef(table)} ${where}) as total`
    : '';
  const sql = `select coalesce(json_agg(${rowsJson(shape)}), '[]')::text as body, count(*)::int as page_count ${total}
    from (select ${list} from ${tableRef(table)} ${where} ${order} ${page}) pgrst_row`;
  const row = await asRequest(ctx, req, url, auth, prefs, async (tx) => {
    const { rows } = await tx.query<{ body: string; page_count: number; total?: number }>(
      sql,
      params,
    );
    return rows[0] as { body: string; page_count: number; total?: number };
  });
  const count = row.page_count;
  const totalText = row.total === undefined ? '*' : String(row.total);
  const contentRange =
    count > 0 ? `${offset}-${offset + count - 1}/${totalText}` : `*/${totalText}`;
  const partial = row.total !== undefined && count < row.total;
  sendRows(res, partial ? 206 : 200, row.body, shape, { 'Content-Range': contentRange }, head);
}

async function insert(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  table: TableInfo,
  body: unknown,
  shape: ResponseShape,
  prefs: Preferences,
): Promise<void> {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
    throw new HttpError(
      400,
      postgrestError('PGRST102', 'Invalid body: expected a JSON object or an array of objects'),
    );
  }
  const objects = rows as Record<string, unknown>[];
  const columnsParam = url.searchParams.get('columns');
  let columns: string[];
  if (columnsParam !== null) {
    columns = parseColumnList(columnsParam);
  } else {
    columns = Object.keys(objects[0] ?? {});
    const signature = [...columns].sort().join(',');
    if (objects.some((object) => Object.keys(object).sort().join(',') !== signature)) {
      throw new HttpError(400, postgrestError('PGRST102', 'All object keys must match'));
    }
  }
  for (const column of columns) {
    if (!table.columns.has(column)) {
      throw new HttpError(
        400,
        postgrestError(
          'PGRST204',
          `Could not find the '${column}' column of '${table.name}' in the schema cache`,
        ),
      );
    }
  }
  if (
    prefs.missing === 'default' &&
    objects.some((object) => columns.some((column) => !(column in object)))
  ) {
    throw new NotImplemented('Prefer: missing=default with rows that omit columns');
  }
  const onConflictParam = url.searchParams.get('on_conflict');
  let conflict = '';
  if (prefs.resolution || onConflictParam !== null) {
    const target = onConflictParam === null ? table.primaryKey : parseColumnList(onConflictParam);
    for (const column of target)
      if (!table.columns.has(column)) throw columnNotFound(table, column);
    if (prefs.resolution && target.length > 0) {
      const quotedTarget = target.map(quoteIdent).join(', ');
      conflict =
        prefs.resolution === 'ignore-duplicates' || columns.length === 0
          ? `on conflict (${quotedTarget}) do nothing`
          : `on conflict (${quotedTarget}) do update set ${columns
              .map((column) => `${quoteIdent(column)} = excluded.${quoteIdent(column)}`)
              .join(', ')}`;
    }
  }
  const representation = prefs.return === 'representation';
  const selected = parseSelect(url.searchParams.get('select'));
  const list = representation ? selectListSql(table, selected) : '';
  const quoted = columns.map(quoteIdent).join(', ');
  const target = columns.length ? `(${quoted})` : '';
  const sql = `with pgrst_source as (
      insert into ${tableRef(table)} ${target}
      select ${quoted} from json_populate_recordset(null::${tableRef(table)}, $1::json) pgrst_body
      ${conflict}
      returning ${representation ? returningSql(table, selected, false) : '1'}
    )
    select (select count(*)::int from pgrst_source) as page_count,
      ${representation ? `(select coalesce(json_agg(${rowsJson(shape)}), '[]')::text from (select ${list} from pgrst_source) pgrst_row)` : 'null::text'} as body`;
  await mutate(ctx, req, res, url, auth, prefs, shape, sql, [JSON.stringify(objects)], 201);
}

async function update(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  table: TableInfo,
  body: unknown,
  shape: ResponseShape,
  prefs: Preferences,
): Promise<void> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, postgrestError('PGRST102', 'Invalid body: expected a JSON object'));
  }
  rejectMutationRange(url);
  const columns = Object.keys(body);
  for (const column of columns) {
    if (!table.columns.has(column)) {
      throw new HttpError(
        400,
        postgrestError(
          'PGRST204',
          `Could not find the '${column}' column of '${table.name}' in the schema cache`,
        ),
      );
    }
  }
  const representation = prefs.return === 'representation';
  const selected = parseSelect(url.searchParams.get('select'));
  const list = representation ? selectListSql(table, selected) : '';
  const params: unknown[] = [JSON.stringify(body)];
  const where = whereSql(table, url, params);
  requireFilter(where, 'UPDATE');
  if (columns.length === 0) {
    // Nothing to change, as in PostgREST: answer as if no row matched.
    sendRows(
      res,
      representation ? 200 : 204,
      '[]',
      { ...shape, single: false },
      {},
      !representation,
    );
    return;
  }
  const sql = `with pgrst_source as (
      update ${tableRef(table)}
      set ${columns.map((column) => `${quoteIdent(column)} = pgrst_body.${quoteIdent(column)}`).join(', ')}
      from (select * from json_populate_record(null::${tableRef(table)}, $1::json)) pgrst_body
      ${where}
      returning ${representation ? returningSql(table, selected, true) : '1'}
    )
    select (select count(*)::int from pgrst_source) as page_count,
      ${representation ? `(select coalesce(json_agg(${rowsJson(shape)}), '[]')::text from (select ${list} from pgrst_source) pgrst_row)` : 'null::text'} as body`;
  await mutate(ctx, req, res, url, auth, prefs, shape, sql, params, representation ? 200 : 204);
}

async function remove(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  table: TableInfo,
  shape: ResponseShape,
  prefs: Preferences,
): Promise<void> {
  rejectMutationRange(url);
  const representation = prefs.return === 'representation';
  const selected = parseSelect(url.searchParams.get('select'));
  const list = representation ? selectListSql(table, selected) : '';
  const params: unknown[] = [];
  const where = whereSql(table, url, params);
  requireFilter(where, 'DELETE');
  const sql = `with pgrst_source as (
      delete from ${tableRef(table)} ${where}
      returning ${representation ? returningSql(table, selected, false) : '1'}
    )
    select (select count(*)::int from pgrst_source) as page_count,
      ${representation ? `(select coalesce(json_agg(${rowsJson(shape)}), '[]')::text from (select ${list} from pgrst_source) pgrst_row)` : 'null::text'} as body`;
  await mutate(ctx, req, res, url, auth, prefs, shape, sql, params, representation ? 200 : 204);
}

function rejectMutationRange(url: URL): void {
  if (
    url.searchParams.has('limit') ||
    url.searchParams.has('offset') ||
    url.searchParams.has('order')
  ) {
    throw new NotImplemented('limit/offset/order on PATCH and DELETE');
  }
}

async function mutate(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  prefs: Preferences,
  shape: ResponseShape,
  sql: string,
  params: unknown[],
  status: number,
): Promise<void> {
  const row = await asRequest(ctx, req, url, auth, prefs, async (tx) => {
    const { rows } = await tx.query<{ page_count: number; body: string | null }>(sql, params);
    const result = rows[0] as { page_count: number; body: string | null };
    if (shape.single && result.page_count !== 1) throw new SingularityError(result.page_count);
    return result;
  });
  const headers: Record<string, string> = {};
  if (prefs.count) {
    const count = row.page_count;
    headers['Content-Range'] = `${count > 0 ? `0-${count - 1}` : '*'}/${count}`;
  }
  if (row.body === null) {
    send(res, status, null, headers);
    return;
  }
  sendRows(res, status, row.body, shape, headers);
}

async function callFunction(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  body: Buffer,
  name: string,
  shape: ResponseShape,
  prefs: Preferences,
): Promise<void> {
  const method = req.method ?? 'GET';
  let args: Record<string, unknown>;
  if (method === 'POST') {
    const parsed = body.length === 0 ? {} : parseJsonBody(req, body);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw notImplemented(
        'rpc with a single unnamed parameter (send a JSON object of named arguments)',
      );
    }
    args = parsed as Record<string, unknown>;
    const extra = [...url.searchParams.keys()].filter((key) => key !== 'apikey');
    if (extra.length)
      throw notImplemented(`filters or modifiers on rpc results (${extra.join(', ')})`);
  } else if (method === 'GET' || method === 'HEAD') {
    args = Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'apikey'));
  } else {
    throw new HttpError(405, postgrestError('PGRST101', `Cannot use the ${method} method on RPC`));
  }
  const keys = Object.keys(args);
  const fn = await findFunction(ctx, name, keys);
  if (!fn.supported)
    throw notImplemented(`calling ${name}: OUT/INOUT/VARIADIC or unnamed parameters`);
  if ((method === 'GET' || method === 'HEAD') && fn.volatile) {
    throw new HttpError(405, postgrestError('PGRST101', `Cannot use the ${method} method on RPC`));
  }
  const named = fn.args
    .filter((arg) => arg.name in args)
    .map((arg) => {
      const value = args[arg.name];
      const path = `$1::json -> ${sqlString(arg.name)}`;
      const expression = arg.isJson
        ? `(${path})::${arg.type}`
        : arg.isArray && Array.isArray(value)
          ? `(select coalesce(array_agg(pgrst_item), '{}') from json_array_elements_text(${path}) pgrst_item)::${arg.type}`
          : `($1::json ->> ${sqlString(arg.name)})::${arg.type}`;
      return `${quoteIdent(arg.name)} => ${expression}`;
    })
    .join(', ');
  const call = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(fn.name)}(${named})`;
  const sql = fn.returnsVoid
    ? `select ${call}, null::text as body`
    : fn.returnsSet
      ? `select coalesce(json_agg(${fn.returnsComposite ? 'pgrst_call' : 'pgrst_call.pgrst_scalar'}), '[]')::text as body
         from ${fn.returnsComposite ? `${call} pgrst_call` : `(select ${call} as pgrst_scalar) pgrst_call`}`
      : fn.returnsComposite
        ? `select to_json(pgrst_call)::text as body from ${call} pgrst_call`
        : `select to_json(${call})::text as body`;
  const run = () =>
    asRequest(ctx, req, url, auth, prefs, async (tx) => {
      const { rows } = await tx.query<{ body: string | null }>(
        sql,
        named ? [JSON.stringify(args)] : [],
      );
      return rows[0];
    });
  // admin_login hashes a password: one at a time, so it cannot starve other requests.
  const row = await (name === 'admin_login' ? throughHashGate(run) : run());
  if (fn.returnsVoid) {
    send(res, 204, null);
    return;
  }
  const payload = row?.body ?? 'null';
  send(
    res,
    200,
    method === 'HEAD'
      ? null
      : shape.single && payload.startsWith('[')
        ? singleOf(payload)
        : payload,
    JSON_CONTENT,
  );
}

function singleOf(array: string): string {
  const rows = JSON.parse(array) as unknown[];
  if (rows.length !== 1) throw new SingularityError(rows.length);
  return JSON.stringify(rows[0]);
}

async function findFunction(ctx: RestContext, name: string, keys: string[]): Promise<FunctionInfo> {
  const pick = () =>
    (ctx.schema.functions.get(name) ?? []).find(
      (fn) =>
        keys.every((key) => fn.args.some((arg) => arg.name === key)) &&
        fn.args.every((arg) => arg.hasDefault || keys.includes(arg.name)),
    );
  let fn = pick();
  if (!fn && (await ctx.schema.reloadIfStale(ctx.db))) fn = pick();
  if (!fn) {
    const signature = keys.length ? `(${[...keys].sort().join(', ')})` : ' without parameters';
    throw new HttpError(
      404,
      postgrestError(
        'PGRST202',
        `Could not find the function ${EXPOSED_SCHEMA}.${name}${signature} in the schema cache`,
        `Searched for the function ${EXPOSED_SCHEMA}.${name}${keys.length ? ` with parameter${keys.length > 1 ? 's' : ''} ${[...keys].sort().join(', ')}` : ' without parameters'}, but no matches were found in the schema cache.`,
      ),
    );
  }
  return fn;
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
