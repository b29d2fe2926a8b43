import { CalendarClock, Copy, UserRound } from 'lucide-react';
import { memo, type MouseEvent } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { isOverdue } from '~/lib/admin/team.ts';
import { ContactActions } from './contact/ContactActions.tsx';
import { FirstContactBadge } from './contact/FirstContactBadge.tsx';
import { HeldNotice } from './HeldNotice.tsx';
import { Badge, PossibleMatchBadge, StatusBadge, UserText } from './parts.tsx';
import { RequestFields } from './RequestFields.tsx';

interface RequestCardProps {
  request: ContactRequest;
  fresh: boolean;
  /** The username the request is assigned to, if any. */
  assignee: string | null;
  /** How many other requests share this phone number. */
  duplicates: number;
  /** Found by the search only as a possible match of the searched number (search-match.ts). */
  possibleMatch?: boolean;
  onOpen: (id: string) => void;
}

/** One request: every field, links to call, mail and WhatsApp; opens the dialog. */
export const RequestCard = memo(function RequestCard({
  request,
  fresh,
  assignee,
  duplicates,
  possibleMatch = false,
  onOpen,
}: RequestCardProps) {
  const open = () => onOpen(request.id);
  // The whole card opens the dialog for mouse users; its links keep their own behaviour.
  const onCardClick = (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('a, button')) open();
  };
  const overdue = isOverdue(request);
  return (
    // A mouse convenience: the whole card opens the request. Keyboard and screen-reader users
    // have the same action on the name button inside it. A request nobody contacted in time is
    // ringed red (`has-[…]` on its FirstContactBadge, which says why).
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <article
      onClick={onCardClick}
      data-testid="request-card"
      data-request-id={request.id}
      className={`card cursor-pointer p-4 transition-shadow hover:shadow-(--shadow-lift) has-[[data-first-contact=overdue]]:ring-2 has-[[data-first-contact=overdue]]:ring-offer-600 sm:p-5 ${
        fresh ? 'ring-2 ring-saffron-400' : ''
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg font-bold">
          <button
            type="button"
            onClick={open}
            data-nav-id={request.id}
            aria-label={adminText('admin.request.open', { name: request.name })}
            className="max-w-full text-start hover:underline"
          >
            <UserText>{request.name}</UserText>
          </button>
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          {fresh && <Badge tone="teal">{adminText('admin.dashboard.freshBadge')}</Badge>}
          <FirstContactBadge request={request} />
          {/* The agency's e-mail about this request was given up (notification outbox, issue 14). */}
          {request.notification_failed_at && <Badge>{adminText('admin.abuse.notMailed')}</Badge>}
          {possibleMatch && <PossibleMatchBadge />}
          {duplicates > 0 && (
            <button
              type="button"
              onClick={open}
              data-testid="duplicate-badge"
              aria-label={adminText('admin.team.duplicateOpen', {
                count: duplicates,
                name: request.name,
              })}
              className="inline-flex items-center gap-1 rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-semibold text-offer-700 hover:underline"
            >
              <Copy className="size-3" aria-hidden="true" />
              {adminText('admin.team.duplicateBadge', { count: duplicates })}
            </button>
          )}
          <StatusBadge status={request.status} />
        </div>
      </div>

      <RequestFields request={request} variant="card" onAddCountry={open} />
      <HeldNotice request={request} />

      {(assignee || request.follow_up_at) && (
        <div className="mt-3 flex flex-wrap gap-3 text-sm">
          {assignee && (
            <span className="inline-flex items-center gap-1 font-semibold text-teal-900">
              <UserRound className="size-4" aria-hidden="true" />
              {adminText('admin.team.assignedTo', { name: assignee })}
            </span>
          )}
          {request.follow_up_at && (
            <span
              data-testid="follow-up"
              className={`inline-flex items-center gap-1 font-semibold ${overdue ? 'text-offer-700' : 'text-teal-900'}`}
            >
              <CalendarClock className="size-4" aria-hidden="true" />
              {adminText('admin.team.followUpOn', {
                date: formatRequestDate(request.follow_up_at),
              })}
              {overdue && ` (${adminText('admin.team.overdue')})`}
            </span>
          )}
        </div>
      )}

      {request.notes && (
        <p className="mt-3 line-clamp-3 rounded-xl bg-sand-50 px-3 py-2 text-sm whitespace-pre-wrap">
          <span className="font-semibold text-teal-900">{adminText('admin.request.notes')}: </span>
          <UserText>{request.notes}</UserText>
        </p>
      )}

      {/* Call and WhatsApp, each recorded in the timeline (issue 32). */}
      <ContactActions request={request} />
    </article>
  );
});
