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

import type { Database, Queryable } from './db.ts';
import {
  collect,
  hasRealtimeMessages,
  PersonDataError,
  LEADS,
  phoneKeyedTables,
  quoteTable,
  REQUESTS,
  type PersonTables,
  type PossibleMatch,
} from './person-rows.ts';

export { PersonDataError, type PersonTables, type PossibleMatch };

export interface PersonData {
  /** The number as given and as compared (international digits). */
  phone: string;
  canonicalPhone: string;
  exportedAt: string;
  tables: PersonTables;
  /** Requests that may be the person's, not included until the operator confirms them. */
  possibleMatches: PossibleMatch[];
}

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
      // The copies made before, and the full rows the deletes above just broadcast, go; each row
      // is broadcast again as a DELETE without personal data (the same function the retention
      // job uses, 20261127140100_retention_clears_realtime_copies.sql).
      await tx.query(`select private.clear_realtime_copies($1::jsonb, $2::jsonb)`, [
        JSON.stringify(slimRows(tables, LEADS)),
        JSON.stringify(slimRows(tables, REQUESTS)),
      ]);
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

/** The erased rows of `table` with only the columns a staff screen needs to drop them. */
function slimRows(tables: PersonTables, table: string): Record<string, unknown>[] {
  const columns = broadcastColumns[table] ?? ['id'];
  return (tables[table] ?? []).map((row) =>
    Object.fromEntries(columns.map((column) => [column, row[column] ?? null])),
  );
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
