import type { Database, Queryable } from './db.ts';

/**
 * Everything the database holds about one person, found by phone number, for an access or
 * portability request (`npm run admin -- export --phone <n>`) and for erasure
 * (`npm run admin -- erase --phone <n>`). A person is every lead and request whose number is the
 * same number as the one asked for (public.canonical_phone, so 0501234567 with +966 and
 * 00966501234567 match), the requests staff merged with those, the rows of every table that
 * references a lead or request through a foreign key (found from the catalog, so the timeline, the
 * mail outbox and tables added later are included without a change here), and the copies hosted
 * Realtime keeps of their broadcasts (realtime.messages). A number stored without a country code
 * with the same national digits is a POSSIBLE match: listed, and included only when the operator
 * confirms it (`--include-possible`). Runs as the database owner, like the other admin commands.
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
  /** Requests that may be the person's, not included until the operator confirms them. */
  possibleMatches: PossibleMatch[];
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
async function phoneKeyedTables(db: Queryable): Promise<string[]> {
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
const REALTIME = 'realtime.messages';

async function hasRealtimeMessages(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `select to_regclass('realtime.messages') is not null as found`,
  );
  return rows[0]?.found === true;
}

/** Broadcasts of a row change of any of `ids` (a lead or request), as the staff topics carry. */
const realtimeCopies = `payload -> 'record' ->> 'id' = any($1::text[])
  or payload -> 'old_record' ->> 'id' = any($1::text[])`;

/**
 * Collects the person's rows: their leads and requests (findPerson), then, table by table, every
 * row that references a row already collected (any depth), and the Realtime copies of their
 * leads and requests. Returns the tables in the order found.
 */
async function collect(
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
    ...(tables[REQUESTS] ?? []).map((row) => String(row['phone_key'] ?? '')),
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

export class PersonDataError extends Error {}

export interface PersonOptions {
  /** The operator checked the possible matches and confirms they are this person. */
  includePossible?: boolean;
}

/** Every row about the person with this number, as JSON-ready data. */
export async function exportPerson(
  db: Queryable,
  phone: string,
  options: PersonOptions = {},
): Promise<PersonData> {
  const { canonicalPhone, tables, possible } = await collect(
    db,
    phone,
    options.includePossible ?? false,
  );
  return {
    phone,
    canonicalPhone,
    exportedAt: new Date().toISOString(),
    tables,
    possibleMatches: possible,
  };
}

/** How many rows each table holds about the person (what `erase` would erase). */
export async function countPerson(
  db: Queryable,
  phone: string,
  options: PersonOptions = {},
): Promise<{ canonicalPhone: string; counts: Record<string, number>; possible: PossibleMatch[] }> {
  const { canonicalPhone, tables, possible } = await collect(
    db,
    phone,
    options.includePossible ?? false,
  );
  return { canonicalPhone, counts: countsOf(tables), possible };
}

function countsOf(tables: PersonTables): Record<string, number> {
  return Object.fromEntries(Object.entries(tables).map(([table, rows]) => [table, rows.length]));
}

/**
 * Erases everything about the person in one transaction: their leads and requests (every row
 * referencing either goes with them, on delete cascade), and every Realtime copy of their rows.
 * The staff screens still hear of the erasure: each erased row's delete is broadcast again with
 * its id, dates, status and source only, nothing that names or reaches the person. Possible
 * matches are erased only when confirmed (`includePossible`). Returns what was erased, per table;
 * afterwards nothing about the number is left, or nothing is erased at all.
 */
export async function erasePerson(
  db: Database,
  phone: string,
  options: PersonOptions = {},
): Promise<{ canonicalPhone: string; counts: Record<string, number>; possible: PossibleMatch[] }> {
  const includePossible = options.includePossible ?? false;
  return db.transaction(async (tx) => {
    const { canonicalPhone, tables, possible } = await collect(tx, phone, includePossible);
    const leadIds = (tables[LEADS] ?? []).map((row) => String(row['id']));
    const requestIds = (tables[REQUESTS] ?? []).map((row) => String(row['id']));
    await tx.query(`delete from public.contact_requests where id = any($1::uuid[])`, [requestIds]);
    await tx.query(`delete from public.offer_leads where id = any($1::uuid[])`, [leadIds]);
    for (const table of await phoneKeyedTables(tx)) {
      const keys = [...new Set((tables[table] ?? []).map((row) => String(row['phone_key'])))];
      await tx.query(`delete from ${quoteTable(table)} where phone_key = any($1::text[])`, [keys]);
    }
    if (await hasRealtimeMessages(tx)) {
      // The copies made before, and the full rows the deletes above just broadcast.
      await tx.query(`delete from realtime.messages where ${realtimeCopies}`, [
        [...leadIds, ...requestIds],
      ]);
      await rebroadcastDeletes(tx, tables);
    }
    const left = await collect(tx, phone, includePossible);
    const remaining = Object.entries(countsOf(left.tables)).filter(([, count]) => count > 0);
    if (remaining.length) {
      throw new PersonDataError(
        `Rows are left after the erasure (${remaining.map(([table, count]) => `${table}: ${count}`).join(', ')}); nothing was erased.`,
      );
    }
    return { canonicalPhone, counts: countsOf(tables), possible };
  });
}

/** The columns a staff screen needs to drop an erased row and its counters (no personal data). */
const broadcastColumns: Record<string, string[]> = {
  [REQUESTS]: [
    'id',
    'lead_id',
    'created_at',
    'status',
    'service',
    'source',
    'assigned_to',
    'follow_up_at',
    'version',
  ],
  [LEADS]: ['id', 'created_at', 'source'],
};

async function rebroadcastDeletes(tx: Queryable, tables: PersonTables): Promise<void> {
  const { rows } = await tx.query<{ found: boolean }>(
    `select to_regprocedure('realtime.send(jsonb, text, text, boolean)') is not null as found`,
  );
  if (!rows[0]?.found) return;
  for (const [table, columns] of Object.entries(broadcastColumns)) {
    const name = table.split('.')[1]!;
    for (const row of tables[table] ?? []) {
      const old = Object.fromEntries(columns.map((column) => [column, row[column] ?? null]));
      await tx.query(`select realtime.send($1::jsonb, 'DELETE', $2, true)`, [
        JSON.stringify({
          schema: 'public',
          table: name,
          operation: 'DELETE',
          record: null,
          old_record: old,
        }),
        `staff:${name}`,
      ]);
    }
  }
}

/** "public.offer_leads: 2, public.contact_requests: 2" for messages. */
export function describeCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  return `${total} row${total === 1 ? '' : 's'} (${entries.map(([table, count]) => `${table}: ${count}`).join(', ')})`;
}

/** The possible matches, one line each, for the operator to check. */
export function describePossible(possible: PossibleMatch[]): string {
  return possible
    .map(
      (match) =>
        `  request ${match.requestId}: ${match.name}, ${match.countryCode ?? '(no country code)'} ${match.phone}, ${match.createdAt}`,
    )
    .join('\n');
}
