import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '~/lib/supabase.ts';
import { adminQueryKeys } from '../data.ts';
import { conversationKey } from './conversationData.ts';

/**
 * Keeps an open request dialog's conversation with the patient live: the database broadcasts each
 * message stored (the patient's from their page, a colleague's reply) to the private topic
 * staff:patient_messages with the request's and the message's ids only (migration
 * 20261206110000_patient_conversation.sql), which only a live admin session may join. One about
 * this request reloads the conversation and the timeline.
 */
export function useLiveConversation(requestId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let channel: RealtimeChannel | undefined;
    let cancelled = false;
    void (async () => {
      await supabase.realtime.setAuth().catch(() => {});
      if (cancelled) return;
      channel = supabase
        .channel('staff:patient_messages', { config: { private: true } })
        .on('broadcast', { event: '*' }, ({ payload }) => {
          if ((payload as { request_id?: string } | null)?.request_id !== requestId) return;
          void queryClient.invalidateQueries({ queryKey: conversationKey(requestId) });
          void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) });
        })
        .subscribe((state) => {
          if (state === 'SUBSCRIBED') {
            void queryClient.invalidateQueries({ queryKey: conversationKey(requestId) });
          }
        });
    })();
    return () => {
      cancelled = true;
      if (channel) void supabase.removeChannel(channel);
    };
  }, [queryClient, requestId]);
}
