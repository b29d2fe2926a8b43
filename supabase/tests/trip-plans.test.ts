import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { erasePerson, exportPerson } from '../../local/person-data.ts';
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
 * The trip built from the chosen quote (issue 44; migration 20261202160000), as anon, a signed-in
 * non-admin, another patient's link, a coordinator and an owner: only staff read and write the
 * plan, a plan needs a chosen quote, a save names the version it was made on (a stale one is
 * refused with who saved it), every change is on the timeline, the patient confirms the dates they
 * saw and adds flights and companions (never a document number), and export and erasure reach it.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');
const newKey = () => randomBytes(16).toString('hex');
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const planFields = (overrides: Record<string, unknown> = {}) => ({
  arrival_on: day(20),
  procedure_on: day(21),
  departure_on: day(24),
  clinic_name: 'Istanbul Hair Centre',
  clinic_address_local: 'Halaskargazi Cd. No:38, Şişli, İstanbul',
  hotel_name: 'Şişli Suites',
  hotel_address_local: 'Büyükdere Cd. No:12, Şişli, İstanbul',
  transfer: 'Airport pickup by the clinic driver',
  interpreter: 'Arabic interpreter on every clinic day',
  emergency_phone: '+905321234567',
  days: [
    { on: day(20), time: '14:30', kind: 'arrival', note: 'Pickup at IST' },
    { on: day(21), time: '09:00', kind: 'procedure', note: '' },
    { on: day(22), time: null, kind: 'first_wash', note: '' },
    { on: day(24), time: '11:00', kind: 'departure', note: '' },
  ],
  ...overrides,
});

interface Plan {
  version: number;
  arrival_on: string;
  dates_confirmed_at: string | null;
  updated_by_name: string;
  flights: { direction: string; number: string; at: string }[];
  companions: { name: string; relation: string }[];
}

describe.each(backends)('the trip plan, on $name', (backend) => {
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

  /** A sent quote for the request, chosen on the patient's page. */
  async function chooseQuote(request: { token: string; requestId: string }) {
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
        hotel: 'Şişli Suites',
        nights: 4,
        transfer: true,
        included: ['Hotel', 'Transfers'],
        not_included: ['Flights'],
        price: 2000,
        currency: 'EUR',
        valid_until: day(14),
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
  }

  const save = (actor: Actor, requestId: string, version: number | null, fields = planFields()) =>
    call(actor, `select public.save_trip_plan($1, $2, $3) as r`, [
      requestId,
      version,
      JSON.stringify(fields),
    ]) as Promise<Plan>;
  const patientTrip = (token: string) =>
    call(anon, `select public.patient_trip($1) as r`, [token]) as Promise<{
      plan: Plan | null;
      chosen?: { included: string[]; not_included: string[] };
    } | null>;
  const tripEvents = async (requestId: string) =>
    (
      await db.query<{ kind: string; author: string | null; new_value: string }>(
        `select kind, author, new_value from public.request_events
         where request_id = $1 and kind in ('trip_plan', 'patient_trip') order by id`,
        [requestId],
      )
    ).rows;

  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.staff_write_answers, public.clinics cascade`);
    owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    sara = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    visitor = await createUser(db);
    mine = await submit('966545024476');
    other = await submit('966545029999');
  });

  it('is read and written by staff only, and needs a chosen quote', async () => {
    // No API role touches the table itself.
    for (const actor of [anon, visitor, sara, owner]) {
      await expectSqlError(call(actor, `select count(*) as r from public.trip_plans`), '42501');
    }
    await expectSqlError(
      call(anon, `select public.request_trip($1) as r`, [mine.requestId]),
      '42501',
    );
    await expectSqlError(save(anon, mine.requestId, null), '42501');
    await expectSqlError(save(visitor, mine.requestId, null), '42501');
    await expectSqlError(
      call(visitor, `select public.request_trip($1) as r`, [mine.requestId]),
      '42501',
    );
    // No quote chosen yet: nothing to build the trip from.
    expect((await expectSqlError(save(sara, mine.requestId, null), 'PT409')).hint).toBe(
      'trip_no_chosen_quote',
    );
    await chooseQuote(mine);
    const seen = (await call(sara, `select public.request_trip($1) as r`, [mine.requestId])) as {
      plan: null;
      chosen: { hotel: string; nights: number; included: string[] };
    };
    expect(seen.plan).toBeNull();
    expect(seen.chosen).toMatchObject({
      hotel: 'Şişli Suites',
      nights: 4,
      included: ['Hotel', 'Transfers'],
    });
    const created = await save(sara, mine.requestId, null);
    expect(created).toMatchObject({ version: 1, arrival_on: day(20), updated_by_name: 'sara' });
    const { rows } = await db.query<{ step: string }>(
      `select p.step from private.patient_pages p join public.contact_requests r on r.lead_id = p.lead_id
       where r.id = $1`,
      [mine.requestId],
    );
    expect(rows[0]?.step).toBe('travel');
    expect(await tripEvents(mine.requestId)).toEqual([
      { kind: 'trip_plan', author: 'sara', new_value: 'created' },
    ]);
  });

  it('refuses a save over a version the saver did not open, saying who saved it', async () => {
    await chooseQuote(mine);
    const first = await save(sara, mine.requestId, null);
    const second = await save(
      owner,
      mine.requestId,
      first.version,
      planFields({ hotel_name: 'Hilton Bomonti' }),
    );
    expect(second).toMatchObject({ version: 2, updated_by_name: 'nadia' });
    const stale = await expectSqlError(
      save(sara, mine.requestId, first.version, planFields({ transfer: 'Taxi' })),
      'PT409',
    );
    expect(stale.hint).toBe('stale_version');
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({
      what: 'trip_plan',
      version: 2,
      by: 'nadia',
    });
    // Someone else started the plan meanwhile: a second "new plan" is stale too, not a second plan.
    expect((await expectSqlError(save(sara, mine.requestId, null), 'PT409')).hint).toBe(
      'stale_version',
    );
    expect(await tripEvents(mine.requestId)).toEqual([
      { kind: 'trip_plan', author: 'sara', new_value: 'created' },
      { kind: 'trip_plan', author: 'nadia', new_value: 'hotel_name' },
    ]);
    // Bad input names its rule.
    const backwards = await expectSqlError(
      save(owner, mine.requestId, 2, planFields({ departure_on: day(10) })),
      '23514',
    );
    expect(backwards.constraint).toBe('trip_plans_dates');
    const badDay = await expectSqlError(
      save(owner, mine.requestId, 2, planFields({ days: [{ on: day(20), kind: 'party' }] })),
      '23514',
    );
    expect(badDay.constraint).toBe('trip_plans_days');
  });

  it('lets the patient confirm the dates they saw and add flights and companions, never a document number', async () => {
    await chooseQuote(mine);
    const plan = await save(sara, mine.requestId, null);
    // Another patient's link sees no plan; a dead link sees nothing.
    expect(await patientTrip(other.token)).toEqual({ plan: null });
    expect(await patientTrip(newToken())).toBeNull();
    const seen = await patientTrip(mine.token);
    expect(seen?.plan).toMatchObject({ version: 1, arrival_on: day(20), dates_confirmed_at: null });
    expect(seen?.plan).not.toHaveProperty('updated_by_name');
    expect(seen?.chosen).toMatchObject({
      included: ['Hotel', 'Transfers'],
      not_included: ['Flights'],
    });

    const confirm = (token: string, version: number) =>
      call(anon, `select public.patient_confirm_trip($1, $2) as r`, [token, version]);
    expect((await expectSqlError(confirm(other.token, 1), 'PT404')).hint).toBe('trip_not_found');
    expect((await expectSqlError(confirm(mine.token, 7), 'PT409')).hint).toBe('trip_changed');
    expect(await confirm(mine.token, plan.version)).toEqual({ ok: true, changed: true });
    expect(await confirm(mine.token, plan.version)).toEqual({ ok: true, changed: false });
    expect((await patientTrip(mine.token))?.plan?.dates_confirmed_at).not.toBeNull();
    // Staff move the procedure: the patient's confirmation no longer holds.
    const moved = await save(sara, mine.requestId, 1, planFields({ procedure_on: day(22) }));
    expect(moved.dates_confirmed_at).toBeNull();

    const travel = (token: string, flights: unknown, companions: unknown) =>
      call(anon, `select public.patient_save_trip_travel($1, $2, $3) as r`, [
        token,
        JSON.stringify(flights),
        JSON.stringify(companions),
      ]);
    const flight = { direction: 'arrival', number: 'tk145', at: `${day(20)}T12:05` };
    expect(
      (
        await expectSqlError(
          travel(mine.token, [flight], [{ name: 'U12345678', relation: 'spouse' }]),
          '23514',
        )
      ).hint,
    ).toBe('trip_companions');
    expect(
      (await expectSqlError(travel(mine.token, [{ ...flight, number: 'my flight' }], []), '23514'))
        .hint,
    ).toBe('trip_flights');
    expect(await travel(mine.token, [flight], [{ name: ' Huda ', relation: 'spouse' }])).toEqual({
      ok: true,
      changed: true,
    });
    const after = await patientTrip(mine.token);
    expect(after?.plan?.flights).toEqual([
      { direction: 'arrival', number: 'TK 145', at: `${day(20)}T12:05` },
    ]);
    expect(after?.plan?.companions).toEqual([{ name: 'Huda', relation: 'spouse' }]);
    // The staff's open version is still the one they saved: the patient's part is theirs.
    expect((await save(sara, mine.requestId, moved.version)).version).toBe(moved.version + 1);
    expect(
      (await tripEvents(mine.requestId)).map((event) => [
        event.kind,
        event.author,
        event.new_value,
      ]),
    ).toEqual([
      ['trip_plan', 'sara', 'created'],
      ['patient_trip', null, `dates_confirmed:${day(20)}/${day(24)}`],
      ['trip_plan', 'sara', 'procedure_on'],
      ['patient_trip', null, 'travel:1/1'],
      ['trip_plan', 'sara', 'procedure_on'],
    ]);
  });

  it('keeps its checks for the service role too (the workers of reminders write as it)', async () => {
    await chooseQuote(mine);
    await save(sara, mine.requestId, null);
    const update = (companions: unknown) =>
      as(db, serviceRole, (tx) =>
        tx.query(`update public.trip_plans set companions = $2 where request_id = $1`, [
          mine.requestId,
          JSON.stringify(companions),
        ]),
      );
    await update([{ name: 'Huda', relation: 'spouse' }]);
    const refused = await expectSqlError(
      update([{ name: 'P1234567', relation: 'spouse' }]),
      '23514',
    );
    expect(refused.constraint).toBe('trip_plans_companions');
  });

  it('is in the person’s export and leaves nothing after erasure', async () => {
    await chooseQuote(mine);
    await save(sara, mine.requestId, null);
    const data = await exportPerson(db, '+966 54 502 4476');
    expect(data.tables['public.trip_plans']).toHaveLength(1);
    expect(data.tables['public.trip_plans']?.[0]).toMatchObject({ hotel_name: 'Şişli Suites' });
    const erased = await erasePerson(db, '+966 54 502 4476');
    expect(erased.counts['public.trip_plans']).toBe(1);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.trip_plans`,
    );
    expect(rows[0]?.n).toBe(0);
    expect(await patientTrip(mine.token)).toBeNull();
  });
});
