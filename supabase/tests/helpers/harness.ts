import { readFileSync } from 'node:fs';
import { afterAll, expect, inject } from 'vitest';
import {
  isPgError,
  openPglite,
  openPostgres,
  type Database,
  type Queryable,
} from '../../../local/db.ts';
import { prepareDatabase } from '../../../local/migrate.ts';
import { applyRoleStatementTimeout } from '../../../local/rest.ts';
import { postgresAt, startTestPostgres, stopTestPostgres } from './postgres.ts';

/**
 * The SQL behaviour tests run the same assertions against every available backend: PGlite always,
 * and a real PostgreSQL when one can be started (see postgres.ts). Each test gets a database of its
 * own with the local bootstrap and all migrations applied, exactly as the local server prepares it.
 * The migrated database is made once per run (global-setup.ts) and copied: a PGlite dump loaded
 * into a new PGlite, a PostgreSQL template database. prepareDatabase() still runs on each copy and
 * finds nothing to do.
 */

export interface Backend {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

let dump: Blob | undefined;

/**
 * `{ loadDataDir }` with the run's migrated PGlite dump (global-setup.ts), read once per test file;
 * empty when the run has none, and PGlite then starts empty and is migrated.
 */
export function migratedDumpOption(): { loadDataDir?: Blob } {
  const path = inject('pgliteSnapshot');
  if (path && !dump) dump = new Blob([readFileSync(path)]);
  return dump ? { loadDataDir: dump } : {};
}

/** A new in-memory PGlite, migrated: from the run's dump when there is one. */
export async function openMigratedPglite(): Promise<Database> {
  const db = await openPglite(null, migratedDumpOption());
  await prepareDatabase(db);
  return db;
}

export async function sqlBackends(): Promise<Backend[]> {
  const backends: Backend[] = [{ name: 'pglite', open: openMigratedPglite }];
  const shared = inject('postgresTemplate');
  if (shared !== undefined) {
    // The run's shared server (global-setup.ts); null when PostgreSQL is not available.
    const server = shared && (await postgresAt(shared.url));
    if (server && shared) {
      backends.push({
        name: 'postgres',
        async open() {
          const db = await openPostgres(await server.createDatabase(shared.template));
          await prepareDatabase(db);
          return db;
        },
      });
    }
    return backends;
  }
  // Without the global setup (a config that does not name it): a server of this file's own.
  const server = await startTestPostgres();
  afterAll(stopTestPostgres);
  if (server) {
    backends.push({
      name: 'postgres',
      async open() {
        const db = await openPostgres(await server.createDatabase());
        await prepareDatabase(db);
        return db;
      },
    });
  }
  return backends;
}

/** Who runs a statement: the API role plus, for signed-in users, their auth user id. */
export type Actor = (
  | { role: 'anon' }
  | { role: 'authenticated'; sub: string; session_id?: string }
  | { role: 'service_role' }
) & {
  /** The client's address, passed as the API gateway does (X-Forwarded-For in request.headers). */
  address?: string;
};

export const anon: Actor = { role: 'anon' };
export const serviceRole: Actor = { role: 'service_role' };

/**
 * Runs `fn` in a transaction the way PostgREST runs a request: `set local role` plus
 * `request.jwt.claims`, so RLS, grants and auth.uid() behave as they do over the API.
 */
export function as<T>(db: Database, actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // Signed-in users carry their auth session id, as GoTrue's access tokens do.
    const claims =
      actor.role === 'authenticated'
        ? { role: actor.role, sub: actor.sub, session_id: actor.session_id }
        : { role: actor.role };
    const headers = actor.address === undefined ? {} : { 'x-forwarded-for': actor.address };
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.headers', $3, true)`,
      [actor.role, JSON.stringify(claims), JSON.stringify(headers)],
    );
    // The role's production statement timeout (anon 3 s, authenticated 8 s), as over the API.
    if (db.kind === 'postgres') await applyRoleStatementTimeout(tx, actor.role);
    return fn(tx);
  });
}

/**
 * A signed-in (anonymous) auth user, as auth.signInAnonymously() creates one: the user, its auth
 * session and a live refresh token. The actor's token carries the session id.
 */
export async function createUser(
  db: Database,
): Promise<Actor & { role: 'authenticated'; session_id: string }> {
  const { rows } = await db.query<{ id: string; session_id: string }>(
    `with new_user as (
       insert into auth.users (id, aud, role, is_anonymous, raw_app_meta_data)
       values (gen_random_uuid(), 'authenticated', 'authenticated', true, '{"provider":"anonymous"}')
       returning id
     ), new_session as (
       insert into auth.sessions (id, user_id) select gen_random_uuid(), id from new_user
       returning id, user_id
     ), new_token as (
       insert into auth.refresh_tokens (token, user_id, session_id)
       select gen_random_uuid()::text, user_id::text, id from new_session
     )
     select user_id::text as id, id::text as session_id from new_session`,
  );
  const row = rows[0] as { id: string; session_id: string };
  return { role: 'authenticated', sub: row.id, session_id: row.session_id };
}

/** A second auth session (another sign-in) of the same user; its token carries the new id. */
export async function createSession(
  db: Database,
  user: { sub: string },
): Promise<Actor & { role: 'authenticated'; session_id: string }> {
  const { rows } = await db.query<{ id: string }>(
    `with new_session as (
       insert into auth.sessions (id, user_id) values (gen_random_uuid(), $1::uuid)
       returning id, user_id
     ), new_token as (
       insert into auth.refresh_tokens (token, user_id, session_id)
       select gen_random_uuid()::text, user_id::text, id from new_session
     )
     select id::text from new_session`,
    [user.sub],
  );
  return { role: 'authenticated', sub: user.sub, session_id: (rows[0] as { id: string }).id };
}

/** A staff account; an owner unless `role` says otherwise (as create_admin without a role). */
export async function createAdmin(
  db: Database,
  username: string,
  password: string,
  role: 'owner' | 'coordinator' = 'owner',
): Promise<void> {
  await db.query(`select private.create_admin($1, $2, $3)`, [username, password, role]);
}

/** Calls admin_login as `user`; resolves to its boolean result. */
export async function adminLogin(
  db: Database,
  user: Actor,
  username: string,
  password: string,
): Promise<boolean> {
  return as(db, user, async (tx) => {
    const { rows } = await tx.query<{ ok: boolean }>(`select public.admin_login($1, $2) as ok`, [
      username,
      password,
    ]);
    return rows[0]?.ok === true;
  });
}

/** A signed-in user holding a live admin session. */
export async function createLiveAdmin(
  db: Database,
  username = 'staff',
  password = 'correct horse battery',
  role: 'owner' | 'coordinator' = 'owner',
): Promise<Actor & { role: 'authenticated' }> {
  await createAdmin(db, username, password, role);
  const user = await createUser(db);
  expect(await adminLogin(db, user, username, password)).toBe(true);
  return user;
}

/** Empties every table the tests write to (auth users cascade to sessions and admin sessions). */
export async function resetData(db: Database): Promise<void> {
  await db.exec(`
    truncate public.offer_leads, public.contact_requests, private.admin_users,
      private.admin_sessions, private.admin_login_failures, private.lead_submissions,
      auth.users cascade;
  `);
}

/** A valid lead as the home contact form sends it; override any field. */
export function leadRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Layla Haddad',
    phone: `9665${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
    country_code: '+966',
    country: 'Saudi Arabia',
    email: 'layla@example.com',
    service: 'dental-implants',
    notes: 'Two implants, upper jaw',
    source: '/',
    language: 'ar',
    ...overrides,
  };
}

/** Inserts a lead with a plain INSERT (no RETURNING), as the public forms do over PostgREST. */
export async function insertLead(tx: Queryable, row: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(row);
  const { rows } = await tx.query<{ n: number }>(
    `with inserted as (
       insert into public.offer_leads (${columns.map((c) => `"${c}"`).join(', ')})
       select ${columns.map((c) => `"${c}"`).join(', ')}
       from json_populate_record(null::public.offer_leads, $1::json)
       returning 1
     )
     select count(*)::int as n from inserted`,
    [JSON.stringify(row)],
  );
  return rows[0]?.n ?? 0;
}

/** A lead stored by `addPublicLead`, and the request it fanned out to. */
export interface StoredLead {
  requestId: string;
  leadId: string;
  name: string;
}

/**
 * The preamble most SQL tests share: a lead sent as a public form sends it (one plain INSERT as
 * anon, or as `actor`), with a name of its own unless `overrides` names it, and the request it
 * fanned out to, found by that name. Asserts that exactly one lead and one request were stored.
 */
export async function addPublicLead(
  db: Database,
  overrides: Record<string, unknown> = {},
  actor: Actor = anon,
): Promise<StoredLead> {
  const name = (overrides['name'] as string | undefined) ?? `Lead ${crypto.randomUUID()}`;
  expect(await as(db, actor, (tx) => insertLead(tx, leadRow({ ...overrides, name })))).toBe(1);
  const { rows } = await db.query<{ request_id: string; lead_id: string }>(
    `select id::text as request_id, lead_id::text from public.contact_requests where name = $1`,
    [name],
  );
  expect(rows, `one request named ${name}`).toHaveLength(1);
  return { requestId: rows[0]!.request_id, leadId: rows[0]!.lead_id, name };
}

/** Asserts that `promise` fails with SQLSTATE `code`; returns the error for further checks. */
export async function expectSqlError(
  promise: Promise<unknown>,
  code: string,
): Promise<{
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
  constraint?: string | undefined;
}> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected SQLSTATE ${code}`).toBeDefined();
  if (!isPgError(caught)) throw caught;
  expect(caught.code, caught.message).toBe(code);
  return caught;
}

/** Row count as the superuser sees it. */
export async function countRows(db: Database, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]?.n ?? 0;
}
