import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { applyRealtimeChange, type RealtimeChange } from '~/lib/admin/live.ts';
import { supabase } from '~/lib/supabase.ts';

export type LiveStatus = 'connecting' | 'live' | 'offline';

/** Changes arriving together (an import, a busy minute) lead to one reload, this long after the last. */
const RELOAD_AFTER_MS = 400;

/**
 * Keeps a loaded table live: each change of `table` is applied to the
 * cached list at once and the list is then reloaded. Subscribes with the admin's own token: the
 * server re-checks row-level security per subscriber, so an anonymous token would receive nothing.
 * After a lost connection the list is reloaded, since changes made meanwhile were not delivered.
 */
export function useLiveTable<Row extends { id: string; created_at: string }>(
  table: 'contact_requests' | 'offer_leads',
  queryKey: QueryKey,
  options: { enabled: boolean; onChange?: (change: RealtimeChange<Row>) => void },
): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;

  useEffect(() => {
    if (!options.enabled) return;
    let channel: RealtimeChannel | undefined;
    let cancelled = false;
    let reloadTimer: number | undefined;
    let wasLive = false;

    const reload = () => {
      window.clearTimeout(reloadTimer);
      reloadTimer = window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: keyRef.current }),
        RELOAD_AFTER_MS,
      );
    };

    void (async () => {
      // The admin's JWT (not the anon key) for the socket; supabase-js also keeps it refreshed.
      await supabase.realtime.setAuth().catch(() => {});
      if (cancelled) return;
      channel = supabase
        .channel(`admin:${table}`)
        .on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => {
          const change = payload as unknown as RealtimeChange<Row>;
          queryClient.setQueryData<Row[]>(keyRef.current, (rows) =>
            applyRealtimeChange(rows, change),
          );
          onChange.current?.(change);
          reload();
        })
        .subscribe((state) => {
          if (state === 'SUBSCRIBED') {
            if (wasLive) reload();
            wasLive = true;
            setStatus('live');
          } else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT' || state === 'CLOSED') {
            setStatus('offline');
          }
        });
    })();

    return () => {
      cancelled = true;
      window.clearTimeout(reloadTimer);
      if (channel) void supabase.removeChannel(channel);
    };
  }, [options.enabled, queryClient, table]);

  return status;
}
