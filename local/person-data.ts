import type { Database, Queryable } from './db.ts';

/**
 * Everything the database holds about one person, found by phone number, for an access or
 * portability request (`npm run admin -- export --phone <n>`) and for erasure
 * (`npm run admin -- erase --phone <n>`). A person is every lead whose number is the same number as
 * the one asked for (public.canonical_phone, so 0501234567 with +966 and 00966501234567 match), their
 * inbox requests, and the rows of every table that references those through a foreign key, found
 * from the catalog so tables added later (timeline, mail outbox, …) are included without a change
 * here. Runs as the database owner, like the other admin commands.
 */

export interface PersonTables {
  /** Rows by "schema.table", each row as the database's own JSON of it. */
  [table: string]: Record<string, unknown>[];
}

export interface PersonData {
  /** The number as given and as compared (international digits). */
  phone: string;
  canonicalPhone: string;
  exportedAt: string;
  tables: PersonTables;
}

/** A foreign key from `table.column` to `references.referencedColumn` (single-column keys). */
interface Reference {
  table: string;
  column: string;
  references: string;
  referencedColumn: string;
}

const LEADS = 'public.offer_leads';
const REQUESTS = 'public.contact_requests';

/** Quotes "schema.table" for SQL. */
function quoteTable(name: string): string {
  return name
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');
}

const quoteColumn = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every single-column foreign key in the database, from the catalog. */
async function foreignKeys(db: Queryable): Promise<Reference[]> {
  const { rows } = await db.query<Reference>(
    `select
       format('%s.%s', child_ns.nspname, child.relname) as "table",
       child_col.attname as "column",
       format('%s.%s', parent_ns.nspname, parent.relname) as "references",
       parent_col.attname as "referencedColumn"
     from pg_catalog.pg_constraint as fk
     join pg_catalog.pg_class as child on child.oid = fk.conrelid
     join pg_catalog.pg_namespace as child_ns on child_ns.oid = child.relnamespace
     join pg_catalog.pg_class as parent on parent.oid = fk.confrelid
     join pg_catalog.pg_namespace as parent_ns on parent_ns.oid = parent.relnamespace
     join pg_catalog.pg_attribute as child_col
       on child_col.attrelid = fk.conrelid and child_col.attnum = fk.conkey[1]
     join pg_catalog.pg_attribute as parent_col
       on parent_col.attrelid = fk.confrelid and parent_col.attnum = fk.confkey[1]
     where fk.contype = 'f' and cardinality(fk.conkey) = 1`,
  );
  return rows;
}

/** The international digits of a number as typed (+966 50…, 00966…, 966…). */
async function canonical(db: Queryable, phone: string): Promise<string> {
  const { rows } = await db.query<{ digits: string }>(
    `select public.canonical_phone(null, $1) as digits`,
    [phone],
  );
  return rows[0]?.digits ?? '';
}

/**
 * Collects the person's rows: their leads and requests by number, then, table by table, every row
 * that references a row already collected (any depth). Returns the tables in the order found.
 */
async function collect(
  db: Queryable,
  phone: string,
): Promise<{ canonicalPhone: string; tables: PersonTables }> {
  const canonicalPhone = await canonical(db, phone);
  if (canonicalPhone.length < 6) {
    throw new PersonDataError(
      `"${phone}" is not a phone number to search by (at least 6 digits, with the country code).`,
    );
  }
  const tables: PersonTables = {};
  const { rows: leads } = await db.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(lead) as row from public.offer_leads as lead
     where public.canonical_phone(lead.country_code, lead.phone) = $1
     order by lead.created_at, lead.id`,
    [canonicalPhone],
  );
  tables[LEADS] = leads.map(({ row }) => row);
  const leadIds = tables[LEADS].map((row) => String(row['id']));
  const { rows: requests } = await db.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(request) as row from public.contact_requests as request
     where request.lead_id = any($1::uuid[])
        or public.canonical_phone(request.country_code, request.phone) = $2
     order by request.created_at, request.id`,
    [leadIds, canonicalPhone],
  );
  tables[REQUESTS] = requests.map(({ row }) => row);

  const references = await foreignKeys(db);
  // Breadth first from the leads and requests; a table reached twice is read once per key.
  const queue = [LEADS, REQUESTS];
  const seenKeys = new Set<string>();
  while (queue.length) {
    const parent = queue.shift()!;
    for (const ref of references.filter((candidate) => candidate.references === parent)) {
      const key = `${ref.table}.${ref.column}`;
      if (seenKeys.has(key) || ref.table === LEADS || ref.table === REQUESTS) continue;
      seenKeys.add(key);
      const values = (tables[parent] ?? []).map((row) => row[ref.referencedColumn]);
      if (!values.length) continue;
      const { rows } = await db.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(t) as row from ${quoteTable(ref.table)} as t
         where t.${quoteColumn(ref.column)}::text = any($1::text[])`,
        [values.map((value) => String(value))],
      );
      const existing = tables[ref.table] ?? [];
      const known = new Set(existing.map((row) => JSON.stringify(row)));
      tables[ref.table] = [
        ...existing,
        ...rows.map(({ row }) => row).filter((row) => !known.has(JSON.stringify(row))),
      ];
      queue.push(ref.table);
    }
  }
  return { canonicalPhone, tables };
}

export class PersonDataError extends Error {}

/** Every row about the person with this number, as JSON-ready data. */
export async function exportPerson(db: Queryable, phone: string): Promise<PersonData> {
  const { canonicalPhone, tables } = await collect(db, phone);
  return { phone, canonicalPhone, exportedAt: new Date().toISOString(), tables };
}

/** How many rows each table holds about the person (what `erase` would erase). */
export async function countPerson(
  db: Queryable,
  phone: string,
): Promise<{ canonicalPhone: string; counts: Record<string, number> }> {
  const { canonicalPhone, tables } = await collect(db, phone);
  return { canonicalPhone, counts: countsOf(tables) };
}

function countsOf(tables: PersonTables): Record<string, number> {
  return Object.fromEntries(Object.entries(tables).map(([table, rows]) => [table, rows.length]));
}

/**
 * Erases everything about the person in one transaction: their leads (a lead's request and every
 * row referencing either go with it, on delete cascade) and any request with their number. Returns
 * what was erased, per table; afterwards nothing about the number is left, or nothing is erased at
 * all (a table that refuses the cascade rolls the whole erasure back with its name in the error).
 */
export async function erasePerson(
  db: Database,
  phone: string,
): Promise<{ canonicalPhone: string; counts: Record<string, number> }> {
  return db.transaction(async (tx) => {
    const { canonicalPhone, tables } = await collect(tx, phone);
    const leadIds = (tables[LEADS] ?? []).map((row) => String(row['id']));
    const requestIds = (tables[REQUESTS] ?? []).map((row) => String(row['id']));
    await tx.query(`delete from public.contact_requests where id = any($1::uuid[])`, [requestIds]);
    await tx.query(`delete from public.offer_leads where id = any($1::uuid[])`, [leadIds]);
    const left = await collect(tx, phone);
    const remaining = Object.entries(countsOf(left.tables)).filter(([, count]) => count > 0);
    if (remaining.length) {
      throw new PersonDataError(
        `Rows are left after the erasure (${remaining.map(([table, count]) => `${table}: ${count}`).join(', ')}); nothing was erased.`,
      );
    }
    return { canonicalPhone, counts: countsOf(tables) };
  });
}

/** "public.offer_leads: 2, public.contact_requests: 2" for messages. */
export function describeCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  return `${total} row${total === 1 ? '' : 's'} (${entries.map(([table, count]) => `${table}: ${count}`).join(', ')})`;
}
