import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toast } from 'sonner';
import { adminText } from '~/lib/admin/strings.ts';
import { adminQueryKeys, fetchRequest } from '../data.ts';
import { quoteKeys } from './quoteData.ts';
import { useLiveQuotes } from './useLiveQuotes.ts';

/**
 * Tells the patient's manager live when the patient chooses a quote on their page (staff:quotes'
 * 'chosen' broadcast; everyone when nobody is assigned): a toast naming the patient, which stays
 * until dismissed, with a button that opens the request. The request itself also moved on (in
 * progress, due now), which the list shows.
 */
export function useQuoteChoiceAlerts(onOpen: (id: string) => void) {
  const queryClient = useQueryClient();
  const open = useRef(onOpen);
  open.current = onOpen;
  useLiveQuotes(true, (change) => {
    void queryClient.invalidateQueries({ queryKey: quoteKeys.quotes(change.request_id) });
    if (change.event !== 'chosen') return;
    void fetchRequest(change.request_id)
      .catch(() => null)
      .then((request) => {
        const me = queryClient.getQueryData<string | null>(adminQueryKeys.me);
        if (request?.assigned_to && me && request.assigned_to !== me) return;
        toast.info(adminText('admin.quotes.patientChose', { name: request?.name ?? '…' }), {
          id: `quote-choice-${change.request_id}`,
          duration: Infinity,
          action: {
            label: adminText('admin.quotes.openRequest'),
            onClick: () => open.current(change.request_id),
          },
        });
      });
  });
}
