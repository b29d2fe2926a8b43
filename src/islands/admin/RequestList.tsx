import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PageRow } from '~/lib/admin/page.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { RequestCard } from './RequestCard.tsx';

interface RequestListProps {
  /** The rows read so far (each with its duplicate count); more come from `onLoadMore`. */
  rows: PageRow[];
  fresh: ReadonlySet<string>;
  /** Rows the search found only as a possible match of the searched number. */
  possible?: ReadonlySet<string>;
  staffNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Cards from the end at which the next page is asked for, so scrolling rarely waits. */
const LOAD_AHEAD = 10;

/** A card's height before it is measured; cards with notes or badges grow and are re-measured. */
const ESTIMATED_CARD_PX = 250;
const GAP_PX = 16;

/**
 * The requests as a window-scrolled virtual list: only the cards near the viewport are in the page,
 * so 10,000 requests render and scroll like 20. Positions are announced with aria-setsize/posinset.
 */
export function RequestList(props: RequestListProps) {
  const { rows, fresh, possible, staffNames, onOpen, hasMore, loadingMore, onLoadMore } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);

  // The list starts below the header, counters, chart and filters, whose height can change; any
  // such change resizes the body, so the offset is measured again then (and once at mount).
  useLayoutEffect(() => {
    const measure = () => {
      const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setOffset((current) => (Math.abs(top - current) > 1 ? top : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_CARD_PX,
    gap: GAP_PX,
    overscan: 6,
    scrollMargin: offset,
    getItemKey: (index) => rows[index]!.id,
  });

  // Infinite scroll: the next page is read when the last cards drawn come near the end.
  const lastDrawn = virtualizer.getVirtualItems().at(-1)?.index ?? 0;
  const nearEnd = lastDrawn >= rows.length - LOAD_AHEAD;
  useEffect(() => {
    if (nearEnd && hasMore && !loadingMore) onLoadMore();
  }, [nearEnd, hasMore, loadingMore, onLoadMore]);

  return (
    <>
      <div
        ref={listRef}
        role="list"
        aria-label={adminText('admin.dashboard.listLabel')}
        data-testid="request-list"
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const request = rows[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="listitem"
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              className="absolute inset-x-0 top-0"
              style={{
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <RequestCard
                request={request}
                fresh={fresh.has(request.id)}
                assignee={
                  request.assigned_to ? (staffNames.get(request.assigned_to) ?? null) : null
                }
                duplicates={request.duplicates}
                possibleMatch={possible?.has(request.id) ?? false}
                onOpen={onOpen}
              />
            </div>
          );
        })}
      </div>
      <LoadMore hasMore={hasMore} loadingMore={loadingMore} onLoadMore={onLoadMore} />
    </>
  );
}

/** «المزيد» under the cards or the table: the next page, for those who do not scroll to it. */
export function LoadMore({
  hasMore,
  loadingMore,
  onLoadMore,
}: Pick<RequestListProps, 'hasMore' | 'loadingMore' | 'onLoadMore'>) {
  if (!hasMore) return null;
  return (
    <div className="mt-4 flex justify-center">
      <button
        type="button"
        className="btn btn-ghost min-h-10 px-6 py-1.5 text-sm"
        disabled={loadingMore}
        onClick={onLoadMore}
        data-testid="load-more"
      >
        {adminText(loadingMore ? 'admin.loading' : 'admin.page.more')}
      </button>
    </div>
  );
}
