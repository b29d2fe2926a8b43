import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  anon,
  as,
  createLiveAdmin,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * The team report credits who did it (issue 41, item 7; migration
 * 20261203100100_team_report_credits_who_did_it.sql), on every backend: three first-contact calls
 * by a colleague nobody assigned count as hers (she has a line), beside the «غير مسندة» line of the
 * requests; the first quote is credited to who sent it, the assignee's line still counting the
 * request as quoted; a contact 14 minutes after arrival outside working hours reads 0 working
 * minutes and 14 real minutes, as the request dialog says.
 */

const backends = await sqlBackends();
const newKey = () => randomBytes(16).toString('hex');

type Line = Record<string, unknown>;

describe.each(backends)('the team report credits who did it, on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let sara: Actor & { role: 'authenticated' };
  let huda: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  const call = <T = unknown>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]?.r as T);

  async function newRequest(): Promise<string> {
    const leadId = crypto.randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id: leadId })));
    return (
      await db.query<{ id: string }>(
        `select id::text from public.contact_requests where lead_id = $1`,
        [leadId],
      )
    ).rows[0]!.id;
  }

  const report = () =>
    call<{ agency: Line; staff: Line[] }>(
      owner,
      `select public.first_contact_report(now() - interval '1 day', now() + interval '1 day') as r`,
    );

  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.staff_write_answers`);
    owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    sara = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    huda = await createLiveAdmin(db, 'huda', 'huda long password', 'coordinator');
    // Working hours that leave out the last hours, so a contact just now is outside them.
    const hour = new Date().getUTCHours();
    const start = (hour + 2) % 24;
    await db.query(
      `update private.first_contact_settings set time_zone = 'UTC', work_days = '{1,2,3,4,5,6,7}',
         day_start = $1::time, day_end = $2::time, contact_minutes = 15`,
      [`${start}:00`, start === 23 ? '23:59:59' : `${start + 1}:00`],
    );
  });

  it('credits first contacts to who made them, the assignee beside it', async () => {
    const ids = [await newRequest(), await newRequest(), await newRequest()];
    for (const id of ids) {
      await call(huda, `select public.log_call($1, 'answered', null, true, $2) as r`, [
        id,
        newKey(),
      ]);
    }
    const full = await report();
    const huda_ = full.staff.find((line) => line['username'] === 'huda');
    const unassigned = full.staff.find((line) => line['staff_id'] === null);
    expect(huda_).toMatchObject({ requests: 0, first_contacts_made: 3, quotes_made: 0 });
    expect(unassigned).toMatchObject({ requests: 3, contacted: 3, first_contacts_made: 0 });
    expect(full.agency).toMatchObject({ requests: 3, first_contacts_made: 3 });
    // Sara, who did nothing and was assigned nothing, has no line.
    expect(full.staff.map((line) => line['username'])).toEqual(['huda', null]);
    // A coordinator sees her own line with her credit.
    const own = await call<{ staff: Line[] }>(
      huda,
      `select public.first_contact_report(now() - interval '1 day', now() + interval '1 day') as r`,
    );
    expect(own.staff).toEqual([expect.objectContaining({ first_contacts_made: 3 })]);
  });

  it('credits the first quote to who sent it, and shows real time next to working time', async () => {
    const id = await newRequest();
    const saraId = await call<string>(sara, `select public.my_staff_id()::text as r`);
    await db.query(`update public.contact_requests set assigned_to = $2 where id = $1`, [
      id,
      saraId,
    ]);
    await call(huda, `select public.log_call($1, 'answered', null, true, $2) as r`, [id, newKey()]);
    // The request came 14 minutes before the call, outside working hours.
    await db.query(
      `update public.contact_requests
       set created_at = first_contacted_at - interval '14 minutes',
           first_contact_due_at = first_contacted_at + interval '1 hour'
       where id = $1`,
      [id],
    );
    const clinic = await call<string>(
      owner,
      `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country, currency)
       values ('credit-clinic-' || substr(md5(random()::text), 1, 8), 'عيادة', 'Clinic', 'إسطنبول', 'Istanbul', 'turkey', 'EUR')
       returning id::text as r`,
    );
    await call(
      owner,
      `insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until)
       values ($1, 'JCI', 'JCI-1', '2099-12-31')`,
      [clinic],
    );
    const draft = await call<{ quote_id: string; version: number; revision: number }>(
      huda,
      `select public.save_quote_draft($1, $2, null, null, $3) as r`,
      [
        id,
        clinic,
        JSON.stringify({
          price: 2000,
          currency: 'EUR',
          valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        }),
      ],
    );
    await call(huda, `select public.send_quote($1, $2, $3, $4) as r`, [
      draft.quote_id,
      draft.version,
      draft.revision,
      newKey(),
    ]);
    const full = await report();
    const line = (name: string) => full.staff.find((row) => row['username'] === name);
    expect(line('sara')).toMatchObject({
      requests: 1,
      quotes_sent: 1,
      quotes_made: 0,
      first_contacts_made: 0,
      median_minutes: 0,
      median_elapsed_minutes: 14,
    });
    expect(line('huda')).toMatchObject({ requests: 0, quotes_made: 1, first_contacts_made: 1 });
    expect(full.agency).toMatchObject({
      median_minutes: 0,
      median_elapsed_minutes: 14,
      quotes_made: 1,
    });
  });
});
