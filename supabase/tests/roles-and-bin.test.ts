import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import {
  type Actor,
  addPublicLead,
  anon,
  as,
  countRows,
  createLiveAdmin,
  createUser,
  expectSqlError,
  resetData,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * Roles and the bin (migration 20261126100000_staff_roles_and_bin.sql), acted out by anon, a
 * signed-in non-admin, a coordinator and an owner on every backend: only an owner deletes, a delete
 * moves the request into a bin that no staff read sees, an owner restores or purges it, the
 * retention purges it after 30 days, and the attack of issue 25 (one coordinator's DELETE of
 * everything) changes nothing.
 */

const backends = await sqlBackends();

describe.each(backends)('roles and the bin on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let coordinator: Actor & { role: 'authenticated' };
  let user: Actor & { role: 'authenticated' };
  let ids: string[];

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.request_purges, realtime.messages`);
    owner = await createLiveAdmin(db, 'nadia.owner', 'nadia long password', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    user = await createUser(db);
    ids = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await addPublicLead(db, { name: `Bin lead ${index}` })).requestId);
    }
  });

  const one = async <T>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx: Queryable) => (await tx.query<{ v: T }>(sql, params)).rows[0]!.v);

  /** What each staff read shows to `actor`: rows and counters of every screen. */
  async function staffReads(actor: Actor) {
    return as(db, actor, async (tx) => {
      const count = async (sql: string) => (await tx.query<{ n: number }>(sql)).rows[0]!.n;
      const page = (
        await tx.query<{
          p: { rows: { id: string }[]; matched: number; counters: { total: number } };
        }>(`select public.request_page(_status => 'new') as p`)
      ).rows[0]!.p;
      const overview = (
        await tx.query<{ o: { sources: { n: number }[] } }>(
          `select public.request_overview(now() - interval '1 day') as o`,
        )
      ).rows[0]!.o;
      const report = (
        await tx.query<{ r: { leads: number }[] }>(
          `select public.campaign_report(now() - interval '1 day', now() + interval '1 day') as r`,
        )
      ).rows[0]!.r;
      return {
        requests: await count(`select count(*)::int as n from public.contact_requests`),
        leads: await count(`select count(*)::int as n from public.offer_leads`),
        events: await count(`select count(*)::int as n from public.request_events`),
        pageRows: page.rows.length,
        matched: page.matched,
        total: page.counters.total,
        tally: (await tx.query<{ t: { total: number } }>(`select public.request_tallies() as t`))
          .rows[0]!.t.total,
        overview: overview.sources.reduce((sum, source) => sum + source.n, 0),
        report: report.reduce((sum, row) => sum + row.leads, 0),
      };
    });
  }

  it('gives each account its role and tells the caller only their own', async () => {
    expect(await one(owner, `select public.my_staff_role() as v`)).toBe('owner');
    expect(await one(coordinator, `select public.my_staff_role() as v`)).toBe('coordinator');
    expect(await one(user, `select public.my_staff_role() as v`)).toBeNull();
    await expectSqlError(
      as(db, anon, (tx) => tx.query(`select public.my_staff_role()`)),
      '42501',
    );
    // Roles are only owner and coordinator; the last owner stays an owner.
    await expectSqlError(
      db.query(`select private.create_admin('x.admin', 'long password x', 'superuser')`),
      '23514',
    );
    const refused = await expectSqlError(
      db.query(`select private.set_admin_role('nadia.owner', 'coordinator')`),
      'PT409',
    );
    expect(refused.hint).toBe('last_owner');
    expect((await db.query(`select private.set_admin_role('sara', 'owner') as ok`)).rows).toEqual([
      { ok: true },
    ]);
    expect(await one(coordinator, `select public.my_staff_role() as v`)).toBe('owner');
    await db.query(`select private.set_admin_role('nadia.owner', 'coordinator')`);
    expect(await one(owner, `select public.my_staff_role() as v`)).toBe('coordinator');
  });

  it("refuses a coordinator's DELETE of everything and changes nothing (the attack of issue 25)", async () => {
    const before = await staffReads(coordinator);
    for (const sql of [
      `delete from public.contact_requests where true`,
      `delete from public.offer_leads where true`,
      `delete from public.contact_requests where id = '${ids[0]}'`,
    ]) {
      const error = await expectSqlError(
        as(db, coordinator, (tx) => tx.query(sql)),
        '42501',
      );
      expect(error.hint).toBe('owner_only');
    }
    for (const fn of [
      `select public.delete_requests('[{"id": "${ids[0]}"}]')`,
      `select public.restore_requests(array['${ids[0]}']::uuid[], gen_random_uuid()::text)`,
      `select public.purge_requests(array['${ids[0]}']::uuid[], gen_random_uuid()::text)`,
      `select public.bin_page()`,
    ]) {
      await expectSqlError(
        as(db, coordinator, (tx) => tx.query(fn)),
        '42501',
      );
      await expectSqlError(
        as(db, user, (tx) => tx.query(fn)),
        '42501',
      );
      await expectSqlError(
        as(db, anon, (tx) => tx.query(fn)),
        '42501',
      );
    }
    // A signed-in non-admin sees nothing to delete; anon has no right to delete at all.
    expect(
      (await as(db, user, (tx) => tx.query(`delete from public.contact_requests where true`)))
        .affectedRows,
    ).toBe(0);
    await expectSqlError(
      as(db, anon, (tx) => tx.query(`delete from public.offer_leads where true`)),
      '42501',
    );
    expect(await staffReads(coordinator)).toEqual(before);
    expect(before).toMatchObject({ requests: 3, leads: 3, pageRows: 3, total: 3, tally: 3 });
    expect(await countRows(db, 'public.contact_requests where deleted_at is not null')).toBe(0);
  });

  it("turns an owner's DELETE into a move to the bin that every staff read leaves out", async () => {
    await as(db, owner, (tx) =>
      tx.query(`update public.contact_requests set notes = 'Passport A1234567' where id = $1`, [
        ids[0],
      ]),
    );
    const removed = await as(db, owner, (tx) =>
      tx.query(`delete from public.contact_requests where id = $1`, [ids[0]]),
    );
    expect(removed.affectedRows).toBe(0);
    // The lead screen's delete (spec call 11) does the same for the lead's request.
    await as(db, owner, (tx) =>
      tx.query(
        `delete from public.offer_leads where id = (select lead_id from public.contact_requests where id = $1)`,
        [ids[1]],
      ),
    );
    expect(await countRows(db, 'public.contact_requests')).toBe(3);
    expect(await countRows(db, 'public.offer_leads')).toBe(3);
    const { rows: binned } = await db.query<{ id: string; by: string; version: number }>(
      `select r.id::text, a.username as by, r.version from public.contact_requests r
       join private.admin_users a on a.id = r.deleted_by
       where r.deleted_at is not null order by r.created_at`,
    );
    expect(binned.map((row) => [row.id, row.by])).toEqual([
      [ids[0], 'nadia.owner'],
      [ids[1], 'nadia.owner'],
    ]);
    const { rows: events } = await db.query(
      `select request_id::text, kind, author from public.request_events
       where kind in ('deleted', 'restored') order by id`,
    );
    expect(events).toEqual([
      { request_id: ids[0], kind: 'deleted', author: 'nadia.owner' },
      { request_id: ids[1], kind: 'deleted', author: 'nadia.owner' },
    ]);
    for (const actor of [coordinator, owner]) {
      expect(await staffReads(actor)).toEqual({
        requests: 1,
        leads: 1,
        events: 0,
        pageRows: 1,
        matched: 1,
        total: 1,
        tally: 1,
        overview: 1,
        report: 1,
      });
      // Nobody reads or changes a binned request through the API, not even by id.
      await expectSqlError(
        as(db, actor, (tx) =>
          tx.query(`select public.update_request($1, $2, '{"status": "completed"}')`, [
            ids[0],
            binned[0]!.version,
          ]),
        ),
        'PT404',
      );
      const bulk = await one<{ missing: string[] }>(
        actor,
        `select public.bulk_update_requests($1::jsonb, '{"status": "completed"}') as v`,
        [JSON.stringify([{ id: ids[0], expected_version: binned[0]!.version }])],
      );
      expect(bulk.missing).toEqual([ids[0]]);
    }
    // The indexed search (run outside row-level security) does not find binned requests either.
    const found = await as(db, coordinator, async (tx) =>
      (
        await tx.query<{ id: string }>(
          `select public.request_ids_matching('%bin lead%', null) as id`,
        )
      ).rows.map((row) => row.id),
    );
    expect(found).toEqual([ids[2]]);
    // Staff channels learn that the request and its lead left, and nothing of what happens in the bin.
    const { rows: messages } = await db.query<{ topic: string; event: string }>(
      `select topic, event from realtime.messages order by id`,
    );
    expect(messages.filter((message) => message.event === 'DELETE')).toEqual([
      { topic: 'staff:offer_leads', event: 'DELETE' },
      { topic: 'staff:contact_requests', event: 'DELETE' },
      { topic: 'staff:offer_leads', event: 'DELETE' },
      { topic: 'staff:contact_requests', event: 'DELETE' },
    ]);
    await db.exec(`truncate realtime.messages`);
    await db.query(`update public.contact_requests set notes = 'in the bin' where id = $1`, [
      ids[0],
    ]);
    expect(await countRows(db, 'realtime.messages')).toBe(0);
  });

  it('lets an owner see the bin, restore from it and purge from it, with the counts following', async () => {
    // An owner's DELETE of everything is only a move to the bin.
    await as(db, owner, (tx) => tx.query(`delete from public.contact_requests where true`));
    expect((await staffReads(owner)).total).toBe(0);
    const bin = await one<{ total: number; rows: { id: string; deleted_by_name: string }[] }>(
      owner,
      `select public.bin_page(_limit => 2) as v`,
    );
    expect(bin.total).toBe(3);
    expect(bin.rows).toHaveLength(2);
    expect(bin.rows[0]).toMatchObject({ deleted_by_name: 'nadia.owner' });
    expect(bin.rows[0]).not.toHaveProperty('search_text');

    const restored = await one<string[]>(
      owner,
      `select public.restore_requests($1::uuid[], gen_random_uuid()::text) as v`,
      [[ids[0], ids[1]]],
    );
    expect(restored.sort()).toEqual([ids[0], ids[1]].sort());
    expect(await staffReads(coordinator)).toMatchObject({ requests: 2, total: 2, tally: 2 });
    const { rows: restoredEvents } = await db.query(
      `select author from public.request_events where kind = 'restored'`,
    );
    expect(restoredEvents).toEqual([{ author: 'nadia.owner' }, { author: 'nadia.owner' }]);

    // Purging takes only what is in the bin: the live ids are left alone.
    const purged = await one<number>(
      owner,
      `select public.purge_requests($1::uuid[], gen_random_uuid()::text) as v`,
      [ids],
    );
    expect(purged).toBe(1);
    expect(await countRows(db, 'public.contact_requests')).toBe(2);
    expect(await countRows(db, 'public.offer_leads')).toBe(2);
    expect(await countRows(db, `public.request_events where request_id = '${ids[2]}'`)).toBe(0);
    const { rows: log } = await db.query(
      `select request_id::text, deleted_by, purged_by from private.request_purges`,
    );
    expect(log).toEqual([
      { request_id: ids[2], deleted_by: 'nadia.owner', purged_by: 'nadia.owner' },
    ]);
    expect(await staffReads(owner)).toMatchObject({ requests: 2, total: 2, tally: 2, leads: 2 });
  });

  it('checks the version of each request moved to the bin, as bulk changes do', async () => {
    await as(db, coordinator, (tx) =>
      tx.query(`update public.contact_requests set status = 'completed' where id = $1`, [ids[1]]),
    );
    const result = await one<{
      deleted: string[];
      stale: { id: string; version: number }[];
      missing: string[];
    }>(owner, `select public.delete_requests($1::jsonb) as v`, [
      JSON.stringify([
        { id: ids[0], expected_version: 1 },
        { id: ids[1], expected_version: 1 },
        { id: '00000000-0000-0000-0000-000000000000', expected_version: 1 },
      ]),
    ]);
    expect(result).toEqual({
      deleted: [ids[0]],
      stale: [{ id: ids[1], version: 2 }],
      missing: ['00000000-0000-0000-0000-000000000000'],
    });
    expect(await countRows(db, 'public.contact_requests where deleted_at is not null')).toBe(1);
  });

  it('purges what has been in the bin for 30 days when the retention runs', async () => {
    await as(db, owner, (tx) => tx.query(`delete from public.contact_requests where true`));
    await db.query(
      `update public.contact_requests set deleted_at = now() - interval '31 days' where id = $1`,
      [ids[0]],
    );
    await db.query(
      `update public.contact_requests set deleted_at = now() - interval '29 days' where id = $1`,
      [ids[1]],
    );
    expect((await db.query(`select private.purge_expired_bin() as n`)).rows).toEqual([{ n: 1 }]);
    const { rows } = await db.query<{ id: string }>(
      `select id::text from public.contact_requests order by created_at`,
    );
    expect(rows.map((row) => row.id)).toEqual([ids[1], ids[2]]);
    expect(
      (await db.query(`select request_id::text, purged_by from private.request_purges`)).rows,
    ).toEqual([{ request_id: ids[0], purged_by: 'retention' }]);
    for (const actor of [anon, user, coordinator, owner]) {
      await expectSqlError(
        as(db, actor, (tx) => tx.query(`select private.purge_expired_bin()`)),
        '42501',
      );
    }
  });
});
