import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import { adminAr } from '~/i18n/ui/admin-ar.ts';
import { supabase } from '~/lib/supabase.ts';
import { reportFailure } from './useSaveRequest.ts';

interface AutomaticState {
  stopped: boolean;
  stopped_at: string | null;
  stopped_by: string | null;
  reminders_stopped_at: string | null;
  waiting: { kind: string; at: string }[];
  sent: { kind: string; at: string }[];
}

async function fetchState(requestId: string): Promise<AutomaticState> {
  const { data, error } = await supabase.rpc('request_automatic_messages', {
    _request_id: requestId,
  });
  if (error) throw error;
  return data as unknown as AutomaticState;
}

const isAdminKey = (key: string): key is AdminKey => key in adminAr;
const kindLabel = (kind: string) => {
  const key = `admin.automatic.kind.${kind}`;
  return isAdminKey(key) ? adminText(key) : kind;
};

/**
 * The request's automatic messages (issue 44, item 3;
 * supabase/migrations/20261207100100_request_automatic_messages.sql): whether they go (or who
 * stopped them and when), whether the patient stopped the reminders on their page, the reminders
 * waiting and the last one sent, and one button that stops every automatic message of the
 * request or allows them again (public.stop_automatic_messages: the same state twice is done, so
 * a retry is harmless). Hidden for a request in the bin.
 */
export function AutomaticMessages({ request }: { request: ContactRequest }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const key = ['admin', 'automatic_messages', request.id] as const;
  const state = useQuery({
    queryKey: [...key, request.version],
    queryFn: () => fetchState(request.id),
    enabled: !request.deleted_at,
  });
  const change = useMutation({
    mutationFn: async (stop: boolean) => {
      const { error } = await supabase.rpc('stop_automatic_messages', {
        _request_id: request.id,
        _stop: stop,
      });
      if (error) throw error;
      return stop;
    },
    onSuccess: async (stop) => {
      toast.success(
        adminText(stop ? 'admin.automatic.doneStopped' : 'admin.automatic.doneAllowed'),
      );
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => reportFailure(error, adminText('admin.automatic.error')),
  });
  const row = state.data;
  if (request.deleted_at || !row) return null;
  const last = row.sent[0];
  return (
    <section
      aria-labelledby={`${uid}-automatic`}
      className="mt-5 border-t border-sand-200 pt-4 text-sm"
      data-testid="automatic-messages"
    >
      <h3 id={`${uid}-automatic`} className="text-base font-bold">
        {adminText('admin.automatic.title')}
      </h3>
      <p className="mt-1" data-testid="automatic-messages-state">
        {row.stopped
          ? adminText(row.stopped_by ? 'admin.automatic.stoppedBy' : 'admin.automatic.stoppedAt', {
              name: row.stopped_by ?? '',
              time: row.stopped_at ? formatRequestDate(row.stopped_at) : '',
            })
          : adminText('admin.automatic.on')}
      </p>
      {row.reminders_stopped_at && (
        <p className="mt-1">
          {adminText('admin.automatic.patientStopped', {
            time: formatRequestDate(row.reminders_stopped_at),
          })}
        </p>
      )}
      {row.waiting.length > 0 && (
        <p className="mt-1">
          {adminText('admin.automatic.waiting', {
            list: row.waiting.map((item) => kindLabel(item.kind)).join('، '),
          })}
        </p>
      )}
      {last && (
        <p className="mt-1 text-muted">
          {adminText('admin.automatic.lastSent', {
            kind: kindLabel(last.kind),
            time: formatRequestDate(last.at),
          })}
        </p>
      )}
      <button
        type="button"
        className="btn btn-ghost mt-2 min-h-9 px-3 py-1 text-xs"
        disabled={change.isPending}
        onClick={() => {
          if (row.stopped) change.mutate(false);
          else if (window.confirm(adminText('admin.automatic.confirmStop'))) change.mutate(true);
        }}
      >
        {adminText(row.stopped ? 'admin.automatic.allow' : 'admin.automatic.stop')}
      </button>
    </section>
  );
}
