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
}

/** The 13 codes the forms offer, in the spec's order; +966 is the default. */
export const countryCodes: readonly CountryCode[] = [
  { code: '+966', iso: 'SA', name: { ar: 'السعودية', en: 'Saudi Arabia' } },
  { code: '+971', iso: 'AE', name: { ar: 'الإمارات', en: 'UAE' } },
  { code: '+965', iso: 'KW', name: { ar: 'الكويت', en: 'Kuwait' } },
  { code: '+973', iso: 'BH', name: { ar: 'البحرين', en: 'Bahrain' } },
  { code: '+974', iso: 'QA', name: { ar: 'قطر', en: 'Qatar' } },
  { code: '+968', iso: 'OM', name: { ar: 'عُمان', en: 'Oman' } },
  { code: '+20', iso: 'EG', name: { ar: 'مصر', en: 'Egypt' } },
  { code: '+962', iso: 'JO', name: { ar: 'الأردن', en: 'Jordan' } },
  { code: '+961', iso: 'LB', name: { ar: 'لبنان', en: 'Lebanon' } },
  { code: '+963', iso: 'SY', name: { ar: 'سوريا', en: 'Syria' } },
  { code: '+964', iso: 'IQ', name: { ar: 'العراق', en: 'Iraq' } },
  { code: '+90', iso: 'TR', name: { ar: 'تركيا', en: 'Turkey' } },
  { code: '+49', iso: 'DE', name: { ar: 'ألمانيا', en: 'Germany' } },
];

export const defaultCountryCode = '+966';

/** Keeps digits only (Arabic-Indic and Persian digits become 0–9 first, as phones type them). */
export function stripNonDigits(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\D/g, '');
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

/**
 * The full international number from the selected code and what the visitor typed. Accepts numbers
 * typed with the code ("966 50…", "00966 50…") or nationally with a trunk zero ("050…").
 */
export function composePhone(selectedCode: string, typed: string): string {
  let digits = stripNonDigits(typed);
  if (digits.startsWith('00')) digits = digits.slice(2);
  const codeDigits = selectedCode.replace(/\D/g, '');
  const typedWithCode = countryFromPhone(digits);
  if (typedWithCode && digits.length >= 10 && digits.length - typedWithCode.code.length + 1 >= 7) {
    return digits;
  }
  return codeDigits + digits.replace(/^0+/, '');
}
