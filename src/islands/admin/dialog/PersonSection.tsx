import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { displayPhone } from '~/lib/admin/labels.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { fetchPerson, mergeRequests, undoMerge, type PersonRequest } from '../personData.ts';
import { StatusBadge, UserText } from '../parts.tsx';
import { reportFailure } from './useSaveRequest.ts';

/**
 * The person behind a request (public.person_requests): their other requests (same number however
 * typed, or merged by staff) and the POSSIBLE matches, a number without a country code with the
 * same national digits, which only a coordinator can confirm by merging. A merge keeps every
 * request and its history, is in each request's timeline, and can be undone.
 */
export function PersonSection({
  request,
  onOpenRequest,
}: {
  request: ContactRequest;
  onOpenRequest: (id: string) => void;
}) {
  const uid = useId();
  const queryClient = useQueryClient();
  const person = useQuery({
    queryKey: ['admin', 'person', request.id, request.version, request.phone_key],
    queryFn: () => fetchPerson(request.id),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'person'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'request_events'] }),
    ]);
  const merge = useMutation({
    mutationFn: (other: string) => mergeRequests(request.id, other),
    onSuccess: async () => {
      toast.success(adminText('admin.person.merged'));
      await refresh();
    },
    onError: (error) => reportFailure(error, adminText('admin.person.error')),
  });
  const undo = useMutation({
    mutationFn: () => undoMerge(request.id),
    onSuccess: async () => {
      toast.success(adminText('admin.person.undone'));
      await refresh();
    },
    onError: (error) => reportFailure(error, adminText('admin.person.error')),
  });

  const others = (person.data?.person ?? []).filter((row) => row.id !== request.id);
  const possible = person.data?.possible ?? [];
  if (!others.length && !possible.length && !request.person_id) return null;
  const line = (row: PersonRequest, action?: ReactNode) => (
    <li key={row.id} className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="font-semibold text-teal-700 hover:underline"
        onClick={() => onOpenRequest(row.id)}
      >
        <UserText>{row.name}</UserText>
      </button>
      <span dir="ltr" className="text-muted">
        {displayPhone(row.phone, row.country_code)}
      </span>
      <time dateTime={row.created_at} className="text-muted">
        {formatRequestDate(row.created_at)}
      </time>
      <StatusBadge status={row.status} />
      {action}
    </li>
  );

  return (
    <section
      aria-labelledby={`${uid}-person`}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="person"
    >
      <h3 id={`${uid}-person`} className="text-base font-bold">
        {adminText('admin.person.title')}
      </h3>
      {others.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">{others.map((row) => line(row))}</ul>
      )}
      {possible.length > 0 && (
        <>
          <h4 className="mt-3 text-sm font-semibold text-offer-700">
            {adminText('admin.person.possible')}
          </h4>
          <ul className="mt-1 space-y-1 text-sm" data-testid="possible-matches">
            {possible.map((row) =>
              line(
                row,
                <button
                  type="button"
                  className="btn btn-ghost min-h-9 px-3 py-1 text-xs"
                  disabled={merge.isPending}
                  aria-label={adminText('admin.person.mergeLabel', { name: row.name })}
                  onClick={() => {
                    if (window.confirm(adminText('admin.person.confirmMerge', { name: row.name })))
                      merge.mutate(row.id);
                  }}
                >
                  {adminText('admin.person.merge')}
                </button>,
              ),
            )}
          </ul>
        </>
      )}
      {request.person_id && (
        <button
          type="button"
          className="mt-3 text-sm font-semibold text-teal-700 underline"
          disabled={undo.isPending}
          onClick={() => undo.mutate()}
        >
          {adminText('admin.person.undo')}
        </button>
      )}
    </section>
  );
}
