import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { leadRow, offerRow, type SubmissionContext } from '../../src/lib/lead-form.ts';
import { normalizePhone } from '../../src/lib/phone.ts';
import { anon, as, insertLead, resetData, sqlBackends } from './helpers/harness.ts';

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
