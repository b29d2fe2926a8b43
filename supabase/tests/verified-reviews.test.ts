import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { erasePerson, exportPerson } from '../../local/person-data.ts';
import { reviewFields } from '../../src/lib/field-rules.ts';
import { reviewConsentText, REVIEW_CONSENT_VERSION } from '../../src/lib/patient/review.ts';
import {
  anon,
  as,
  countRows,
  createLiveAdmin,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * Verified reviews (issue 45, item 1; 20261207120000_verified_reviews.sql): only the patient of a
 * request that reached after-care with a chosen quote, from 30 days after its treatment day, can
 * write a review, and it is tied to that quote's clinic and the request's treatment; publishing
 * needs the consent; an owner publishes (a coordinator cannot), a refusal names a published rule
 * and its reason, under the write protocol; only published reviews of active clinics reach the
 * public; withdrawal and erasure remove the review.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');
const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface ReviewState {
  eligible: boolean;
  reason?: string;
  round?: 'day30' | 'month6';
  clinic?: { ar: string; en: string; slug: string };
  service?: string;
  consent_version: string;
  rules: string[];
  review: null | {
    rating: number;
    body: string;
    status: string;
    shown_name: string | null;
    months_after: number;
    updated_at: string;
  };
}

interface StaffReview {
  id: string;
  status: string;
  updated_at: string;
  refusal_rule: string | null;
  refusal_note: string | null;
  reply: string | null;
}

const BODY = 'The team was careful and the results at month six are what they told me to expect.';

describe.each(backends)('verified reviews on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let coordinator: Actor & { role: 'authenticated' };
  let address = 0;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(
      `truncate public.clinics cascade; truncate private.patient_page_calls, private.staff_write_answers`,
    );
    owner = await createLiveAdmin(db, 'owner', 'correct horse battery', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
  });

  const patient = (): Actor => ({
    ...anon,
    address: `198.51.100.${(address = (address % 250) + 1)}`,
  });
  const call = <T = unknown>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]!.r);

  async function clinic(slug: string) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country)
       values ($1, 'عيادة ' || $1, 'Clinic ' || $1, 'إسطنبول', 'Istanbul', 'turkey')
       returning id::text`,
      [slug],
    );
    return rows[0]!.id;
  }

  /**
   * A request as the patient submitted it, with what has happened since: a quote of `clinicId`
   * chosen, the after-care step, a trip plan with the treatment day `treatedOn`.
   */
  async function request(
    phone: string,
    options: { clinicId?: string; aftercare?: boolean; treatedOn?: string | null } = {},
  ) {
    const token = newToken();
    const id = crypto.randomUUID();
    await as(db, patient(), (tx) =>
      insertLead(
        tx,
        leadRow({
          id,
          patient_token: token,
          phone,
          country_code: '+966',
          name: 'Amina bint Khalid Kareem',
          service: 'hair-transplant',
        }),
      ),
    );
    const { rows } = await db.query<{ id: string }>(
      `select id::text from public.contact_requests where lead_id = $1`,
      [id],
    );
    const requestId = rows[0]!.id;
    if (options.clinicId) {
      const quote = await db.query<{ id: string }>(
        `insert into public.quotes (request_id, clinic_id, status, first_sent_at, chosen_version, decided_at)
         values ($1, $2, 'chosen', now(), 1, now()) returning id::text`,
        [requestId, options.clinicId],
      );
      await db.query(
        `insert into public.quote_versions (quote_id, version, price, currency, valid_until, sent_at)
         values ($1, 1, 2400, 'EUR', now() + interval '30 days', now())`,
        [quote.rows[0]!.id],
      );
    }
    if (options.aftercare ?? true) {
      await db.query(`update private.patient_pages set step = 'aftercare' where lead_id = $1`, [
        id,
      ]);
    }
    if (options.treatedOn !== null) {
      await db.query(`insert into public.trip_plans (request_id, procedure_on) values ($1, $2)`, [
        requestId,
        options.treatedOn ?? day(-190),
      ]);
    }
    return { token, requestId };
  }

  const state = (token: string) =>
    call<ReviewState | null>(patient(), `select public.patient_review_state($1) as r`, [token]);
  const write = (token: string, fields: Record<string, unknown>) =>
    call<ReviewState | null>(patient(), `select public.patient_save_review($1, $2) as r`, [
      token,
      JSON.stringify(fields),
    ]);
  const review = (overrides: Record<string, unknown> = {}) => ({
    rating: 4,
    body: BODY,
    shown_as: 'name',
    consent_version: REVIEW_CONSENT_VERSION,
    ...overrides,
  });
  const staffList = (actor: Actor) =>
    call<StaffReview[]>(actor, `select public.staff_reviews() as r`);
  const moderate = (actor: Actor, row: StaffReview, fields: Record<string, unknown>) =>
    call<StaffReview>(actor, `select public.save_review_moderation($1, $2, $3) as r`, [
      row.id,
      row.updated_at,
      JSON.stringify(fields),
    ]);
  const published = () =>
    call<Record<string, unknown>[]>(anon, `select public.published_reviews() as r`);

  it('lets only a treated request’s patient write one, tied to the chosen quote’s clinic and treatment', async () => {
    const clinicId = await clinic('bosphorus-hair');
    const other = await clinic('other-clinic');
    const treated = await request('501230001', { clinicId, treatedOn: day(-190) });
    const before = await state(treated.token);
    expect(before).toMatchObject({
      eligible: true,
      round: 'month6',
      clinic: { slug: 'bosphorus-hair' },
      service: 'hairTransplant',
      consent_version: REVIEW_CONSENT_VERSION,
      rules: ['health_data_of_others', 'insult', 'advertising'],
      review: null,
    });
    const after = await write(treated.token, review());
    expect(after?.review).toMatchObject({
      rating: 4,
      body: BODY,
      status: 'pending',
      shown_name: 'Amina K.',
      months_after: 6,
    });
    const { rows } = await db.query<{ clinic_id: string; service: string }>(
      `select clinic_id::text, service from public.clinic_reviews where request_id = $1`,
      [treated.requestId],
    );
    expect(rows).toEqual([{ clinic_id: clinicId, service: 'hairTransplant' }]);
    expect(rows[0]!.clinic_id).not.toBe(other);

    // Not treated yet (no after-care), no chosen quote, no treatment day, or before day 30: refused.
    const cases: [Parameters<typeof request>[1], string][] = [
      [{ clinicId, aftercare: false }, 'not_aftercare'],
      [{}, 'no_chosen_quote'],
      [{ clinicId, treatedOn: null }, 'no_treatment_day'],
      [{ clinicId, treatedOn: day(-10) }, 'too_early'],
    ];
    let phone = 501230010;
    for (const [options, reason] of cases) {
      const { token } = await request(String(phone++), options);
      expect(await state(token)).toMatchObject({ eligible: false, reason, review: null });
      const refused = await expectSqlError(write(token, review()), 'PT403');
      expect(refused.hint).toBe('review_not_allowed');
    }
    // Day 30 to month 6 is the first round.
    const early = await request(String(phone), { clinicId, treatedOn: day(-40) });
    expect(await state(early.token)).toMatchObject({ eligible: true, round: 'day30' });
    // A wrong link reads and writes nothing.
    expect(await state(newToken())).toBeNull();
    expect(await write(newToken(), review())).toBeNull();
    // Nobody writes the table directly, and anon reads none of it.
    await expectSqlError(
      as(db, anon, (tx) => tx.query(`select * from public.clinic_reviews`)),
      '42501',
    );
    await expectSqlError(
      as(db, coordinator, (tx) =>
        tx.query(`update public.clinic_reviews set status = 'published'`),
      ),
      '42501',
    );
    expect(await countRows(db, 'public.clinic_reviews')).toBe(1);
  });

  it('needs the consent to publish, a rating and a text within its limits', async () => {
    const clinicId = await clinic('bosphorus-hair');
    const { token } = await request('501230101', { clinicId });
    for (const fields of [
      review({ consent_version: null }),
      review({ consent_version: '' }),
      review({ consent_version: '9.9' }),
    ]) {
      const refused = await expectSqlError(write(token, fields), '23514');
      expect(refused.hint).toBe('review_consent_required');
    }
    expect((await expectSqlError(write(token, review({ rating: 6 })), '23514')).hint).toBe(
      'clinic_reviews_rating',
    );
    const body = reviewFields.body;
    expect(
      (await expectSqlError(write(token, review({ body: 'x'.repeat(body.min - 1) })), '23514'))
        .hint,
    ).toBe(body.constraint);
    expect(
      (await expectSqlError(write(token, review({ body: 'x'.repeat(body.max + 1) })), '23514'))
        .hint,
    ).toBe(body.constraint);
    expect((await expectSqlError(write(token, review({ shown_as: 'full' })), '23514')).hint).toBe(
      'clinic_reviews_shown_as',
    );
    expect(await countRows(db, 'public.clinic_reviews')).toBe(0);
    // Anonymous: no name at all.
    expect((await write(token, review({ shown_as: 'anonymous' })))?.review?.shown_name).toBeNull();
    // The consent the page shows is the version the database holds, word for word.
    const { rows } = await db.query<{ body_ar: string; body_en: string }>(
      `select body_ar, body_en from private.review_consent_texts where version = $1`,
      [REVIEW_CONSENT_VERSION],
    );
    expect(rows[0]).toEqual({ body_ar: reviewConsentText.ar, body_en: reviewConsentText.en });
  });

  it('is published only by an owner, refused only for a published rule with its reason, as the screen saw it', async () => {
    const clinicId = await clinic('bosphorus-hair');
    const { token } = await request('501230201', { clinicId });
    await write(token, review());
    expect(await published()).toEqual([]);
    const [row] = await staffList(coordinator);
    expect(row).toMatchObject({ status: 'pending' });

    // A coordinator may enter the clinic's reply but not publish.
    const owned = await expectSqlError(
      moderate(coordinator, row!, { decision: 'published' }),
      '42501',
    );
    expect(owned.hint).toBe('owner_only');
    const replied = await moderate(coordinator, row!, { reply: 'Thank you, Amina.' });
    expect(replied.reply).toBe('Thank you, Amina.');
    // The owner's screen still shows the review before the reply: stale, by name.
    const stale = await expectSqlError(moderate(owner, row!, { decision: 'published' }), 'PT409');
    expect(stale.hint).toBe('stale_version');
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({ what: 'review', by: 'sara' });

    // A refusal names a published rule and its reason.
    expect(
      (await expectSqlError(moderate(owner, replied, { decision: 'refused' }), '23514')).hint,
    ).toBe('clinic_reviews_refusal');
    expect(
      (
        await expectSqlError(
          moderate(owner, replied, { decision: 'refused', refusal_rule: 'advertising' }),
          '23514',
        )
      ).hint,
    ).toBe('clinic_reviews_refusal_note_length');
    const refused = await moderate(owner, replied, {
      decision: 'refused',
      refusal_rule: 'advertising',
      refusal_note: 'Names a competitor’s discount code.',
    });
    expect(refused).toMatchObject({ status: 'refused', refusal_rule: 'advertising' });
    expect(await published()).toEqual([]);
    expect((await state(token))?.review).toMatchObject({ status: 'refused' });

    const done = await moderate(owner, refused, { decision: 'published' });
    expect(done).toMatchObject({ status: 'published', refusal_rule: null, refusal_note: null });
    // The public sees what a review may show, and nothing that leads to the request.
    const [shown] = await published();
    expect(shown).toMatchObject({
      clinic: 'bosphorus-hair',
      service: 'hairTransplant',
      treated_month: day(-190).slice(0, 7),
      months_after: 6,
      name: 'Amina K.',
      rating: 4,
      body: BODY,
      reply: 'Thank you, Amina.',
    });
    expect(Object.keys(shown!).sort()).toEqual(
      [
        'body',
        'clinic',
        'id',
        'months_after',
        'name',
        'published_at',
        'rating',
        'reply',
        'service',
        'treated_month',
      ].sort(),
    );
    // The patient edits it: it waits for an owner again.
    await write(token, review({ rating: 5 }));
    expect(await published()).toEqual([]);
    // A clinic that is no longer active shows none.
    const [again] = await staffList(owner);
    await moderate(owner, again!, { decision: 'published' });
    expect(await published()).toHaveLength(1);
    await db.query(`update public.clinics set active = false where id = $1`, [clinicId]);
    expect(await published()).toEqual([]);
  });

  it('invites the patient once at day 30 and again at month 6, through the reminders’ outbox', async () => {
    const clinicId = await clinic('istanbul-hair');
    const invitations = async (requestId: string) =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from private.patient_notices n
           join public.contact_requests r on r.lead_id = n.lead_id
           where r.id = $1 and n.kind = 'reminder_review'`,
          [requestId],
        )
      ).rows[0]!.n;
    const run = () => db.query(`select public.schedule_patient_reminders(now())`);
    /** Moves the treatment day to `days` before the patient's today (less 6 months for month 6). */
    const treated = (requestId: string, days: number, months = 0) =>
      db.query(
        `update public.trip_plans set procedure_on =
           (private.request_today($1) - make_interval(months => $3, days => $2))::date
         where request_id = $1`,
        [requestId, days, months],
      );

    // Day 31, no review yet: one invitation, and no second one on the next run.
    const first = await request('966500000101', { clinicId });
    await treated(first.requestId, 31);
    // Day 20: too early, nothing.
    const early = await request('966500000102', { clinicId });
    await treated(early.requestId, 20);
    // Day 31 with a review written: nothing to invite to.
    const written = await request('966500000103', { clinicId });
    await treated(written.requestId, 31);
    await write(written.token, review());
    // Day 31, the patient stopped the reminders: nothing.
    const stopped = await request('966500000104', { clinicId });
    await treated(stopped.requestId, 31);
    await call(patient(), `select public.patient_stop_reminders($1, true) as r`, [stopped.token]);
    await run();
    await run();
    expect(await invitations(first.requestId)).toBe(1);
    expect(await invitations(early.requestId)).toBe(0);
    expect(await invitations(written.requestId)).toBe(0);
    expect(await invitations(stopped.requestId)).toBe(0);

    // Month 6 and a day: the review written at month 1 is invited to be updated, once; one
    // updated since month 6 is not.
    const honest = await request('966500000105', { clinicId });
    await treated(honest.requestId, 1, 6);
    await write(honest.token, review());
    await db.query(
      `update public.clinic_reviews set edited_at = now() - interval '5 months' where request_id = $1`,
      [honest.requestId],
    );
    const updated = await request('966500000106', { clinicId });
    await treated(updated.requestId, 1, 6);
    await write(updated.token, review());
    await run();
    await run();
    expect(await invitations(honest.requestId)).toBe(1);
    expect(await invitations(updated.requestId)).toBe(0);
    // Each is on record as a reminder once, by its round.
    const { rows } = await db.query<{ occasion: string }>(
      `select pr.occasion from private.patient_reminders pr
       join public.contact_requests r on r.lead_id = pr.lead_id
       where r.id = any($1::uuid[]) and pr.kind = 'reminder_review' order by pr.occasion`,
      [[first.requestId, honest.requestId]],
    );
    expect(rows.map((row) => row.occasion.split(':').slice(0, 2).join(':'))).toEqual([
      'review:day30',
      'review:month6',
    ]);
  });

  it('is removed by the patient’s withdrawal', async () => {
    const clinicId = await clinic('bosphorus-hair');
    const { token } = await request('501230301', { clinicId });
    await write(token, review());
    const [row] = await staffList(owner);
    await moderate(owner, row!, { decision: 'published' });
    expect(await published()).toHaveLength(1);
    expect(
      await call(patient(), `select public.patient_withdraw_review($1) as r`, [token]),
    ).toEqual({ ok: true, withdrawn: true });
    expect(await published()).toEqual([]);
    expect(await countRows(db, 'public.clinic_reviews')).toBe(0);
    expect((await state(token))?.review).toBeNull();
  });

  it('is in the person’s export, and their erasure leaves nothing of it', async () => {
    const clinicId = await clinic('bosphorus-hair');
    const { token } = await request('501230401', { clinicId });
    await write(token, review());
    const [row] = await staffList(owner);
    await moderate(owner, row!, { decision: 'published' });
    const data = await exportPerson(db, '+966 50 123 0401');
    expect((data.tables['public.clinic_reviews'] as { body: string }[]).map((r) => r.body)).toEqual(
      [BODY],
    );
    const erased = await erasePerson(db, '+966 50 123 0401');
    expect(erased.counts['public.clinic_reviews']).toBe(1);
    expect(await countRows(db, 'public.clinic_reviews')).toBe(0);
    expect(await published()).toEqual([]);
  });
});
