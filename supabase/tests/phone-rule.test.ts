import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Database, Queryable } from '../../local/db.ts';
import { leadRow, offerRow, type SubmissionContext } from '../../src/lib/lead-form.ts';
import { countryCodes, normalizePhone } from '../../src/lib/phone.ts';
import phoneCases from '../../tests/fixtures/phone-cases.json' with { type: 'json' };
import {
  anon,
  as,
  createLiveAdmin,
  createUser,
  insertLead,
  leadRow as validLead,
  resetData,
  serviceRole,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * The database's identity of a number (public.canonical_phone, migration
 * 20261123090000_canonical_phone.sql) reduces the spellings of one number to the same international
 * digits, so limits, duplicate detection and erasure requests compare numbers; and the browser's
 * phone rule (normalizePhone in src/lib/phone.ts) agrees with it: what the forms store is already
 * canonical, so rate limits, duplicates and erasure see one number per patient.
 */

const backends = await sqlBackends();

/** What visitors type, with the code picked in the form (null: the offer dialog has no picker). */
const sample: [string, string | null][] = [
  ['0501234567', '+966'],
  ['٠٥٠١٢٣٤٥٦٧', '+966'],
  ['050 123-4567', '+966'],
  ['501234567', '+966'],
  ['00966501234567', '+966'],
  ['00966501234567', null],
  ['+966 50 123 4567', '+20'],
  ['966501234567', null],
  ['9660501234567', null],
  ['963944123456', null],
  ['0944123456', '+963'],
  ['00971501234567', '+966'],
  ['01001234567', '+20'],
  ['05321234567', '+90'],
  ['015112345678', '+49'],
  ['96512345678', '+965'],
  ['0501234567', null],
  ['+44 7700 900123', '+966'],
  ['+967 712 345 678', '+966'],
  ['967712345678', '+966'],
  ['501234567', null],
];

const context: SubmissionContext = {
  lang: 'ar',
  source: '/',
  pageUrl: 'http://127.0.0.1/',
  attribution: {
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    utm_term: null,
    params: {},
  },
};

interface PhoneInput {
  typed: string;
  picked: string | null;
  chosen?: boolean;
  stored?: boolean;
}

/** public.normalize_phone of each input, in one round trip. */
async function normalizeAll(
  tx: Queryable,
  inputs: PhoneInput[],
): Promise<{ phone: string; countryCode: string | null }[]> {
  const { rows } = await tx.query<{ i: number; phone: string; country_code: string | null }>(
    `select t.i, n.phone, n.country_code
     from json_to_recordset($1::json) as t(i int, typed text, picked text, chosen boolean, stored boolean)
     cross join lateral public.normalize_phone(
       t.typed, t.picked, coalesce(t.chosen, false), coalesce(t.stored, false)) as n
     order by t.i`,
    [JSON.stringify(inputs.map((input, i) => ({ i, ...input })))],
  );
  return rows.map((row) => ({ phone: row.phone, countryCode: row.country_code }));
}

describe.each(backends)('public.normalize_phone is src/lib/phone.ts on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('gives every case of tests/fixtures/phone-cases.json', async () => {
    const got = await normalizeAll(db, phoneCases.cases);
    const want = phoneCases.cases.map(({ phone, countryCode }) => ({ phone, countryCode }));
    for (const [i, entry] of phoneCases.cases.entries()) {
      expect(got[i], JSON.stringify(entry)).toEqual(want[i]);
    }
  });

  it('agrees with normalizePhone on random spellings, codes and modes (property)', async () => {
    const codes = countryCodes.map((country) => country.code);
    const inputs = fc.sample(
      fc.record({
        typed: fc.oneof(
          fc.string({ unit: fc.constantFrom(...'0123456789٠١٢٣٤٥٦٧٨٩۰۱۲۳ +-().'), maxLength: 18 }),
          fc
            .tuple(fc.constantFrom(...codes, '+967', '+44'), fc.stringMatching(/^0?[1-9]\d{6,12}$/))
            .map(([code, national]) => `${code.slice(1)}${national}`),
        ),
        picked: fc.constantFrom(...codes, '+44', '966', '', null),
        chosen: fc.boolean(),
        stored: fc.boolean(),
      }),
      { numRuns: 1500, seed: 47 },
    );
    const got = await normalizeAll(db, inputs);
    for (const [i, input] of inputs.entries()) {
      const want = normalizePhone(input.typed, input.picked, input);
      expect(got[i], JSON.stringify(input)).toEqual({
        phone: want.phone,
        countryCode: want.countryCode,
      });
    }
  });

  it('is callable by anon, a signed-in non-admin, a coordinator and an owner', async () => {
    await resetData(db);
    const actors: Actor[] = [
      anon,
      await createUser(db),
      await createLiveAdmin(db, 'coordinator', 'correct horse battery', 'coordinator'),
      await createLiveAdmin(db, 'owner', 'correct horse battery', 'owner'),
    ];
    for (const actor of actors) {
      const [stored] = await as(db, actor, (tx) =>
        normalizeAll(tx, [{ typed: '٠٥٠١٢٣٤٥٦٧', picked: '+966' }]),
      );
      expect(stored, actor.role).toEqual({ phone: '966501234567', countryCode: '+966' });
    }
  });
});

describe.each(backends)('the database stores only the canonical number on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  /** Every spelling a raw REST client might send for one row, and what must be stored. */
  const sent: [string | null, string, string, string | null][] = [
    ['+966', '0501234567', '966501234567', '+966'],
    ['+966', '٠٥٠١٢٣٤٥٦٧', '966501234567', '+966'],
    ['+966', '+966 050 123 4567', '966501234567', '+966'],
    [null, '00966501234567', '966501234567', '+966'],
    ['', '+966501234567', '966501234567', '+966'],
    ['+966', '9660501234567', '966501234567', '+966'],
    ['+966', '+971 50 123 4567', '971501234567', '+971'],
    ['+44', '7700 900123', '447700900123', null],
    [null, '0501234567', '0501234567', null],
  ];

  it('turns every spelling of an anonymous insert into the canonical pair', async () => {
    for (const [i, [code, phone, storedPhone, storedCode]] of sent.entries()) {
      await resetData(db);
      const row = validLead({ country_code: code, phone, country: null });
      const address = `203.0.113.${i + 1}`;
      expect(await as(db, { ...anon, address }, (tx) => insertLead(tx, row))).toBe(1);
      const { rows } = await db.query<{ lead: string; request: string; key: string }>(
        `select concat_ws(' ', l.country_code, l.phone) as lead,
                concat_ws(' ', r.country_code, r.phone) as request, r.phone_key as key
         from public.offer_leads l join public.contact_requests r on r.lead_id = l.id`,
      );
      const want = [storedCode, storedPhone].filter(Boolean).join(' ');
      expect(rows, `${code} ${phone}`).toEqual([
        {
          lead: want,
          request: want,
          key: storedCode ? storedPhone : storedPhone.replace(/^0+/, ''),
        },
      ]);
    }
  });

  it('keeps a corrected request canonical whoever writes it, and never a code before a trunk zero', async () => {
    await resetData(db);
    expect(await as(db, anon, (tx) => insertLead(tx, validLead()))).toBe(1);
    await as(db, serviceRole, (tx) =>
      tx.query(`update public.contact_requests set country_code = '+971', phone = '0551234567'`),
    );
    await as(db, serviceRole, (tx) =>
      tx.query(`update public.offer_leads set country_code = '+966', phone = '٠٥٠١٢٣٤٥٦٧'`),
    );
    const { rows } = await db.query<{ pair: string }>(
      `select concat_ws(' ', country_code, phone) as pair from public.contact_requests
       union all select concat_ws(' ', country_code, phone) from public.offer_leads order by 1`,
    );
    expect(rows).toEqual([{ pair: '+966 966501234567' }, { pair: '+971 971551234567' }]);
    const { rows: dialled } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.offer_leads
       where country_code is not null and phone not like substr(country_code, 2) || '%'`,
    );
    expect(dialled).toEqual([{ n: 0 }]);
  });
});

describe.each(backends)('canonical_phone and the phone rule on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  async function canonical(countryCode: string | null, phone: string): Promise<string> {
    const { rows } = await db.query<{ digits: string }>(
      `select public.canonical_phone($1, $2) as digits`,
      [countryCode, phone],
    );
    return rows[0]!.digits;
  }

  it('gives one value for the usual spellings of a Saudi mobile number', async () => {
    const spellings: [string | null, string][] = [
      ['+966', '0501234567'],
      ['+966', '501234567'],
      ['+966', '966501234567'],
      ['+966', '50 123-4567'],
      [null, '00966501234567'],
      [null, '966501234567'],
      ['', '+966 50 123 4567'],
    ];
    for (const [countryCode, phone] of spellings) {
      expect(await canonical(countryCode, phone), `${countryCode} ${phone}`).toBe('966501234567');
    }
  });

  it('keeps different numbers apart and does not guess a missing country', async () => {
    expect(await canonical('+963', '0944123456')).toBe('963944123456');
    expect(await canonical('+966', '0944123456')).toBe('966944123456');
    expect(await canonical(null, '0501234567')).toBe('501234567');
  });

  it('stores numbers the database already reads as canonical', async () => {
    for (const [typed, picked] of sample) {
      const stored = normalizePhone(typed, picked);
      const expected = stored.countryCode ? stored.phone : stored.phone.replace(/^0+/, '');
      expect(await canonical(stored.countryCode, stored.phone), `${typed} / ${picked}`).toBe(
        expected,
      );
    }
  });

  it('gives the same identity as canonical_phone of the plain spellings the migration names', async () => {
    for (const [picked, typed] of [
      ['+966', '0501234567'],
      ['+966', '501234567'],
      ['+966', '966501234567'],
      ['+966', '50 123-4567'],
      ['+963', '0944123456'],
      [null, '00966501234567'],
      [null, '966501234567'],
    ] as const) {
      const stored = normalizePhone(typed, picked);
      expect(stored.phone, `${picked} ${typed}`).toBe(await canonical(picked, typed));
    }
  });

  it('stores a home lead and an unattributed offer registration as an anonymous visitor', async () => {
    await resetData(db);
    const home = leadRow(
      crypto.randomUUID(),
      {
        name: 'ليلى',
        countryCode: '+966',
        phone: '٠٥٠١٢٣٤٥٦٧',
        email: '',
        service: 'dental-implants',
        preferredCountries: [],
        notes: '',
        readyToTravel: 'maybe',
        appointmentTime: 'flexible',
        website: '',
      },
      context,
    );
    const offer = offerRow(
      crypto.randomUUID(),
      { name: 'سارة', phone: '0551234567', website: '' },
      { ...context, source: '/hair-transplant-offer' },
    );
    expect(await as(db, anon, (tx) => insertLead(tx, home))).toBe(1);
    expect(await as(db, anon, (tx) => insertLead(tx, offer))).toBe(1);
    const { rows } = await db.query<{ name: string; phone: string; country_code: string | null }>(
      `select name, phone, country_code from public.offer_leads order by name`,
    );
    expect(rows).toEqual([
      { name: 'سارة', phone: '0551234567', country_code: null },
      { name: 'ليلى', phone: '966501234567', country_code: '+966' },
    ]);
  });
});
