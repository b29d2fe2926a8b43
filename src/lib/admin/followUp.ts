/**
 * The follow-up queue (request_page's _follow_up in
 * supabase/migrations/20261126100100_follow_up_queue.sql): which open requests are overdue or due
 * later today, how the queue is ordered, and which of the coordinator's own follow-ups fall due
 * while the dashboard is open (the in-app reminder). Pure, so the rules are unit-tested.
 */
import type { ContactRequest } from './rows.ts';
import { statusOf } from './labels.ts';

/** The follow-up filter: overdue (before now) or due later today (now until the end of the day). */
export type FollowUpFilter = 'overdue' | 'today';

type FollowUpRow = Pick<ContactRequest, 'follow_up_at' | 'status'>;

function openFollowUp(row: FollowUpRow): number | null {
  const status = statusOf(row.status);
  if (row.follow_up_at === null || (status !== 'new' && status !== 'in_progress')) return null;
  return Date.parse(row.follow_up_at);
}

/** Whether an open request falls in the follow-up filter at `now` (as the database decides). */
export function matchesFollowUp(
  row: FollowUpRow,
  filter: FollowUpFilter,
  now: Date,
  endOfDay: Date,
): boolean {
  const at = openFollowUp(row);
  if (at === null) return false;
  return filter === 'overdue' ? at < now.getTime() : at >= now.getTime() && at < endOfDay.getTime();
}

/** Whether a request counts as overdue (the "overdue" counter). */
export function isOverdueOpen(row: FollowUpRow, now: Date): boolean {
  const at = openFollowUp(row);
  return at !== null && at < now.getTime();
}

/**
 * Whether row `a` comes before row `b` in the page's order: by follow-up time, earliest first,
 * when a follow-up filter is on; otherwise newest first. Ties go by id as in the database.
 */
export function comesBefore(
  a: Pick<ContactRequest, 'created_at' | 'follow_up_at' | 'id'>,
  b: typeof a,
  byFollowUp: boolean,
): boolean {
  if (byFollowUp) {
    const at = Date.parse(a.follow_up_at ?? '');
    const bt = Date.parse(b.follow_up_at ?? '');
    return at !== bt ? at < bt : a.id < b.id;
  }
  const at = Date.parse(a.created_at);
  const bt = Date.parse(b.created_at);
  return at !== bt ? at > bt : a.id > b.id;
}

export interface Reminder {
  id: string;
  name: string;
  followUpAt: string;
}

/**
 * The reminders due at `now`: the coordinator's upcoming follow-ups (`upcoming`, read a little
 * earlier) whose time has come and that were not shown yet (`shown` holds "id@time", so moving a
 * follow-up to a new time reminds again).
 */
export function dueReminders(
  upcoming: readonly Pick<ContactRequest, 'id' | 'name' | 'follow_up_at' | 'status'>[],
  shown: ReadonlySet<string>,
  now: Date,
): Reminder[] {
  return upcoming
    .filter((row) => {
      const at = openFollowUp(row);
      return at !== null && at <= now.getTime() && !shown.has(`${row.id}@${row.follow_up_at}`);
    })
    .map((row) => ({ id: row.id, name: row.name, followUpAt: row.follow_up_at! }));
}

/** The key a shown reminder is remembered by. */
export const reminderKey = (reminder: Reminder) => `${reminder.id}@${reminder.followUpAt}`;
