/**
 * The dashboard's window on the requests when the database does the paging (request_page in
 * supabase/migrations/20261124130000_request_search_index.sql): the call's arguments for a set of
 * filters, and how one realtime change moves the rows on screen and the counters without a reload.
 * Pure, so the rules are unit-tested; src/islands/admin/useRequestPage.ts runs them.
 */
import type { RealtimeChange } from './live.ts';
import {
  ALL,
  matchesSearch,
  prepareSearch,
  type PreparedSearch,
  type RequestFilters,
} from './filters.ts';
import { isPossibleNumberMatch } from './search-match.ts';
import { sourceKey, statusOf } from './labels.ts';
import { comesBefore, isOverdueOpen, matchesFollowUp } from './followUp.ts';
import type { ContactRequest } from './rows.ts';
import { isDue } from './team.ts';

/** Rows per call: a screenful of cards and then some; the CSV export reads 500 at a time. */
export const PAGE_SIZE = 50;
export const EXPORT_PAGE_SIZE = 500;

/** A request as request_page returns it: the row and how many others share its phone. */
export type PageRow = ContactRequest & { duplicates: number };

export interface PageCounters {
  total: number;
  new: number;
  in_progress: number;
  completed: number;
  unassigned: number;
  mine: number;
  due: number;
  /** Open requests whose follow-up time has passed. */
  overdue: number;
}

/** One answer of request_page. */
export interface PageAnswer {
  rows: PageRow[];
  matched: number;
  counters: PageCounters;
}

/** What the dashboard holds: the pages read so far, in order, and whether more match. */
export interface PageState extends PageAnswer {
  hasMore: boolean;
}

/** Who is looking and when: "mine" and "due" depend on them. */
export interface PageContext {
  myId: string | null;
  endOfDay: Date;
}

/** The follow-up filters sort the page by follow-up time, earliest first; the others newest first. */
export function sortsByFollowUp(filters: RequestFilters): boolean {
  return filters.due || filters.followUp !== ALL;
}

/** request_page's arguments for these filters (null: not filtered), without the keyset. */
export function pageArgs(filters: RequestFilters, context: PageContext) {
  const query = filters.query.trim();
  return {
    _query: query === '' ? null : query,
    _status: filters.status === ALL ? null : filters.status,
    _service: filters.service === ALL ? null : filters.service,
    _source: filters.source === ALL ? null : filters.source,
    _assignee: filters.assignee === ALL ? null : filters.assignee,
    _due_before: filters.due ? context.endOfDay.toISOString() : null,
    _due_counter_before: context.endOfDay.toISOString(),
    _follow_up: filters.followUp === ALL ? null : filters.followUp,
  };
}

/**
 * The keyset after a row: the next page holds the rows after it in the page's order (older ones,
 * or later follow-ups when the page is sorted by follow-up time).
 */
export function pageAfter(
  row: Pick<ContactRequest, 'created_at' | 'id' | 'follow_up_at'>,
  byFollowUp = false,
) {
  return byFollowUp
    ? { _after_follow_up_at: row.follow_up_at, _after_id: row.id }
    : { _after_created_at: row.created_at, _after_id: row.id };
}

/**
 * Whether one row matches the filters, as request_page decides it (name, e-mail, notes and phone
 * digits for the search), for rows that realtime brings.
 */
export function rowMatches(
  row: ContactRequest,
  filters: RequestFilters,
  context: PageContext,
): boolean {
  if (filters.status !== ALL && row.status !== filters.status) return false;
  if (filters.service !== ALL && row.service !== filters.service) return false;
  if (filters.source !== ALL && sourceKey(row.source) !== filters.source) return false;
  if (filters.assignee === 'mine' && (row.assigned_to === null || row.assigned_to !== context.myId))
    return false;
  if (filters.assignee === 'unassigned' && row.assigned_to !== null) return false;
  if (filters.due && !isDue(row, context.endOfDay)) return false;
  if (
    filters.followUp !== ALL &&
    !matchesFollowUp(row, filters.followUp, new Date(), context.endOfDay)
  )
    return false;
  const search = prepareSearch(filters.query);
  if (!search.text) return true;
  return (
    matchesSearch(row, search) ||
    matchesSearch({ name: row.notes ?? '', email: null, phone: '' }, search) ||
    // The reference, as written and without dashes (public.request_search_text).
    matchesSearch({ name: referenceText(row.reference), email: null, phone: '' }, search)
  );
}

/**
 * True when a row is among the results only as a possible match of the searched number (stored
 * without its country code, same national digits), not by its name, e-mail, notes or reference:
 * the dashboard marks it so, and nothing treats it as the same person.
 */
export function onlyPossibleMatch(row: ContactRequest, search: PreparedSearch): boolean {
  if (!isPossibleNumberMatch(row, search)) return false;
  return !(
    matchesSearch({ name: row.name, email: row.email, phone: '' }, search) ||
    matchesSearch({ name: row.notes ?? '', email: null, phone: '' }, search) ||
    matchesSearch({ name: referenceText(row.reference), email: null, phone: '' }, search)
  );
}

/** The ids of the rows `query` found only as possible matches (see onlyPossibleMatch). */
export function possibleMatchIds(rows: readonly ContactRequest[], query: string): Set<string> {
  const search = prepareSearch(query);
  if (!search.digits) return new Set();
  return new Set(rows.filter((row) => onlyPossibleMatch(row, search)).map((row) => row.id));
}

function referenceText(reference: string | undefined): string {
  return reference ? `${reference} ${reference.replace(/-/g, '')}` : '';
}

function counted(row: ContactRequest, context: PageContext, sign: 1 | -1): Partial<PageCounters> {
  const status = statusOf(row.status);
  const delta: Partial<PageCounters> = { total: sign };
  if (status === 'new' || status === 'in_progress' || status === 'completed') delta[status] = sign;
  if (row.assigned_to === null) delta.unassigned = sign;
  if (row.assigned_to !== null && row.assigned_to === context.myId) delta.mine = sign;
  if (isDue(row, context.endOfDay)) delta.due = sign;
  if (isOverdueOpen(row, new Date())) delta.overdue = sign;
  return delta;
}

const complete = (row: Partial<ContactRequest>): row is ContactRequest =>
  typeof row.id === 'string' && typeof row.created_at === 'string';

/**
 * The rows after the coordinator's own save: the saved row replaces its older copy in place at
 * once, without waiting for the live change (which may take seconds on a busy server). Only the
 * fields move; leaving the filters and the counters stay with the live change, which carries the
 * row as it was before, so nothing is counted twice.
 */
export function withSavedRow<T extends PageAnswer>(answer: T, saved: ContactRequest): T {
  const at = answer.rows.findIndex((row) => row.id === saved.id);
  if (at === -1 || answer.rows[at]!.version >= saved.version) return answer;
  const rows = answer.rows.slice();
  rows[at] = { ...rows[at]!, ...saved };
  return { ...answer, rows };
}

/**
 * The state after one change of contact_requests: a row that now matches the filters joins the
 * rows on screen (if it falls among them), one that no longer matches leaves, a changed row is
 * replaced in place; the counters and the matched count move by what the change did, and the
 * duplicate counts of rows sharing the phone follow inserts and deletes.
 */
export function applyPageChange(
  state: PageState,
  change: RealtimeChange<ContactRequest>,
  filters: RequestFilters,
  context: PageContext,
): PageState {
  const before = change.eventType === 'INSERT' || !complete(change.old) ? null : change.old;
  const after = change.eventType === 'DELETE' || !complete(change.new) ? null : change.new;
  if (!before && !after) return state;
  const id = (after ?? before)!.id;

  const counters = { ...state.counters };
  const shift = (delta: Partial<PageCounters>) => {
    for (const [key, value] of Object.entries(delta) as [keyof PageCounters, number][]) {
      counters[key] = Math.max(0, counters[key] + value);
    }
  };
  if (before) shift(counted(before, context, -1));
  if (after) shift(counted(after, context, 1));
  const wasIn = before ? rowMatches(before, filters, context) : false;
  const isIn = after ? rowMatches(after, filters, context) : false;
  const matched = Math.max(0, state.matched + Number(isIn) - Number(wasIn));

  const byFollowUp = sortsByFollowUp(filters);
  const newer = (a: ContactRequest, b: ContactRequest) => comesBefore(a, b, byFollowUp);
  let rows = state.rows;
  const at = rows.findIndex((row) => row.id === id);
  if (after && isIn) {
    if (at !== -1) {
      rows = rows.slice();
      rows[at] = { ...rows[at]!, ...after };
    } else {
      const last = rows.at(-1);
      // A row older than the last one read is not on screen yet: paging will bring it.
      if (!state.hasMore || !last || newer(after, last)) {
        const samePhone = after.phone_key
          ? rows.filter((row) => row.phone_key === after.phone_key).length
          : 0;
        const position = rows.findIndex((row) => newer(after, row));
        const added: PageRow = { ...after, duplicates: samePhone };
        rows =
          position === -1
            ? [...rows, added]
            : [...rows.slice(0, position), added, ...rows.slice(position)];
      }
    }
  } else if (at !== -1) {
    rows = rows.filter((row) => row.id !== id);
  }

  // A new or erased request changes the duplicate count of the others with its phone.
  const phoneDelta = change.eventType === 'INSERT' ? 1 : change.eventType === 'DELETE' ? -1 : 0;
  const phone = (after ?? before)!.phone_key;
  if (phoneDelta && phone) {
    rows = rows.map((row) =>
      row.id !== id && row.phone_key === phone
        ? { ...row, duplicates: Math.max(0, row.duplicates + phoneDelta) }
        : row,
    );
  }
  // A corrected number (public.correct_request_contact) leaves one set of duplicates for another.
  if (before && after && before.phone_key !== after.phone_key) {
    const { phone_key: from } = before;
    const { phone_key: to } = after;
    const sharing = rows.filter((row) => row.id !== id && row.phone_key === to).length;
    rows = rows.map((row) => {
      if (row.id === id) return { ...row, duplicates: sharing };
      const moved = Number(row.phone_key === to) - Number(row.phone_key === from);
      return moved ? { ...row, duplicates: Math.max(0, row.duplicates + moved) } : row;
    });
  }
  return { ...state, rows, counters, matched };
}

/** What request_overview counts: sources over every request, requests per local day and source. */
export interface Overview {
  sources: { source: string | null; n: number }[];
  days: { day: string; source: string | null; n: number }[];
}

/**
 * The overview after a new or erased request (a change never moves a request's source or date):
 * its source and its local day (`dayOf`) gain or lose one.
 */
export function applyOverviewChange(
  overview: Overview,
  change: RealtimeChange<ContactRequest>,
  dayOf: (iso: string) => string,
): Overview {
  const sign = change.eventType === 'INSERT' ? 1 : change.eventType === 'DELETE' ? -1 : 0;
  const row = sign === 1 ? change.new : change.old;
  if (!sign || !complete(row)) return overview;
  const source = row.source?.trim() || null;
  const day = dayOf(row.created_at);
  const bump = <T extends { source: string | null; n: number }>(
    list: T[],
    same: (entry: T) => boolean,
    fresh: T,
  ): T[] =>
    list.some(same)
      ? list.map((entry) => (same(entry) ? { ...entry, n: Math.max(0, entry.n + sign) } : entry))
      : sign === 1
        ? [...list, fresh]
        : list;
  return {
    sources: bump(overview.sources, (entry) => entry.source === source, { source, n: 1 }),
    days: bump(overview.days, (entry) => entry.source === source && entry.day === day, {
      day,
      source,
      n: 1,
    }),
  };
}
