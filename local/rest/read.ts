import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseSelect, type Preferences } from '../postgrest-query.ts';
import type { RequestAuth } from '../request-auth.ts';
import type { TableInfo } from '../schema-cache.ts';
import {
  contentRange,
  rangeNotSatisfiable,
  rangeOf,
  type ResponseShape,
  type RestContext,
} from './request.ts';
import { rowsJson, sendRows } from './response.ts';
import { orderSql, selectListSql, tableRef, whereSql } from './sql.ts';
import { asRequest } from './transaction.ts';

/**
 * GET and HEAD on a table, in a read-only transaction: one statement builds the page (at most
 * max_rows) as a JSON array, counts it and, for `Prefer: count=exact`, the whole filtered set, which
 * gives Content-Range, 206 for a partial page and 416 for an offset past the end.
 */
export async function read(
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
  const range = rangeOf(req, url);
  const { offset } = range;
  // config.toml max_rows caps every read, as PostgREST's db-max-rows does.
  const cap = ctx.maxRows ?? null;
  const limit =
    cap === null ? range.limit : range.limit === null ? cap : Math.min(range.limit, cap);
  const page = `${limit === null ? '' : `limit ${limit}`} ${offset ? `offset ${offset}` : ''}`;
  const total = prefs.count
    ? `, (select count(*)::int from ${tableRef(table)} ${where}) as total`
    : '';
  const sql = `select coalesce(json_agg(${rowsJson(shape)}), '[]')::text as body, count(*)::int as page_count ${total}
    from (select ${list} from ${tableRef(table)} ${where} ${order} ${page}) pgrst_row`;
  const row = await asRequest(
    ctx,
    req,
    url,
    auth,
    prefs,
    async (tx) => {
      const { rows } = await tx.query<{ body: string; page_count: number; total?: number }>(
        sql,
        params,
      );
      return rows[0] as { body: string; page_count: number; total?: number };
    },
    true,
  );
  const count = row.page_count;
  if (row.total !== undefined && offset > row.total) throw rangeNotSatisfiable(offset, row.total);
  const partial = row.total !== undefined && count < row.total;
  const headers = { 'Content-Range': contentRange(offset, count, row.total) };
  sendRows(res, partial ? 206 : 200, row.body, shape, headers, head);
}
