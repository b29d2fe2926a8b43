import { randomBytes } from 'node:crypto';
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
  serviceRole,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * The recipient policy of every automatic message (20261202120000_outbound_policy.sql):
 * private.outbound_verdict decides from the recipient's history, keyed by a hash of the normalized
 * address, and the patient's confirmation outbox asks it for every due row.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');

interface Claimed {
  lead_id: string;
  email: string;
  first_name: string | null;
}

describe.each(backends)('outbound recipient policy on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.patient_page_calls, private.outbound_messages`);
  });

  /** A lead as the form sends it, from `address`; its request's id. */
  async function submit(overrides: Record<string, unknown>, address = '10.0.0.1') {
    const id = crypto.randomUUID();
    const token = newToken();
    await as(db, { ...anon, address }, (tx) =>
      insertLead(tx, leadRow({ id, patient_token: token, ...overrides })),
    );
    const { rows } = await db.query<{ id: string }>(
      `select id::text from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { leadId: id, requestId: rows[0]!.id, token };
  }

  const claim = () =>
    as(db, serviceRole, async (tx) => {
      const { rows } = await tx.query<{ c: Claimed[] }>(
        `select public.claim_patient_confirmations(null, 100) as c`,
      );
      return rows[0]!.c;
    });
  const finish = (leadId: string) =>
    as(db, serviceRole, (tx) =>
      tx.query(`select public.finish_patient_confirmation($1, true, null)`, [leadId]),
    );
  const outcomes = async () =>
    (
      await db.query<{ last_error: string | null; n: number }>(
        `select last_error, count(*)::int as n from private.patient_confirmations
         where gave_up_at is not null group by last_error order by last_error`,
      )
    ).rows;
  /** Moves every record of the policy and of the leads `minutes` into the past. */
  const rewind = (minutes: number) =>
    db.exec(`
      update private.outbound_messages set decided_at = decided_at - interval '${minutes} minutes',
        sent_at = sent_at - interval '${minutes} minutes';
      update private.lead_submissions set submitted_at = submitted_at - interval '${minutes} minutes';
      update public.offer_leads set created_at = created_at - interval '${minutes} minutes';
    `);

  it('mails one inbox once, however many leads from however many addresses name it', async () => {
    // Sixty leads from ten addresses, the victim's address spelled six ways (one Gmail inbox).
    const spellings = [
      'victim@gmail.com',
      'Victim@Gmail.com',
      'vic.tim@gmail.com',
      'victim+offer@gmail.com',
      ' VICTIM@googlemail.com ',
      'v.i.c.t.i.m+x@gmail.com',
    ];
    for (let i = 0; i < 60; i++) {
      await submit(
        { email: spellings[i % spellings.length], name: `Attacker${i}` },
        `10.0.1.${i % 10}`,
      );
    }
    const { rows: queued } = await db.query<{ n: number }>(
      `select count(*)::int as n from private.patient_confirmations`,
    );
    // The lead limits already held some (held leads mail nobody); many were still queued.
    expect(queued[0]!.n).toBeGreaterThan(10);
    const first = await claim();
    expect(first).toHaveLength(1);
    await finish(first[0]!.lead_id);
    expect(await claim()).toEqual([]);
    expect(await outcomes()).toEqual([
      { last_error: 'policy: recipient_daily_cap', n: queued[0]!.n - 1 },
    ]);
    // Each refusal and the one send are on their request's timeline.
    const { rows: events } = await db.query<{ new_value: string; n: number }>(
      `select new_value, count(*)::int as n from public.request_events
       where kind = 'automatic_message' and old_value = 'patient_confirmation'
       group by new_value order by new_value`,
    );
    expect(events).toEqual([
      { new_value: 'not_sent:recipient_daily_cap', n: queued[0]!.n - 1 },
      { new_value: 'sent', n: 1 },
    ]);

    // Twenty minutes later, the same addresses (now with history) and the same inbox: nothing.
    await rewind(20);
    for (let i = 0; i < 30; i++) {
      await submit({ email: spellings[i % spellings.length] }, `10.0.1.${i % 10}`);
    }
    expect(await claim()).toEqual([]);
    // A day later the link of the first mail was never opened: still nothing.
    await rewind(24 * 60);
    await submit({ email: 'victim@gmail.com' }, '10.0.2.1');
    expect(await claim()).toEqual([]);
    const { rows: last } = await db.query<{ last_error: string }>(
      `select last_error from private.patient_confirmations order by created_at desc limit 1`,
    );
    expect(last[0]!.last_error).toBe('policy: unopened_link');

    // Once the patient opened that link, a new request of theirs the next day is confirmed.
    await db.query(`update private.patient_pages set last_opened_at = now() where lead_id = $1`, [
      first[0]!.lead_id,
    ]);
    const again = await submit({ email: 'victim@gmail.com', name: 'Layla' }, '10.0.2.2');
    const claimed = await claim();
    expect(claimed.map((row) => row.lead_id)).toEqual([again.leadId]);
  });

  it('keeps different inboxes apart, and a retry of a claimed message is claimed again', async () => {
    const a = await submit({ email: 'a@example.com' });
    const b = await submit({ email: 'b@example.com' }, '10.0.0.2');
    const claimed = await claim();
    expect(claimed.map((row) => row.email).sort()).toEqual(['a@example.com', 'b@example.com']);
    // The delivery of a failed: after its back-off it is claimed again (the same message).
    await as(db, serviceRole, (tx) =>
      tx.query(`select public.finish_patient_confirmation($1, false, 'smtp down')`, [a.leadId]),
    );
    await finish(b.leadId);
    await db.query(
      `update private.patient_confirmations set next_attempt_at = now() where lead_id = $1`,
      [a.leadId],
    );
    expect((await claim()).map((row) => row.lead_id)).toEqual([a.leadId]);
  });

  it('sends nothing for a request in the bin, stopped by staff, or erased', async () => {
    const owner = await createLiveAdmin(db, 'owner', 'owner long password');
    const coordinator = await createLiveAdmin(db, 'coord', 'coord long password', 'coordinator');
    const visitor = await createUser(db);
    const binned = await submit({ email: 'binned@example.com' });
    const stopped = await submit({ email: 'stopped@example.com' }, '10.0.0.2');
    const byOwner = await submit({ email: 'owner-stop@example.com' }, '10.0.0.3');
    const erased = await submit({ email: 'erased@example.com' }, '10.0.0.4');
    await db.query(`update public.contact_requests set deleted_at = now() where id = $1`, [
      binned.requestId,
    ]);
    const stop = (actor: Actor, requestId: string, on = true) =>
      as(db, actor, (tx) =>
        tx.query(`select public.stop_automatic_messages($1, $2)`, [requestId, on]),
      );
    await expectSqlError(stop(anon, stopped.requestId), '42501');
    await expectSqlError(stop(visitor, stopped.requestId), '42501');
    await stop(coordinator, stopped.requestId);
    await stop(coordinator, stopped.requestId);
    await stop(owner, byOwner.requestId);
    await stop(owner, byOwner.requestId, false);
    await stop(owner, byOwner.requestId);
    await db.query(`delete from public.offer_leads where id = $1`, [erased.leadId]);

    expect(await claim()).toEqual([]);
    expect(await outcomes()).toEqual([
      { last_error: 'policy: in_bin', n: 1 },
      { last_error: 'policy: stopped', n: 2 },
    ]);
    const { rows } = await db.query<{ request_id: string; old_value: string; new_value: string }>(
      `select request_id::text, old_value, new_value from public.request_events
       where kind = 'automatic_message' and request_id = $1 order by id`,
      [byOwner.requestId],
    );
    expect(rows.map((row) => [row.old_value, row.new_value])).toEqual([
      [null, 'stopped'],
      ['stopped', 'allowed'],
      [null, 'stopped'],
      ['patient_confirmation', 'not_sent:stopped'],
    ]);
    // The policy's records are the request's: they go with it.
    await db.query(`delete from public.offer_leads where id = $1`, [stopped.leadId]);
    const { rows: left } = await db.query<{ n: number }>(
      `select count(*)::int as n from private.outbound_messages where lead_id = $1`,
      [stopped.leadId],
    );
    expect(left[0]!.n).toBe(0);
  });

  it('greets by name only a plausible name', async () => {
    const cases: [string, string | null][] = [
      ['Omar Said', 'Omar'],
      ['محمد علي', 'محمد'],
      ['مُحَمَّد', 'مُحَمَّد'],
      ["O'Neil", "O'Neil"],
      ['Jean-Luc Picard', 'Jean-Luc'],
      ['ـــــــ', null],
      ['ـمـ', null],
      ['http://evil.example', null],
      ['Click evil.example', 'Click'],
      ['evil.example', null],
      ['A', null],
      ['x'.repeat(31), null],
      ['123456', null],
      ['<b>Bold</b>', null],
      ['💊💊', null],
    ];
    for (const [name, expected] of cases) {
      const { rows } = await db.query<{ g: string | null }>(
        `select private.outbound_greeting_name($1) as g`,
        [name],
      );
      expect(rows[0]!.g, name).toBe(expected);
    }
    await submit({ email: 'tatweel@example.com', name: 'ـــــ ـــــ Omar' });
    const [row] = await claim();
    expect(row!.first_name).toBeNull();
  });

  it('waits through quiet hours in the recipient time zone, for kinds that keep them', async () => {
    // A Dubai number: the database stores the code the number itself carries (normalize_phone).
    const { leadId } = await submit({
      email: 'quiet@example.com',
      phone: `9715${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
      country_code: '+971',
    });
    await db.exec(`
      insert into private.outbound_kinds (kind, channel, per_recipient_per_day, quiet_hours)
      values ('test_reminder', 'email', 1, true);
      update private.outbound_settings set
        quiet_from = ((now() at time zone 'Asia/Dubai') - interval '1 hour')::time,
        quiet_until = ((now() at time zone 'Asia/Dubai') + interval '2 hours')::time;
    `);
    try {
      const { rows } = await db.query<{ verdict: string; reason: string; wait_s: number }>(
        `select verdict, reason,
                extract(epoch from not_before - now())::int as wait_s
         from private.outbound_verdict('test_reminder', $1, 'quiet@example.com', 'r1')`,
        [leadId],
      );
      expect(rows[0]!.verdict).toBe('wait');
      expect(rows[0]!.reason).toBe('quiet_hours');
      expect(rows[0]!.wait_s).toBeGreaterThan(2 * 3600 - 120);
      expect(rows[0]!.wait_s).toBeLessThanOrEqual(2 * 3600);
      // The confirmation keeps no quiet hours: it answers the patient's own action.
      expect(await claim()).toHaveLength(1);
    } finally {
      await db.exec(`
        delete from private.outbound_kinds where kind = 'test_reminder';
        update private.outbound_settings set quiet_from = '21:00', quiet_until = '08:00';
      `);
    }
  });

  it('is reachable by no API role', async () => {
    const visitor = await createUser(db);
    const { leadId } = await submit({ email: 'x@example.com' });
    for (const actor of [anon, visitor]) {
      await expectSqlError(
        as(db, actor, (tx) =>
          tx.query(
            `select * from private.outbound_verdict('patient_confirmation', $1, 'x@example.com', 'k')`,
            [leadId],
          ),
        ),
        '42501',
      );
      await expectSqlError(
        as(db, actor, (tx) => tx.query(`select public.claim_patient_confirmations(null, 10)`)),
        '42501',
      );
    }
  });
});
