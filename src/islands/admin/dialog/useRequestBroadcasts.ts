import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '~/lib/supabase.ts';
import { adminQueryKeys } from '../data.ts';

/**
 * Keeps one part of an open request dialog live from a private staff topic (staff:<table>, which
 * only a live admin session may join; the database broadcasts the request's and the row's ids
 * only). A broadcast about this request reloads the part (`key`) and the request's timeline;
 * `everyBroadcast` reloads the part on any broadcast (a row that may belong to this request
 * without naming it). Joined, or joined again after a lost connection, the part is read once for
 * what arrived meanwhile.
 */
export function useRequestBroadcasts(
  topic: `staff:${string}`,
  requestId: string,
  key: QueryKey,
  everyBroadcast = false,
): void {
  const queryClient = useQueryClient();
  // A key is a fresh array on every render: the subscription follows what it says.
  const keyText = JSON.stringify(key);
  useEffect(() => {
    const partKey = JSON.parse(keyText) as QueryKey;
    let channel: RealtimeChannel | undefined;
    let cancelled = false;
    void (async () => {
      await supabase.realtime.setAuth().catch(() => {});
      if (cancelled) return;
      channel = supabase
        .channel(topic, { config: { private: true } })
        .on('broadcast', { event: '*' }, ({ payload }) => {
          const ours = (payload as { request_id?: string } | null)?.request_id === requestId;
          if (ours || everyBroadcast) void queryClient.invalidateQueries({ queryKey: partKey });
          if (ours)
            void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) });
        })
        .subscribe((state) => {
          if (state === 'SUBSCRIBED') void queryClient.invalidateQueries({ queryKey: partKey });
        });
    })();
    return () => {
      cancelled = true;
      if (channel) void supabase.removeChannel(channel);
    };
  }, [queryClient, topic, requestId, keyText, everyBroadcast]);
}
