import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
  serviceRole,
} from './helpers/harness.ts';

/**
 * private.erase_expired_leads erases exactly the leads whose request was last changed before the
 * retention period (24 months, 6 for cancelled requests; migration 20261123155000_retention.sql),
 * with every row that references them, and nothing else.
 */

const backends = await sqlBackends();

describe.each(backends)('retention on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
    // Stand-ins for the tables other migrations add (timeline, mail outbox): anything referencing a
    // lead or a request with on delete cascade goes with it.
    await db.exec(`
      create table public.test_request_events (
        id serial primary key,
        request_id uuid not null references public.contact_requests (id) on delete cascade
      );
      create table public.test_lead_mail (
        id serial primary key,
        lead_id uuid not null references public.offer_leads (id) on delete cascade
      );
    `);
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`
      truncate public.test_request_events, public.test_lead_mail;
      update private.retention_settings set keep_months = 24, keep_cancelled_months = 6;
    `);
  });

  /** A lead whose request has `status` and was last changed `monthsAgo` months (plus `days`) ago. */
  async function leadAged(name: string, monthsAgo: number, status = 'new', days = 0) {
    await insertLead(db, leadRow({ name }));
    // The set_updated_at trigger would stamp now(): backdate with triggers off, as time would.
    await db.exec(`set session_replication_role = replica`);
    try {
      await db.query(
        `update public.contact_requests
         set status = $2::public.request_status,
             updated_at = now() - make_interval(months => $3::int, days => $4::int),
             created_at = now() - make_interval(months => $3::int, days => $4::int)
         where name = $1`,
        [name, status, monthsAgo, days],
      );
      await db.query(
        `update public.offer_leads
         set created_at = now() - make_interval(months => $2::int, days => $3::int)
         where name = $1`,
        [name, monthsAgo, days],
      );
    } finally {
      await db.exec(`set session_replication_role = origin`);
    }
    await db.query(
      `insert into public.test_request_events (request_id)
       select id from public.contact_requests where name = $1`,
      [name],
    );
    await db.query(
      `insert into public.test_lead_mail (lead_id) select id from public.offer_leads where name = $1`,
      [name],
    );
  }

  async function eraseExpired(): Promise<number> {
    const { rows } = await db.query<{ n: number }>(`select private.erase_expired_leads() as n`);
    return rows[0]!.n;
  }

  async function remaining(): Promise<Record<string, string[]>> {
    const names = async (sql: string) =>
      (await db.query<{ name: string }>(sql)).rows.map((row) => row.name).sort();
    return {
      leads: await names(`select name from public.offer_leads`),
      requests: await names(`select name from public.contact_requests`),
      events: await names(
        `select r.name from public.test_request_events e
         join public.contact_requests r on r.id = e.request_id`,
      ),
      mail: await names(
        `select l.name from public.test_lead_mail m join public.offer_leads l on l.id = m.lead_id`,
      ),
    };
  }

  const everywhere = (names: string[]) => {
    const sorted = [...names].sort();
    return { leads: sorted, requests: sorted, events: sorted, mail: sorted };
  };

  it('erases requests idle past 24 months, cancelled ones past 6, and nothing else', async () => {
    await leadAged('New 25 months', 25, 'new');
    await leadAged('In progress 24m+1d', 24, 'in_progress', 1);
    await leadAged('Completed 23 months', 23, 'completed');
    await leadAged('New 24m-1d', 23, 'new', 29);
    await leadAged('Cancelled 7 months', 7, 'cancelled');
    await leadAged('Cancelled 6m+1d', 6, 'cancelled', 1);
    await leadAged('Cancelled 5 months', 5, 'cancelled');
    await leadAged('Completed 7 months', 7, 'completed');
    await leadAged('Fresh', 0, 'new');

    expect(await eraseExpired()).toBe(4);
    expect(await remaining()).toEqual(
      everywhere([
        'Completed 23 months',
        'New 24m-1d',
        'Cancelled 5 months',
        'Completed 7 months',
        'Fresh',
      ]),
    );
    // Running again finds nothing more.
    expect(await eraseExpired()).toBe(0);
  });

  it('counts from the last change: an old request worked on recently is kept', async () => {
    await leadAged('Old but touched', 30, 'in_progress');
    // A coordinator's edit stamps updated_at = now() (trigger).
    await db.query(`update public.contact_requests set notes = 'called back' where name = $1`, [
      'Old but touched',
    ]);
    await leadAged('Old and idle', 30, 'in_progress');
    expect(await eraseExpired()).toBe(1);
    expect((await remaining()).leads).toEqual(['Old but touched']);
  });

  it('follows the configured periods', async () => {
    await leadAged('New 13 months', 13, 'new');
    await leadAged('New 11 months', 11, 'new');
    await leadAged('Cancelled 2 months', 2, 'cancelled');
    await leadAged('Cancelled 1 month', 0, 'cancelled', 20);
    await db.exec(
      `update private.retention_settings set keep_months = 12, keep_cancelled_months = 1`,
    );
    expect(await eraseExpired()).toBe(2);
    expect(await remaining()).toEqual(everywhere(['New 11 months', 'Cancelled 1 month']));
  });

  it('leaves no copy of an erased person in realtime.messages, only DELETEs without personal data', async () => {
    await db.exec(`truncate realtime.messages`);
    // Each insert was broadcast to the staff topics with the whole row, as hosted Realtime keeps
    // it for a few days; the retention's own deletes are broadcast too.
    await leadAged('Expired Person', 30, 'new');
    await leadAged('Kept Person', 1, 'new');
    const { rows } = await db.query<{ lead: string; request: string; phone: string }>(
      `select l.id::text as lead, r.id::text as request, l.phone
       from public.offer_leads l join public.contact_requests r on r.lead_id = l.id
       where l.name = 'Expired Person'`,
    );
    const expired = rows[0]!;
    const payloads = async () =>
      (
        await db.query<{ payload: Record<string, unknown> }>(
          `select payload from realtime.messages`,
        )
      ).rows.map((row) => row.payload);
    const mentioning = (text: string) =>
      payloads().then((all) => all.filter((payload) => JSON.stringify(payload).includes(text)));
    expect((await mentioning('Expired Person')).length).toBeGreaterThan(0);

    expect(await eraseExpired()).toBe(1);
    expect(await mentioning('Expired Person')).toEqual([]);
    expect(await mentioning(expired.phone)).toEqual([]);
    expect((await mentioning('Kept Person')).length).toBeGreaterThan(0);
    // Open dashboards still learn of the erasure: one DELETE per erased row, ids and no text.
    const deletes = (await payloads()).filter(
      (payload) =>
        payload['operation'] === 'DELETE' &&
        [expired.lead, expired.request].includes(
          String((payload['old_record'] as Record<string, unknown>)['id']),
        ),
    );
    expect(deletes.map((payload) => payload['table']).sort()).toEqual([
      'contact_requests',
      'offer_leads',
    ]);
    for (const payload of deletes) {
      expect(Object.keys(payload['old_record'] as object).sort()).toEqual(
        payload['table'] === 'offer_leads'
          ? ['created_at', 'id', 'source']
          : [
              'assigned_to',
              'created_at',
              'follow_up_at',
              'id',
              'lead_id',
              'service',
              'source',
              'status',
              'version',
            ],
      );
    }
  });

  it('refuses settings outside their bounds', async () => {
    await expectSqlError(db.exec(`update private.retention_settings set keep_months = 0`), '23514');
    await expectSqlError(
      db.exec(`update private.retention_settings set keep_cancelled_months = 30`),
      '23514',
    );
    await expectSqlError(
      db.exec(`insert into private.retention_settings (id) values (false)`),
      '23514',
    );
  });

  it('cannot be run or configured from the API, not even by an admin', async () => {
    await leadAged('Expired', 30, 'new');
    const admin = await createLiveAdmin(db);
    const user = await createUser(db);
    for (const actor of [anon, user, admin, serviceRole]) {
      await expectSqlError(
        as(db, actor, (tx) => tx.query(`select private.erase_expired_leads()`)),
        '42501',
      );
      await expectSqlError(
        as(db, actor, (tx) => tx.query(`select * from private.retention_settings`)),
        '42501',
      );
    }
    expect((await remaining()).leads).toEqual(['Expired']);
  });
});
