import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import {
  type Actor,
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * The bin is the owners' (migration 20261129100000_the_bin_is_the_owners.sql), acted out by a
 * coordinator and an owner on every backend: the staff functions that take a request's id see a
 * binned request only for an owner and change none, and a patient's withdrawal through a link a
 * staff member issued goes to the bin instead of erasing the request at once (the attack: a
 * coordinator issues a link and erases any request with it).
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');

describe.each(backends)('the bin is the owners’ on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let coordinator: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.request_purges, private.patient_page_calls`);
    owner = await createLiveAdmin(db, 'nadia.owner', 'nadia long password', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
  });

  const one = <T>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx: Queryable) => (await tx.query<{ v: T }>(sql, params)).rows[0]!.v);

  /** A request sent from the site, with the link the site gave the patient. */
  async function submit(phone = '966501234567') {
    const token = newToken();
    const leadId = crypto.randomUUID();
    await as(db, anon, (tx) =>
      insertLead(tx, leadRow({ id: leadId, phone, patient_token: token })),
    );
    const { rows } = await db.query<{ id: string; reference: string }>(
      `select id::text, reference from public.contact_requests where lead_id = $1`,
      [leadId],
    );
    return { token, leadId, requestId: rows[0]!.id, reference: rows[0]!.reference };
  }

  const bin = (requestId: string) =>
    as(db, owner, (tx) =>
      tx.query(`delete from public.contact_requests where id = $1`, [requestId]),
    );

  it('shows a binned request, its files and its person only to an owner, and lets nobody change it', async () => {
    const live = await submit();
    const binned = await submit();
    const path = `requests/${binned.requestId}/x-ray.jpg`;
    await db.query(
      `insert into private.request_files
         (request_id, slot, kind, content_type, declared_bytes, bytes, object_path, state)
       values ($1, 'photos', 'image', 'image/jpeg', 1000, 1000, $2, 'ready')`,
      [binned.requestId, path],
    );
    const mayRead = (actor: Actor) =>
      one<boolean>(actor, `select public.staff_may_read_request_file($1) as v`, [path]);
    expect(await mayRead(coordinator)).toBe(true);
    await bin(binned.requestId);

    // Reads: refused (as a request that is gone) for a coordinator, answered for an owner.
    expect(await mayRead(coordinator)).toBe(false);
    expect(await mayRead(owner)).toBe(true);
    for (const sql of [
      `select public.request_files($1) as v`,
      `select public.patient_page_info($1) as v`,
      `select public.person_requests($1) as v`,
    ]) {
      await expectSqlError(one(coordinator, sql, [binned.requestId]), 'PT404');
      expect(await one(owner, sql, [binned.requestId]), sql).not.toBeNull();
    }
    const person = (actor: Actor) =>
      one<{ person: { id: string }[]; possible: { id: string }[] }>(
        actor,
        `select public.person_requests($1) as v`,
        [live.requestId],
      );
    // The same phone: one person. A coordinator sees only the live request of it.
    expect((await person(coordinator)).person.map((row) => row.id)).toEqual([live.requestId]);
    expect((await person(owner)).person.map((row) => row.id).sort()).toEqual(
      [live.requestId, binned.requestId].sort(),
    );
    const { rows: versions } = await db.query<{ v: number }>(
      `select version as v from public.contact_requests where id = $1`,
      [binned.requestId],
    );
    const version = versions[0]!.v;
    await expectSqlError(
      one(coordinator, `select public.correct_request_contact($1, $2, $3) as v`, [
        binned.requestId,
        version,
        { name: 'Someone Else' },
      ]),
      'PT404',
    );
    await expectSqlError(
      one(coordinator, `select (public.enter_request($1)).id as v`, [
        {
          id: binned.leadId,
          name: 'Replayed Entry',
          phone: '501234567',
          country_code: '+966',
          channel: 'phone',
          consent_how: 'verbal',
          consent_given_at: new Date().toISOString(),
        },
      ]),
      'PT404',
    );

    // Changes: refused for everyone until an owner restores the request.
    for (const actor of [coordinator, owner]) {
      for (const [sql, params] of [
        [`select public.issue_patient_link($1, gen_random_uuid()::text) as v`, [binned.requestId]],
        [
          `select public.revoke_patient_link($1, gen_random_uuid()::text)::text as v`,
          [binned.requestId],
        ],
        [`select public.set_patient_step($1, 'quotes', '')::text as v`, [binned.requestId]],
        [
          `select public.ask_for_request_file($1, 'photos', 'binned-ask-0123456789')::text as v`,
          [binned.requestId],
        ],
        [
          `select public.merge_requests($1, $2, gen_random_uuid()::text) as v`,
          [live.requestId, binned.requestId],
        ],
        [`select public.undo_merge($1, gen_random_uuid()::text) as v`, [binned.requestId]],
      ] as const) {
        await expectSqlError(one(actor, sql, [...params]), 'PT404');
      }
    }
    const { rows } = await db.query<{ name: string; deleted: boolean }>(
      `select name, deleted_at is not null as deleted from public.contact_requests where id = $1`,
      [binned.requestId],
    );
    expect(rows[0]!.deleted).toBe(true);
    expect(rows[0]!.name).not.toBe('Someone Else');
    await one(owner, `select public.restore_requests($1, gen_random_uuid()::text) as v`, [
      [binned.requestId],
    ]);
    expect(await mayRead(coordinator)).toBe(true);
    expect(
      typeof (await one(
        coordinator,
        `select public.issue_patient_link($1, gen_random_uuid()::text) as v`,
        [binned.requestId],
      )),
    ).toBe('string');
  });

  it('refuses the bin, the worker turn and a staff link to anon and to a signed-in non-admin', async () => {
    const binned = await submit();
    await bin(binned.requestId);
    const visitor = await createUser(db);
    for (const actor of [anon, visitor, coordinator]) {
      await expectSqlError(
        one(actor, `select public.claim_worker_turn('request-files', 0) as v`),
        '42501',
      );
    }
    for (const actor of [anon, visitor]) {
      for (const sql of [
        `select public.request_files($1) as v`,
        `select public.person_requests($1) as v`,
        `select public.issue_patient_link($1, gen_random_uuid()::text) as v`,
      ]) {
        await expectSqlError(one(actor, sql, [binned.requestId]), '42501');
      }
    }
  });

  it('keeps in the bin a request withdrawn through a link staff issued, and erases at once through the site’s', async () => {
    // The attack: a coordinator issues a link for someone's request and withdraws it with it.
    const target = await submit('966501111111');
    const issued = await one<string>(
      coordinator,
      `select public.issue_patient_link($1, gen_random_uuid()::text) as v`,
      [target.requestId],
    );
    expect(
      await one(anon, `select public.patient_withdraw($1, $2) as v`, [issued, target.reference]),
    ).toEqual({ ok: true, erased: false });
    const { rows: kept } = await db.query<{ deleted: boolean; by: string | null; lead: number }>(
      `select r.deleted_at is not null as deleted, r.deleted_by::text as by,
         (select count(*)::int from public.offer_leads l where l.id = r.lead_id) as lead
       from public.contact_requests r where r.id = $1`,
      [target.requestId],
    );
    expect(kept[0]).toEqual({ deleted: true, by: null, lead: 1 });
    // The link is dead, the owner sees why in the timeline and can restore it.
    expect(await one(anon, `select public.patient_request($1) as v`, [issued])).toBeNull();
    const { rows: timeline } = await db.query<{
      v: { kind: string; new: string; author: string }[];
    }>(
      `select jsonb_agg(jsonb_build_object('kind', kind, 'new', new_value, 'author', author) order by id) as v
       from public.request_events where request_id = $1`,
      [target.requestId],
    );
    expect(timeline[0]!.v.slice(-3)).toEqual([
      { kind: 'patient_link', new: 'issued', author: 'sara' },
      { kind: 'patient_link', new: 'withdrawn', author: 'patient' },
      { kind: 'deleted', new: expect.any(String), author: null },
    ]);
    expect(
      await one<string[]>(
        owner,
        `select public.restore_requests($1, gen_random_uuid()::text) as v`,
        [[target.requestId]],
      ),
    ).toEqual([target.requestId]);

    // The patient's own link, from the site: erased at once, and the erasure is on record.
    const own = await submit('966502222222');
    expect(
      await one(anon, `select public.patient_withdraw($1, $2) as v`, [own.token, own.reference]),
    ).toEqual({ ok: true, erased: true });
    const { rows: gone } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.contact_requests where id = $1`,
      [own.requestId],
    );
    expect(gone[0]!.n).toBe(0);
    const { rows: purges } = await db.query<{ request_id: string; purged_by: string }>(
      `select request_id::text, purged_by from private.request_purges`,
    );
    expect(purges).toEqual([{ request_id: own.requestId, purged_by: 'patient' }]);
  });
});
