import type { IncomingMessage } from 'node:http';
import type { Database } from '../db.ts';
import { HttpError, notImplemented, postgrestError } from '../http.ts';
import { jsonDepth, MAX_JSON_DEPTH } from '../json-depth.ts';
import { EXPOSED_SCHEMA, type SchemaCache, type TableInfo } from '../schema-cache.ts';

/**
 * What a /rest/v1 request asks for before any SQL is written: the schema profile, the response shape
 * (`Accept`), the table, the JSON body and the range. Each refusal is PostgREST's own code.
 */

export interface RestContext {
  db: Database;
  schema: SchemaCache;
  /** config.toml `[api] max_rows`: the most rows a read or a set-returning rpc answers. */
  maxRows?: number;
}

/** PostgREST's 416 for an offset past the counted rows (only known when a count was asked for). */
export function rangeNotSatisfiable(offset: number, total: number): HttpError {
  return new HttpError(
    416,
    postgrestError(
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    ),
    { 'Content-Range': `*/${total}` },
  );
}

/** PostgREST's Content-Range: `first-last/total`, `*` for an empty page or an unknown total. */
export function contentRange(offset: number, count: number, total: number | undefined): string {
  const range = count > 0 && total !== 0 ? `${offset}-${offset + count - 1}` : '*';
  return `${range}/${total === undefined ? '*' : String(total)}`;
}

export interface ResponseShape {
  /** `Accept: application/vnd.pgrst.object+json`: exactly one row, answered as an object. */
  single: boolean;
  stripNulls: boolean;
}

export function invalidPath(): HttpError {
  return new HttpError(404, postgrestError('PGRST125', 'Invalid path specified in request URL'));
}

export function checkProfile(req: IncomingMessage, method: string): void {
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

export function responseShape(req: IncomingMessage): ResponseShape {
  const accept = (req.headers['accept'] ?? 'application/json').toLowerCase();
  const stripNulls = accept.includes('nulls=stripped');
  if (accept.includes('application/vnd.pgrst.object+json')) return { single: true, stripNulls };
  if (accept.includes('text/csv')) throw notImplemented('CSV responses (Accept: text/csv)');
  if (accept.includes('application/vnd.pgrst.plan'))
    throw notImplemented('query plans (Accept: application/vnd.pgrst.plan)');
  if (accept.includes('application/geo+json')) throw notImplemented('GeoJSON responses');
  return { single: false, stripNulls };
}

export async function findTable(ctx: RestContext, name: string): Promise<TableInfo> {
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

export function parseJsonBody(req: IncomingMessage, body: Buffer): unknown {
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

export function rangeOf(req: IncomingMessage, url: URL): { offset: number; limit: number | null } {
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
