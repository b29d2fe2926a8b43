import { quoteIdent } from '../db.ts';
import { HttpError, postgrestError } from '../http.ts';
import {
  NotImplemented,
  parseFilter,
  parseOrder,
  type Filter,
  type SelectList,
} from '../postgrest-query.ts';
import type { TableInfo } from '../schema-cache.ts';

/**
 * The query string turned into SQL fragments: select lists, RETURNING lists, WHERE from the filters,
 * ORDER BY. Identifiers are checked against the schema cache and quoted; every value is a bound
 * parameter.
 */

/** Query parameters that are not filters. */
export const RESERVED_PARAMS = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'on_conflict',
  'columns',
  'apikey',
]);

export function tableRef(table: TableInfo): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
}

export function columnNotFound(table: TableInfo, column: string): HttpError {
  return new HttpError(
    400,
    postgrestError('42703', `column ${table.name}.${column} does not exist`),
  );
}

export function selectListSql(table: TableInfo, list: SelectList): string {
  if (list === '*') return '*';
  return list
    .map(({ column, alias }) => {
      if (table.computed.has(column) && !table.columns.has(column)) {
        // A computed field: `tbl.fn` is `fn(tbl)` in PostgreSQL, as PostgREST writes it.
        return `${tableRef(table)}.${quoteIdent(column)} as ${quoteIdent(alias ?? column)}`;
      }
      if (!table.columns.has(column)) throw columnNotFound(table, column);
      return alias ? `${quoteIdent(column)} as ${quoteIdent(alias)}` : quoteIdent(column);
    })
    .join(', ');
}

/**
 * What a mutation returns for `Prefer: return=representation`: only the selected columns, as
 * PostgREST does, so a role with column-level SELECT can read back exactly what it may see.
 */
export function returningSql(table: TableInfo, list: SelectList, qualified: boolean): string {
  const prefix = qualified ? `${tableRef(table)}.` : '';
  if (list === '*') return `${prefix}*`;
  return [...new Set(list.map((item) => item.column))]
    .map((column) => {
      if (table.computed.has(column) && !table.columns.has(column))
        throw new NotImplemented(`computed fields in a write's returned rows (${column})`);
      if (!table.columns.has(column)) throw columnNotFound(table, column);
      return `${prefix}${quoteIdent(column)}`;
    })
    .join(', ');
}

/** Turns the filter query parameters into a WHERE clause over `qualifier` (bound parameters). */
export function whereSql(
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

export function filterSql(table: TableInfo, filter: Filter, params: unknown[]): string {
  const column = table.columns.get(filter.column) ?? table.computed.get(filter.column);
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
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      // PostgREST 13+: to_tsvector() on a column that is not a tsvector; the configuration given
      // in the filter, else the database's default_text_search_config.
      const language =
        filter.language === undefined ? '' : `${bind(filter.language, 'regconfig')}, `;
      const vector = column.udt === 'tsvector' ? ref : `to_tsvector(${language}${ref})`;
      sql = `${vector} @@ ${TSQUERY[filter.operator]}(${language}${bind(single, 'text')})`;
      break;
    }
  }
  return filter.negate ? `not (${sql})` : sql;
}

const TSQUERY = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

export function orderSql(table: TableInfo, url: URL): string {
  const terms = parseOrder(url.searchParams.get('order'));
  if (terms.length === 0) return '';
  return `order by ${terms
    .map((term) => {
      if (!table.columns.has(term.column) && !table.computed.has(term.column))
        throw columnNotFound(table, term.column);
      const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
      return `${tableRef(table)}.${quoteIdent(term.column)} ${term.direction}${nulls}`;
    })
    .join(', ')}`;
}

/**
 * Supabase loads pg_safeupdate for the API: an UPDATE or DELETE without any filter is refused
 * ("DELETE requires a WHERE clause", SQLSTATE 21000, HTTP 400) instead of touching every row.
 */
export function requireFilter(where: string, verb: 'UPDATE' | 'DELETE'): void {
  if (where === '')
    throw new HttpError(400, postgrestError('21000', `${verb} requires a WHERE clause`));
}
