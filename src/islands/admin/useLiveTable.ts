import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { applyRealtimeChange, type RealtimeChange } from '~/lib/admin/live.ts';
import { supabase } from '~/lib/supabase.ts';

export type LiveStatus = 'connecting' | 'live' | 'offline';

/** What realtime.broadcast_changes() sends for one row change. */
interface StaffBroadcast {
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

function staffChange<Row>(payload: StaffBroadcast): RealtimeChange<Row> {
  return {
    eventType: payload.operation,
    new: (payload.record ?? {}) as Partial<Row>,
    old: (payload.old_record ?? {}) as Partial<Row>,
  };
}

/** A reconnect storm (flaky Wi-Fi) leads to one reload, this long after the last reconnect. */
const RELOAD_AFTER_MS = 400;

/**
 * Keeps a loaded table live: each change of `table` carries the whole
 * row and is applied to the cached list in place, so one edit costs one small message per open
 * dashboard instead of a reload of every row. Subscribes with the admin's own token: joining
 * the private staff topic is allowed only to a live admin session (Realtime Authorization).
 * After a lost connection the list is reloaded, since changes made meanwhile were not delivered.
 */
export function useLiveTable<Row extends { id: string; created_at: string }>(
  table: 'contact_requests' | 'offer_leads',
  queryKey: QueryKey,
  options: {
    enabled: boolean;
    onChange?: (change: RealtimeChange<Row>) => void;
    /** Applies a change itself (the paged dashboard) instead of patching a cached Row[]. */
    apply?: (change: RealtimeChange<Row>) => void;
  },
): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;
  const apply = useRef(options.apply);
  apply.current = options.apply;
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
      // A private channel: the database broadcasts each change of `table` to `staff:<table>`, and
      // only a live admin session may join it (supabase/migrations/20261123160000_…sql).
      channel = supabase
        .channel(`staff:${table}`, { config: { private: true } })
        .on('broadcast', { event: '*' }, ({ payload }) => {
          const change = staffChange<Row>(payload as StaffBroadcast);
          if (apply.current) apply.current(change);
          else
            queryClient.setQueryData<Row[]>(keyRef.current, (rows) =>
              applyRealtimeChange(rows, change),
            );
          onChange.current?.(change);
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

    // Any change of who is signed in (sign-out, a session lost or replaced) leaves the staff
    // channel at once: hosted Realtime re-checks a joined channel only when the token is renewed.
    const signedIn = { current: null as string | null };
    const { data: auth } = supabase.auth.onAuthStateChange((event, session) => {
      const user = session?.user.id ?? null;
      const changed = signedIn.current !== null && user !== signedIn.current;
      if (signedIn.current === null) signedIn.current = user;
      if (event === 'SIGNED_OUT' || !session || changed) {
        cancelled = true;
        if (channel) void supabase.removeChannel(channel);
        channel = undefined;
        setStatus('offline');
      }
    });

    return () => {
      cancelled = true;
      auth.subscription.unsubscribe();
      window.clearTimeout(reloadTimer);
      if (channel) void supabase.removeChannel(channel);
    };
  }, [options.enabled, queryClient, table]);

  return status;
}
