import { AlarmClock } from 'lucide-react';
import { formatClockTime, formatRequestDate } from '~/lib/admin/dates.ts';
import { firstContactState } from '~/lib/admin/first-contact.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { useNow } from './useNow.ts';

type Clocked = Pick<ContactRequest, 'first_contacted_at' | 'first_contact_due_at' | 'status'>;

/** "14:35" today, the full date otherwise. */
function dueText(iso: string): string {
  const due = new Date(iso);
  return due.toDateString() === new Date().toDateString()
    ? formatClockTime(due)
    : formatRequestDate(due);
}

/**
 * The first-contact mark of a request nobody has contacted yet (issue 32): «أول تواصل قبل 14:35»
 * while there is time, then red «لم يُتواصل بعد · متأخر». Its `data-first-contact` attribute lets
 * the card and the table line around it turn red too (a `has-[…]` style). Nothing once contacted.
 */
export function FirstContactBadge({
  request,
  lateOnly = false,
}: {
  request: Clocked;
  /** Only the red mark (the table's narrow status column). */
  lateOnly?: boolean;
}) {
  const now = useNow();
  const state = firstContactState(request, now);
  if (state === 'overdue') {
    return (
      <span
        data-first-contact="overdue"
        data-testid="first-contact-overdue"
        className="inline-flex shrink-0 items-center gap-1 rounded-full bg-offer-700 px-2.5 py-0.5 text-xs font-semibold text-white"
      >
        <AlarmClock className="size-3.5" aria-hidden="true" />
        {adminText('admin.firstContact.overdue')}
      </span>
    );
  }
  if (state === 'waiting' && request.first_contact_due_at && !lateOnly) {
    return (
      <span
        data-first-contact="waiting"
        className="inline-flex shrink-0 items-center gap-1 rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-semibold text-teal-900"
      >
        <AlarmClock className="size-3.5" aria-hidden="true" />
        {adminText('admin.firstContact.waiting', { time: dueText(request.first_contact_due_at) })}
      </span>
    );
  }
  return null;
}
