import type { Queryable } from './db.ts';

/**
 * Finding a person's rows (local/person-data.ts exports and erases them): their leads and requests
 * by number, the requests merged with those, every row referencing them through a foreign key,
 * rows kept per number elsewhere, and the Realtime copies of their broadcasts.
 */

export interface PersonTables {
  /** Rows by "schema.table", each row as the database's own JSON of it. */
  [table: string]: Record<string, unknown>[];
}

export class PersonDataError extends Error {}

/** A foreign key from `table.column` to `references.referencedColumn` (single-column keys). */
interface Reference {
  table: string;
  column: string;
  references: string;
  referencedColumn: string;
}

export const LEADS = 'public.offer_leads';
export const REQUESTS = 'public.contact_requests';

/** Quotes "schema.table" for SQL. */
export function quoteTable(name: string): string {
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

/** A request that may be the person's: a national-only number with the same national digits. */
export interface PossibleMatch {
  requestId: string;
  leadId: string;
  name: string;
  phone: string;
  countryCode: string | null;
  createdAt: string;
}

interface Seeds {
  leadIds: string[];
  requestIds: string[];
  possible: PossibleMatch[];
}

/**
 * The person's leads and requests: every one whose number is the number asked for, every request
 * staff merged into one person with those (person_id), their leads; and the POSSIBLE matches
 * (public.same_national_digits: a number stored without a country code whose digits are the
 * national part of the number asked for, or the other way round), added only when the operator
 * confirmed them (`includePossible`).
 */
async function findPerson(
  db: Queryable,
  canonicalPhone: string,
  includePossible: boolean,
): Promise<Seeds> {
  const { rows: exact } = await db.query<{ id: string; lead_id: string }>(
    `with direct as (
       select r.id, r.lead_id, r.person_id from public.contact_requests r
       where r.phone_key = $1
          or r.lead_id in (
            select l.id from public.offer_leads l
            where public.canonical_phone(l.country_code, l.phone) = $1
          )
     )
     select id::text, lead_id::text from direct
     union
     select r.id::text, r.lead_id::text from public.contact_requests r
     where r.person_id in (select d.person_id from direct d where d.person_id is not null)`,
    [canonicalPhone],
  );
  const { rows: leads } = await db.query<{ id: string }>(
    `select l.id::text from public.offer_leads l
     where public.canonical_phone(l.country_code, l.phone) = $1`,
    [canonicalPhone],
  );
  const { rows: possible } = await db.query<PossibleMatch>(
    `select r.id::text as "requestId", r.lead_id::text as "leadId", r.name, r.phone,
            r.country_code as "countryCode", r.created_at::text as "createdAt"
     from public.contact_requests r
     where not (r.id = any($2::uuid[]))
       and (
         (nullif(r.country_code, '') is null and public.same_national_digits($1, r.phone_key))
         or public.same_national_digits(r.phone_key, $1)
       )
     order by r.created_at, r.id`,
    [canonicalPhone, exact.map((row) => row.id)],
  );
  const confirmed = includePossible ? possible : [];
  return {
    leadIds: [
      ...new Set([
        ...leads.map((row) => row.id),
        ...exact.map((row) => row.lead_id),
        ...confirmed.map((row) => row.leadId),
      ]),
    ],
    requestIds: [
      ...new Set([...exact.map((row) => row.id), ...confirmed.map((row) => row.requestId)]),
    ],
    possible: includePossible ? [] : possible,
  };
}

/** Base tables other than the inbox with a phone_key column (rows kept per phone number). */
export async function phoneKeyedTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%s.%s', c.table_schema, c.table_name) as name
     from information_schema.columns c
     join information_schema.tables t
       on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.column_name = 'phone_key' and t.table_type = 'BASE TABLE'
       and c.table_schema not in ('pg_catalog', 'information_schema')
       and format('%s.%s', c.table_schema, c.table_name) <> $1
     order by 1`,
    [REQUESTS],
  );
  return rows.map((row) => row.name);
}

/** The copies hosted Realtime keeps of staff broadcasts (realtime.messages), when it exists. */
export const REALTIME = 'realtime.messages';

export async function hasRealtimeMessages(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `select to_regclass('realtime.messages') is not null as found`,
  );
  return rows[0]?.found === true;
}

/**
 * Broadcasts of a row change of any of `ids` (a lead or request), as the staff topics carry, and
 * those about a request's files (staff:request_files carries the request's id, issue 30), and
 * the quotes' broadcasts about one of those requests (staff:quotes names its request_id).
 */
export const realtimeCopies = `payload -> 'record' ->> 'id' = any($1::text[])
  or payload -> 'old_record' ->> 'id' = any($1::text[])
  or payload ->> 'request_id' = any($1::text[])`;

/**
 * Collects the person's rows: their leads and requests (findPerson), then, table by table, every
 * row that references a row already collected (any depth), and the Realtime copies of their
 * leads and requests. Returns the tables in the order found.
 */
export async function collect(
  db: Queryable,
  phone: string,
  includePossible: boolean,
): Promise<{ canonicalPhone: string; tables: PersonTables; possible: PossibleMatch[] }> {
  const canonicalPhone = await canonical(db, phone);
  if (canonicalPhone.length < 6) {
    throw new PersonDataError(
      `"${phone}" is not a phone number to search by (at least 6 digits, with the country code).`,
    );
  }
  const seeds = await findPerson(db, canonicalPhone, includePossible);
  const tables: PersonTables = {};
  const rowsOf = async (table: string, ids: string[]) =>
    (
      await db.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(t) as row from ${table} as t where t.id = any($1::uuid[])
         order by t.created_at, t.id`,
        [ids],
      )
    ).rows.map(({ row }) => row);
  tables[LEADS] = await rowsOf(LEADS, seeds.leadIds);
  tables[REQUESTS] = await rowsOf(REQUESTS, seeds.requestIds);
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
  // Rows kept per number outside those references (the lead limits' recent submissions…): every
  // other table with a phone_key column, by the person's numbers.
  const keys = [
    canonicalPhone,
    ...(tables[REQUESTS] ?? []).map((row) =>
      typeof row['phone_key'] === 'string' ? row['phone_key'] : '',
    ),
  ].filter(Boolean);
  for (const table of await phoneKeyedTables(db)) {
    const { rows } = await db.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(t) as row from ${quoteTable(table)} as t
       where t.phone_key = any($1::text[])`,
      [[...new Set(keys)]],
    );
    tables[table] = rows.map(({ row }) => row);
  }
  if (await hasRealtimeMessages(db)) {
    const ids = [...seeds.leadIds, ...seeds.requestIds];
    const { rows } = await db.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(m) as row from realtime.messages as m where ${realtimeCopies} order by m.id`,
      [ids],
    );
    tables[REALTIME] = rows.map(({ row }) => row);
  }
  return { canonicalPhone, tables, possible: seeds.possible };
}
