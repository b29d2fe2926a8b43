/**
 * Comparing a patient's quotes side by side (issue 31): the items a quote has, in the order the
 * page lists them, which of them differ between the quotes, and the indicative conversion of a
 * price into the patient's currency with the agency's rates (content/exchange-rates.yaml). Pure
 * functions, unit-tested in tests/unit/quotes-compare.test.ts; the patient's page renders them
 * (src/scripts/patient/quotes.ts).
 */
import type { Database } from '~/lib/database.types.ts';

export type Currency = Database['public']['Enums']['quote_currency'];

/** One quote as public.patient_quotes answers it: the latest sent version and its clinic. */
export interface PatientQuote {
  id: string;
  version: number;
  status: 'sent' | 'chosen' | 'declined' | 'expired';
  sent_at: string;
  /** The day it was sent in the patient's time zone, the zone its valid_until is a day of. */
  sent_on: string;
  first_sent_at: string;
  clinic: {
    slug: string;
    name: { ar: string; en: string };
    city: { ar: string; en: string };
    country: string;
    accredited: boolean;
    accreditations: string[];
  };
  technique: string | null;
  units: number | null;
  unit_kind: string | null;
  team: string | null;
  nights: number | null;
  hotel: string | null;
  transfer: boolean;
  interpreter: boolean;
  included: string[];
  not_included: string[];
  price: number | string;
  currency: Currency;
  valid_until: string;
  note: string | null;
  note_language: 'ar' | 'en';
  /** What changed from the sent version before this one (private.quote_changes); empty for a first. */
  changes?: QuoteChange[];
}

/** One line of what changed in a revision: {field, from, to}, lists {field, added, removed}. */
export interface QuoteChange {
  field: string;
  from?: unknown;
  to?: unknown;
  added?: string[];
  removed?: string[];
}

export interface PatientQuotes {
  reference: string;
  language: 'ar' | 'en';
  country_code: string | null;
  quotes: PatientQuote[];
}

/** The items of the comparison, in the order the page shows them. */
export const ROWS = [
  'price',
  'validUntil',
  'technique',
  'units',
  'team',
  'nights',
  'hotel',
  'transfer',
  'interpreter',
  'included',
  'notIncluded',
  'accreditation',
  'note',
] as const;
export type RowKey = (typeof ROWS)[number];

const fold = (text: string | null) => (text ?? '').trim().toLocaleLowerCase();
const set = (items: string[]) => [...new Set(items.map(fold))].sort().join('\n');

/** What a quote says for an item, as a comparable string ('' when it says nothing). */
export function itemValue(quote: PatientQuote, key: RowKey): string {
  switch (key) {
    case 'price':
      return `${Number(quote.price)} ${quote.currency}`;
    case 'validUntil':
      return quote.valid_until.slice(0, 10);
    case 'technique':
      return fold(quote.technique);
    case 'units':
      return quote.units === null ? '' : `${quote.units} ${quote.unit_kind ?? ''}`;
    case 'team':
      return fold(quote.team);
    case 'nights':
      return quote.nights === null ? '' : String(quote.nights);
    case 'hotel':
      return fold(quote.hotel);
    case 'transfer':
      return String(quote.transfer);
    case 'interpreter':
      return String(quote.interpreter);
    case 'included':
      return set(quote.included);
    case 'notIncluded':
      return set(quote.not_included);
    case 'accreditation':
      return `${quote.clinic.accredited} ${set(quote.clinic.accreditations)}`;
    case 'note':
      return fold(quote.note);
  }
}

/**
 * The rows to show: each item at least one quote states, and whether the quotes differ on it
 * (a quote silent on an item differs from one that states it). A note is the quote's own message,
 * never marked as a difference.
 */
export function compareRows(quotes: PatientQuote[]): { key: RowKey; differs: boolean }[] {
  return ROWS.flatMap((key) => {
    const values = quotes.map((quote) => itemValue(quote, key));
    if (values.every((value) => value === '')) return [];
    const differs = key !== 'note' && quotes.length > 1 && new Set(values).size > 1;
    return [{ key, differs }];
  });
}

/** Units per US dollar of each currency (content/exchange-rates.yaml). */
export type Rates = Record<Currency, number>;

/** `amount` in `from` converted to `to` through the dollar rates. */
export function convert(amount: number, from: Currency, to: Currency, rates: Rates): number {
  return (amount / rates[from]) * rates[to];
}

/** "2,100 EUR", "1,250.50 KWD": Western digits, the currency's code, cents only when there are. */
export function formatMoney(amount: number, currency: string, rounded = false): string {
  const whole = rounded || Number.isInteger(amount);
  return `${new Intl.NumberFormat('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount)} ${currency}`;
}

const byCallingCode: Record<string, Currency> = {
  '966': 'SAR',
  '971': 'AED',
  '965': 'KWD',
  '974': 'QAR',
  '973': 'BHD',
  '968': 'OMR',
  '20': 'EGP',
  '962': 'JOD',
  '964': 'IQD',
  '90': 'TRY',
  '1': 'USD',
};

/** Calling codes of the euro area. */
const euro = new Set([
  '30',
  '31',
  '32',
  '33',
  '34',
  '351',
  '352',
  '353',
  '356',
  '357',
  '358',
  '372',
  '385',
  '386',
  '39',
  '43',
  '49',
  '370',
  '371',
  '421',
]);

/** The currency a patient most likely thinks in, from their phone's country code; else dollars. */
export function currencyForCountryCode(code: string | null): Currency {
  // "+966", "966" and "00966" are the same code.
  const digits = (code ?? '').replace(/\D/g, '').replace(/^0+/, '');
  return byCallingCode[digits] ?? (euro.has(digits) ? 'EUR' : 'USD');
}
