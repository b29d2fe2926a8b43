import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RealtimeChange } from '~/lib/admin/live.ts';
import type { ContactRequest, OfferLead } from '~/lib/admin/rows.ts';
import { useLiveTable, type LiveStatus } from '../useLiveTable.ts';
import {
  fetchLeadPage,
  LEAD_PAGE_SIZE,
  leadPageKey,
  type LeadCursor,
  type LeadPage,
  type LeadQuery,
} from './leadData.ts';

/** Typing pauses this long before the database is asked. */
const SEARCH_DELAY_MS = 250;
/** A burst of new leads reloads the page once, this long after the last. */
const RELOAD_AFTER_MS = 400;

export interface LeadPageState {
  page: LeadPage | undefined;
  error: Error | null;
  loading: boolean;
  /** 0-based index of the page shown. */
  index: number;
  hasNext: boolean;
  next: () => void;
  previous: () => void;
  retry: () => void;
  live: LiveStatus;
}

/**
 * The leads screen's window: one page of lead_page for the search (sent 250 ms after typing
 * stops), the cursors of the pages before it for «السابق», and realtime in place: a status
 * changed anywhere is written into its row, a lead deleted or moved to the bin leaves, a new or
 * restored lead reloads the page shown (50 rows), never the whole list.
 */
export function useLeadPage(search: LeadQuery, enabled: boolean): LeadPageState {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(search);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  const [cursors, setCursors] = useState<LeadCursor[]>([null]);
  // A new search starts again at its first page.
  useEffect(() => setCursors([null]), [settled]);
  const after = cursors.at(-1) ?? null;
  const page = useQuery({
    queryKey: [...leadPageKey, settled, after],
    queryFn: () => fetchLeadPage(settled, after),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const patch = useCallback(
    (update: (rows: LeadPage['rows']) => LeadPage['rows']) =>
      queryClient.setQueriesData<LeadPage>({ queryKey: leadPageKey }, (old) => {
        if (!old) return old;
        const rows = update(old.rows);
        return rows.length === old.rows.length
          ? { ...old, rows }
          : { rows, matched: Math.max(0, old.matched - (old.rows.length - rows.length)) };
      }),
    [queryClient],
  );
  const reloadTimer = useRef<number | undefined>(undefined);
  const reloadSoon = useCallback(() => {
    window.clearTimeout(reloadTimer.current);
    reloadTimer.current = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: leadPageKey }),
      RELOAD_AFTER_MS,
    );
  }, [queryClient]);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const onLead = useCallback(
    (change: RealtimeChange<OfferLead>) => {
      if (change.eventType === 'INSERT') return reloadSoon();
      const id = change.new.id ?? change.old.id;
      if (change.eventType === 'DELETE') patch((rows) => rows.filter((row) => row.id !== id));
      else patch((rows) => rows.map((row) => (row.id === id ? { ...row, ...change.new } : row)));
    },
    [patch, reloadSoon],
  );
  const onRequest = useCallback(
    (change: RealtimeChange<ContactRequest>) => {
      if (change.eventType === 'INSERT') return;
      const leadId = change.new.lead_id ?? change.old.lead_id;
      const status = change.new.status;
      if (change.eventType === 'DELETE') patch((rows) => rows.filter((row) => row.id !== leadId));
      else if (status)
        patch((rows) => rows.map((row) => (row.id === leadId ? { ...row, status } : row)));
    },
    [patch],
  );
  const leadsLive = useLiveTable<OfferLead>('offer_leads', leadPageKey, { enabled, apply: onLead });
  const statusLive = useLiveTable<ContactRequest>('contact_requests', leadPageKey, {
    enabled,
    apply: onRequest,
  });

  const rows = page.data?.rows ?? [];
  return {
    page: page.data,
    error: page.error,
    loading: page.isPlaceholderData || page.isFetching,
    index: cursors.length - 1,
    hasNext: rows.length === LEAD_PAGE_SIZE && !page.isPlaceholderData,
    next: () => {
      const last = rows.at(-1);
      if (last) setCursors((current) => [...current, last]);
    },
    previous: () => setCursors((current) => (current.length > 1 ? current.slice(0, -1) : current)),
    retry: () => void page.refetch(),
    live: [leadsLive, statusLive].includes('offline')
      ? 'offline'
      : leadsLive === 'live' && statusLive === 'live'
        ? 'live'
        : 'connecting',
  };
}
