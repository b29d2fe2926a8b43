import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { erasePerson, exportPerson } from '../../local/person-data.ts';
import { requestServiceFor, type FormService } from '../../src/lib/services.ts';
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
 * After-care that keeps the promise (issue 44, item 4; migration 20261207110000): the check-ins of
 * content/aftercare.yaml are created from the trip plan's procedure date and moved with it, the
 * scheduler (with a clock the test gives it) moves the page to after-care after departure, asks
 * due check-ins through the patient-notices outbox and completes the follow-up after the last
 * one; the patient answers once on their page (a question or a concern due now for a follow-up,
 * broadcast to staff); only staff read them and the team report; export and erasure reach them.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');
const newKey = () => randomBytes(16).toString('hex');
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number) => new Date(Date.now() + offset * DAY).toISOString();

interface Checkin {
  id: string;
  day: number;
  photos: boolean;
  due_on: string;
  asked: boolean;
  answer: string | null;
  note: string | null;
  has_photo: boolean;
  file_id?: string | null;
}

/** content/aftercare.yaml as the database keeps it: treatment (request_service or default) → days. */
function contentSchedule(): Record<string, { day: number; photos: boolean }[]> {
  const content = parse(readFileSync('content/aftercare.yaml', 'utf8')) as Record<
    string,
    { day: number; photos?: boolean }[]
  >;
  return Object.fromEntries(
    Object.entries(content).map(([key, days]) => [
      key === 'default' ? 'default' : requestServiceFor(key as FormService),
      days.map((entry) => ({ day: entry.day, photos: entry.photos ?? false })),
    ]),
  );
}

describe('the after-care schedule in content', () => {
  it('lists treatments of content/services, days in order, every list ending at six months', () => {
    const content = parse(readFileSync('content/aftercare.yaml', 'utf8')) as Record<
      string,
      { day: number }[]
    >;
    for (const [key, days] of Object.entries(content)) {
      if (key !== 'default') {
        expect(
          readFileSync(`content/services/${key}.yaml`, 'utf8').length,
          `content/aftercare.yaml: ${key} is not a file of content/services`,
        ).toBeGreaterThan(0);
      }
      const list = days.map((entry) => entry.day);
      expect(list, `content/aftercare.yaml: ${key}`).toEqual([...list].sort((a, b) => a - b));
      expect(list.at(-1), `content/aftercare.yaml: ${key} must end at day 180`).toBe(180);
    }
  });
});

describe.each(backends)('after-care check-ins, on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let sara: Actor & { role: 'authenticated' };
  let visitor: Actor & { role: 'authenticated' };
  let mine: { token: string; requestId: string };
  let other: { token: string; requestId: string };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  const call = (actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: unknown }>(sql, params)).rows[0]?.r);

  async function submit(phone: string) {
    const token = newToken();
    const id = crypto.randomUUID();
    await as(db, anon, (tx) =>
      insertLead(tx, leadRow({ id, phone, patient_token: token, service: 'hair-transplant' })),
    );
    const { rows } = await db.query<{ id: string }>(
      `select id::text from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { token, requestId: rows[0]!.id };
  }

  /** A sent quote chosen on the patient's page, then a trip plan around `procedure` (days from today). */
  async function planTrip(request: { token: string; requestId: string }, procedure: number) {
    const clinicId = (await call(
      owner,
      `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country, currency)
       values ($1, 'مركز إسطنبول للشعر', 'Istanbul Hair Centre', 'إسطنبول', 'Istanbul', 'turkey', 'EUR')
       returning id::text as r`,
      [`clinic-${newKey().slice(0, 8)}`],
    )) as string;
    await call(
      owner,
      `insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until)
       values ($1, 'JCI', 'JCI-1', '2099-12-31')`,
      [clinicId],
    );
    const draft = (await call(sara, `select public.save_quote_draft($1, $2, null, null, $3) as r`, [
      request.requestId,
      clinicId,
      JSON.stringify({
        technique: 'FUE',
        price: 2000,
        currency: 'EUR',
        valid_until: day(14),
        included: [],
        not_included: [],
      }),
    ])) as { quote_id: string; version: number; revision: number };
    await call(sara, `select public.send_quote($1, $2, $3, $4) as r`, [
      draft.quote_id,
      draft.version,
      draft.revision,
      newKey(),
    ]);
    await call(anon, `select public.patient_choose_quote($1, $2, $3) as r`, [
      request.token,
      draft.quote_id,
      draft.version,
    ]);
    return (await saveDates(request.requestId, null, procedure)) as { version: number };
  }

  const saveDates = (requestId: string, version: number | null, procedure: number) =>
    call(sara, `select public.save_trip_plan($1, $2, $3) as r`, [
      requestId,
      version,
      JSON.stringify({
        arrival_on: day(procedure - 1),
        procedure_on: day(procedure),
        departure_on: day(procedure + 3),
        days: [],
      }),
    ]);
  const patientCheckins = async (token: string) =>
    (
      (await call(anon, `select public.patient_aftercare($1) as r`, [token])) as {
        checkins: Checkin[];
      } | null
    )?.checkins;
  const answer = (
    token: string,
    id: string,
    kind: string,
    note: string | null = null,
    fileId: string | null = null,
  ) =>
    call(anon, `select public.patient_answer_checkin($1, $2, $3, $4, $5) as r`, [
      token,
      id,
      kind,
      note,
      fileId,
    ]);
  const run = (offset: number) =>
    call(serviceRole, `select public.run_aftercare($1) as r`, [at(offset)]) as Promise<{
      aftercare: number;
      asked: number;
      completed: number;
    }>;
  const step = async (requestId: string) =>
    (
      await db.query<{ step: string | null }>(
        `select p.step from private.patient_pages p
         join public.contact_requests r on r.lead_id = p.lead_id where r.id = $1`,
        [requestId],
      )
    ).rows[0]?.step;

  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.staff_write_answers, public.clinics cascade`);
    await db.exec(`truncate private.patient_page_calls`);
    owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    sara = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    visitor = await createUser(db);
    mine = await submit('966545024476');
    other = await submit('966545029999');
  });

  it('keeps the schedule of content/aftercare.yaml', async () => {
    const { rows } = await db.query<{
      treatment: string;
      days: { day: number; photos: boolean }[];
    }>(
      `select treatment, jsonb_agg(jsonb_build_object('day', day, 'photos', photos) order by day) as days
       from private.aftercare_schedule group by treatment`,
    );
    const stored = Object.fromEntries(rows.map((row) => [row.treatment, row.days]));
    expect(
      stored,
      'content/aftercare.yaml and private.aftercare_schedule differ: add a migration that rewrites the table from the file',
    ).toEqual(contentSchedule());
  });

  it('creates the check-ins from the procedure date and moves those not asked yet with it', async () => {
    const plan = await planTrip(mine, 20);
    const checkins = (await call(sara, `select public.request_aftercare($1) as r`, [
      mine.requestId,
    ])) as { checkins: Checkin[] };
    expect(checkins.checkins.map((c) => [c.day, c.photos, c.due_on])).toEqual([
      [1, false, day(21)],
      [7, false, day(27)],
      [30, false, day(50)],
      [90, true, day(110)],
      [180, true, day(200)],
    ]);
    expect(checkins.checkins.every((c) => !c.asked)).toBe(true);
    await saveDates(mine.requestId, plan.version, 25);
    expect((await patientCheckins(mine.token))?.map((c) => c.due_on)).toEqual([
      day(26),
      day(32),
      day(55),
      day(115),
      day(205),
    ]);
    // Nothing is asked before its day.
    expect((await run(0)).asked).toBe(0);
  });

  it('is read by staff and the patient of the link only, answered only by them, scheduled by the service role', async () => {
    await planTrip(mine, -10);
    await planTrip(other, -10);
    for (const actor of [anon, visitor, sara, owner]) {
      await expectSqlError(
        call(actor, `select count(*) as r from public.aftercare_checkins`),
        '42501',
      );
      await expectSqlError(call(actor, `select public.run_aftercare(now()) as r`), '42501');
    }
    await expectSqlError(
      call(anon, `select public.request_aftercare($1) as r`, [mine.requestId]),
      '42501',
    );
    await expectSqlError(
      call(visitor, `select public.request_aftercare($1) as r`, [mine.requestId]),
      '42501',
    );
    await expectSqlError(
      call(visitor, `select public.aftercare_report($1, $2) as r`, [day(-30), day(0)]),
      '42501',
    );
    expect(await run(0)).toMatchObject({ aftercare: 2, asked: 4 });
    expect(await call(anon, `select public.patient_aftercare($1) as r`, [newToken()])).toBeNull();
    const theirs = (await patientCheckins(other.token))!;
    // Another patient's link cannot answer mine, nor mine theirs.
    await expectSqlError(answer(mine.token, theirs[0]!.id, 'well'), 'PT404');
    expect(await answer(newToken(), theirs[0]!.id, 'well')).toBeNull();
    const ours = (await patientCheckins(mine.token))!;
    expect(ours.filter((c) => c.asked).map((c) => c.day)).toEqual([1, 7]);
    // A check-in not asked yet cannot be answered.
    await expectSqlError(answer(mine.token, ours[2]!.id, 'well'), 'PT404');
    expect((await patientCheckins(other.token))![0]!.answer).toBeNull();
  });

  it('asks due check-ins through the outbox, moves the steps from the plan’s dates and completes the follow-up', async () => {
    await planTrip(mine, -10);
    expect(await step(mine.requestId)).toBe('travel');
    expect(await run(0)).toEqual({ aftercare: 1, asked: 2, completed: 0 });
    expect(await step(mine.requestId)).toBe('aftercare');
    const { rows: notices } = await db.query<{ kind: string; channel: string }>(
      `select n.kind, n.channel from private.patient_notices n
       join public.contact_requests r on r.lead_id = n.lead_id
       where r.id = $1 and n.kind = 'aftercare_checkin'`,
      [mine.requestId],
    );
    expect(notices).toEqual([{ kind: 'aftercare_checkin', channel: 'email' }]);
    // Asked once: the next run asks nothing more today.
    expect((await run(0)).asked).toBe(0);
    const { rows: events } = await db.query<{ kind: string; old_value: string; new_value: string }>(
      `select kind, old_value, new_value from public.request_events
       where request_id = $1 and kind in ('aftercare_checkin', 'patient_step') order by id`,
      [mine.requestId],
    );
    expect(events.slice(-2)).toEqual([
      { kind: 'patient_step', old_value: 'travel', new_value: 'aftercare' },
      { kind: 'aftercare_checkin', old_value: null, new_value: '7' },
    ]);
    // Six months on, every check-in is asked; two weeks after the last, the follow-up is complete.
    expect((await run(175)).asked).toBe(3);
    expect((await run(180)).completed).toBe(0);
    expect((await run(185)).completed).toBe(1);
    expect(await step(mine.requestId)).toBe('aftercare_done');
    const now = (await call(anon, `select public.patient_request($1, false) as r`, [
      mine.token,
    ])) as { now: { state: string } };
    expect(now.now.state).toBe('aftercare_done');
  });

  it('takes one answer each: a concern is due now for a follow-up and broadcast to staff', async () => {
    await planTrip(mine, -10);
    await run(0);
    const [first, second] = (await patientCheckins(mine.token))!;
    await expectSqlError(answer(mine.token, first!.id, 'maybe'), '23514');
    const noWords = await expectSqlError(answer(mine.token, first!.id, 'question'), '23514');
    expect(noWords.hint).toBe('checkin_note');
    expect(await answer(mine.token, first!.id, 'well')).toEqual({ ok: true, changed: true });
    expect(await answer(mine.token, first!.id, 'well')).toEqual({ ok: true, changed: false });
    const answered = await expectSqlError(
      answer(mine.token, first!.id, 'concern', 'It hurts'),
      'PT409',
    );
    expect(answered.hint).toBe('checkin_answered');
    await db.query(`update public.contact_requests set follow_up_at = null where id = $1`, [
      mine.requestId,
    ]);
    // A photo must be one of this request's files.
    const foreign = await expectSqlError(
      answer(mine.token, second!.id, 'concern', null, crypto.randomUUID()),
      '23514',
    );
    expect(foreign.hint).toBe('checkin_file');
    expect(await answer(mine.token, second!.id, 'concern', '  الجلد أحمر حول البصيلات  ')).toEqual({
      ok: true,
      changed: true,
    });
    const { rows } = await db.query<{ due: boolean }>(
      `select follow_up_at <= now() as due from public.contact_requests where id = $1`,
      [mine.requestId],
    );
    expect(rows[0]?.due).toBe(true);
    const staff = (await call(sara, `select public.request_aftercare($1) as r`, [
      mine.requestId,
    ])) as { checkins: Checkin[] };
    expect(staff.checkins.slice(0, 2).map((c) => [c.answer, c.note])).toEqual([
      ['well', null],
      ['concern', 'الجلد أحمر حول البصيلات'],
    ]);
    const { rows: timeline } = await db.query<{ author: string; new_value: string }>(
      `select author, new_value from public.request_events
       where request_id = $1 and kind = 'patient_checkin' order by id`,
      [mine.requestId],
    );
    expect(timeline.map((e) => e.new_value)).toEqual(['well:1', 'concern:7']);
    const realtime = await db.query<{ found: boolean }>(
      `select to_regclass('realtime.messages') is not null as found`,
    );
    if (realtime.rows[0]?.found) {
      const { rows: sent } = await db.query<{ payload: Record<string, unknown> }>(
        `select payload from realtime.messages where topic = 'staff:aftercare' order by inserted_at`,
      );
      expect(sent.at(-1)?.payload).toMatchObject({
        request_id: mine.requestId,
        day: 7,
        answer: 'concern',
      });
      expect(JSON.stringify(sent.map((m) => m.payload))).not.toContain('الجلد');
    }
  });

  it('measures the promise per request in the team report, for the owner and the assignee', async () => {
    await planTrip(mine, -10);
    await run(0);
    const [first, second] = (await patientCheckins(mine.token))!;
    await answer(mine.token, first!.id, 'well');
    await answer(mine.token, second!.id, 'concern', 'Swelling');
    await call(sara, `select public.reply_to_patient($1, $2, $3) as r`, [
      mine.requestId,
      'We asked the clinic, it is normal for a week.',
      newKey(),
    ]);
    const report = (await call(owner, `select public.aftercare_report($1, $2) as r`, [
      day(-30),
      day(0),
    ])) as Record<string, unknown>[];
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({
      request_id: mine.requestId,
      checkins: 5,
      due: 2,
      asked: 2,
      answered: 2,
      concerns: 1,
      concerns_open: 0,
    });
    expect(Number(report[0]!['longest_answer_hours'])).toBeLessThan(1);
    // A coordinator sees the requests assigned to her only.
    expect(
      await call(sara, `select public.aftercare_report($1, $2) as r`, [day(-30), day(0)]),
    ).toEqual([]);
    await expectSqlError(
      call(owner, `select public.aftercare_report($1, $2) as r`, [day(0), day(-30)]),
      '22023',
    );
  });

  it('asks nothing after withdrawal', async () => {
    await planTrip(mine, -10);
    await db.query(`update public.contact_requests set deleted_at = now() where id = $1`, [
      mine.requestId,
    ]);
    expect((await run(0)).asked).toBe(0);
  });

  it('is in the person’s export and leaves nothing after erasure', async () => {
    await planTrip(mine, -10);
    await run(0);
    const [first, second] = (await patientCheckins(mine.token))!;
    await answer(mine.token, first!.id, 'concern', 'Swelling');
    // A concern's photo comes through the file gate as one of the request's files.
    const begun = (await call(anon, `select public.patient_file_begin($1, $2, $3, $4) as r`, [
      mine.token,
      'report',
      'image/jpeg',
      50_000,
    ])) as { file_id: string };
    expect(await answer(mine.token, second!.id, 'concern', null, begun.file_id)).toEqual({
      ok: true,
      changed: true,
    });
    const patientView = (await patientCheckins(mine.token))!;
    expect(patientView[1]).toMatchObject({ answer: 'concern', has_photo: true });
    expect(patientView[1]).not.toHaveProperty('file_id');
    const staffView = (await call(sara, `select public.request_aftercare($1) as r`, [
      mine.requestId,
    ])) as { checkins: Checkin[] };
    expect(staffView.checkins[1]!.file_id).toBe(begun.file_id);
    const data = await exportPerson(db, '+966 54 502 4476');
    expect(data.tables['public.aftercare_checkins']).toHaveLength(5);
    const erased = await erasePerson(db, '+966 54 502 4476');
    expect(erased.counts['public.aftercare_checkins']).toBe(5);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.aftercare_checkins where request_id = $1`,
      [mine.requestId],
    );
    expect(rows[0]?.n).toBe(0);
    const realtime = await db.query<{ found: boolean }>(
      `select to_regclass('realtime.messages') is not null as found`,
    );
    if (realtime.rows[0]?.found) {
      const { rows: left } = await db.query<{ n: number }>(
        `select count(*)::int as n from realtime.messages
         where topic = 'staff:aftercare' and payload::text like $1`,
        [`%${mine.requestId}%`],
      );
      expect(left[0]?.n).toBe(0);
    }
    expect(await patientCheckins(mine.token)).toBeUndefined();
  });
});
