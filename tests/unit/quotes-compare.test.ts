import { describe, expect, it } from 'vitest';
import { fill } from '~/i18n/fill.ts';
import { quotesAr } from '~/i18n/ui/quotes-ar.ts';
import { quotesEn } from '~/i18n/ui/quotes-en.ts';
import {
  compareRows,
  convert,
  currencyForCountryCode,
  formatMoney,
  ROWS,
  type PatientQuote,
  type Rates,
} from '~/lib/quotes/compare.ts';

/** The patient's side-by-side comparison (issue 31): which rows, which differ, conversions. */

const quote = (overrides: Partial<PatientQuote> = {}): PatientQuote => ({
  id: 'q1',
  version: 1,
  status: 'sent',
  sent_at: '2026-11-27T10:00:00Z',
  sent_on: '2026-11-27',
  first_sent_at: '2026-11-27T10:00:00Z',
  clinic: {
    slug: 'a',
    name: { ar: 'أ', en: 'A' },
    city: { ar: 'إسطنبول', en: 'Istanbul' },
    country: 'turkey',
    accredited: true,
    accreditations: ['JCI'],
  },
  technique: 'FUE',
  units: 4000,
  unit_kind: 'grafts',
  team: 'Dr. Kaya',
  nights: 3,
  hotel: null,
  transfer: true,
  interpreter: false,
  included: ['PRP', 'Medication'],
  not_included: [],
  price: '2100.00',
  currency: 'EUR',
  valid_until: '2026-12-27',
  note: null,
  note_language: 'ar',
  ...overrides,
});

const rates = {
  SAR: 3.75,
  AED: 3.6725,
  KWD: 0.307,
  QAR: 3.64,
  BHD: 0.376,
  OMR: 0.3845,
  EGP: 48.6,
  JOD: 0.709,
  IQD: 1310,
  TRY: 42.1,
  EUR: 0.86,
  USD: 1,
} satisfies Rates;

describe('compareRows', () => {
  it('lists only the items some quote states, in the page order', () => {
    const rows = compareRows([quote(), quote({ id: 'q2' })]).map((row) => row.key);
    // No hotel, nothing "not included" and no note in either: those rows are left out.
    expect(rows).toEqual([
      'price',
      'validUntil',
      'technique',
      'units',
      'team',
      'nights',
      'transfer',
      'interpreter',
      'included',
      'accreditation',
    ]);
    expect(rows.every((key) => (ROWS as readonly string[]).includes(key))).toBe(true);
  });

  it('marks what differs, ignoring case, spacing and the order of list items', () => {
    const rows = compareRows([
      quote(),
      quote({
        id: 'q2',
        technique: ' fue ',
        price: 2600,
        included: ['medication', 'PRP'],
        interpreter: true,
        hotel: '4★ Şişli',
      }),
    ]);
    const differs = Object.fromEntries(rows.map((row) => [row.key, row.differs]));
    expect(differs).toMatchObject({
      price: true,
      technique: false,
      included: false,
      interpreter: true,
      // One quote names a hotel, the other says nothing: that is a difference.
      hotel: true,
      units: false,
    });
  });

  it('never marks a single quote, nor notes, as differing', () => {
    expect(compareRows([quote({ note: 'x' })]).some((row) => row.differs)).toBe(false);
    const notes = compareRows([quote({ note: 'a' }), quote({ id: 'q2', note: 'b' })]);
    expect(notes.find((row) => row.key === 'note')?.differs).toBe(false);
  });

  it('tells the same quantity in other units apart', () => {
    const rows = compareRows([quote(), quote({ id: 'q2', unit_kind: 'sessions' })]);
    expect(rows.find((row) => row.key === 'units')?.differs).toBe(true);
  });
});

describe('conversion', () => {
  it('goes through the dollar: euros to riyals and back', () => {
    const riyals = convert(2100, 'EUR', 'SAR', rates);
    expect(riyals).toBeCloseTo((2100 / 0.86) * 3.75, 6);
    expect(convert(riyals, 'SAR', 'EUR', rates)).toBeCloseTo(2100, 6);
    expect(convert(500, 'USD', 'USD', rates)).toBe(500);
  });

  it('writes amounts with Western digits and the code, cents only when there are', () => {
    expect(formatMoney(2100, 'EUR')).toBe('2,100 EUR');
    expect(formatMoney(1250.5, 'KWD')).toBe('1,250.50 KWD');
    expect(formatMoney(9157.456, 'SAR', true)).toBe('9,157 SAR');
  });

  it('guesses the patient’s currency from the phone’s country code', () => {
    expect(currencyForCountryCode('+966')).toBe('SAR');
    expect(currencyForCountryCode('00971')).toBe('AED');
    expect(currencyForCountryCode('+20')).toBe('EGP');
    expect(currencyForCountryCode('+49')).toBe('EUR');
    expect(currencyForCountryCode('+44')).toBe('USD');
    expect(currencyForCountryCode(null)).toBe('USD');
  });
});

describe('quantities read as people say them', () => {
  it('in Arabic, with its six plural forms', () => {
    const grafts = (count: number) => fill(quotesAr['quotes.unit.grafts'], { count }, 'ar');
    expect(grafts(1)).toBe('بصيلة واحدة');
    expect(grafts(2)).toBe('بصيلتان');
    expect(grafts(5)).toBe('5 بصيلات');
    expect(grafts(40)).toBe('40 بصيلة');
    expect(grafts(4000)).toBe('4000 بصيلة');
    expect(fill(quotesAr['quotes.nights'], { count: 0 }, 'ar')).toBe('بلا إقامة');
  });

  it('in English', () => {
    expect(fill(quotesEn['quotes.unit.implants'], { count: 1 }, 'en')).toBe('1 implant');
    expect(fill(quotesEn['quotes.unit.implants'], { count: 6 }, 'en')).toBe('6 implants');
    expect(fill(quotesEn['quotes.nights'], { count: 0 }, 'en')).toBe('No stay');
  });
});
