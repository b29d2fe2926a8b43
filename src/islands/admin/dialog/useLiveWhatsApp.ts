import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '~/lib/supabase.ts';
import { adminQueryKeys } from '../data.ts';
import { whatsappKey } from './whatsappData.ts';

/**
 * Keeps an open request dialog's WhatsApp conversation live: the database broadcasts each message
 * stored and each state Meta reports to the private topic staff:whatsapp_messages (the request's
 * and the message's ids and the state only; migration 20261203150000_whatsapp_messages.sql), which
 * only a live admin session may join. Any broadcast reloads the conversation (a message may join
 * another request of the same person, merged or of the same number, which the dialog cannot tell
 * from the ids; the reload is one call while the dialog is open); one about this request reloads
 * its timeline too.
 */
export function useLiveWhatsApp(requestId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let channel: RealtimeChannel | undefined;
    let cancelled = false;
    void (async () => {
      await supabase.realtime.setAuth().catch(() => {});
      if (cancelled) return;
      channel = supabase
        .channel('staff:whatsapp_messages', { config: { private: true } })
        .on('broadcast', { event: '*' }, ({ payload }) => {
          void queryClient.invalidateQueries({ queryKey: whatsappKey(requestId) });
          if ((payload as { request_id?: string } | null)?.request_id === requestId) {
            void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) });
          }
        })
        .subscribe((state) => {
          if (state === 'SUBSCRIBED') {
            void queryClient.invalidateQueries({ queryKey: whatsappKey(requestId) });
          }
        });
    })();
    return () => {
      cancelled = true;
      if (channel) void supabase.removeChannel(channel);
    };
  }, [queryClient, requestId]);
}
