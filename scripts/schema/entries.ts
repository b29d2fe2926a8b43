/**
 * Reading `pg_dump --schema-only` output as entries (one per `-- Name: …; Type: …` header) and
 * assigning each entry to the object whose file holds it in supabase/schemas/ (./dump.ts): a table
 * with its columns' defaults, constraints, indexes, triggers, row security, policies, comments and
 * grants; a function (all its overloads) with its grants and comment; a type, a view, a schema.
 */

export interface DumpEntry {
  name: string;
  type: string;
  schema: string;
  /** The entry's SQL, without the header comment. */
  sql: string;
}

const HEADER = /^-- Name: (.*); Type: (.*); Schema: (.*); Owner: .*$/;

/** The dump's entries in the dump's order (the preamble of SET statements is dropped). */
export function parseDump(dump: string): DumpEntry[] {
  const entries: DumpEntry[] = [];
  const lines = dump.split('\n');
  let current: DumpEntry | undefined;
  for (let i = 0; i < lines.length; i++) {
    const header = HEADER.exec(lines[i]!);
    if (header) {
      current = { name: header[1]!, type: header[2]!, schema: header[3]!, sql: '' };
      entries.push(current);
      // The header is framed by `--` lines and followed by a blank line.
      i += 2;
      continue;
    }
    if (!current) continue;
    const line = lines[i]!;
    // The next entry's framing line, pg_dump's closing comments and its psql meta-commands
    // (`\restrict`, `\unrestrict`).
    if (line === '--' || line.startsWith('-- PostgreSQL database dump') || line.startsWith('\\'))
      continue;
    current.sql += `${line}\n`;
  }
  for (const entry of entries) {
    entry.sql = `${entry.sql.trim()}\n`;
    // A migration may redefine a function the bootstrap made (realtime.topic): replaced, not made.
    if (entry.type === 'FUNCTION' || entry.type === 'PROCEDURE' || entry.type === 'VIEW')
      entry.sql = entry.sql.replace(/^CREATE (FUNCTION|PROCEDURE|VIEW) /, 'CREATE OR REPLACE $1 ');
  }
  return entries.filter((entry) => entry.sql.trim() !== '');
}

/** An entry as one comparable text (what the schema test compares as a multiset). */
export const entryText = (entry: DumpEntry) =>
  `-- ${entry.type} ${entry.schema}.${entry.name}\n${entry.sql}`;

const TABLE_PARTS = new Set([
  'TABLE',
  'DEFAULT',
  'CONSTRAINT',
  'CHECK CONSTRAINT',
  'FK CONSTRAINT',
  'POLICY',
  'TRIGGER',
  'ROW SECURITY',
  'SEQUENCE OWNED BY',
]);

/** The file an entry belongs to, as `<kind>-<schema>.<name>` (kind: table, function, type…). */
export function ownerOf(entry: DumpEntry): string {
  const { type, schema, name, sql } = entry;
  const firstWord = name.split(' ')[0]!;
  if (TABLE_PARTS.has(type)) return `table-${schema}.${firstWord}`;
  if (type === 'INDEX') {
    const on = / ON (?:ONLY )?([\w"]+)\.([\w"]+)/.exec(sql);
    return on ? `table-${on[1]}.${on[2]}` : `index-${schema}.${name}`;
  }
  if (type === 'SEQUENCE') {
    // An identity column's sequence, or a serial's (owned by its column).
    const owned =
      /^ALTER TABLE (?:ONLY )?([\w"]+)\.([\w"]+) ALTER COLUMN/.exec(sql) ??
      /OWNED BY ([\w"]+)\.([\w"]+)\./.exec(sql);
    return owned ? `table-${owned[1]}.${owned[2]}` : `sequence-${schema}.${name}`;
  }
  if (type === 'FUNCTION' || type === 'PROCEDURE')
    return `function-${schema}.${name.split('(')[0]}`;
  if (type === 'ACL' || type === 'COMMENT') {
    const [kind, ...rest] = name.split(' ');
    const object = rest.join(' ');
    switch (kind) {
      case 'TABLE':
        return `table-${schema}.${object}`;
      case 'COLUMN':
        return `table-${schema}.${object.split('.')[0]}`;
      case 'FUNCTION':
      case 'PROCEDURE':
        return `function-${schema}.${object.split('(')[0]}`;
      case 'SEQUENCE':
        return `sequence-${schema}.${object}`;
      case 'SCHEMA':
        return `schema-${object}`;
      case 'TYPE':
        return `type-${schema}.${object}`;
      case 'VIEW':
        return `view-${schema}.${object}`;
      default:
        return `${kind!.toLowerCase()}-${schema === '-' ? '' : `${schema}.`}${object}`;
    }
  }
  if (type === 'SCHEMA') return `schema-${name}`;
  if (type === 'VIEW' || type === 'MATERIALIZED VIEW') return `view-${schema}.${name}`;
  if (type === 'PUBLICATION TABLE') return `publication-${firstWord}`;
  return `${type.toLowerCase().replaceAll(' ', '-')}-${schema === '-' ? '' : `${schema}.`}${name}`;
}

/** Parts of a table that name other objects: moved to the table's `links-` file on a cycle. */
export const LINK_TYPES = new Set(['FK CONSTRAINT', 'POLICY', 'TRIGGER']);

/** Entries grouped by file, files in the order of their first entry in the dump. */
export function groupEntries(entries: DumpEntry[]): Map<string, DumpEntry[]> {
  const files = new Map<string, DumpEntry[]>();
  for (const entry of entries) {
    const owner = ownerOf(entry);
    const list = files.get(owner) ?? [];
    list.push(entry);
    files.set(owner, list);
  }
  // pg_dump names a view's grants `TABLE <view>`: they belong with the view.
  for (const [owner, list] of files) {
    const view = owner.replace(/^table-/, 'view-');
    if (owner.startsWith('table-') && files.has(view) && !list.some((e) => e.type === 'TABLE')) {
      files.get(view)!.push(...list);
      files.delete(owner);
    }
  }
  return files;
}
