/**
 * Phone numbers and countries. Numbers are stored as international digits
 * without "+" or "00" (e.g. 966501234567), which is also what wa.me links expect.
 */

export interface CountryCode {
  /** Dialling code as shown, e.g. "+966". */
  code: string;
  /** ISO 3166-1 alpha-2. */
  iso: string;
  name: { ar: string; en: string };
  /**
   * The most digits a national number of the country has (after the code, without the trunk
   * zero; ITU-T E.164 national plans): more than that, typed without a trunk zero, cannot be a
   * national number of the country, so its own code was typed.
   */
  longestNational: number;
}

/** The 13 codes the forms offer, in the spec's order; +966 is the default. */
export const countryCodes: readonly CountryCode[] = [
  { code: '+966', iso: 'SA', name: { ar: 'السعودية', en: 'Saudi Arabia' }, longestNational: 9 },
  { code: '+971', iso: 'AE', name: { ar: 'الإمارات', en: 'UAE' }, longestNational: 9 },
  { code: '+965', iso: 'KW', name: { ar: 'الكويت', en: 'Kuwait' }, longestNational: 8 },
  { code: '+973', iso: 'BH', name: { ar: 'البحرين', en: 'Bahrain' }, longestNational: 8 },
  { code: '+974', iso: 'QA', name: { ar: 'قطر', en: 'Qatar' }, longestNational: 8 },
  { code: '+968', iso: 'OM', name: { ar: 'عُمان', en: 'Oman' }, longestNational: 8 },
  { code: '+20', iso: 'EG', name: { ar: 'مصر', en: 'Egypt' }, longestNational: 10 },
  { code: '+962', iso: 'JO', name: { ar: 'الأردن', en: 'Jordan' }, longestNational: 9 },
  { code: '+961', iso: 'LB', name: { ar: 'لبنان', en: 'Lebanon' }, longestNational: 8 },
  { code: '+963', iso: 'SY', name: { ar: 'سوريا', en: 'Syria' }, longestNational: 9 },
  { code: '+964', iso: 'IQ', name: { ar: 'العراق', en: 'Iraq' }, longestNational: 10 },
  { code: '+90', iso: 'TR', name: { ar: 'تركيا', en: 'Turkey' }, longestNational: 10 },
  { code: '+49', iso: 'DE', name: { ar: 'ألمانيا', en: 'Germany' }, longestNational: 13 },
];

export const defaultCountryCode = '+966';

/**
 * How many digits a stored number has (international digits, ITU-T E.164 allows 15): the
 * database's `offer_leads_phone_digits` CHECK says the same, and the forms, the staff entry, the
 * patient page and the early inline script (EarlyForms.astro, written in at build time) check it.
 */
export const PHONE_DIGITS = { min: 8, max: 15 } as const;

/**
 * Arabic-Indic (U+0660–0669) and Persian (U+06F0–06F9) digits, as a RegExp source: both blocks
 * start at a code point ending in 0, so `charCodeAt(0) & 15` is the digit's value (the inline
 * script gets this source at build time; `public.normalize_phone` translates the same digits).
 */
export const OTHER_DIGITS = '[\\u0660-\\u0669\\u06f0-\\u06f9]';
const otherDigits = new RegExp(OTHER_DIGITS, 'g');

/** Keeps digits only (Arabic-Indic and Persian digits become 0–9 first, as phones type them). */
export function stripNonDigits(value: string): string {
  return value.replace(otherDigits, (d) => String(d.charCodeAt(0) & 15)).replace(/\D/g, '');
}

/** What is wrong with a number's stored digits, if anything: too few or too many. */
export function phoneLengthProblem(digits: string): 'min' | 'max' | null {
  if (digits.length < PHONE_DIGITS.min) return 'min';
  if (digits.length > PHONE_DIGITS.max) return 'max';
  return null;
}

/** True when `digits` has the stored number's length (PHONE_DIGITS) and digits only. */
export function isPhoneLength(digits: string): boolean {
  return /^\d+$/.test(digits) && phoneLengthProblem(digits) === null;
}

/**
 * True when `raw` holds a character no phone number is written with: digits (Latin, Arabic-Indic,
 * Persian), spaces, "+", "-", ".", brackets and direction marks are how numbers are pasted or
 * autofilled ("+966 (50) 123-4567"); the fields keep the digits of those silently.
 */
export function hasNonPhoneCharacters(raw: string): boolean {
  return /[^\d\s+\uFF0B\-().\u0660-\u0669\u06f0-\u06f9\u200e\u200f\u202a-\u202e]/.test(raw);
}

/** Codes by digit length, longest first, so "+971" wins over a shorter code sharing its start. */
const byLongestPrefix = [...countryCodes].sort((a, b) => b.code.length - a.code.length);

/**
 * The country whose dialling code starts the number (digits only), or undefined. Codes that share
 * leading digits (961–968, 971–974) are told apart by matching the longest code first.
 */
export function countryFromPhone(digits: string): CountryCode | undefined {
  return byLongestPrefix.find((country) => digits.startsWith(country.code.slice(1)));
}

/** What a phone number becomes in an offer_leads row: `phone` digits and `country_code`. */
export interface StoredPhone {
  /** International digits (no +, 00 or trunk zero), or the digits as typed if unattributed. */
  phone: string;
  /** "+966" style, or null when the number cannot be attributed to a country. */
  countryCode: string | null;
  /** The country of `countryCode` when it is one the forms offer. */
  country: CountryCode | undefined;
}

/** Shortest national number (after the code) we accept as "typed with its code" without + or 00. */
const MIN_NATIONAL_AFTER_CODE = 7;

/**
 * The one phone rule of every public form (home wizard, inner-page block, offer dialog): what a
 * visitor typed, and the country code they picked if the form has a picker, become the stored
 * `phone` and `country_code`.
 *
 * - Arabic-Indic and Persian digits count as digits; spaces, dashes and other marks are dropped.
 * - A leading "+" or "00" means the number is international: its own code wins over the picked one.
 *   A code outside the forms' list is kept as typed, with no country code (we do not guess).
 * - Digits starting with a known code and long enough (10+ digits, 7+ after the code) are taken as
 *   typed with the code; a trunk zero after the code is dropped ("966 050…").
 * - Digits longer than any national number of the picked country (and 10+, as a number with its
 *   code is), with no trunk zero, were typed with a code the list does not have ("+967 7…",
 *   "44 7700…"): kept as typed, with no country code
 *   (unless `chosen`: the country was picked for this very number, by the visitor answering
 *   "where is this number from" or by staff entering or correcting it).
 * - Otherwise the number is national: the picked code is put in front and its trunk zero dropped.
 * - With no code picked (the offer dialog) and no known code at the start, the number cannot be
 *   attributed: the digits are kept as typed and `countryCode` is null, for staff to see.
 *
 * - `stored`: the pair is what a client sends the database as a row's `country_code` and `phone`
 *   (the database's triggers read every row so): a number that already starts with its listed
 *   code and has no trunk zero after it is kept; a code outside the list is put in front of the
 *   digits (or kept, when they already start with it, 10+) and the number kept unattributed;
 *   otherwise the rule above, the code counting as chosen. Every pair this rule returns reads back
 *   unchanged, so the database stores only what the forms would have stored.
 *
 * The database's `public.normalize_phone(typed, picked, chosen, stored)` is the same rule in SQL
 * (supabase/migrations/20261202140000_one_phone_rule.sql); one table of cases,
 * tests/fixtures/phone-cases.json, drives tests/unit/phone.test.ts and
 * supabase/tests/phone-rule.test.ts, which also compares the two on random input.
 */
export function normalizePhone(
  typed: string,
  pickedCode?: string | null,
  { chosen = false, stored = false }: { chosen?: boolean; stored?: boolean } = {},
): StoredPhone {
  const raw = typed.trim();
  let digits = stripNonDigits(raw);
  let international = /^[+\uFF0B]/.test(raw.replace(/^[\s\u200e\u200f\u202a-\u202e]+/, ''));
  if (digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }
  const pickedDigits = stripNonDigits(pickedCode ?? '').replace(/^00/, '');
  if (stored && !international && pickedDigits) {
    const listed = countryCodes.find((country) => country.code === `+${pickedDigits}`);
    if (!listed) {
      // A code the list lacks: the number is international, kept without a country code.
      const carried = digits.startsWith(pickedDigits) && digits.length >= 10;
      return normalizePhone(`+${carried ? digits : pickedDigits + digits.replace(/^0+/, '')}`);
    }
    const national = digits.slice(pickedDigits.length);
    if (digits.startsWith(pickedDigits) && national !== '' && !national.startsWith('0')) {
      return { phone: digits, countryCode: listed.code, country: listed };
    }
    chosen = true;
  }
  const prefixed = countryFromPhone(digits);
  const withCode = (country: CountryCode): StoredPhone => {
    const code = country.code.slice(1);
    return {
      phone: code + digits.slice(code.length).replace(/^0+/, ''),
      countryCode: country.code,
      country,
    };
  };
  if (international) {
    if (prefixed) return withCode(prefixed);
    return { phone: digits, countryCode: null, country: undefined };
  }
  if (
    prefixed &&
    digits.length >= 10 &&
    digits.length - (prefixed.code.length - 1) >= MIN_NATIONAL_AFTER_CODE
  ) {
    return withCode(prefixed);
  }
  const picked = countryCodes.find((country) => country.code === `+${pickedDigits}`);
  // Longer than any national number of the picked country and without its trunk zero: the visitor
  // typed their own code (the field drops a "+"), from a country the list does not have.
  // (Not when the visitor named the country for this very number: the offer dialog asks.)
  if (
    picked &&
    !chosen &&
    !digits.startsWith('0') &&
    digits.length >= 10 &&
    digits.length > picked.longestNational
  ) {
    return { phone: digits, countryCode: null, country: undefined };
  }
  if (picked) {
    return {
      phone: picked.code.slice(1) + digits.replace(/^0+/, ''),
      countryCode: picked.code,
      country: picked,
    };
  }
  return { phone: digits, countryCode: null, country: undefined };
}

/** The stored phone digits of `typed` with `selectedCode` picked (see normalizePhone). */
export function composePhone(selectedCode: string, typed: string): string {
  return normalizePhone(typed, selectedCode).phone;
}
