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
 * Nobody forgotten, and the speed-to-lead report (migrations 20261127120300 and 20261127120400), as
 * anon, a signed-in non-admin, coordinators, an owner and the worker's service role, on every
 * backend: a request nobody contacted is queued for the owner's e-mail once, ever, after the second
 * threshold (however often the job runs); the worker claims and finishes it; contacted, held,
 * binned and staff-entered requests never are; the report counts per coordinator and for the
 * agency, and a coordinator sees only her own line.
 */

const backends = await sqlBackends();
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe.each(backends)('first-contact escalation and report on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let sara: Actor & { role: 'authenticated' };
  let huda: Actor & { role: 'authenticated' };
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
      update private.first_contact_settings set time_zone = 'UTC', work_days = '{1,2,3,4,5,6,7}',
        day_start = '00:00', day_end = '23:59:59', contact_minutes = 15, escalate_minutes = 60;
      update private.routing_rule set enabled = false;
    `);
    owner = await createLiveAdmin(db, 'nadia.owner', 'nadia long password', 'owner');
    sara = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    huda = await createLiveAdmin(db, 'huda', 'huda long password', 'coordinator');
    user = await createUser(db);
  });

  const call = <T>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx: Queryable) => (await tx.query<{ v: T }>(sql, params)).rows[0]?.v);

  async function newRequest(): Promise<string> {
    const name = `Waiting ${Math.random().toString(36).slice(2, 8)}`;
    await as(db, anon, (tx) => insertLead(tx, leadRow({ name })));
    const { rows } = await db.query<{ id: string }>(
      `select id::text from public.contact_requests where name = $1`,
      [name],
    );
    return rows[0]!.id;
  }

  const escalate = async (asOf: string) =>
    (await db.query<{ n: number }>(`select private.escalate_uncontacted_requests($1) as n`, [asOf]))
      .rows[0]!.n;

  it('queues one e-mail per uncontacted request after the second threshold, however often it runs', async () => {
    const waiting = await newRequest();
    const contacted = await newRequest();
    const binned = await newRequest();
    const progressing = await newRequest();
    await call(
      sara,
      `select public.log_call($1, 'no_answer', _idempotency_key => gen_random_uuid()::text) as v`,
      [contacted],
    );
    await as(db, owner, (tx) =>
      tx.query(`delete from public.contact_requests where id = $1`, [binned]),
    );
    await call(
      sara,
      `select public.bulk_update_requests($1::jsonb, '{"status": "in_progress"}') as v`,
      [JSON.stringify([{ id: progressing, expected_version: 1 }])],
    );
    // Past the first threshold, not the second: red in the back office, no e-mail yet.
    expect(await escalate(later(0.5))).toBe(0);
    expect(await escalate(later(1.5))).toBe(1);
    for (let run = 0; run < 3; run++) expect(await escalate(later(2 + run))).toBe(0);
    expect(await countRows(db, 'private.first_contact_escalations')).toBe(1);
    const { rows } = await db.query(
      `select request_id::text, kind, author, new_value from public.request_events
       where kind = 'escalated'`,
    );
    expect(rows).toEqual([
      { request_id: waiting, kind: 'escalated', author: null, new_value: '60' },
    ]);
    // The escalation event is not a contact.
    const { rows: state } = await db.query(
      `select first_contacted_at from public.contact_requests where id = $1`,
      [waiting],
    );
    expect(state).toEqual([{ first_contacted_at: null }]);
  });

  it('lets only the worker claim the e-mail, and mails each request once', async () => {
    const waiting = await newRequest();
    const answeredMeanwhile = await newRequest();
    expect(await escalate(later(2))).toBe(2);
    await call(
      huda,
      `select public.log_whatsapp_message($1, null, null, gen_random_uuid()::text) as v`,
      [answeredMeanwhile],
    );
    for (const actor of [anon, user, sara, owner]) {
      await expectSqlError(
        call(actor, `select public.claim_first_contact_escalations() as v`),
        '42501',
      );
      await expectSqlError(
        call(
          actor,
          `select public.finish_first_contact_escalations(array[$1]::uuid[], true) as v`,
          [waiting],
        ),
        '42501',
      );
    }
    const claimed = await call<{ request_id: string; attempt: number; reference: string }[]>(
      serviceRole,
      `select public.claim_first_contact_escalations() as v`,
    );
    expect(claimed?.map((row) => [row.request_id, row.attempt])).toEqual([[waiting, 1]]);
    expect(claimed?.[0]?.reference).toMatch(/^RC-/);
    // While claimed, a second worker gets nothing; a failure is retried later, not at once.
    expect(await call(serviceRole, `select public.claim_first_contact_escalations() as v`)).toEqual(
      [],
    );
    await call(
      serviceRole,
      `select public.finish_first_contact_escalations($1::uuid[], false, 'smtp down') as v`,
      [[waiting]],
    );
    expect(await call(serviceRole, `select public.claim_first_contact_escalations() as v`)).toEqual(
      [],
    );
    await db.query(`update private.first_contact_escalations set next_attempt_at = now()`);
    const retried = await call<{ attempt: number }[]>(
      serviceRole,
      `select public.claim_first_contact_escalations() as v`,
    );
    expect(retried?.map((row) => row.attempt)).toEqual([2]);
    await call(
      serviceRole,
      `select public.finish_first_contact_escalations($1::uuid[], true) as v`,
      [[waiting]],
    );
    await db.query(
      `update private.first_contact_escalations set next_attempt_at = now() - interval '1 hour'`,
    );
    expect(await call(serviceRole, `select public.claim_first_contact_escalations() as v`)).toEqual(
      [],
    );
    const { rows } = await as(db, serviceRole, (tx) =>
      tx.query(
        `select request_id, s.sent_at is not null as sent, s.last_error
         from unnest($1::uuid[]) as request_id,
         lateral public.first_contact_escalation_state(request_id) s order by s.sent_at nulls last`,
        [[waiting, answeredMeanwhile]],
      ),
    );
    expect(rows).toEqual([
      { request_id: waiting, sent: true, last_error: null },
      {
        request_id: answeredMeanwhile,
        sent: false,
        last_error: 'contacted before the e-mail went out',
      },
    ]);
    // Erasing the request takes its escalation with it.
    await db.query(
      `delete from public.offer_leads where id = (select lead_id from public.contact_requests where id = $1)`,
      [waiting],
    );
    expect(await countRows(db, 'private.first_contact_escalations')).toBe(1);
  });

  it('lists the requests waiting for their first contact to staff only, earliest due first', async () => {
    const first = await newRequest();
    const second = await newRequest();
    const done = await newRequest();
    await call(
      sara,
      `select public.log_call($1, 'answered', _idempotency_key => gen_random_uuid()::text) as v`,
      [done],
    );
    await expectSqlError(
      call(anon, `select count(*) as v from public.first_contact_queue()`),
      '42501',
    );
    expect(await call(user, `select count(*)::int as v from public.first_contact_queue()`)).toBe(0);
    const { rows } = await as(db, sara, (tx) =>
      tx.query<{ id: string }>(`select id::text from public.first_contact_queue()`),
    );
    expect(rows.map((row) => row.id)).toEqual([first, second]);
  });

  it('reports speed to lead per coordinator and for the agency; a coordinator sees her own line', async () => {
    const ids = {
      sara: await call<string>(sara, `select public.my_staff_id()::text as v`),
      huda: await call<string>(huda, `select public.my_staff_id()::text as v`),
    };
    // Each request: assignee, minutes to first contact (null: never), status.
    const plan: [keyof typeof ids, number | null, string][] = [
      ['sara', 5, 'completed'],
      ['sara', 10, 'in_progress'],
      ['sara', null, 'new'],
      ['sara', null, 'cancelled'],
      ['huda', 20, 'in_progress'],
      ['huda', 30 * 60, 'in_progress'],
      ['huda', null, 'new'],
    ];
    const base = `date_trunc('day', now()) - interval '2 days' + interval '10 hours'`;
    const requestIds: string[] = [];
    for (const [who, minutes, status] of plan) {
      const id = await newRequest();
      requestIds.push(id);
      await db.query(
        `update public.contact_requests set created_at = ${base},
           first_contact_due_at = ${base} + interval '15 minutes',
           first_contacted_at = ${base} + make_interval(mins => $2),
           assigned_to = $3, status = $4::public.request_status
         where id = $1`,
        [id, minutes, ids[who], status],
      );
    }
    // Staff entries and requests still inside their first window are not measured.
    await newRequest();
    // A quote sent (issue 31) for sara's first request, and a draft for her second (not counted).
    await db.exec(`
      insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country, languages,
        includes_hotel, includes_transfer, treatments, currency)
      values ('speed-clinic', 'عيادة', 'Clinic', 'إسطنبول', 'Istanbul', 'turkey', '{ar}', true, true,
        '{dental-implants}', 'EUR');
      insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until)
      select id, 'JCI', 'JCI-1', '2099-12-31' from public.clinics where slug = 'speed-clinic';
    `);
    await db.query(
      `insert into public.quotes (request_id, clinic_id, status, first_sent_at)
       select $1::uuid, id, 'sent', now() from public.clinics where slug = 'speed-clinic'
       union all
       select $2::uuid, id, 'draft', null from public.clinics where slug = 'speed-clinic'`,
      [requestIds[0], requestIds[1]],
    );
    expect(
      await call(sara, `select public.message_context($1) -> 'quotes_sent' as v`, [requestIds[0]]),
    ).toBe(1);
    const report = `select public.first_contact_report(now() - interval '7 days', now() + interval '1 day') as v`;
    for (const actor of [anon, user]) await expectSqlError(call(actor, report), '42501');
    await expectSqlError(
      call(owner, `select public.first_contact_report(now(), now() - interval '1 day') as v`),
      '22023',
    );
    type Line = Record<string, unknown>;
    const full = await call<{ contact_minutes: number; agency: Line; staff: Line[] }>(
      owner,
      report,
    );
    expect(full?.contact_minutes).toBe(15);
    expect(full?.agency).toEqual({
      requests: 8,
      measured: 6,
      contacted: 4,
      median_minutes: 20,
      median_elapsed_minutes: 20,
      within_threshold: 2,
      within_24h: 3,
      quotes_sent: 1,
      completed: 1,
      first_contacts_made: 0,
      quotes_made: 0,
    });
    expect(full?.staff.map((line) => [line['username'], line['median_minutes']])).toEqual([
      // 30 hours across a midnight: the day's last second (23:59:59–24:00) is not working time.
      ['huda', 1799.98],
      ['sara', 10],
      [null, null],
    ]);
    expect(full?.staff[1]).toMatchObject({
      quotes_sent: 1,
      requests: 4,
      measured: 3,
      contacted: 2,
      within_threshold: 2,
      within_24h: 2,
      completed: 1,
    });
    expect(full?.staff[0]).toMatchObject({ requests: 3, measured: 3, within_24h: 1 });
    const own = await call<{ agency: Line; staff: Line[] }>(sara, report);
    expect(own?.agency).toEqual(full?.agency);
    expect(own?.staff.map((line) => line['username'])).toEqual(['sara']);
  });
});
