/**
 * The first-contact clock in the back office (issue 32; the database sets the times,
 * supabase/migrations/20261127120100_contact_events.sql): whether a request waits for its first
 * contact and is late, which late requests alert whom, and how a wait reads. Pure, unit-tested in
 * tests/unit/admin-first-contact.test.ts.
 */
import { statusOf } from './labels.ts';
import type { ContactRequest } from './rows.ts';
import { adminText } from './strings.ts';

type Clocked = Pick<ContactRequest, 'first_contacted_at' | 'first_contact_due_at' | 'status'>;

/**
 * contacted: someone reached the patient; waiting: nobody yet, within the time; overdue: nobody
 * yet and the time has passed (red); unmeasured: no clock (staff entries, older requests, held or
 * closed without contact).
 */
export type FirstContactState = 'contacted' | 'waiting' | 'overdue' | 'unmeasured';

export function firstContactState(row: Clocked, now: number): FirstContactState {
  if (row.first_contacted_at) return 'contacted';
  if (!row.first_contact_due_at || statusOf(row.status) !== 'new') return 'unmeasured';
  return Date.parse(row.first_contact_due_at) <= now ? 'overdue' : 'waiting';
}

export type AlertRow = Pick<
  ContactRequest,
  'id' | 'name' | 'service' | 'assigned_to' | 'first_contact_due_at'
> &
  Partial<Pick<ContactRequest, 'first_contacted_at' | 'status'>>;

/**
 * The late requests to alert `me` about at `now`: assigned to me, or to nobody (then everyone is
 * alerted), and not alerted before (`alerted` holds "id@due time").
 */
export function firstContactAlerts(
  rows: readonly AlertRow[],
  me: string | null,
  alerted: ReadonlySet<string>,
  now: number,
): AlertRow[] {
  return rows.filter(
    (row) =>
      firstContactState(
        {
          first_contacted_at: row.first_contacted_at ?? null,
          first_contact_due_at: row.first_contact_due_at,
          status: row.status ?? 'new',
        },
        now,
      ) === 'overdue' &&
      (row.assigned_to === null || row.assigned_to === me) &&
      !alerted.has(alertKey(row)),
  );
}

export const alertKey = (row: Pick<AlertRow, 'id' | 'first_contact_due_at'>) =>
  `${row.id}@${row.first_contact_due_at}`;

/** "12 دقيقة", "3 ساعات", "2 يومين": a number of minutes, rounded to what matters. */
export function formatWait(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 120) return adminText('admin.duration.minutes', { count: whole });
  if (whole < 48 * 60) return adminText('admin.duration.hours', { count: Math.round(whole / 60) });
  return adminText('admin.duration.days', { count: Math.round(whole / 1440) });
}
