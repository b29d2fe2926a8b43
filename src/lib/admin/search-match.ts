/**
 * A search by a full number ("+966 54 502 4476", "966545024476") also finds the same number stored
 * without its country code (0545024476), as a possible match only (issue 26): the database's
 * public.request_ids_matching (20261127140000_search_finds_numbers_without_code.sql) finds such
 * rows, and the dashboard marks them «ربما الرقم نفسه» instead of presenting them as the person.
 * The rule is public.same_national_digits: the stored digits are the query's after a 1–3 digit
 * country code, at least 7 of them, and only a query of 10+ digits is read as a full number.
 */
// Type only: filters.ts calls isPossibleNumberMatch, so a value import back would be a cycle.
import type { PreparedSearch } from './filters.ts';

/** The national parts a full number may have been stored as (after a 1–3 digit country code). */
export function nationalCandidates(digits: string): string[] {
  if (!/^\d{10,}$/.test(digits)) return [];
  return [1, 2, 3].map((code) => digits.slice(code)).filter((rest) => rest.length >= 7);
}

/** The canonical digits of a number stored without its country code (its phone_key). */
function storedDigits(phone: string): string {
  return phone.replace(/\D/g, '').replace(/^0+/, '');
}

/**
 * True when `row` is stored without a country code and its digits are the national part of the
 * searched full number, while the number itself does not contain the searched digits (a plain
 * phone match). Such a row is shown, marked as a possible match, never as the same person.
 */
export function isPossibleNumberMatch(
  row: { phone: string; country_code?: string | null },
  search: Pick<PreparedSearch, 'digits'>,
): boolean {
  if (!search.digits || (row.country_code ?? '').replace(/\D/g, '') !== '') return false;
  const stored = storedDigits(row.phone);
  return !stored.includes(search.digits) && nationalCandidates(search.digits).includes(stored);
}
