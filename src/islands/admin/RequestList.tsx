import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { RequestCard } from './RequestCard.tsx';

interface RequestListProps {
  rows: ContactRequest[];
  fresh: ReadonlySet<string>;
  staffNames: ReadonlyMap<string, string>;
  /** Request ids per canonical phone, for each card's duplicate count. */
  duplicates: ReadonlyMap<string, string[]>;
  onOpen: (id: string) => void;
}

/** A card's height before it is measured; cards with notes or badges grow and are re-measured. */
const ESTIMATED_CARD_PX = 250;
const GAP_PX = 16;

/**
 * The requests as a window-scrolled virtual list: only the cards near the viewport are in the page,
 * so 10,000 requests render and scroll like 20. Positions are announced with aria-setsize/posinset.
 */
export function RequestList({ rows, fresh, staffNames, duplicates, onOpen }: RequestListProps) {
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

  return (
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
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <RequestCard
              request={request}
              fresh={fresh.has(request.id)}
              assignee={request.assigned_to ? (staffNames.get(request.assigned_to) ?? null) : null}
              duplicates={
                request.phone_key ? (duplicates.get(request.phone_key)?.length ?? 1) - 1 : 0
              }
              onOpen={onOpen}
            />
          </div>
        );
      })}
    </div>
  );
}
