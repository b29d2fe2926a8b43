/**
 * Filters, search and counters of the requests dashboard. Pure functions over the loaded rows, so
 * 10,000 requests filter in a few milliseconds and the logic is unit-tested without a browser.
 */
import { stripNonDigits } from '~/lib/phone.ts';
import type { ContactRequest, RequestStatus } from './rows.ts';
import { phoneDigits, sourceKey, sourceLabel, statusOf } from './labels.ts';
import { matchesFollowUp, type FollowUpFilter } from './followUp.ts';
import { endOfToday, isDue } from './team.ts';
import { isPossibleNumberMatch } from './search-match.ts';

/** The value of a filter that lets everything through. */
export const ALL = '*';

export interface RequestFilters {
  query: string;
  status: RequestStatus | typeof ALL;
  /** A contact_requests.service value, or ALL. */
  service: string;
  /** A sourceKey() value (NO_SOURCE for "not specified"), or ALL. */
  source: string;
  /** Requests assigned to the signed-in coordinator, to nobody, or ALL. */
  assignee: 'mine' | 'unassigned' | typeof ALL;
  /** Only requests whose follow-up is due today or overdue. */
  due: boolean;
  /** The follow-up queue: only overdue requests, or those due later today (sorted by follow-up). */
  followUp: FollowUpFilter | typeof ALL;
}

export const noFilters: RequestFilters = {
  query: '',
  status: ALL,
  service: ALL,
  source: ALL,
  assignee: ALL,
  due: false,
  followUp: ALL,
};

/** Who is looking and when: "mine" and "due" depend on them. */
export interface FilterContext {
  myId: string | null;
  endOfDay: Date;
}

export function hasFilters(filters: RequestFilters): boolean {
  return (
    filters.query.trim() !== '' ||
    filters.status !== ALL ||
    filters.service !== ALL ||
    filters.source !== ALL ||
    filters.assignee !== ALL ||
    filters.due ||
    filters.followUp !== ALL
  );
}

/**
 * Text as people type it in a search box: lower case, Arabic-Indic digits as 0–9, no diacritics or
 * tatweel, and the letter variants typed interchangeably (أ إ آ → ا, ة → ه, ى → ي) folded together.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/\s+/g, ' ')
    .trim();
}

interface SearchIndex {
  name: string;
  email: string;
  phone: string;
}

// Rows are immutable snapshots from the query cache, so their index is computed once per row.
const indexCache = new WeakMap<object, SearchIndex>();

function searchIndex(row: { name: string; email?: string | null; phone: string }): SearchIndex {
  let index = indexCache.get(row);
  if (!index) {
    index = {
      name: normalizeSearchText(row.name),
      email: (row.email ?? '').toLowerCase(),
      phone: phoneDigits(row.phone),
    };
    indexCache.set(row, index);
  }
  return index;
}

/** A search as the rows are compared with it (prepared once per keystroke, not once per row). */
export interface PreparedSearch {
  text: string;
  /** The digits of a phone-like query ("050 123", "+966…", "00966…"), without 00 or trunk zeros. */
  digits: string;
}

export function prepareSearch(query: string): PreparedSearch {
  const text = normalizeSearchText(query);
  const phoneLike = /^[\d\s+().\-\u0660-\u0669\u06f0-\u06f9]+$/.test(query.trim());
  const digits = phoneLike ? stripNonDigits(query).replace(/^0+/, '') : '';
  return { text, digits: digits.length >= 3 ? digits : '' };
}

/**
 * Whether a row's name, e-mail or phone matches the search; a full number also finds the same
 * number stored without its country code (a possible match: search-match.ts).
 */
export function matchesSearch(
  row: { name: string; email?: string | null; phone: string; country_code?: string | null },
  search: PreparedSearch,
): boolean {
  if (!search.text) return true;
  const index = searchIndex(row);
  if (search.digits && index.phone.includes(search.digits)) return true;
  if (search.digits && isPossibleNumberMatch(row, search)) return true;
  return index.name.includes(search.text) || index.email.includes(search.text);
}

export function filterRequests(
  rows: ContactRequest[],
  filters: RequestFilters,
  context: FilterContext = { myId: null, endOfDay: endOfToday() },
): ContactRequest[] {
  if (!hasFilters(filters)) return rows;
  const search = prepareSearch(filters.query);
  return rows.filter(
    (row) =>
      (filters.status === ALL || statusOf(row.status) === filters.status) &&
      (filters.assignee === ALL ||
        (filters.assignee === 'mine'
          ? row.assigned_to !== null && row.assigned_to === context.myId
          : row.assigned_to === null)) &&
      (!filters.due || isDue(row, context.endOfDay)) &&
      (filters.followUp === ALL ||
        matchesFollowUp(row, filters.followUp, new Date(), context.endOfDay)) &&
      (filters.service === ALL || row.service === filters.service) &&
      (filters.source === ALL || sourceKey(row.source) === filters.source) &&
      matchesSearch(row, search),
  );
}

export type StatusCounts = Record<RequestStatus, number> & { total: number };

/** The four counters (and cancelled), with unknown statuses counted as new. */
export function countByStatus(rows: { status: string | null }[]): StatusCounts {
  const counts: StatusCounts = {
    total: rows.length,
    new: 0,
    in_progress: 0,
    completed: 0,
    cancelled: 0,
  };
  for (const row of rows) counts[statusOf(row.status)] += 1;
  return counts;
}

export interface SourceOption {
  value: string;
  label: string;
  count: number;
}

/** The sources present in the rows, most frequent first, for the source filter. */
export function sourceOptions(rows: { source: string | null }[]): SourceOption[] {
  return sourceOptionsFromCounts(rows.map((row) => ({ source: row.source, n: 1 })));
}

/** The same from counts per source (request_overview in the database counts them). */
export function sourceOptionsFromCounts(
  counts: readonly { source: string | null; n: number }[],
): SourceOption[] {
  const totals = new Map<string, number>();
  for (const { source, n } of counts) {
    const key = sourceKey(source);
    totals.set(key, (totals.get(key) ?? 0) + n);
  }
  return [...totals]
    .map(([value, count]) => ({ value, label: sourceLabel(value), count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'ar'));
}

/**
 * The ids of the leads a search found only as possible matches of the searched number (their name
 * and e-mail do not match it), for the leads screen.
 */
export function possibleLeadIds(
  rows: readonly {
    id: string;
    name: string;
    email?: string | null;
    phone: string;
    country_code?: string | null;
  }[],
  query: string,
): Set<string> {
  const search = prepareSearch(query);
  if (!search.digits) return new Set();
  return new Set(
    rows
      .filter(
        (row) =>
          isPossibleNumberMatch(row, search) &&
          !matchesSearch({ name: row.name, email: row.email ?? null, phone: '' }, search),
      )
      .map((row) => row.id),
  );
}
