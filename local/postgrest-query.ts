/**
 * Parsing of the PostgREST request grammar the local server supports (select lists, filters,
 * ordering, Prefer). Pure functions: no SQL, no I/O. Anything outside the subset raises
 * NotImplemented (answered with 501), anything malformed raises BadQuery (PostgREST's PGRST100).
 */

export class BadQuery extends Error {
  readonly details: string;
  constructor(message: string, details: string) {
    super(message);
    this.details = details;
  }
}

export class NotImplemented extends Error {}

export interface SelectColumn {
  column: string;
  alias?: string;
}

/** `*` or a list of plain columns, optionally renamed (`alias:column`). */
export type SelectList = '*' | SelectColumn[];

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;

export function parseSelect(value: string | null): SelectList {
  if (value === null || value.trim() === '' || value.trim() === '*') return '*';
  const items = splitTopLevel(value, ',').map((item) => item.trim());
  if (items.some((item) => item === '*')) {
    if (items.length === 1) return '*';
    throw new NotImplemented('select lists that mix * with columns');
  }
  return items.map((item) => {
    if (item.includes('('))
      throw new NotImplemented(`embedded resources or aggregates in select (${item})`);
    if (item.startsWith('...')) throw new NotImplemented(`spread embedding in select (${item})`);
    if (item.includes('->')) throw new NotImplemented(`JSON paths in select (${item})`);
    if (item.includes('::')) throw new NotImplemented(`casts in select (${item})`);
    const colon = item.indexOf(':');
    const alias = colon === -1 ? undefined : item.slice(0, colon).trim();
    const column = (colon === -1 ? item : item.slice(colon + 1)).trim();
    const name = unquote(column);
    if (!IDENTIFIER.test(name) && !/^"[^"]+"$/.test(column)) {
      throw new BadQuery(`"failed to parse select parameter (${value})"`, `unexpected "${item}"`);
    }
    return alias === undefined || alias === ''
      ? { column: name }
      : { column: name, alias: unquote(alias) };
  });
}

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export function parseOrder(value: string | null): OrderTerm[] {
  if (value === null || value.trim() === '') return [];
  return splitTopLevel(value, ',').map((term) => {
    const parts = term.trim().split('.');
    const column = unquote(parts[0] ?? '');
    if (column.includes('(') || column.includes('->')) {
      throw new NotImplemented(`ordering by related or JSON columns (${term})`);
    }
    let direction: 'asc' | 'desc' = 'asc';
    let nulls: 'first' | 'last' | undefined;
    for (const modifier of parts.slice(1)) {
      if (modifier === 'asc' || modifier === 'desc') direction = modifier;
      else if (modifier === 'nullsfirst') nulls = 'first';
      else if (modifier === 'nullslast') nulls = 'last';
      else throw new BadQuery(`"failed to parse order (${value})"`, `unexpected "${modifier}"`);
    }
    if (!column) throw new BadQuery(`"failed to parse order (${value})"`, 'missing column');
    return nulls === undefined ? { column, direction } : { column, direction, nulls };
  });
}

export type FilterOperator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct'
  | 'in'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts';

export interface Filter {
  column: string;
  negate: boolean;
  operator: FilterOperator;
  /** The text search configuration of a full-text filter (`fts(english).term`). */
  language?: string;
  /** A single value, the list of an `in` filter, or the keyword of an `is` filter. */
  value: string | string[];
}

const OPERATORS = new Set<FilterOperator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);
const UNSUPPORTED_OPERATORS = new Set(['sl', 'sr', 'nxl', 'nxr', 'adj']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

/** Parses one `column=operator.value` query parameter. */
export function parseFilter(key: string, raw: string): Filter {
  if (key.includes('->')) throw new NotImplemented(`filters on JSON paths (${key})`);
  if (key.includes('.')) throw new NotImplemented(`filters on embedded resources (${key})`);
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operatorText = dot === -1 ? rest : rest.slice(0, dot);
  const value = dot === -1 ? '' : rest.slice(dot + 1);
  const modifier = /^(\w+)\((any|all)\)$/.exec(operatorText);
  if (modifier) throw new NotImplemented(`the (${modifier[2]}) filter modifier (${key}=${raw})`);
  const fullText = /^(fts|plfts|phfts|wfts)\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(operatorText);
  if (fullText && dot !== -1) {
    const operator = fullText[1] as FilterOperator;
    return { column: unquote(key), negate, operator, value, language: fullText[2] as string };
  }
  if (UNSUPPORTED_OPERATORS.has(operatorText)) {
    throw new NotImplemented(`the "${operatorText}" filter operator (${key}=${raw})`);
  }
  if (dot === -1 || !OPERATORS.has(operatorText as FilterOperator)) {
    throw new BadQuery(
      `"failed to parse filter (${raw})" (line 1, column 1)`,
      `unexpected "${operatorText}"`,
    );
  }
  const operator = operatorText as FilterOperator;
  const column = unquote(key);
  if (operator === 'in') return { column, negate, operator, value: parseInList(value, raw) };
  if (operator === 'is') {
    const keyword = value.toLowerCase();
    if (!IS_VALUES.has(keyword)) {
      throw new BadQuery(
        `"failed to parse filter (${raw})" (line 1, column 1)`,
        `unexpected "${value}"`,
      );
    }
    return { column, negate, operator, value: keyword };
  }
  return { column, negate, operator, value };
}

/** Parses `(a,b,"c,d")` the way PostgREST does: quotes protect commas, backslash escapes. */
export function parseInList(value: string, raw = value): string[] {
  const trimmed = value.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) {
    throw new BadQuery(`"failed to parse filter (${raw})" (line 1, column 1)`, 'expecting "("');
  }
  const inner = trimmed.slice(1, -1);
  if (inner.trim() === '') return [];
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i] as string;
    if (char === '\\' && i + 1 < inner.length) {
      current += inner[++i];
    } else if (char === '"') {
      quoted = !quoted;
      wasQuoted = true;
    } else if (char === ',' && !quoted) {
      items.push(wasQuoted ? current : current.trim());
      current = '';
      wasQuoted = false;
    } else {
      current += char;
    }
  }
  if (quoted) throw new BadQuery(`"failed to parse filter (${raw})"`, 'unterminated quote');
  items.push(wasQuoted ? current : current.trim());
  return items;
}

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missing: 'default' | 'null' | undefined;
  tx: 'commit' | 'rollback' | undefined;
  handling: 'strict' | 'lenient' | undefined;
  /** `max-affected=n`: enforced on PATCH, DELETE and set-returning rpc under handling=strict only. */
  maxAffected: number | undefined;
  invalid: string[]; // not understood: handling=strict refuses them (PGRST122)
}

/** Reads every `Prefer` header; unknown ones are kept aside for handling=strict (rest.ts). */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = {
    return: undefined,
    count: undefined,
    resolution: undefined,
    missing: undefined,
    tx: undefined,
    handling: undefined,
    maxAffected: undefined,
    invalid: [],
  };
  const values = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  for (const entry of values) {
    const [name, value] = entry
      .trim()
      .split('=')
      .map((part) => part.trim()) as [string, string | undefined];
    if (
      name === 'return' &&
      (value === 'minimal' || value === 'representation' || value === 'headers-only')
    ) {
      prefs.return = value;
    } else if (
      name === 'count' &&
      (value === 'exact' || value === 'planned' || value === 'estimated')
    ) {
      prefs.count = value;
    } else if (
      name === 'resolution' &&
      (value === 'merge-duplicates' || value === 'ignore-duplicates')
    ) {
      prefs.resolution = value;
    } else if (name === 'missing' && (value === 'default' || value === 'null')) {
      prefs.missing = value;
    } else if (name === 'tx' && (value === 'commit' || value === 'rollback')) {
      prefs.tx = value;
    } else if (name === 'handling' && (value === 'strict' || value === 'lenient')) {
      prefs.handling = value;
    } else if (name === 'max-affected' && value !== undefined && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value);
    } else if (name !== '') {
      prefs.invalid.push(entry.trim());
    }
  }
  return prefs;
}

/** Parses a `columns` or `on_conflict` list (`a,b` or `"a","b"`). */
export function parseColumnList(value: string): string[] {
  return splitTopLevel(value, ',')
    .map((item) => unquote(item.trim()))
    .filter((item) => item !== '');
}

function unquote(name: string): string {
  return name.length >= 2 && name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1) : name;
}

/** Splits on `separator` outside parentheses and double quotes. */
function splitTopLevel(value: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of value) {
    if (char === '"') quoted = !quoted;
    if (!quoted && char === '(') depth++;
    if (!quoted && char === ')') depth--;
    if (!quoted && depth === 0 && char === separator) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}
