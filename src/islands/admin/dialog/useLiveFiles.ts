import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '~/lib/supabase.ts';
import { adminQueryKeys } from '../data.ts';
import { filesKey } from './filesData.ts';

/**
 * Keeps an open request dialog's files live: the database broadcasts each checked, refused or
 * deleted file of any request to the private topic staff:request_files (the request's and the
 * file's ids only; supabase/migrations/20261127100000_request_files.sql), which only a live admin
 * session may join. A broadcast about this request reloads its files and its timeline.
 */
export function useLiveFiles(requestId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let channel: RealtimeChannel | undefined;
    let cancelled = false;
    void (async () => {
      await supabase.realtime.setAuth().catch(() => {});
      if (cancelled) return;
      channel = supabase
        .channel('staff:request_files', { config: { private: true } })
        .on('broadcast', { event: '*' }, ({ payload }) => {
          if ((payload as { request_id?: string } | null)?.request_id !== requestId) return;
          void queryClient.invalidateQueries({ queryKey: filesKey(requestId) });
          void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) });
        })
        .subscribe((state) => {
          // Joined again after a lost connection: what arrived meanwhile is read once.
          if (state === 'SUBSCRIBED') {
            void queryClient.invalidateQueries({ queryKey: filesKey(requestId) });
          }
        });
    })();
    return () => {
      cancelled = true;
      if (channel) void supabase.removeChannel(channel);
    };
  }, [queryClient, requestId]);
}
