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
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * Partner clinics and quotes (issue 31; migrations 20261127110000–110200), as anon, a signed-in
 * non-admin, a patient's link, a coordinator and an owner: owners alone manage clinics and record
 * accreditation checks (stamped by the database); a clinic without a valid accreditation gets no new
 * quote and no quote sent; a correction is a new version; the patient sees the latest sent version
 * of each of their own quotes and never a draft or another request's; their choice is recorded with
 * its version, broadcast to staff and moves the request on.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');

interface PatientQuotes {
  reference: string;
  country_code: string | null;
  quotes: {
    id: string;
    version: number;
    status: string;
    price: number;
    currency: string;
    technique: string | null;
    clinic: { slug: string; name: { ar: string; en: string }; accredited: boolean };
  }[];
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  technique: 'FUE',
  units: 4000,
  unit_kind: 'grafts',
  team: 'Dr. Kaya',
  nights: 3,
  hotel: '4★ hotel',
  transfer: true,
  interpreter: true,
  included: ['PRP', 'Medication'],
  not_included: ['Flights'],
  price: 2100,
  currency: 'EUR',
  valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  note: 'السعر يشمل كل شيء',
  note_language: 'ar',
  ...overrides,
});

describe.each(backends)('partner clinics and quotes on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let coordinator: Actor & { role: 'authenticated' };
  let visitor: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.patient_page_calls; delete from realtime.messages`);
    owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    visitor = await createUser(db);
  });

  const call = (actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: unknown }>(sql, params)).rows[0]?.r);

  async function addClinic(slug: string, validUntil: string | null = '2099-12-31') {
    const id = (await call(
      owner,
      `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country, languages,
         includes_hotel, includes_transfer, treatments, currency)
       values ($1, 'عيادة ' || $1, 'Clinic ' || $1, 'إسطنبول', 'Istanbul', 'turkey', '{ar,en,tr}',
         true, true, '{hair-transplant}', 'EUR')
       returning id::text as r`,
      [slug],
    )) as string;
    if (validUntil) {
      await call(
        owner,
        `insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until)
         values ($1, 'JCI', 'JCI-123', $2)`,
        [id, validUntil],
      );
    }
    return id;
  }

  async function submit(overrides: Record<string, unknown> = {}) {
    const token = newToken();
    const id = crypto.randomUUID();
    await as(db, anon, (tx) =>
      insertLead(
        tx,
        leadRow({ id, patient_token: token, service: 'hair-transplant', ...overrides }),
      ),
    );
    const { rows } = await db.query<{ id: string; version: number }>(
      `select id::text, version from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { token, leadId: id, requestId: rows[0]!.id };
  }

  /** The draft of a request's quote with a clinic as the database holds it now, or null. */
  const currentDraft = async (requestId: string, clinicId: string) =>
    (
      await db.query<{ version: number; revision: number }>(
        `select v.version, v.revision from public.quote_versions v
         join public.quotes q on q.id = v.quote_id
         where q.request_id = $1 and q.clinic_id = $2 and v.sent_at is null`,
        [requestId, clinicId],
      )
    ).rows[0] ?? null;

  /** Saves over `opened` (by default: the draft as it is now, as a coordinator who just opened it). */
  const saveDraft = async (
    actor: Actor,
    requestId: string,
    clinicId: string,
    values = fields(),
    opened?: { version: number; revision: number } | null,
  ) => {
    const base = opened === undefined ? await currentDraft(requestId, clinicId) : opened;
    return call(actor, `select public.save_quote_draft($1, $2, $3, $4, $5) as r`, [
      requestId,
      clinicId,
      base?.version ?? null,
      base?.revision ?? null,
      JSON.stringify(values),
    ]) as Promise<{ quote_id: string; version: number; revision: number; updated_by_name: string }>;
  };

  const newKey = () => randomBytes(16).toString('hex');

  /** Sends `named` (by default: the quote's draft as it is now) with `key` (by default a new one). */
  const send = async (
    actor: Actor,
    quoteId: string,
    named?: { version: number; revision: number } | null,
    key = newKey(),
  ) => {
    const base =
      named === undefined
        ? ((
            await db.query<{ version: number; revision: number }>(
              `select version, revision from public.quote_versions
               where quote_id = $1 and sent_at is null`,
              [quoteId],
            )
          ).rows[0] ?? null)
        : named;
    return call(actor, `select public.send_quote($1, $2, $3, $4) as r`, [
      quoteId,
      base?.version ?? null,
      base?.revision ?? null,
      key,
    ]) as Promise<{ version: number; revision: number; first_quote_at: string; replayed: boolean }>;
  };

  const patientQuotes = (token: string) =>
    call(anon, `select public.patient_quotes($1) as r`, [token]) as Promise<PatientQuotes | null>;

  it('lets owners alone manage clinics, and stamps who checked an accreditation', async () => {
    const clinicId = await addClinic('istanbul-hair');
    const { rows } = await db.query<{ checked_by_name: string; checked_at: Date }>(
      `select checked_by_name, checked_at from public.clinic_accreditations where clinic_id = $1`,
      [clinicId],
    );
    expect(rows[0]!.checked_by_name).toBe('nadia');
    expect(Date.now() - rows[0]!.checked_at.getTime()).toBeLessThan(60_000);

    // A forged checker and date are replaced by the database's.
    await call(
      owner,
      `insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until,
         checked_by_name, checked_at)
       values ($1, 'ISO 9001', 'ISO-9', '2099-01-01', 'someone else', '2020-01-01')`,
      [clinicId],
    );
    const { rows: forged } = await db.query<{ checked_by_name: string; year: number }>(
      `select checked_by_name, extract(year from checked_at)::int as year
       from public.clinic_accreditations where body = 'ISO 9001'`,
    );
    expect(forged[0]).toEqual({ checked_by_name: 'nadia', year: new Date().getFullYear() });

    // A coordinator reads clinics but changes none; anyone else reads nothing.
    expect(await call(coordinator, `select count(*)::int as r from public.clinics`)).toBe(1);
    await expectSqlError(
      call(
        coordinator,
        `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country)
         values ('x-clinic', 'عيادة', 'Clinic', 'مدينة', 'City', 'turkey')`,
      ),
      '42501',
    );
    await expectSqlError(
      call(
        coordinator,
        `insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until)
         values ($1, 'JCI', 'forged', '2099-01-01')`,
        [clinicId],
      ),
      '42501',
    );
    expect(
      await call(
        coordinator,
        `with u as (update public.clinics set active = false returning 1)
        select count(*)::int as r from u`,
      ),
    ).toBe(0);
    expect(
      await call(
        coordinator,
        `with d as (delete from public.clinic_accreditations returning 1)
        select count(*)::int as r from d`,
      ),
    ).toBe(0);
    await expectSqlError(call(anon, `select count(*) as r from public.clinics`), '42501');
    await expectSqlError(
      call(anon, `select count(*) as r from public.clinic_accreditations`),
      '42501',
    );
    expect(await call(visitor, `select count(*)::int as r from public.clinics`)).toBe(0);
    expect(await call(visitor, `select count(*)::int as r from public.clinic_accreditations`)).toBe(
      0,
    );
    await expectSqlError(
      call(
        visitor,
        `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country)
         values ('x-clinic', 'عيادة', 'Clinic', 'مدينة', 'City', 'turkey')`,
      ),
      '42501',
    );
    // The owner changes and removes.
    expect(
      await call(
        owner,
        `with u as (update public.clinics set city_en = ' Şişli ' returning city_en)
        select city_en as r from u`,
      ),
    ).toBe('Şişli');
    // Only known destinations and treatments.
    await expectSqlError(call(owner, `update public.clinics set country = 'narnia'`), '22P02');
    await expectSqlError(
      call(owner, `update public.clinics set treatments = '{brain-transplant}'`),
      '22P02',
    );
  });

  it('shows the public what a patient may see of a clinic, and nothing else', async () => {
    const clinicId = await addClinic('istanbul-hair');
    await addClinic('ankara-dental', '2001-01-01');
    await call(owner, `update public.clinics set active = false where slug = 'ankara-dental'`);
    for (const actor of [anon, visitor]) {
      const all = (await call(actor, `select public.clinic_profiles() as r`)) as {
        slug: string;
        accredited: boolean;
      }[];
      expect(all.map((clinic) => clinic.slug)).toEqual(['istanbul-hair']);
      expect(all[0]!.accredited).toBe(true);
      const text = JSON.stringify(all);
      expect(text).not.toContain('nadia');
      expect(text).not.toContain(clinicId);
      // An inactive clinic still answers by its address (an old quote links to it), marked so.
      const one = (await call(actor, `select public.clinic_profiles('ankara-dental') as r`)) as {
        active: boolean;
        accredited: boolean;
      }[];
      expect(one).toMatchObject([{ active: false, accredited: false }]);
    }
  });

  it('refuses a new quote, and the sending of one, for a clinic whose accreditation lapsed', async () => {
    const { requestId } = await submit();
    const lapsed = await addClinic('lapsed-clinic', '2020-01-01');
    const never = await addClinic('unchecked-clinic', null);
    for (const clinic of [lapsed, never]) {
      const error = await expectSqlError(saveDraft(coordinator, requestId, clinic), '23514');
      expect(error.hint).toBe('clinic_not_accredited');
    }
    // Accredited when drafted, lapsed before it is sent: the sending is refused, the draft kept.
    const clinic = await addClinic('expiring-clinic');
    const { quote_id } = await saveDraft(coordinator, requestId, clinic);
    await db.query(
      `update public.clinic_accreditations set valid_until = current_date - 1
      where clinic_id = $1`,
      [clinic],
    );
    expect((await expectSqlError(send(coordinator, quote_id), '23514')).hint).toBe(
      'clinic_not_accredited',
    );
    // The last day of validity still counts; an inactive clinic is refused too.
    await db.query(
      `update public.clinic_accreditations set valid_until = current_date
      where clinic_id = $1`,
      [clinic],
    );
    expect((await send(coordinator, quote_id)).version).toBe(1);
    await call(owner, `update public.clinics set active = false where id = $1`, [clinic]);
    const other = await submit();
    expect(
      (await expectSqlError(saveDraft(coordinator, other.requestId, clinic), '23514')).hint,
    ).toBe('clinic_inactive');
  });

  it('keeps quotes to staff: anon and non-admins neither read nor write them', async () => {
    const { requestId } = await submit();
    const clinic = await addClinic('istanbul-hair');
    const { quote_id } = await saveDraft(coordinator, requestId, clinic);
    for (const actor of [anon, visitor]) {
      await expectSqlError(saveDraft(actor, requestId, clinic), '42501');
      await expectSqlError(send(actor, quote_id), '42501');
      await expectSqlError(
        call(actor, `select public.request_quotes($1) as r`, [requestId]),
        '42501',
      );
      await expectSqlError(
        call(actor, `select public.set_quote_status($1, 'chosen', 'sent', 1)`, [quote_id]),
        '42501',
      );
    }
    await expectSqlError(call(anon, `select count(*) as r from public.quotes`), '42501');
    expect(await call(visitor, `select count(*)::int as r from public.quotes`)).toBe(0);
    expect(await call(visitor, `select count(*)::int as r from public.quote_versions`)).toBe(0);
    // Staff read them, but write only through the functions (a sent version cannot be edited).
    expect(await call(coordinator, `select count(*)::int as r from public.quote_versions`)).toBe(1);
    await expectSqlError(call(coordinator, `update public.quote_versions set price = 1`), '42501');
    await expectSqlError(call(coordinator, `update public.quotes set status = 'chosen'`), '42501');
    // A quote's request in the bin hides the quote from staff too.
    await call(owner, `delete from public.contact_requests where id = $1`, [requestId]);
    expect(await call(coordinator, `select count(*)::int as r from public.quotes`)).toBe(0);
    await expectSqlError(send(coordinator, quote_id), 'PT404');
  });

  it('versions a quote: the patient sees the latest sent version, the timeline keeps all', async () => {
    const mine = await submit({ country_code: '+966' });
    const theirs = await submit();
    const first = await addClinic('istanbul-hair');
    const second = await addClinic('antalya-hair');
    const a = await saveDraft(coordinator, mine.requestId, first);
    const b = await saveDraft(coordinator, mine.requestId, second, fields({ price: 2600 }));
    const c = await saveDraft(coordinator, theirs.requestId, first, fields({ price: 999 }));
    // Drafts are nobody's business but staff's.
    expect((await patientQuotes(mine.token))?.quotes).toEqual([]);

    const sent = await send(coordinator, a.quote_id);
    expect(sent.version).toBe(1);
    await send(owner, b.quote_id);
    await send(coordinator, c.quote_id);
    let seen = await patientQuotes(mine.token);
    expect(seen?.country_code).toBe('+966');
    expect(
      seen?.quotes.map((quote) => [quote.clinic.slug, quote.version, Number(quote.price)]),
    ).toEqual([
      ['istanbul-hair', 1, 2100],
      ['antalya-hair', 1, 2600],
    ]);
    // Never another request's quote (the same clinic's, for someone else).
    expect(seen?.quotes.map((quote) => quote.id)).not.toContain(c.quote_id);
    expect(seen?.quotes.map((quote) => Number(quote.price))).not.toContain(999);

    // A correction is a new draft version, unseen until it is sent.
    const correction = await saveDraft(coordinator, mine.requestId, first, fields({ price: 1900 }));
    expect(correction).toMatchObject({ quote_id: a.quote_id, version: 2, revision: 1 });
    seen = await patientQuotes(mine.token);
    expect(Number(seen?.quotes[0]?.price)).toBe(2100);
    await send(coordinator, a.quote_id);
    seen = await patientQuotes(mine.token);
    expect(seen?.quotes.map((quote) => [quote.version, Number(quote.price)])).toEqual([
      [2, 1900],
      [1, 2600],
    ]);
    // Every version stays, each sent one frozen; the first sending is the request's first quote.
    const all = (await call(coordinator, `select public.request_quotes($1) as r`, [
      mine.requestId,
    ])) as {
      id: string;
      first_sent_at: string;
      versions: { version: number; sent_by_name: string }[];
    }[];
    expect(all[0]!.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(all[0]!.versions[0]!.sent_by_name).toBe('sara');
    expect(new Date(all[0]!.first_sent_at).toISOString()).toBe(
      new Date(sent.first_quote_at).toISOString(),
    );
    const kinds = (await call(
      owner,
      `select jsonb_agg(kind order by id) as r from public.request_events where request_id = $1`,
      [mine.requestId],
    )) as string[];
    expect(kinds).toEqual(['quote_sent', 'patient_step', 'quote_sent', 'quote_sent']);
    // Nothing to send twice.
    expect((await expectSqlError(send(coordinator, a.quote_id), 'PT409')).hint).toBe('no_draft');
  });

  it('lets the patient choose the version shown: recorded, broadcast, and the request moves on', async () => {
    const mine = await submit();
    const theirs = await submit();
    const first = await addClinic('istanbul-hair');
    const second = await addClinic('antalya-hair');
    const a = await saveDraft(coordinator, mine.requestId, first);
    const b = await saveDraft(coordinator, mine.requestId, second);
    const c = await saveDraft(coordinator, theirs.requestId, first);
    for (const quote of [a, b, c]) await send(coordinator, quote.quote_id);
    const choose = (token: string, quoteId: string, version: number) =>
      call(anon, `select public.patient_choose_quote($1, $2, $3) as r`, [token, quoteId, version]);

    // Another request's quote, a draft-only quote, a wrong link.
    expect((await expectSqlError(choose(mine.token, c.quote_id, 1), 'PT404')).hint).toBe(
      'quote_not_found',
    );
    expect(await choose(newToken(), a.quote_id, 1)).toBeNull();
    // A version the patient did not see (a correction sent meanwhile) is refused.
    await saveDraft(coordinator, mine.requestId, first, fields({ price: 1800 }));
    await send(coordinator, a.quote_id);
    expect((await expectSqlError(choose(mine.token, a.quote_id, 1), 'PT409')).hint).toBe(
      'quote_changed',
    );
    expect(await choose(mine.token, a.quote_id, 2)).toEqual({ ok: true, changed: true });

    const statuses = (await call(
      coordinator,
      `select jsonb_object_agg(c.slug, jsonb_build_array(q.status, q.chosen_version)) as r
       from public.quotes q join public.clinics c on c.id = q.clinic_id where q.request_id = $1`,
      [mine.requestId],
    )) as Record<string, [string, number | null]>;
    expect(statuses).toEqual({
      'istanbul-hair': ['chosen', 2],
      'antalya-hair': ['declined', null],
    });
    const { rows: request } = await db.query<{ status: string; due: boolean }>(
      `select status, follow_up_at <= now() as due from public.contact_requests where id = $1`,
      [mine.requestId],
    );
    expect(request[0]).toEqual({ status: 'in_progress', due: true });
    const { rows: events } = await db.query<{ kind: string; author: string | null; value: string }>(
      `select kind, author, new_value as value from public.request_events
       where request_id = $1 and kind = 'patient_quote_choice'`,
      [mine.requestId],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.author).toBeNull();
    expect(JSON.parse(events[0]!.value)).toMatchObject({
      version: 2,
      clinic: 'عيادة istanbul-hair',
    });
    const { rows: broadcasts } = await db.query<{ payload: { event: string; version: number } }>(
      `select payload from realtime.messages where topic = 'staff:quotes'
       and payload ->> 'event' = 'chosen'`,
    );
    expect(broadcasts.map((row) => row.payload)).toMatchObject([
      { event: 'chosen', version: 2, quote_id: a.quote_id, request_id: mine.requestId },
    ]);
    expect((await patientQuotes(mine.token))?.quotes.map((quote) => quote.status)).toEqual([
      'chosen',
      'declined',
    ]);
    // Only staff join the quotes' topic.
    const canJoin = async (actor: Actor) =>
      as(db, actor, async (tx) => {
        await tx.query(`select set_config('realtime.topic', 'staff:quotes', true)`);
        const { rows } = await tx.query<{ n: number }>(
          `select count(*)::int as n from realtime.messages where topic = 'staff:quotes'`,
        );
        return rows[0]!.n > 0;
      });
    expect(await canJoin(coordinator)).toBe(true);
    expect(await canJoin(visitor)).toBe(false);
  });

  it('refuses an expired quote, and limits choices like the page\u2019s other actions', async () => {
    const mine = await submit();
    const clinic = await addClinic('istanbul-hair');
    const draft = await saveDraft(coordinator, mine.requestId, clinic);
    await send(coordinator, draft.quote_id);
    await db.query(`update public.quote_versions set valid_until = current_date - 1`);
    expect((await patientQuotes(mine.token))?.quotes[0]?.status).toBe('expired');
    expect(
      (
        await expectSqlError(
          call(anon, `select public.patient_choose_quote($1, $2, 1) as r`, [
            mine.token,
            draft.quote_id,
          ]),
          'PT409',
        )
      ).hint,
    ).toBe('quote_expired');
    await db.query(`update public.quote_versions set valid_until = current_date + 1`);
    await db.query(`update private.patient_page_limits set actions_per_link_per_hour = 1`);
    expect(
      await call(anon, `select public.patient_choose_quote($1, $2, 1) as r`, [
        mine.token,
        draft.quote_id,
      ]),
    ).toEqual({ ok: true, changed: true });
    await expectSqlError(
      call(anon, `select public.patient_choose_quote($1, $2, 1) as r`, [
        mine.token,
        draft.quote_id,
      ]),
      'PT429',
    );
    await db.query(`update private.patient_page_limits set actions_per_link_per_hour = 10`);
  });

  it('keeps a quote\u2019s days in the patient\u2019s time zone: sent, valid until and expired there', async () => {
    // Two zones 26 hours apart stand in for the patients' (+966 and +20 mapped to them for this
    // test): at any hour of the UTC day, at least one of them is on another date than UTC, so a
    // comparison with the UTC date fails one of the cases below.
    await db.query(
      `update private.outbound_time_zones set time_zone = case country_code
         when '+966' then 'Pacific/Kiritimati' when '+20' then 'Etc/GMT+12' end
       where country_code in ('+966', '+20')`,
    );
    try {
      const dayIn = async (zone: string, offset = 0) =>
        (
          await db.query<{ d: string }>(
            `select ((now() at time zone $1)::date + $2::int)::text as d`,
            [zone, offset],
          )
        ).rows[0]!.d;
      const clinic = await addClinic('istanbul-hair');

      // Ahead of UTC (UTC+14): yesterday there is today in UTC for most of the day; not sendable.
      const ahead = await submit();
      const yesterday = await dayIn('Pacific/Kiritimati', -1);
      const stale = await saveDraft(
        coordinator,
        ahead.requestId,
        clinic,
        fields({ valid_until: yesterday }),
      );
      expect((await expectSqlError(send(coordinator, stale.quote_id), '23514')).hint).toBe(
        'quote_valid_until',
      );
      const today = await dayIn('Pacific/Kiritimati');
      await saveDraft(coordinator, ahead.requestId, clinic, fields({ valid_until: today }));
      await send(coordinator, stale.quote_id);
      const shown = (await patientQuotes(ahead.token)) as PatientQuotes & {
        today: string;
        quotes: { sent_on: string; valid_until: string }[];
      };
      expect(shown.today).toBe(today);
      // Sent today there, valid until today there: never "sent 2 December, valid until 1 December".
      expect(shown.quotes[0]).toMatchObject({ status: 'sent', sent_on: today, valid_until: today });
      await db.query(
        `update public.quote_versions set valid_until = $1::date where quote_id = $2`,
        [yesterday, stale.quote_id],
      );
      expect((await patientQuotes(ahead.token))?.quotes[0]?.status).toBe('expired');
      expect(
        (
          await expectSqlError(
            call(anon, `select public.patient_choose_quote($1, $2, 1) as r`, [
              ahead.token,
              stale.quote_id,
            ]),
            'PT409',
          )
        ).hint,
      ).toBe('quote_expired');

      // Behind UTC (UTC−12): today there is yesterday in UTC for half the day; still valid.
      const behind = await submit({
        phone: `2010${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
        country_code: '+20',
        country: 'Egypt',
      });
      const there = await dayIn('Etc/GMT+12');
      const late = await saveDraft(
        coordinator,
        behind.requestId,
        clinic,
        fields({ valid_until: there }),
      );
      await send(coordinator, late.quote_id);
      const theirs = (await patientQuotes(behind.token)) as PatientQuotes & { today: string };
      expect(theirs.today).toBe(there);
      expect(theirs.quotes[0]?.status).toBe('sent');
      expect(
        await call(anon, `select public.patient_choose_quote($1, $2, 1) as r`, [
          behind.token,
          late.quote_id,
        ]),
      ).toEqual({ ok: true, changed: true });
      // Staff see the status the patient sees.
      const staffView = (await call(coordinator, `select public.request_quotes($1) as r`, [
        ahead.requestId,
      ])) as { status: string }[];
      expect(staffView[0]?.status).toBe('expired');
    } finally {
      await db.query(
        `update private.outbound_time_zones set time_zone = case country_code
           when '+966' then 'Asia/Riyadh' when '+20' then 'Africa/Cairo' end
         where country_code in ('+966', '+20')`,
      );
    }
  });

  it('measures request → first quote, per campaign and in all', async () => {
    const clinic = await addClinic('istanbul-hair');
    const fast = await submit({ utm_source: 'google', utm_campaign: 'hair' });
    const slow = await submit({ utm_source: 'google', utm_campaign: 'hair' });
    const waiting = await submit({ utm_source: 'meta' });
    const overdue = await submit({ utm_source: 'meta' });
    const back = async (requestId: string, hours: number) => {
      await db.exec(`alter table public.contact_requests disable trigger user`);
      await db.query(
        `update public.contact_requests set created_at = now() - make_interval(hours => $2)
         where id = $1`,
        [requestId, hours],
      );
      await db.exec(`alter table public.contact_requests enable trigger user`);
    };
    await back(fast.requestId, 10);
    await back(slow.requestId, 72);
    await back(overdue.requestId, 50);
    await back(waiting.requestId, 5);
    for (const request of [fast, slow]) {
      const draft = await saveDraft(coordinator, request.requestId, clinic);
      await send(coordinator, draft.quote_id);
    }
    const report = (await call(
      coordinator,
      `select public.quote_speed_report(now() - interval '7 days', now() + interval '1 day') as r`,
    )) as Record<string, unknown>[];
    const total = report.find((row) => row['total'] === true);
    expect(total).toMatchObject({
      requests: 4,
      quoted: 2,
      within_48h: 1,
      late: 2,
      waiting: 1,
      median_hours: 41,
    });
    const google = report.find((row) => row['utm_source'] === 'google');
    expect(google).toMatchObject({ requests: 2, within_48h: 1, late: 1, median_hours: 41 });
    // Sent is not known: nobody has been told yet (no e-mail, the page not opened), so the
    // promise to the patient is late for the one past 48 hours and open for the other.
    expect(total).toMatchObject({ told: 0, told_within_48h: 0, told_late: 2 });
    // The fast one's patient opens their page and sees the quote: told within 48 hours; the
    // slow one learns of it by the "quotes ready" mail, 72 hours after the request.
    await call(anon, `select public.patient_quotes($1) as r`, [fast.token]);
    await db.query(
      `insert into private.patient_notices (lead_id, kind, channel, next_attempt_at, sent_at)
       values ($1, 'quotes_ready', 'email', now(), now())`,
      [slow.leadId],
    );
    const told = (
      (await call(
        coordinator,
        `select public.quote_speed_report(now() - interval '7 days', now() + interval '1 day') as r`,
      )) as Record<string, unknown>[]
    ).find((row) => row['total'] === true);
    expect(told).toMatchObject({
      told: 2,
      told_within_48h: 1,
      told_late: 2,
      median_told_hours: 41,
    });
    // The page notes the first time only.
    const seen = async () =>
      (
        await db.query<{ at: string }>(
          `select quotes_seen_at::text as at from private.patient_pages where lead_id = $1`,
          [fast.leadId],
        )
      ).rows[0]!.at;
    const first = await seen();
    await call(anon, `select public.patient_quotes($1) as r`, [fast.token]);
    expect(await seen()).toBe(first);
    // Nobody else sees numbers.
    expect(
      (await call(
        visitor,
        `select public.quote_speed_report(now() - interval '7 days', now()) as r`,
      )) as unknown[],
    ).toEqual([expect.objectContaining({ total: true, requests: 0 })]);
    await expectSqlError(
      call(anon, `select public.quote_speed_report(now() - interval '7 days', now()) as r`),
      '42501',
    );
  });

  it('takes the quotes with the request: withdrawal, retention and the staff purge', async () => {
    const mine = await submit();
    const clinic = await addClinic('istanbul-hair');
    const draft = await saveDraft(coordinator, mine.requestId, clinic);
    await send(coordinator, draft.quote_id);
    const { rows } = await db.query<{ reference: string }>(
      `select reference from public.contact_requests where id = $1`,
      [mine.requestId],
    );
    await call(anon, `select public.patient_withdraw($1, $2) as r`, [
      mine.token,
      rows[0]!.reference,
    ]);
    const left = await db.query<{ quotes: number; versions: number; clinics: number }>(
      `select (select count(*)::int from public.quotes) as quotes,
              (select count(*)::int from public.quote_versions) as versions,
              (select count(*)::int from public.clinics) as clinics`,
    );
    // The clinic is the agency's, not the patient's: it stays.
    expect(left.rows[0]).toEqual({ quotes: 0, versions: 0, clinics: 1 });

    const old = await submit();
    const second = await saveDraft(coordinator, old.requestId, clinic);
    await send(coordinator, second.quote_id);
    await db.exec(`alter table public.contact_requests disable trigger user`);
    await db.query(
      `update public.contact_requests set updated_at = now() - interval '30 months' where id = $1`,
      [old.requestId],
    );
    await db.exec(`alter table public.contact_requests enable trigger user`);
    await db.query(`select private.erase_expired_leads()`);
    expect(
      (await db.query<{ n: number }>(`select count(*)::int as n from public.quotes`)).rows[0]!.n,
    ).toBe(0);
    // A clinic with quotes cannot be deleted (it is made inactive instead).
    const third = await submit();
    const kept = await saveDraft(coordinator, third.requestId, clinic);
    expect(kept.version).toBe(1);
    await expectSqlError(
      call(owner, `delete from public.clinics where id = $1`, [clinic]),
      '23503',
    );
  });
});
