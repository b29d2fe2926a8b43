import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { adminText } from '~/lib/admin/strings.ts';
import { supabase } from '~/lib/supabase.ts';
import { adminQueryKeys, fetchRequest } from '../data.ts';
import { aftercareKey } from './aftercareData.ts';

/** What the database broadcasts on staff:aftercare (private.broadcast_aftercare_answer). */
interface AftercareAnswer {
  request_id: string;
  checkin_id: string;
  day: number;
  answer: 'well' | 'question' | 'concern';
}

/**
 * Tells the patient's manager live when the patient raises a concern in an after-care check-in
 * (issue 44; everyone when nobody is assigned): a toast naming the patient, which stays until
 * dismissed, with a button that opens the request. The request is also due now in the follow-up
 * queue, which the list shows from its own topic.
 */
export function useAftercareAlerts(onOpen: (id: string) => void) {
  const queryClient = useQueryClient();
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(() => {
    let channel: RealtimeChannel | undefined;
    let cancelled = false;
    void (async () => {
      await supabase.realtime.setAuth().catch(() => {});
      if (cancelled) return;
      channel = supabase
        .channel('staff:aftercare', { config: { private: true } })
        .on('broadcast', { event: '*' }, ({ payload }) => {
          const change = payload as AftercareAnswer;
          void queryClient.invalidateQueries({ queryKey: aftercareKey(change.request_id) });
          if (change.answer !== 'concern') return;
          void fetchRequest(change.request_id)
            .catch(() => null)
            .then((request) => {
              const me = queryClient.getQueryData<string | null>(adminQueryKeys.me);
              if (request?.assigned_to && me && request.assigned_to !== me) return;
              toast.warning(
                adminText('admin.aftercare.concernAlert', { name: request?.name ?? '…' }),
                {
                  id: `aftercare-concern-${change.checkin_id}`,
                  duration: Infinity,
                  action: {
                    label: adminText('admin.aftercare.openRequest'),
                    onClick: () => open.current(change.request_id),
                  },
                },
              );
            });
        })
        .subscribe();
    })();
    return () => {
      cancelled = true;
      if (channel) void supabase.removeChannel(channel);
    };
  }, [queryClient]);
}
