import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  anon,
  as,
  createLiveAdmin,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  serviceRole,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * Reminders that fit a medical trip (issue 44, item 3; 20261207100000_patient_reminders.sql):
 * the scheduler, called with the test's clock, queues each reminder once per occasion into the
 * patient's outbox (photos missing after 24 hours, a quote ending within 3 days, the call-back
 * within the hour, the trip in 7 days and tomorrow, the procedure tomorrow); delivery holds the
 * quiet hours and the stops; none after withdrawal; erasure leaves nothing.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');
const newKey = () => randomBytes(16).toString('hex');
const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Claimed {
  id: number;
  kind: string;
  quotes: { clinic: string; valid_until: string }[];
  reminder: { on: string | null; at: string | null; time_zone: string } | null;
}

describe.each(backends)('reminders to the patient on $name', (backend) => {
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
    await db.exec(`
      truncate private.patient_page_calls, private.outbound_messages;
      update private.outbound_settings set quiet_from = '00:00', quiet_until = '00:00',
        notice_delay = interval '5 minutes', notice_delay_max = interval '30 minutes',
        messages_per_recipient_per_day = 10;
    `);
    owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
  });

  const call = (actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: unknown }>(sql, params)).rows[0]?.r);

  /** A request whose confirmation mail already left. */
  async function submit(overrides: Record<string, unknown> = {}) {
    const token = newToken();
    const id = crypto.randomUUID();
    await as(db, anon, (tx) =>
      insertLead(
        tx,
        leadRow({ id, patient_token: token, service: 'hair-transplant', ...overrides }),
      ),
    );
    await db.query(
      `update private.patient_confirmations set sent_at = now(), link_token = null
       where lead_id = $1`,
      [id],
    );
    const { rows } = await db.query<{ id: string; reference: string }>(
      `select id::text, reference from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { token, leadId: id, requestId: rows[0]!.id, reference: rows[0]!.reference };
  }

  /** The scheduler at the test's clock, as the service role; how many it queued. */
  const schedule = (at: Date | string) =>
    call(serviceRole, `select public.schedule_patient_reminders($1::timestamptz) as r`, [
      typeof at === 'string' ? at : at.toISOString(),
    ]) as Promise<number>;
  const reminders = async (leadId: string) =>
    (
      await db.query<{ kind: string; occasion: string; open: boolean }>(
        `select pr.kind, pr.occasion, n.sent_at is null and n.gave_up_at is null as open
         from private.patient_reminders pr
         left join private.patient_notices n on n.id = pr.notice_id
         where pr.lead_id = $1 order by pr.id`,
        [leadId],
      )
    ).rows;
  const claim = () =>
    as(db, serviceRole, async (tx) => {
      const { rows } = await tx.query<{ c: Claimed[] }>(
        `select public.claim_patient_notices(100) as c`,
      );
      return rows[0]!.c;
    });
  const finish = (id: number) =>
    as(db, serviceRole, (tx) =>
      tx.query(`select public.finish_patient_notice($1, true, null)`, [id]),
    );
  const timeline = async (requestId: string) =>
    (
      await db.query<{ old_value: string | null; new_value: string | null }>(
        `select old_value, new_value from public.request_events
         where request_id = $1 and kind = 'automatic_message' order by id`,
        [requestId],
      )
    ).rows;
  /** A checked file in every needed slot of the request, so no photo is missing. */
  const photosIn = (requestId: string) =>
    db.query(
      `insert into private.request_files (request_id, slot, kind, content_type, declared_bytes,
         bytes, object_path, state, checked_at)
       select r.id, s.slot, 'image', 'image/jpeg', 100, 100,
              'requests/' || r.id || '/' || s.slot || '.jpg', 'ready', now()
       from public.contact_requests r
       cross join lateral private.request_file_slots(r.service::text) s
       where r.id = $1 and s.required`,
      [requestId],
    );
  async function plan(requestId: string, arrival: string, procedure: string, confirmed = true) {
    await db.query(
      `insert into public.trip_plans (request_id, arrival_on, procedure_on, departure_on,
         dates_confirmed_at)
       values ($1, $2, $3, $3::date + 4, case when $4 then now() end)`,
      [requestId, arrival, procedure, confirmed],
    );
  }

  it('reminds of the trip 7 days and 1 day before, and of the procedure the day before, once each', async () => {
    const { leadId, requestId } = await submit({ email: 'layla@example.com' });
    await photosIn(requestId);
    await plan(requestId, '2027-03-08', '2027-03-09');
    // Riyadh's 1 March: 7 days before the arrival.
    expect(await schedule('2027-02-28T20:00:00Z')).toBe(0); // 23:00 on 28 February in Riyadh
    expect(await schedule('2027-02-28T21:30:00Z')).toBe(1); // 00:30 on 1 March in Riyadh
    expect(await schedule('2027-03-01T09:00:00Z')).toBe(0);
    expect(await reminders(leadId)).toEqual([
      { kind: 'reminder_trip_week', occasion: 'arrival:2027-03-08', open: true },
    ]);
    const [week] = await claim();
    expect(week).toMatchObject({
      kind: 'reminder_trip_week',
      reminder: { on: '2027-03-08', at: null, time_zone: 'Asia/Riyadh' },
    });
    await finish(week!.id);
    expect(await timeline(requestId)).toContainEqual({
      old_value: 'reminder_trip_week',
      new_value: 'sent',
    });

    expect(await schedule('2027-03-04T09:00:00Z')).toBe(0);
    expect(await schedule('2027-03-07T09:00:00Z')).toBe(1);
    expect(await schedule('2027-03-08T09:00:00Z')).toBe(1);
    expect(await schedule('2027-03-08T10:00:00Z')).toBe(0);
    expect((await reminders(leadId)).map((r) => [r.kind, r.occasion])).toEqual([
      ['reminder_trip_week', 'arrival:2027-03-08'],
      ['reminder_trip_tomorrow', 'arrival:2027-03-08'],
      ['reminder_procedure_tomorrow', 'procedure:2027-03-09'],
    ]);

    // A new date is a new occasion.
    await db.query(
      `update public.trip_plans set arrival_on = '2027-03-20', procedure_on = '2027-03-21',
         departure_on = '2027-03-25' where request_id = $1`,
      [requestId],
    );
    for (const row of await claim()) await finish(row.id);
    expect(await schedule('2027-03-15T09:00:00Z')).toBe(1);
  });

  it('waits for the dates the patient confirmed, and counts days in their time zone', async () => {
    const unconfirmed = await submit({ email: 'a@example.com' });
    await photosIn(unconfirmed.requestId);
    await plan(unconfirmed.requestId, '2027-03-08', '2027-03-09', false);
    // +90: Istanbul, three hours ahead of UTC: 22:00 UTC on 28 February is 1 March there.
    const istanbul = await submit({ email: 'b@example.com', country_code: '+90' });
    await photosIn(istanbul.requestId);
    await plan(istanbul.requestId, '2027-03-08', '2027-03-09');
    expect(await schedule('2027-02-28T20:30:00Z')).toBe(0);
    expect(await schedule('2027-02-28T22:00:00Z')).toBe(1);
    expect(await reminders(unconfirmed.leadId)).toEqual([]);
    expect((await reminders(istanbul.leadId)).map((r) => r.kind)).toEqual(['reminder_trip_week']);
  });

  it('reminds of photos still missing after 24 hours, once', async () => {
    const { leadId, requestId } = await submit();
    const now = Date.now();
    expect(await schedule(new Date(now + 23 * 3_600_000))).toBe(0);
    expect(await schedule(new Date(now + 25 * 3_600_000))).toBe(1);
    expect(await schedule(new Date(now + 26 * 3_600_000))).toBe(0);
    expect((await reminders(leadId)).map((r) => r.kind)).toEqual(['reminder_photos']);
    // Photos in: nothing more, even when staff's old ask is long past.
    const other = await submit({ email: 'other@example.com' });
    await photosIn(other.requestId);
    expect(await schedule(new Date(now + 25 * 3_600_000))).toBe(0);
    expect(await reminders(other.leadId)).toEqual([]);
    expect(requestId).toBeTruthy();
  });

  it('reminds of quotes that end within 3 days in one message, until one is chosen', async () => {
    const { leadId, requestId } = await submit();
    await photosIn(requestId);
    const clinic = (await call(
      owner,
      `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country, languages,
         includes_hotel, includes_transfer, treatments, currency)
       values ('istanbul-hair', 'عيادة إسطنبول', 'Istanbul clinic', 'إسطنبول', 'Istanbul',
         'turkey', '{ar,en,tr}', true, true, '{hair-transplant}', 'EUR')
       returning id::text as r`,
    )) as string;
    await call(
      owner,
      `insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until)
       values ($1, 'JCI', 'JCI-123', '2099-12-31')`,
      [clinic],
    );
    // The tenth day from today in Riyadh (three hours ahead of UTC), where the days are counted.
    const validUntil = isoDate(Date.now() + 3 * 3_600_000 + 10 * day);
    const saved = (await call(
      coordinator,
      `select public.save_quote_draft($1, $2, null, null, $3) as r`,
      [
        requestId,
        clinic,
        JSON.stringify({
          technique: 'FUE',
          units: 4000,
          unit_kind: 'grafts',
          nights: 3,
          transfer: true,
          interpreter: true,
          included: [],
          not_included: [],
          price: 2400,
          currency: 'EUR',
          valid_until: validUntil,
        }),
      ],
    )) as { quote_id: string; version: number; revision: number };
    await call(coordinator, `select public.send_quote($1, $2, $3, $4) as r`, [
      saved.quote_id,
      saved.version,
      saved.revision,
      newKey(),
    ]);
    await db.query(`update private.patient_notices set sent_at = now() where lead_id = $1`, [
      leadId,
    ]);
    expect(await schedule(new Date(Date.now() + 6 * day))).toBe(0);
    expect(await schedule(new Date(Date.now() + 7.5 * day))).toBe(1);
    expect(await schedule(new Date(Date.now() + 8 * day))).toBe(0);
    const [expiring] = await claim();
    expect(expiring).toMatchObject({
      kind: 'reminder_quote_expiring',
      quotes: [{ clinic: 'عيادة إسطنبول', valid_until: validUntil }],
    });
  });

  it('reminds of the call-back within its hour, at any hour of the night it was asked for', async () => {
    const { leadId, requestId } = await submit();
    await photosIn(requestId);
    const callbackAt = new Date(Date.now() + 2 * 3_600_000);
    await db.query(`update private.patient_pages set callback_at = $2 where lead_id = $1`, [
      leadId,
      callbackAt.toISOString(),
    ]);
    expect(await schedule(new Date())).toBe(0);
    expect(await schedule(new Date(callbackAt.getTime() - 30 * 60_000))).toBe(1);
    expect(await schedule(new Date(callbackAt.getTime() - 20 * 60_000))).toBe(0);
    // Quiet hours all day long: the call-back's reminder goes all the same, the trip's waits.
    await db.exec(
      `update private.outbound_settings set quiet_from = '00:00', quiet_until = '23:59'`,
    );
    await plan(requestId, isoDate(Date.now() + 5 * day), isoDate(Date.now() + 6 * day));
    expect(await schedule(new Date())).toBe(1);
    const claimed = await claim();
    expect(claimed.map((c) => c.kind)).toEqual(['reminder_callback']);
    expect(new Date(claimed[0]!.reminder!.at!).getTime()).toBe(callbackAt.getTime());
    const waiting = await db.query<{ later: boolean }>(
      `select next_attempt_at > now() as later from private.patient_notices
       where lead_id = $1 and kind = 'reminder_trip_week'`,
      [leadId],
    );
    expect(waiting.rows).toEqual([{ later: true }]);
  });

  it('stops on the patient’s tap (waiting ones given up) and on staff’s stop, on the timeline', async () => {
    const patient = await submit({ email: 'p@example.com' });
    const staff = await submit({ email: 's@example.com' });
    for (const r of [patient, staff]) {
      await photosIn(r.requestId);
      await plan(r.requestId, isoDate(Date.now() + 5 * day), isoDate(Date.now() + 6 * day));
    }
    expect(await schedule(new Date())).toBe(2);

    expect(await call(anon, `select public.patient_reminders($1) as r`, [patient.token])).toEqual({
      stopped: false,
      stopped_by_staff: false,
      sent: [],
    });
    expect(
      await call(anon, `select public.patient_stop_reminders($1, true) as r`, [patient.token]),
    ).toMatchObject({ stopped: true });
    expect(await call(anon, `select public.patient_stop_reminders($1) as r`, ['x'])).toBeNull();
    await call(coordinator, `select public.stop_automatic_messages($1, true)`, [staff.requestId]);
    expect(await call(anon, `select public.patient_reminders($1) as r`, [staff.token])).toEqual({
      stopped: false,
      stopped_by_staff: true,
      sent: [],
    });

    // The patient's waiting reminder was given up; staff's is dropped by the policy.
    expect(await reminders(patient.leadId)).toEqual([
      expect.objectContaining({ kind: 'reminder_trip_week', open: false }),
    ]);
    expect(await claim()).toEqual([]);
    expect(await timeline(staff.requestId)).toContainEqual({
      old_value: 'reminder_trip_week',
      new_value: 'not_sent:stopped',
    });
    expect(await timeline(patient.requestId)).toContainEqual({
      old_value: null,
      new_value: 'reminders_stopped',
    });
    // Nothing new is queued for either, whatever comes due.
    const tomorrow = new Date(Date.now() + 4 * day);
    expect(await schedule(tomorrow)).toBe(0);

    // Allowed again by the patient: the next occasion is reminded of.
    await call(anon, `select public.patient_stop_reminders($1, false) as r`, [patient.token]);
    expect(await timeline(patient.requestId)).toContainEqual({
      old_value: null,
      new_value: 'reminders_allowed',
    });
    expect(await schedule(tomorrow)).toBe(1);
  });

  it('sends none after withdrawal (erased, or in the bin), and erasure leaves nothing', async () => {
    const withdrawn = await submit({ email: 'gone@example.com' });
    const binned = await submit({ email: 'bin@example.com' });
    for (const r of [withdrawn, binned]) {
      await photosIn(r.requestId);
      await plan(r.requestId, isoDate(Date.now() + 5 * day), isoDate(Date.now() + 6 * day));
    }
    expect(await schedule(new Date())).toBe(2);
    // The patient stopped them first, then withdrew: a link they hold erases at once.
    await call(anon, `select public.patient_stop_reminders($1, true) as r`, [withdrawn.token]);
    await call(anon, `select public.patient_withdraw($1, $2) as r`, [
      withdrawn.token,
      withdrawn.reference,
    ]);
    // Withdrawn through a link staff issued, the request waits in the bin.
    await db.query(`update public.contact_requests set deleted_at = now() where id = $1`, [
      binned.requestId,
    ]);
    // The reminder queued before is dropped, on the timeline; nothing new comes.
    expect(await claim()).toEqual([]);
    expect(await timeline(binned.requestId)).toContainEqual({
      old_value: 'reminder_trip_week',
      new_value: 'not_sent:in_bin',
    });
    expect(await schedule(new Date(Date.now() + 4 * day))).toBe(0);
    expect(await reminders(binned.leadId)).toHaveLength(1);

    for (const table of [
      'private.patient_reminders',
      'private.patient_reminder_stops',
      'private.patient_notices',
      'private.outbound_messages',
    ]) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from ${table} where lead_id = $1`,
        [withdrawn.leadId],
      );
      expect(rows[0]!.n, table).toBe(0);
    }
  });

  it('shows staff what is stopped, by whom, and the reminders waiting and sent', async () => {
    const r = await submit({ email: 'dialog@example.com' });
    await photosIn(r.requestId);
    await plan(r.requestId, isoDate(Date.now() + 5 * day), isoDate(Date.now() + 6 * day));
    expect(await schedule(new Date())).toBe(1);
    const read = () =>
      call(coordinator, `select public.request_automatic_messages($1) as r`, [
        r.requestId,
      ]) as Promise<{
        stopped: boolean;
        stopped_by: string | null;
        reminders_stopped_at: string | null;
        waiting: { kind: string }[];
        sent: { kind: string }[];
      }>;
    expect(await read()).toMatchObject({
      stopped: false,
      stopped_by: null,
      reminders_stopped_at: null,
      waiting: [{ kind: 'reminder_trip_week' }],
      sent: [],
    });
    const [claimed] = await claim();
    await finish(claimed!.id);
    await call(anon, `select public.patient_stop_reminders($1, true) as r`, [r.token]);
    await call(coordinator, `select public.stop_automatic_messages($1, true)`, [r.requestId]);
    const after = await read();
    expect(after).toMatchObject({
      stopped: true,
      stopped_by: 'sara',
      waiting: [],
      sent: [{ kind: 'reminder_trip_week' }],
    });
    expect(after.reminders_stopped_at).not.toBeNull();
    await expectSqlError(
      call(anon, `select public.request_automatic_messages($1) as r`, [r.requestId]),
      '42501',
    );
  });

  it('lets only the service role run the scheduler', async () => {
    for (const actor of [anon, coordinator, owner]) {
      await expectSqlError(
        call(actor, `select public.schedule_patient_reminders(now()) as r`),
        '42501',
      );
    }
    expect(await schedule(new Date())).toBe(0);
  });
});
