import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { startOfDay, subDays } from 'date-fns';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dayKey } from '~/lib/admin/dates.ts';
import type { RequestFilters } from '~/lib/admin/filters.ts';
import type { RealtimeChange } from '~/lib/admin/live.ts';
import {
  applyOverviewChange,
  applyPageChange,
  pageAfter,
  pageArgs,
  rowMatches,
  sortsByFollowUp,
  type Overview,
  type PageAnswer,
  type PageContext,
  type PageState,
} from '~/lib/admin/page.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminQueryKeys, fetchOverview, fetchRequestPage } from './data.ts';
import { useHeldQueue } from './useHeldQueue.ts';
import { useLiveTable, type LiveStatus } from './useLiveTable.ts';

type Answer = PageAnswer & { hasMore: boolean };
type After = ReturnType<typeof pageAfter> | null;

/** Typing pauses this long before the database is asked (one call per word, not per key). */
const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The pages read so far as one list (realtime changes fold them into one page). */
function collapse(data: InfiniteData<Answer, After>): PageState {
  const first = data.pages[0]!;
  const seen = new Set<string>();
  const rows = data.pages
    .flatMap((page) => page.rows)
    .filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
  return {
    rows,
    matched: first.matched,
    counters: first.counters,
    hasMore: data.pages.at(-1)!.hasMore,
  };
}

export interface RequestPage extends Partial<PageState> {
  /** The filters the rows on screen answer (the search settles after a short pause). */
  shownFilters: RequestFilters;
  /** Whether the rows still answer older filters while the new ones load. */
  stale: boolean;
  loadMore: () => void;
  loadingMore: boolean;
  error: Error | null;
  retry: () => void;
  overview: Overview | undefined;
  live: LiveStatus;
  /** New requests held back while the coordinator reads further down (the list never jumps). */
  held: number;
  /** Puts the held requests into the list. */
  release: () => void;
}

/**
 * An answer that was on its way when a change arrived (a search just typed, a page being loaded)
 * was asked for before that change, and would put its rows back as they were: a released or
 * deleted request back on screen. Once it is here, the changes seen meanwhile that it predates
 * (its row is older, or still there after a delete) are applied to it again.
 */
function useReplayOnAnswer(
  queryClient: QueryClient,
  queryKey: QueryKey,
  fetching: boolean,
  applyToPage: (changes: RealtimeChange<ContactRequest>[]) => void,
): (change: RealtimeChange<ContactRequest>) => void {
  const seen = useRef<RealtimeChange<ContactRequest>[]>([]);
  useEffect(() => {
    if (fetching || seen.current.length === 0) return;
    const changes = seen.current;
    seen.current = [];
    const data = queryClient.getQueryData<InfiniteData<Answer, After>>(queryKey);
    if (!data) return;
    const rows = new Map(collapse(data).rows.map((row) => [row.id, row]));
    const predated = changes.filter((change) => {
      const row = rows.get(change.new.id ?? change.old.id ?? '');
      if (!row || change.eventType === 'INSERT') return false;
      return change.eventType === 'DELETE' || row.version < (change.new.version ?? 0);
    });
    if (predated.length > 0) applyToPage(predated);
  }, [queryClient, queryKey, fetching, applyToPage]);
  // Applies a live change now, and keeps it while an answer is on its way.
  return useCallback(
    (change: RealtimeChange<ContactRequest>) => {
      applyToPage([change]);
      if (queryClient.isFetching({ queryKey, exact: true }) > 0) seen.current.push(change);
    },
    [queryClient, queryKey, applyToPage],
  );
}

/**
 * The dashboard's data (docs/admin.md "Scale"): the first page of requests matching the filters
 * and the counters from the database (request_page), further pages on demand, the sources and the
 * chart's counts (request_overview), and every realtime change applied to what is on screen, so
 * nothing is reloaded unless the live connection was lost. The rows can feed any list or table.
 */
export function useRequestPage(
  filters: RequestFilters,
  context: PageContext,
  options: {
    enabled: boolean;
    onChange?: (change: RealtimeChange<ContactRequest>) => void;
    /** Whether a new request must wait instead of joining the rows now (the list would move). */
    hold?: () => boolean;
  },
): RequestPage {
  const queryClient = useQueryClient();
  const query = useDebounced(filters.query, SEARCH_DELAY_MS);
  const shownFilters = useMemo(() => ({ ...filters, query }), [filters, query]);
  const endOfDay = context.endOfDay.getTime();
  const args = useMemo(
    () => pageArgs(shownFilters, { myId: context.myId, endOfDay: new Date(endOfDay) }),
    [shownFilters, context.myId, endOfDay],
  );
  const queryKey = useMemo(() => [...adminQueryKeys.requestPage, args] as const, [args]);

  const pages = useInfiniteQuery<
    Answer,
    Error,
    InfiniteData<Answer, After>,
    typeof queryKey,
    After
  >({
    queryKey,
    queryFn: ({ pageParam }) => fetchRequestPage(args, pageParam),
    initialPageParam: null as After,
    getNextPageParam: (last: Answer) =>
      last.hasMore && last.rows.length > 0
        ? pageAfter(last.rows.at(-1)!, sortsByFollowUp(shownFilters))
        : undefined,
    enabled: options.enabled,
    placeholderData: keepPreviousData,
    // Realtime keeps the page current: no reload on focus; a filter left is forgotten at once.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // The chart's 30 local days end today; they move on when the day does.
  const firstDay = startOfDay(subDays(new Date(endOfDay), 29)).getTime();
  const overviewKey = useMemo(() => [...adminQueryKeys.overview, firstDay] as const, [firstDay]);
  const overview = useQuery({
    queryKey: overviewKey,
    queryFn: () => fetchOverview(new Date(firstDay)),
    enabled: options.enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // The change handler reads the latest key and filters without re-subscribing.
  const current = useRef({ queryKey, shownFilters, context, overviewKey });
  current.current = { queryKey, shownFilters, context, overviewKey };
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;

  const hold = useRef(options.hold);
  hold.current = options.hold;
  const applyToPage = useCallback(
    (changes: RealtimeChange<ContactRequest>[]) => {
      const { queryKey, shownFilters, context } = current.current;
      queryClient.setQueryData<InfiniteData<Answer, After>>(queryKey, (data) => {
        if (!data) return data;
        let next = collapse(data);
        for (const change of changes) {
          // A reload since it arrived (a reconnect) already brought it, and counted it.
          const known = next.rows.some((row) => row.id === change.new.id);
          if (change.eventType === 'INSERT' && known) continue;
          next = applyPageChange(next, change, shownFilters, context);
        }
        return { pages: [next], pageParams: [data.pageParams[0] ?? null] };
      });
    },
    [queryClient],
  );
  const { held, waits, release } = useHeldQueue(queryKey, applyToPage);
  const applyLive = useReplayOnAnswer(queryClient, queryKey, pages.isFetching, applyToPage);

  const apply = useCallback(
    (change: RealtimeChange<ContactRequest>) => {
      const { overviewKey } = current.current;
      const id = change.new.id ?? change.old.id;
      // A new request that would join the rows waits while the coordinator reads lower down.
      const { shownFilters, context } = current.current;
      const joins =
        change.eventType === 'INSERT' &&
        rowMatches(change.new as ContactRequest, shownFilters, context) &&
        hold.current?.() === true;
      if (!waits(change, joins)) applyLive(change);
      queryClient.setQueryData<Overview>(overviewKey, (data) =>
        data ? applyOverviewChange(data, change, dayKey) : data,
      );
      // A request open in the dialog that is not among the rows (a duplicate, a draft).
      if (id) {
        queryClient.setQueryData<ContactRequest | null>(adminQueryKeys.request(id), (row) =>
          row && change.eventType !== 'DELETE' ? { ...row, ...change.new } : row,
        );
      }
      onChange.current?.(change);
    },
    [queryClient, applyToPage, waits, applyLive],
  );
  const live = useLiveTable<ContactRequest>('contact_requests', adminQueryKeys.requestPage, {
    enabled: options.enabled,
    apply,
  });

  const state = useMemo(() => (pages.data ? collapse(pages.data) : undefined), [pages.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    ...state,
    shownFilters,
    stale: pages.isPlaceholderData || query !== filters.query,
    loadMore,
    loadingMore: isFetchingNextPage,
    error: pages.isError ? pages.error : null,
    retry: () => void refetch(),
    overview: overview.data,
    live,
    held,
    release,
  };
}
