import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import {
  anon,
  as,
  countRows,
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
 * Contact events and the first-contact clock (migration 20261127120100_contact_events.sql), acted
 * out by anon, a signed-in non-admin, a coordinator and an owner on every backend: a WhatsApp
 * message or a call is recorded by its author at the database's time; the first human contact
 * stamps first_contacted_at once (the earliest wins), a status change off "new" by staff counts,
 * and a bulk clean-up, a script, the service role, the patient and the system never do; contact
 * times never move the request's version; the due time counts the agency's working hours.
 */

const backends = await sqlBackends();

interface Stamped {
  first_contacted_at: string | null;
  last_contacted_at: string | null;
  first_contact_due_at: string | null;
  version: number;
  status: string;
}

describe.each(backends)('first contact on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let coordinator: Actor & { role: 'authenticated' };
  let user: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`
      update private.first_contact_settings set time_zone = 'Europe/Berlin',
        work_days = '{1,2,3,4,5,6,7}', day_start = '00:00', day_end = '23:59:59',
        contact_minutes = 15, escalate_minutes = 60;
      update public.message_templates set archived_at = null;
    `);
    owner = await createLiveAdmin(db, 'nadia.owner', 'nadia long password', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    user = await createUser(db);
  });

  async function newRequest(overrides: Record<string, unknown> = {}): Promise<string> {
    const name = String(overrides['name'] ?? `Lead ${Math.random().toString(36).slice(2, 8)}`);
    await as(db, anon, (tx) => insertLead(tx, leadRow({ ...overrides, name })));
    const { rows } = await db.query<{ id: string }>(
      `select id::text from public.contact_requests where name = $1`,
      [name],
    );
    return rows[0]!.id;
  }

  async function stamped(id: string): Promise<Stamped> {
    const { rows } = await db.query<Stamped>(
      `select first_contacted_at::text, last_contacted_at::text, first_contact_due_at::text,
              version, status::text
       from public.contact_requests where id = $1`,
      [id],
    );
    return rows[0]!;
  }

  const call = <T>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx: Queryable) => (await tx.query<{ v: T }>(sql, params)).rows[0]?.v);

  const template = async (key: string) =>
    (
      await db.query<{ id: string }>(
        `select id::text from public.message_templates where key = $1`,
        [key],
      )
    ).rows[0]!.id;

  it('records a WhatsApp message and a call by their author, for staff only', async () => {
    const id = await newRequest();
    const first = await template('first_contact');
    for (const actor of [anon, user]) {
      await expectSqlError(
        call(
          actor,
          `select public.log_whatsapp_message($1, $2, (select t.version from public.message_templates t where t.id = $2), gen_random_uuid()::text) as v`,
          [id, first],
        ),
        '42501',
      );
      await expectSqlError(
        call(
          actor,
          `select public.log_call($1, 'answered', _idempotency_key => gen_random_uuid()::text) as v`,
          [id],
        ),
        '42501',
      );
    }
    const message = await call<{ author: string; kind: string; new_value: string }>(
      coordinator,
      `select to_jsonb(public.log_whatsapp_message($1, $2, (select t.version from public.message_templates t where t.id = $2), gen_random_uuid()::text)) as v`,
      [id, first],
    );
    expect(message).toMatchObject({ author: 'sara', kind: 'whatsapp', new_value: 'التواصل الأول' });
    const callBack = new Date(Date.now() + 3_600_000).toISOString();
    await call(
      owner,
      `select public.log_call($1, 'call_back', $2, _idempotency_key => gen_random_uuid()::text) as v`,
      [id, callBack],
    );
    await call(
      owner,
      `select public.log_call($1, 'no_answer', _idempotency_key => gen_random_uuid()::text) as v`,
      [id],
    );
    const { rows: events } = await db.query(
      `select kind, author, new_value, (kind = 'call' and old_value is not null) as has_time
       from public.request_events where request_id = $1 and kind in ('whatsapp', 'call') order by id`,
      [id],
    );
    expect(events).toEqual([
      { kind: 'whatsapp', author: 'sara', new_value: 'التواصل الأول', has_time: false },
      { kind: 'call', author: 'nadia.owner', new_value: 'call_back', has_time: true },
      { kind: 'call', author: 'nadia.owner', new_value: 'no_answer', has_time: false },
    ]);
    // A call back becomes the follow-up time (recorded as such in the timeline).
    const { rows } = await db.query<{ follow_up_at: Date }>(
      `select follow_up_at from public.contact_requests where id = $1`,
      [id],
    );
    expect(rows[0]!.follow_up_at.toISOString()).toBe(callBack);
    // The same message retried with its key (a lost answer) is one entry, not two; another key
    // is another message.
    const sameKey = `retry-${crypto.randomUUID()}`;
    const sent = `select public.log_whatsapp_message($1, $2, (select t.version from public.message_templates t where t.id = $2), $3) as v`;
    const again = await call<{ id: number; replayed: boolean }>(coordinator, sent, [
      id,
      first,
      sameKey,
    ]);
    const replayed = await call<{ id: number; replayed: boolean }>(coordinator, sent, [
      id,
      first,
      sameKey,
    ]);
    expect(again?.replayed).toBe(false);
    expect(replayed).toMatchObject({ id: again?.id, replayed: true });
    expect(
      await countRows(db, `public.request_events where request_id = '${id}' and kind = 'whatsapp'`),
    ).toBe(2);
    // Unknown outcomes, call backs in the past, unknown template versions and binned requests are
    // refused; an archived template still records what went out (issue 41: records are what
    // happened).
    await expectSqlError(
      call(
        owner,
        `select public.log_call($1, 'maybe', _idempotency_key => gen_random_uuid()::text) as v`,
        [id],
      ),
      '22023',
    );
    await expectSqlError(
      call(
        owner,
        `select public.log_call($1, 'call_back', now() - interval '1 minute', _idempotency_key => gen_random_uuid()::text) as v`,
        [id],
      ),
      '22023',
    );
    await db.query(`update public.message_templates set archived_at = now() where key = 'review'`);
    const review = await template('review');
    expect(
      (
        await call<{ kind: string }>(
          owner,
          `select public.log_whatsapp_message($1, $2, (select t.version from public.message_templates t where t.id = $2), gen_random_uuid()::text) as v`,
          [id, review],
        )
      )?.kind,
    ).toBe('whatsapp');
    await expectSqlError(
      call(owner, `select public.log_whatsapp_message($1, $2, 999, gen_random_uuid()::text) as v`, [
        id,
        review,
      ]),
      'PT404',
    );
    await expectSqlError(
      call(
        owner,
        `select public.log_whatsapp_message($1, $2, null, gen_random_uuid()::text) as v`,
        [id, review],
      ),
      '22023',
    );
    await as(db, owner, (tx) =>
      tx.query(`delete from public.contact_requests where id = $1`, [id]),
    );
    await expectSqlError(
      call(
        coordinator,
        `select public.log_whatsapp_message($1, null, null, gen_random_uuid()::text) as v`,
        [id],
      ),
      'PT404',
    );
  });

  it('stamps the first contact once, by the first human contact, without moving the version', async () => {
    const id = await newRequest();
    const before = await stamped(id);
    expect(before).toMatchObject({ first_contacted_at: null, version: 1, status: 'new' });
    expect(before.first_contact_due_at).not.toBeNull();
    await call(
      coordinator,
      `select public.log_call($1, 'no_answer', _idempotency_key => gen_random_uuid()::text) as v`,
      [id],
    );
    const first = await stamped(id);
    expect(first.first_contacted_at).not.toBeNull();
    expect(first.last_contacted_at).toBe(first.first_contacted_at);
    expect(first.version).toBe(1);
    await call(
      owner,
      `select public.log_whatsapp_message($1, null, null, gen_random_uuid()::text) as v`,
      [id],
    );
    const second = await stamped(id);
    expect(second.first_contacted_at).toBe(first.first_contacted_at);
    expect(Date.parse(second.last_contacted_at!)).toBeGreaterThan(
      Date.parse(first.first_contacted_at!),
    );
    expect(second.version).toBe(1);
    // A save opened at version 1 still goes through after both contacts.
    await call(coordinator, `select public.update_request($1, 1, '{"notes": "called"}') as v`, [
      id,
    ]);
    expect((await stamped(id)).version).toBe(2);
  });

  it('keeps the earliest first contact: a later stamp, a clearing or a script cannot move it', async () => {
    const id = await newRequest();
    await call(
      coordinator,
      `select public.log_call($1, 'answered', _idempotency_key => gen_random_uuid()::text) as v`,
      [id],
    );
    const { first_contacted_at: at } = await stamped(id);
    // An event recorded with an earlier time (two contacts racing) wins; a later one does not.
    await db.query(
      `insert into public.request_events (request_id, version, author_id, author, kind, new_value, created_at)
       select $1, 1, a.id, a.username, 'call', 'answered', $2::timestamptz - interval '5 minutes'
       from private.admin_users a where a.username = 'sara'`,
      [id, at],
    );
    const earlier = (await stamped(id)).first_contacted_at!;
    expect(Date.parse(earlier)).toBe(Date.parse(at!) - 300_000);
    await db.query(
      `insert into public.request_events (request_id, version, author_id, author, kind, new_value, created_at)
       select $1, 1, a.id, a.username, 'call', 'answered', now() + interval '1 hour'
       from private.admin_users a where a.username = 'sara'`,
      [id],
    );
    expect((await stamped(id)).first_contacted_at).toBe(earlier);
    await db.query(`update public.contact_requests set first_contacted_at = null where id = $1`, [
      id,
    ]);
    await db.query(
      `update public.contact_requests set first_contacted_at = now() + interval '1 day' where id = $1`,
      [id],
    );
    expect((await stamped(id)).first_contacted_at).toBe(earlier);
    // Staff cannot write the column at all through the API.
    await expectSqlError(
      as(db, owner, (tx) =>
        tx.query(`update public.contact_requests set first_contacted_at = now() where id = $1`, [
          id,
        ]),
      ),
      '42501',
    );
  });

  it("counts a staff member's status change off new, through the dialog or a plain update", async () => {
    const viaDialog = await newRequest();
    const viaPatch = await newRequest();
    await call(
      coordinator,
      `select public.update_request($1, 1, '{"status": "in_progress"}') as v`,
      [viaDialog],
    );
    await as(db, owner, (tx) =>
      tx.query(`update public.contact_requests set status = 'completed' where id = $1`, [viaPatch]),
    );
    for (const id of [viaDialog, viaPatch]) {
      expect((await stamped(id)).first_contacted_at).not.toBeNull();
    }
    // A note, an assignment or a follow-up is not a contact.
    const other = await newRequest();
    await call(
      coordinator,
      `select public.update_request($1, 1, jsonb_build_object('notes', 'x', 'assigned_to', $2::text,
         'follow_up_at', now() + interval '1 day')) as v`,
      [other, await call<string>(coordinator, `select public.my_staff_id()::text as v`)],
    );
    expect((await stamped(other)).first_contacted_at).toBeNull();
  });

  it('is never stamped by a bulk clean-up, a script, the service role, the patient or the system', async () => {
    const bulk = await newRequest();
    const script = await newRequest();
    const service = await newRequest();
    const system = await newRequest();
    const result = await call<{ updated: unknown[] }>(
      coordinator,
      `select public.bulk_update_requests($1::jsonb, '{"status": "cancelled"}') as v`,
      [JSON.stringify([{ id: bulk, expected_version: 1 }])],
    );
    expect(result?.updated).toHaveLength(1);
    await db.query(`update public.contact_requests set status = 'completed' where id = $1`, [
      script,
    ]);
    await as(db, serviceRole, (tx) =>
      tx.query(`update public.contact_requests set status = 'in_progress' where id = $1`, [
        service,
      ]),
    );
    // Events without a staff author (the system's, a patient's message) are not contacts either.
    await db.query(
      `insert into public.request_events (request_id, version, kind, new_value)
       values ($1, 1, 'call', 'answered'), ($1, 1, 'whatsapp', null), ($1, 1, 'patient_message', 'hi')`,
      [system],
    );
    for (const id of [bulk, script, service, system]) {
      expect((await stamped(id)).first_contacted_at, id).toBeNull();
    }
    // The bulk change is in the timeline all the same, under the coordinator's name.
    const { rows } = await db.query(
      `select author, old_value, new_value from public.request_events where request_id = $1 and kind = 'status'`,
      [bulk],
    );
    expect(rows).toEqual([{ author: 'sara', old_value: 'new', new_value: 'cancelled' }]);
  });

  it('gives a request from the forms its due time in working hours, and none to staff entries', async () => {
    // Monday to Friday, 09:00–17:00 in Riyadh (UTC+3, no daylight saving).
    await db.exec(`update private.first_contact_settings set time_zone = 'Asia/Riyadh',
      work_days = '{1,2,3,4,5}', day_start = '09:00', day_end = '17:00'`);
    const deadline = async (from: string, minutes: number) =>
      (
        await db.query<{ at: Date }>(`select private.working_deadline($1::timestamptz, $2) as at`, [
          from,
          minutes,
        ])
      ).rows[0]!.at.toISOString();
    // Friday 16:50 Riyadh: 10 minutes on Friday, 5 more on Monday from 09:00.
    expect(await deadline('2026-11-27T13:50:00Z', 15)).toBe('2026-11-30T06:05:00.000Z');
    // Saturday night: Monday 09:15. Inside hours: plain minutes.
    expect(await deadline('2026-11-28T20:00:00Z', 15)).toBe('2026-11-30T06:15:00.000Z');
    expect(await deadline('2026-11-25T07:00:00Z', 15)).toBe('2026-11-25T07:15:00.000Z');
    const minutes = async (from: string, to: string) =>
      Number(
        (
          await db.query<{ m: string }>(
            `select private.working_minutes($1::timestamptz, $2::timestamptz) as m`,
            [from, to],
          )
        ).rows[0]!.m,
      );
    expect(await minutes('2026-11-27T13:50:00Z', '2026-11-30T06:05:00Z')).toBe(15);
    expect(await minutes('2026-11-28T20:00:00Z', '2026-11-30T06:00:00Z')).toBe(0);

    // A staff entry (a conversation already) and a held lead are not measured.
    const entered = await call<{ id: string; first_contact_due_at: string | null }>(
      coordinator,
      `select to_jsonb(public.enter_request($1::jsonb)) as v`,
      [
        JSON.stringify({
          name: 'Walk In',
          phone: '966501112233',
          country_code: '+966',
          service: 'dental-implants',
          channel: 'walk_in',
          consent_how: 'agreed at the office',
          consent_given_at: new Date().toISOString(),
          consent_given_by: 'the patient',
        }),
      ],
    );
    expect(entered?.first_contact_due_at).toBeNull();
  });

  it('lets owners change the hours and moves the due time of waiting requests, not the version', async () => {
    const id = await newRequest();
    const { first_contact_due_at: before } = await stamped(id);
    for (const actor of [anon, user, coordinator]) {
      await expectSqlError(
        call(
          actor,
          `select public.save_first_contact_settings((public.first_contact_settings() ->> 'updated_at')::timestamptz, '{"contact_minutes": 30}') as v`,
        ),
        '42501',
      );
    }
    expect(
      await call(coordinator, `select public.first_contact_settings() ->> 'contact_minutes' as v`),
    ).toBe('15');
    await expectSqlError(call(anon, `select public.first_contact_settings() as v`), '42501');
    const opened = await call<string>(
      owner,
      `select public.first_contact_settings() ->> 'updated_at' as v`,
    );
    const saved = await call<{ contact_minutes: number; time_zone: string; updated_by: string }>(
      owner,
      `select public.save_first_contact_settings((public.first_contact_settings() ->> 'updated_at')::timestamptz, '{"contact_minutes": 30, "escalate_minutes": 90}') as v`,
    );
    expect(saved).toMatchObject({ contact_minutes: 30, updated_by: 'nadia.owner' });
    const after = await stamped(id);
    expect(Date.parse(after.first_contact_due_at!) - Date.parse(before!)).toBe(15 * 60_000);
    expect(after.version).toBe(1);
    // A save over the settings as they were opened before that save is refused, saying who saved
    // them and when (issue 41), and changes nothing.
    const stale = await expectSqlError(
      call(
        owner,
        `select public.save_first_contact_settings($1::timestamptz, '{"contact_minutes": 20}') as v`,
        [opened],
      ),
      'PT409',
    );
    expect(stale.hint).toBe('stale_version');
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({
      what: 'first_contact_settings',
      by: 'nadia.owner',
    });
    expect(
      await call(owner, `select public.first_contact_settings() ->> 'contact_minutes' as v`),
    ).toBe('30');
    // Bad values are refused with a reason, and nothing changes.
    for (const [settings, code] of [
      [{ time_zone: 'Mars/Olympus' }, '22023'],
      [{ day_start: '18:00', day_end: '09:00' }, '23514'],
      [{ escalate_minutes: 10 }, '23514'],
      [{ work_days: [] }, '23514'],
      [{ colour: 'red' }, '22023'],
    ] as const) {
      await expectSqlError(
        call(
          owner,
          `select public.save_first_contact_settings((public.first_contact_settings() ->> 'updated_at')::timestamptz, $1::jsonb) as v`,
          [JSON.stringify(settings)],
        ),
        code,
      );
    }
    expect(
      await call(owner, `select public.first_contact_settings() ->> 'contact_minutes' as v`),
    ).toBe('30');
  });

  it('fills a message from the request for staff only, with no manager while unassigned', async () => {
    const id = await newRequest({ name: 'Layla Haddad', language: 'en' });
    await expectSqlError(call(anon, `select public.message_context($1) as v`, [id]), '42501');
    await expectSqlError(call(user, `select public.message_context($1) as v`, [id]), '42501');
    const unassigned = await call<Record<string, unknown>>(
      coordinator,
      `select public.message_context($1) as v`,
      [id],
    );
    expect(unassigned).toMatchObject({
      name: 'Layla',
      treatment: 'dental',
      language: 'en',
      manager: null,
      quotes_sent: 0,
    });
    expect(unassigned?.['reference']).toMatch(/^RC-/);
    await db.exec(
      `update private.admin_users set display_name = 'Sara K.' where username = 'sara';
       update public.contact_requests set assigned_to = (select id from private.admin_users where username = 'sara')
       where id = '${id}'`,
    );
    expect(await call(owner, `select public.message_context($1) ->> 'manager' as v`, [id])).toBe(
      'Sara K.',
    );
  });
});
