import { useId } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import type { ContactRequest, RequestEvent } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { authorName, describeEvent } from '~/lib/admin/team.ts';
import { Missing, StatusBadge, UserText } from '../parts.tsx';
import { RequestFields } from '../RequestFields.tsx';
import { contactCountryId } from './ContactSection.tsx';

interface PatientDetailsProps {
  request: ContactRequest;
  /** Other requests with the same phone number (canonical digits). */
  duplicates: ContactRequest[];
  onOpenRequest: (id: string) => void;
}

/**
 * The patient's details and own message, and the other requests from the same phone number. (The
 * WhatsApp chat is in «التواصل مع المريض», contact/ContactPanel.tsx, where it is recorded.)
 */
export function PatientDetails({ request, duplicates, onOpenRequest }: PatientDetailsProps) {
  const uid = useId();
  return (
    <>
      <section aria-labelledby={`${uid}-details`} className="mt-5 border-t border-sand-200 pt-4">
        <h3 id={`${uid}-details`} className="mb-3 text-base font-bold">
          {adminText('admin.modal.details')}
        </h3>
        <RequestFields
          request={request}
          variant="dialog"
          onAddCountry={() => {
            const picker = document.getElementById(contactCountryId(request.id));
            picker?.closest('details')?.setAttribute('open', '');
            picker?.focus();
          }}
        />
        <div className="mt-4">
          <p className="text-xs font-semibold text-muted">{adminText('admin.request.message')}</p>
          <p className="mt-1 rounded-xl bg-sand-50 px-3 py-2 text-sm whitespace-pre-wrap">
            {request.message ? <UserText>{request.message}</UserText> : <Missing />}
          </p>
        </div>
      </section>

      {duplicates.length > 0 && (
        <section
          aria-labelledby={`${uid}-duplicates`}
          className="mt-5 border-t border-sand-200 pt-4"
          data-testid="duplicates"
        >
          <h3 id={`${uid}-duplicates`} className="text-base font-bold">
            {adminText('admin.team.duplicates')}
          </h3>
          <ul className="mt-2 space-y-1 text-sm">
            {duplicates.map((other) => (
              <li key={other.id} className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className="font-semibold text-teal-700 hover:underline"
                  onClick={() => onOpenRequest(other.id)}
                >
                  <UserText>{other.name}</UserText>
                </button>
                <time dateTime={other.created_at} className="text-muted">
                  {formatRequestDate(other.created_at)}
                </time>
                <StatusBadge status={other.status} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * «سجل الطلب»: the request's timeline as the database wrote it (request_events), newest first,
 * each entry with its author and time.
 */
export function Timeline({ events }: { events: RequestEvent[] | undefined }) {
  const uid = useId();
  return (
    <section aria-labelledby={`${uid}-timeline`} className="mt-5 border-t border-sand-200 pt-4">
      <h3 id={`${uid}-timeline`} className="text-base font-bold">
        {adminText('admin.team.timeline')}
      </h3>
      {events ? (
        events.length ? (
          <ol className="mt-2 space-y-2 text-sm" data-testid="timeline">
            {[...events].reverse().map((event) => {
              const described = describeEvent(event);
              return (
                <li key={event.id} className="rounded-xl bg-sand-50 px-3 py-2">
                  <p className="text-xs text-muted">
                    <span className="font-semibold text-teal-900">
                      {authorName(event.author, event.kind)}
                    </span>
                    {' · '}
                    <time dateTime={event.created_at}>{formatRequestDate(event.created_at)}</time>
                    {' · '}
                    {described.label}
                  </p>
                  <p className="mt-0.5 whitespace-pre-wrap">
                    <UserText>{described.text}</UserText>
                  </p>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-muted">{adminText('admin.team.timelineEmpty')}</p>
        )
      ) : (
        <p className="mt-2 text-sm text-muted">{adminText('admin.team.timelineLoading')}</p>
      )}
    </section>
  );
}
