import { useVirtualizer } from '@tanstack/react-virtual';
import { Copy } from 'lucide-react';
import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { displayPhone, serviceLabel } from '~/lib/admin/labels.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { isOverdue } from '~/lib/admin/team.ts';
import { FirstContactBadge } from '../contact/FirstContactBadge.tsx';
import { PossibleMatchBadge, StatusBadge } from '../parts.tsx';

export interface RequestTableProps {
  rows: readonly ContactRequest[];
  selected: Pick<ReadonlySet<string>, 'has'>;
  /** Ticked requests a colleague changed since they were ticked (left as they were by bulk). */
  changed: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  /** The username each request is assigned to, by staff id. */
  staffNames: ReadonlyMap<string, string>;
  /** How many other requests share this one's phone number. */
  duplicatesOf: (row: ContactRequest) => number;
  /** Rows the search found only as a possible match of the searched number. */
  possible?: ReadonlySet<string>;
  fresh: ReadonlySet<string>;
  onOpen: (id: string) => void;
}

/** One line's height; the table scrolls in its own box so a screen of 800 px shows 12 lines or more. */
const ROW_PX = 41;

/**
 * The compact view of the requests: one line each, in a real <table> (column headers, a row count
 * announced through aria-rowcount/aria-rowindex), drawn virtually so 10,000 lines scroll like 20.
 * Each line is focusable: Enter or a click opens the request; ↓/↑ (and j/k, useShortcuts.ts) move
 * between lines. The checkboxes feed the bulk actions (BulkBar.tsx).
 */
export function RequestTable({
  rows,
  selected,
  changed,
  onSelect,
  onSelectAll,
  staffNames,
  duplicatesOf,
  possible,
  fresh,
  onOpen,
}: RequestTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The table re-renders with its scroll position by design (the virtualizer's functions change
  // as it scrolls), so the React Compiler leaving this component unmemoized is what we want.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
    getItemKey: (index) => rows[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someSelected = !allSelected && rows.some((row) => selected.has(row.id));

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(id);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const row = event.currentTarget;
      const next = event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
      if (next instanceof HTMLElement && next.dataset['navId']) next.focus();
    }
  };
  const onRowClick = (event: MouseEvent, id: string) => {
    if (!(event.target as HTMLElement).closest('input, a, button, label')) onOpen(id);
  };

  const th = 'px-2 py-2 text-start text-xs font-semibold whitespace-nowrap text-muted';
  const td = 'px-2 py-2 align-middle whitespace-nowrap';
  return (
    <div
      ref={scrollRef}
      data-testid="request-table"
      className="card max-h-[calc(100dvh-5rem)] overflow-auto p-0"
    >
      <table
        aria-label={adminText('admin.work.tableLabel')}
        aria-rowcount={rows.length + 1}
        className="w-full border-collapse text-sm"
      >
        <thead className="sticky top-0 z-10 bg-sand-50 shadow-[0_1px_0_var(--color-sand-200)]">
          <tr aria-rowindex={1}>
            <th scope="col" className={`${th} w-10`}>
              <input
                type="checkbox"
                className="size-4 accent-teal-700"
                aria-label={adminText('admin.work.selectAll')}
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected;
                }}
                onChange={(event) => onSelectAll(event.target.checked)}
              />
            </th>
            <th scope="col" className={th}>
              {adminText('admin.work.colDate')}
            </th>
            <th scope="col" className={th}>
              {adminText('admin.work.colName')}
            </th>
            <th scope="col" className={th}>
              {adminText('admin.work.colPhone')}
            </th>
            <th scope="col" className={th}>
              {adminText('admin.work.colService')}
            </th>
            <th scope="col" className={th}>
              {adminText('admin.work.colStatus')}
            </th>
            <th scope="col" className={th}>
              {adminText('admin.work.colAssignee')}
            </th>
            <th scope="col" className={th}>
              {adminText('admin.work.colFollowUp')}
            </th>
            <th scope="col" className={th}>
              {adminText('admin.work.colDuplicate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={9} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            const isSelected = selected.has(row.id);
            const duplicates = duplicatesOf(row);
            const assignee = row.assigned_to ? (staffNames.get(row.assigned_to) ?? '') : '';
            return (
              <tr
                key={row.id}
                tabIndex={0}
                aria-rowindex={item.index + 2}
                aria-selected={isSelected}
                data-nav-id={row.id}
                data-request-id={row.id}
                data-testid="request-row"
                onKeyDown={(event) => onRowKey(event, row.id)}
                onClick={(event) => onRowClick(event, row.id)}
                style={{ height: ROW_PX }}
                className={`cursor-pointer border-b border-sand-100 hover:bg-sand-50 focus:bg-teal-50 focus:outline-2 focus:-outline-offset-2 focus:outline-teal-700 has-[[data-first-contact=overdue]]:bg-offer-600/10 ${
                  isSelected ? 'bg-teal-50' : fresh.has(row.id) ? 'bg-saffron-300/30' : ''
                }`}
              >
                <td className={td}>
                  <input
                    type="checkbox"
                    className="size-4 accent-teal-700"
                    aria-label={adminText('admin.work.selectRow', { name: row.name })}
                    checked={isSelected}
                    onChange={(event) => onSelect(row.id, event.target.checked)}
                  />
                </td>
                <td className={`${td} text-muted`}>
                  <time dateTime={row.created_at}>{formatRequestDate(row.created_at)}</time>
                </td>
                <td className={`${td} max-w-48 font-semibold`}>
                  <span dir="auto" title={row.name} className="block truncate">
                    {row.name}
                  </span>
                </td>
                <td className={td}>
                  <span dir="ltr">{displayPhone(row.phone, row.country_code)}</span>
                  {possible?.has(row.id) && (
                    <span className="ms-1">
                      <PossibleMatchBadge />
                    </span>
                  )}
                </td>
                <td className={`${td} max-w-40 truncate`}>{serviceLabel(row.service)}</td>
                <td className={td}>
                  <StatusBadge status={row.status} />
                  <span className="ms-1 inline-block align-middle">
                    <FirstContactBadge request={row} lateOnly />
                  </span>
                  {changed.has(row.id) && (
                    <span
                      data-testid="changed-meanwhile"
                      className="ms-1 text-xs font-semibold text-offer-700"
                    >
                      {adminText('admin.keep.changedMeanwhile')}
                    </span>
                  )}
                </td>
                <td className={`${td} max-w-32 truncate`} title={assignee || undefined}>
                  {assignee}
                </td>
                <td className={`${td} ${isOverdue(row) ? 'font-semibold text-offer-700' : ''}`}>
                  {row.follow_up_at && (
                    <time dateTime={row.follow_up_at}>{formatRequestDate(row.follow_up_at)}</time>
                  )}
                </td>
                <td className={td}>
                  {duplicates > 0 && (
                    <span
                      data-testid="duplicate-mark"
                      className="inline-flex items-center gap-1 text-xs font-semibold text-offer-700"
                    >
                      <Copy className="size-3" aria-hidden="true" />
                      {adminText('admin.team.duplicateBadge', { count: duplicates })}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={9} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
