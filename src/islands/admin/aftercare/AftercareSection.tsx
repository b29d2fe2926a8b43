import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { useRequestBroadcasts } from '../dialog/useRequestBroadcasts.ts';
import { UserText } from '../parts.tsx';
import { aftercareKey, fetchRequestAftercare, type StaffCheckin } from './aftercareData.ts';

const answerTone: Record<NonNullable<StaffCheckin['answer']>, string> = {
  well: 'bg-teal-50 text-teal-900 ring-teal-200',
  question: 'bg-sand-100 text-ink ring-sand-300',
  concern: 'bg-white text-offer-700 ring-offer-600',
};

/** "27 December 2026" for a calendar date as stored. */
const calendarDay = (iso: string) =>
  new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );

/**
 * «المتابعة بعد العلاج» in the request dialog (issue 44): the request's check-ins (from the trip
 * plan's procedure day and the treatment's schedule), whether each was sent, and the patient's
 * answer with their words. An answer given while the dialog is open shows at once (the private
 * staff topic staff:aftercare, through useRequestBroadcasts, which also reloads the timeline).
 */
export function AftercareSection({ request }: { request: ContactRequest }) {
  const uid = useId();
  const checkins = useQuery({
    queryKey: aftercareKey(request.id),
    queryFn: () => fetchRequestAftercare(request.id),
  });
  useRequestBroadcasts('staff:aftercare', request.id, aftercareKey(request.id));
  const list = checkins.data ?? [];
  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="aftercare-section"
    >
      <h3 id={`${uid}-title`} className="font-bold">
        {adminText('admin.aftercare.title')}
      </h3>
      {checkins.isError ? (
        <p className="mt-2 text-sm text-offer-700">{adminText('admin.aftercare.loadFailed')}</p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          {checkins.isPending ? '…' : adminText('admin.aftercare.none')}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">{adminText('admin.aftercare.lead')}</p>
          <ol className="mt-3 space-y-2" aria-live="polite">
            {list.map((checkin) => (
              <li
                key={checkin.id}
                className="rounded-lg border border-sand-200 px-3 py-2 text-sm"
                data-checkin-day={checkin.day}
              >
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold">
                    {adminText('admin.aftercare.day', { day: String(checkin.day) })}
                  </span>
                  <span className="text-muted">
                    {adminText('admin.aftercare.due', { date: calendarDay(checkin.due_on) })}
                  </span>
                  {checkin.photos && (
                    <span className="text-muted">· {adminText('admin.aftercare.photos')}</span>
                  )}
                  {checkin.answer ? (
                    <span
                      className={`ms-auto rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${answerTone[checkin.answer]}`}
                      data-testid="checkin-answer"
                    >
                      {adminText(`admin.aftercare.answer.${checkin.answer}`)}
                    </span>
                  ) : (
                    <span className="ms-auto text-xs text-muted">
                      {adminText(
                        checkin.asked ? 'admin.aftercare.asked' : 'admin.aftercare.notAsked',
                      )}
                    </span>
                  )}
                </p>
                {checkin.note && (
                  <p className="mt-1 whitespace-pre-line">
                    <UserText>{checkin.note}</UserText>
                  </p>
                )}
                {checkin.answered_at && (
                  <p className="mt-1 text-xs text-muted">
                    {adminText('admin.aftercare.answeredAt', {
                      date: formatRequestDate(checkin.answered_at),
                    })}
                    {checkin.has_photo && ` · ${adminText('admin.aftercare.withPhoto')}`}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
