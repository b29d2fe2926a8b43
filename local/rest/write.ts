import type { IncomingMessage, ServerResponse } from 'node:http';
import { quoteIdent } from '../db.ts';
import { HttpError, postgrestError, send } from '../http.ts';
import {
  NotImplemented,
  parseColumnList,
  parseSelect,
  type Preferences,
  type SelectColumn,
} from '../postgrest-query.ts';
import type { RequestAuth } from '../request-auth.ts';
import type { TableInfo } from '../schema-cache.ts';
import { contentRange, type ResponseShape, type RestContext } from './request.ts';
import { checkMaxAffected, rowsJson, sendRows, SingularityError } from './response.ts';
import {
  columnNotFound,
  requireFilter,
  returningSql,
  selectListSql,
  tableRef,
  whereSql,
} from './sql.ts';
import { asRequest } from './transaction.ts';

/**
 * POST (insert and upsert: `Prefer: resolution`, `on_conflict`, `columns`), PATCH and DELETE on a
 * table. Each is one statement whose CTE does the write and whose outer select counts it and,
 * for `Prefer: return=representation`, returns the selected columns.
 */

export async function insert(
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
  // `*` spelled out, so the inserted-or-updated marker below never reaches the response.
  const list = representation
    ? selectListSql(table, selected === '*' ? allColumns(table) : selected)
    : '';
  const quoted = columns.map(quoteIdent).join(', ');
  const target = columns.length ? `(${quoted})` : '';
  // An upsert that only updated answers 200, as PostgREST: xmax is 0 on a freshly inserted row.
  const merge = prefs.resolution === 'merge-duplicates' && conflict.includes('do update');
  const sql = `with pgrst_source as (
      insert into ${tableRef(table)} ${target}
      select ${quoted} from json_populate_recordset(null::${tableRef(table)}, $1::json) pgrst_body
      ${conflict}
      returning ${representation ? returningSql(table, selected, true) : '1'} ${merge ? `, (${tableRef(table)}.xmax::text = '0') as pgrst_inserted` : ''}
    )
    select (select count(*)::int from pgrst_source) as page_count,
      ${merge ? '(select count(*)::int from pgrst_source where pgrst_inserted)' : 'null::int'} as inserted,
      ${representation ? `(select coalesce(json_agg(${rowsJson(shape)}), '[]')::text from (select ${list} from pgrst_source) pgrst_row)` : 'null::text'} as body`;
  const status = (inserted: number | null) => (inserted === 0 ? 200 : 201);
  await mutate(
    ctx,
    req,
    res,
    url,
    auth,
    prefs,
    shape,
    sql,
    [JSON.stringify(objects)],
    status,
    'insert',
  );
}

function allColumns(table: TableInfo): SelectColumn[] {
  return [...table.columns.keys()].map((column) => ({ column }));
}

export async function update(
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
  await mutate(
    ctx,
    req,
    res,
    url,
    auth,
    prefs,
    shape,
    sql,
    params,
    () => (representation ? 200 : 204),
    'update',
  );
}

export async function remove(
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
  await mutate(
    ctx,
    req,
    res,
    url,
    auth,
    prefs,
    shape,
    sql,
    params,
    () => (representation ? 200 : 204),
    'delete',
  );
}

export function rejectMutationRange(url: URL): void {
  if (
    url.searchParams.has('limit') ||
    url.searchParams.has('offset') ||
    url.searchParams.has('order')
  ) {
    throw new NotImplemented('limit/offset/order on PATCH and DELETE');
  }
}

export async function mutate(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  prefs: Preferences,
  shape: ResponseShape,
  sql: string,
  params: unknown[],
  status: (inserted: number | null) => number,
  kind: 'insert' | 'update' | 'delete',
): Promise<void> {
  const row = await asRequest(ctx, req, url, auth, prefs, async (tx) => {
    type Result = { page_count: number; inserted?: number | null; body: string | null };
    const result = (await tx.query<Result>(sql, params)).rows[0] as Result;
    if (shape.single && result.page_count !== 1) throw new SingularityError(result.page_count);
    // Thrown inside the transaction, so the rows stay as they were.
    if (kind !== 'insert') checkMaxAffected(prefs, result.page_count);
    return result;
  });
  // PostgREST's Content-Range: inserts and deletes name no range, updates the rows they changed.
  const total = prefs.count ? row.page_count : undefined;
  const headers = {
    'Content-Range':
      kind === 'update' ? contentRange(0, row.page_count, total) : contentRange(1, 0, total),
  };
  const code = status(row.inserted ?? null);
  if (row.body === null) {
    send(res, code, null, headers);
    return;
  }
  sendRows(res, code, row.body, shape, headers);
}
