import type { RealtimeChannel } from '@supabase/supabase-js';
import { useEffect, useRef } from 'react';
import { supabase } from '~/lib/supabase.ts';

/** What the database broadcasts on staff:quotes (private.broadcast_quote_change). */
export interface QuoteChange {
  request_id: string;
  quote_id: string;
  event: 'draft' | 'sent' | 'discarded' | 'status' | 'chosen';
  version: number | null;
  status: string | null;
}

type Listener = (change: QuoteChange) => void;

/** One channel for the whole page, however many screens listen (the dashboard, a dialog). */
const listeners = new Set<Listener>();
let channel: RealtimeChannel | null = null;
let stopAuth: (() => void) | null = null;

function join() {
  void supabase.realtime
    .setAuth()
    .catch(() => {})
    .then(() => {
      if (!listeners.size || channel) return;
      channel = supabase
        .channel('staff:quotes', { config: { private: true } })
        .on('broadcast', { event: '*' }, ({ payload }) => {
          for (const listener of listeners) listener(payload as QuoteChange);
        })
        .subscribe();
    });
  // Any sign-out leaves the channel at once (as useLiveTable does for the staff tables).
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT' || !session) leave();
  });
  stopAuth = () => data.subscription.unsubscribe();
}

function leave() {
  if (channel) void supabase.removeChannel(channel);
  channel = null;
  stopAuth?.();
  stopAuth = null;
}

/**
 * Calls `onChange` for every change of any request's quotes, as the database broadcasts it to the
 * private topic staff:quotes, which only a live admin session may join (Realtime Authorization,
 * supabase/migrations/20261127110100_quotes.sql).
 */
export function useLiveQuotes(enabled: boolean, onChange: Listener): void {
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    if (!enabled) return;
    const listener: Listener = (change) => handler.current(change);
    listeners.add(listener);
    if (listeners.size === 1) join();
    return () => {
      listeners.delete(listener);
      if (!listeners.size) leave();
    };
  }, [enabled]);
}
