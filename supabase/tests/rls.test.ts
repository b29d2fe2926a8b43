import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import {
  adminLogin,
  anon,
  as,
  countRows,
  createAdmin,
  createLiveAdmin,
  createUser,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * The RLS matrix (docs/local-stack.md, "The database"): (anon, signed-in non-admin, admin with a live session,
 * admin whose session expired) × (select, insert, update, delete) on every table, asserting what is
 * allowed and what is denied. "hidden" means RLS filters the rows (no error, nothing seen or
 * changed); "denied" means the statement fails with 42501 (no privilege, or a coordinator's
 * delete); "binned" means an owner's delete moved the request and its lead to the bin
 * (20261126100000_staff_roles_and_bin.sql): both rows stay, out of every staff read.
 */

type ActorName = 'anon' | 'user' | 'admin' | 'coordinator' | 'expiredAdmin';
type Operation = 'select' | 'insert' | 'update' | 'delete';
type Outcome = 'allowed' | 'hidden' | 'denied' | 'binned';

const matrix: Record<
  'offer_leads' | 'contact_requests',
  Record<ActorName, Record<Operation, Outcome>>
> = {
  offer_leads: {
    // anon holds SELECT on the id column only (for ON CONFLICT), and RLS hides every stored row.
    anon: { select: 'hidden', insert: 'allowed', update: 'denied', delete: 'denied' },
    user: { select: 'hidden', insert: 'allowed', update: 'hidden', delete: 'hidden' },
    admin: { select: 'allowed', insert: 'allowed', update: 'allowed', delete: 'binned' },
    coordinator: { select: 'allowed', insert: 'allowed', update: 'allowed', delete: 'denied' },
    expiredAdmin: { select: 'hidden', insert: 'allowed', update: 'hidden', delete: 'hidden' },
  },
  contact_requests: {
    anon: { select: 'denied', insert: 'denied', update: 'denied', delete: 'denied' },
    user: { select: 'hidden', insert: 'denied', update: 'hidden', delete: 'hidden' },
    admin: { select: 'allowed', insert: 'denied', update: 'allowed', delete: 'binned' },
    coordinator: { select: 'allowed', insert: 'denied', update: 'allowed', delete: 'denied' },
    expiredAdmin: { select: 'hidden', insert: 'denied', update: 'hidden', delete: 'hidden' },
  },
};

const privateTables = [
  'private.admin_users',
  'private.admin_sessions',
  'private.admin_login_failures',
  'private.request_purges',
  'private.lead_submissions',
  'auth.users',
  'auth.sessions',
  'auth.refresh_tokens',
];

const backends = await sqlBackends();

describe.each(backends)('RLS matrix on $name', (backend) => {
  let db: Database;
  let actors: Record<ActorName, Actor>;
  let leadIds: string[];
  let requestIds: string[];

  beforeAll(async () => {
    db = await backend.open();
    await resetData(db);
    const admin = await createLiveAdmin(db, 'live-admin');
    await createAdmin(db, 'old-admin', 'another long password');
    const expiredAdmin = await createUser(db);
    expect(await adminLogin(db, expiredAdmin, 'old-admin', 'another long password')).toBe(true);
    await db.query(
      `update private.admin_sessions set expires_at = now() - interval '1 second' where user_id = $1`,
      [expiredAdmin.sub],
    );
    const coordinator = await createLiveAdmin(
      db,
      'coordinator',
      'coordinator password',
      'coordinator',
    );
    actors = { anon, user: await createUser(db), admin, coordinator, expiredAdmin };
  });
  afterAll(async () => {
    await db.close();
  });

  // Accounts and sessions stay; leads and requests start over for each case.
  beforeEach(async () => {
    await db.exec(`truncate public.offer_leads, private.lead_submissions cascade`);
    // Two leads stored by the database owner: each fans out to one inbox row.
    await insertLead(db, leadRow());
    await insertLead(db, leadRow());
    leadIds = (
      await db.query<{ id: string }>(`select id::text from public.offer_leads order by id`)
    ).rows.map((row) => row.id);
    requestIds = (
      await db.query<{ id: string }>(`select id::text from public.contact_requests order by id`)
    ).rows.map((row) => row.id);
  });

  /** Runs one operation as an actor; returns the number of rows it saw or changed. */
  async function perform(
    table: 'offer_leads' | 'contact_requests',
    operation: Operation,
    actor: Actor,
  ): Promise<number> {
    const target = table === 'offer_leads' ? (leadIds[0] as string) : (requestIds[0] as string);
    return as(db, actor, async (tx: Queryable) => {
      switch (operation) {
        case 'select': {
          const { rows } = await tx.query<{ n: number }>(
            `select count(*)::int as n from public.${table}`,
          );
          return rows[0]?.n ?? 0;
        }
        case 'insert':
          if (table === 'offer_leads') return insertLead(tx, leadRow());
          return (
            await tx.query(
              `insert into public.contact_requests (lead_id, name, phone, service)
               values ($1, 'Forged', '966500000000', 'other')`,
              [leadIds[1]],
            )
          ).affectedRows;
        case 'update':
          return (
            await tx.query(
              table === 'offer_leads'
                ? `update public.offer_leads set notes = 'changed' where id = $1`
                : `update public.contact_requests set status = 'completed', notes = 'changed' where id = $1`,
              [target],
            )
          ).affectedRows;
        case 'delete':
          return (await tx.query(`delete from public.${table} where id = $1`, [target]))
            .affectedRows;
      }
    });
  }

  for (const table of ['offer_leads', 'contact_requests'] as const) {
    for (const actorName of ['anon', 'user', 'admin', 'coordinator', 'expiredAdmin'] as const) {
      for (const operation of ['select', 'insert', 'update', 'delete'] as const) {
        const outcome = matrix[table][actorName][operation];
        it(`${table}: ${operation} as ${actorName} is ${outcome}`, async () => {
          const actor = actors[actorName];
          const leadsBefore = await countRows(db, 'public.offer_leads');
          const requestsBefore = await countRows(db, 'public.contact_requests');
          if (outcome === 'denied') {
            await expectSqlError(perform(table, operation, actor), '42501');
            expect(await countRows(db, 'public.offer_leads')).toBe(leadsBefore);
            expect(await countRows(db, 'public.contact_requests')).toBe(requestsBefore);
            const { rows } = await db.query<{ changed: number }>(
              `select count(*)::int as changed from public.contact_requests where notes is not null`,
            );
            expect(rows[0]?.changed).toBe(0);
            return;
          }
          const affected = await perform(table, operation, actor);
          if (outcome === 'binned') {
            expect(affected).toBe(0);
            expect(await countRows(db, 'public.offer_leads')).toBe(leadsBefore);
            expect(await countRows(db, 'public.contact_requests')).toBe(requestsBefore);
            expect(
              await countRows(db, 'public.contact_requests where deleted_at is not null'),
            ).toBe(1);
            // Out of the staff's sight: one request and one lead left to see.
            expect(await perform(table, 'select', actor)).toBe(1);
            return;
          }
          if (outcome === 'hidden') {
            expect(affected).toBe(0);
            expect(await countRows(db, 'public.offer_leads')).toBe(leadsBefore);
            expect(await countRows(db, `public.${table}`)).toBe(
              table === 'offer_leads' ? leadsBefore : requestsBefore,
            );
            const { rows } = await db.query<{ n: number }>(
              `select count(*)::int as n from public.${table} where notes = 'changed'`,
            );
            expect(rows[0]?.n).toBe(0);
            return;
          }
          switch (operation) {
            case 'select':
              expect(affected).toBe(2);
              break;
            case 'insert':
              expect(affected).toBe(1);
              expect(await countRows(db, 'public.offer_leads')).toBe(leadsBefore + 1);
              expect(await countRows(db, 'public.contact_requests')).toBe(requestsBefore + 1);
              break;
            case 'update': {
              expect(affected).toBe(1);
              const { rows } = await db.query<{ n: number }>(
                `select count(*)::int as n from public.${table} where notes = 'changed'`,
              );
              expect(rows[0]?.n).toBe(1);
              break;
            }
          }
        });
      }
    }
  }

  for (const table of privateTables) {
    for (const actorName of ['anon', 'user', 'admin'] as const) {
      it(`${table} is out of reach for ${actorName} (select, insert, update, delete)`, async () => {
        const actor = actors[actorName];
        const statements = [
          `select count(*) from ${table}`,
          `insert into ${table} default values`,
          `update ${table} set created_at = now()`.replace(
            'created_at',
            table === 'private.admin_login_failures'
              ? 'failed_at'
              : table === 'private.lead_submissions'
                ? 'submitted_at'
                : 'created_at',
          ),
          `delete from ${table}`,
        ];
        for (const statement of statements) {
          await expectSqlError(
            as(db, actor, (tx) => tx.query(statement)),
            '42501',
          );
        }
      });
    }
  }

  it('admins may change only status and notes of a request', async () => {
    const admin = actors.admin;
    await expectSqlError(
      as(db, admin, (tx) =>
        tx.query(`update public.contact_requests set name = 'Forged' where id = $1`, [
          requestIds[0],
        ]),
      ),
      '42501',
    );
    await expectSqlError(
      as(db, admin, (tx) =>
        tx.query(`update public.contact_requests set lead_id = $2 where id = $1`, [
          requestIds[0],
          leadIds[1],
        ]),
      ),
      '42501',
    );
    await expectSqlError(
      as(db, admin, (tx) =>
        tx.query(
          `update public.offer_leads set created_at = now() - interval '1 day' where id = $1`,
          [leadIds[0]],
        ),
      ),
      '42501',
    );
  });

  it('an admin update stamps updated_at and keeps any status transition', async () => {
    const before = await db.query<{ updated_at: string }>(
      `select updated_at::text from public.contact_requests where id = $1`,
      [requestIds[0]],
    );
    for (const status of ['completed', 'new', 'cancelled', 'in_progress']) {
      const changed = await as(db, actors.admin, (tx) =>
        tx.query(`update public.contact_requests set status = $2 where id = $1`, [
          requestIds[0],
          status,
        ]),
      );
      expect(changed.affectedRows).toBe(1);
    }
    const after = await db.query<{ updated_at: string; status: string }>(
      `select updated_at::text, status::text from public.contact_requests where id = $1`,
      [requestIds[0]],
    );
    expect(after.rows[0]?.status).toBe('in_progress');
    expect((after.rows[0]?.updated_at ?? '') > (before.rows[0]?.updated_at ?? '')).toBe(true);
  });

  it('the service role bypasses RLS (server-side tooling only)', async () => {
    const seen = await as(db, { role: 'service_role' }, async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.contact_requests`,
      );
      return rows[0]?.n;
    });
    expect(seen).toBe(2);
  });

  it('the public reads back at most the id of the lead it is inserting, and nothing else', async () => {
    const id = crypto.randomUUID();
    const seen = await as(db, anon, async (tx) => {
      const inserted = await tx.query<{ id: string }>(
        `insert into public.offer_leads (id, name, phone) values ($1, 'Sara', '966501111111') returning id::text`,
        [id],
      );
      // A later statement of the same transaction no longer sees it.
      const later = await tx.query(`select id from public.offer_leads`);
      return { inserted: inserted.rows, later: later.rows };
    });
    expect(seen).toEqual({ inserted: [{ id }], later: [] });
    await expectSqlError(
      as(db, anon, (tx) =>
        tx.query(
          `insert into public.offer_leads (name, phone) values ('Sara', '966501111112') returning name`,
        ),
      ),
      '42501',
    );
    await expectSqlError(
      as(db, anon, (tx) => tx.query(`select * from public.offer_leads`)),
      '42501',
    );
  });

  it('a signed-in non-admin reads back the row it inserts, and no other', async () => {
    const seen = await as(db, actors.user, async (tx) => {
      const inserted = await tx.query<{ name: string }>(
        `insert into public.offer_leads (name, phone) values ('Sara', '966501111113') returning name`,
      );
      const later = await tx.query(`select * from public.offer_leads`);
      return { inserted: inserted.rows, later: later.rows };
    });
    expect(seen).toEqual({ inserted: [{ name: 'Sara' }], later: [] });
  });

  it('insert … on conflict (id) do nothing works for the public and stores a retry once', async () => {
    const id = crypto.randomUUID();
    const upsert = `insert into public.offer_leads (id, name, phone) values ($1, 'Sara', '966501111114')
                    on conflict (id) do nothing returning 1`;
    expect((await as(db, anon, (tx) => tx.query(upsert, [id]))).rows).toHaveLength(1);
    expect((await as(db, anon, (tx) => tx.query(upsert, [id]))).rows).toHaveLength(0);
    expect((await as(db, actors.user, (tx) => tx.query(upsert, [id]))).rows).toHaveLength(0);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.contact_requests where lead_id = $1`,
      [id],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
