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
 * only a live admin session may join. A broadcast about a request of this person reloads the
 * conversation and the timeline (the person's requests are those the conversation answers).
 */
export function useLiveWhatsApp(requestId: string, personRequestIds: readonly string[]): void {
  const queryClient = useQueryClient();
  const ids = personRequestIds.join(',');
  useEffect(() => {
    let channel: RealtimeChannel | undefined;
    let cancelled = false;
    const mine = new Set([requestId, ...ids.split(',').filter(Boolean)]);
    void (async () => {
      await supabase.realtime.setAuth().catch(() => {});
      if (cancelled) return;
      channel = supabase
        .channel('staff:whatsapp_messages', { config: { private: true } })
        .on('broadcast', { event: '*' }, ({ payload }) => {
          const about = (payload as { request_id?: string } | null)?.request_id;
          if (!about || !mine.has(about)) return;
          void queryClient.invalidateQueries({ queryKey: whatsappKey(requestId) });
          void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) });
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
  }, [queryClient, requestId, ids]);
}
