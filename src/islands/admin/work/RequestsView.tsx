import { Keyboard, LayoutList, Table2 } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ContactRequest, StaffAccount } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { AlertToggle } from './AlertToggle.tsx';
import { BulkBar } from './BulkBar.tsx';
import { RequestTable } from './RequestTable.tsx';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';
import { useShortcuts } from './useShortcuts.ts';

type View = 'cards' | 'table';
const VIEW_KEY = 'rihla.admin.view';

function rememberedView(): View {
  try {
    return localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

interface RequestsViewProps {
  /** The requests on screen (after search and filters), newest first. */
  rows: readonly ContactRequest[];
  staff: StaffAccount[];
  staffNames: ReadonlyMap<string, string>;
  duplicatesOf: (row: ContactRequest) => number;
  fresh: ReadonlySet<string>;
  onOpen: (id: string) => void;
  /** The card list (or the dashboard's empty / no-match notice), drawn by the dashboard as before. */
  cards: ReactNode;
  /** Under the table: the way to the next page of rows (the cards bring their own). */
  more?: ReactNode;
}

/**
 * The requests as cards or as a compact table («بطاقات / جدول», remembered in this browser), with
 * the table's selection and bulk actions, the keyboard shortcuts and their help, and the new-lead
 * alert switch. It takes rows and handlers only, so it works with whatever loads the rows.
 */
export function RequestsView({
  rows,
  staff,
  staffNames,
  duplicatesOf,
  fresh,
  onOpen,
  cards,
  more,
}: RequestsViewProps) {
  const [view, setView] = useState<View>(rememberedView);
  // Each ticked request with the version it had when ticked: bulk changes it only if nobody
  // changed it since (a colleague's later change is never overwritten).
  const [selected, setSelected] = useState<ReadonlyMap<string, number>>(new Map());
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const [help, setHelp] = useState(false);
  useShortcuts({ onHelp: useCallback(() => setHelp(true), []) });

  const choose = (next: View) => {
    setView(next);
    localStorage.setItem(VIEW_KEY, next);
  };
  // Only what is on screen can be acted on: a selection hidden by a filter is not sent.
  const items = useMemo(
    () =>
      rows
        .filter((row) => selected.has(row.id))
        .map(({ id }) => ({ id, version: selected.get(id)! })),
    [rows, selected],
  );
  const select = (id: string, on: boolean) => {
    const row = rows.find((candidate) => candidate.id === id);
    setSelected((current) => {
      const next = new Map(current);
      if (on && row) next.set(id, row.version);
      else next.delete(id);
      return next;
    });
    setChanged((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  };
  const clear = () => {
    setSelected(new Map());
    setChanged(new Set());
  };

  const toggleClass = (active: boolean) =>
    `inline-flex min-h-10 items-center gap-1.5 px-4 py-1.5 text-sm font-semibold ${
      active ? 'bg-teal-800 text-white' : 'bg-white text-teal-900 hover:bg-sand-100'
    }`;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <div
          role="group"
          aria-label={adminText('admin.work.viewLabel')}
          className="inline-flex overflow-hidden rounded-xl border border-sand-300"
        >
          <button
            type="button"
            aria-pressed={view === 'cards'}
            data-testid="view-cards"
            className={toggleClass(view === 'cards')}
            onClick={() => choose('cards')}
          >
            <LayoutList className="size-4" aria-hidden="true" />
            {adminText('admin.work.viewCards')}
          </button>
          <button
            type="button"
            aria-pressed={view === 'table'}
            data-testid="view-table"
            className={toggleClass(view === 'table')}
            onClick={() => choose('table')}
          >
            <Table2 className="size-4" aria-hidden="true" />
            {adminText('admin.work.viewTable')}
          </button>
        </div>
        <AlertToggle />
        <button
          type="button"
          className="ms-auto inline-flex items-center gap-1.5 text-sm font-semibold text-teal-900 underline"
          onClick={() => setHelp(true)}
        >
          <Keyboard className="size-4" aria-hidden="true" />
          {adminText('admin.work.shortcutsOpen')}
        </button>
      </div>

      {view === 'table' && rows.length > 0 ? (
        <>
          <BulkBar
            items={items}
            staff={staff}
            onClear={clear}
            onDone={(result) => {
              // The ones changed meanwhile stay ticked, now at the version a colleague left them:
              // applying again is a deliberate choice on what is shown now.
              setSelected(new Map(result.stale.map((row) => [row.id, row.version])));
              setChanged(new Set(result.stale.map((row) => row.id)));
            }}
          />
          <RequestTable
            rows={rows}
            selected={selected}
            changed={changed}
            onSelect={select}
            onSelectAll={(on) => {
              setChanged(new Set());
              setSelected(on ? new Map(rows.map((row) => [row.id, row.version])) : new Map());
            }}
            staffNames={staffNames}
            duplicatesOf={duplicatesOf}
            fresh={fresh}
            onOpen={onOpen}
          />
          {more}
        </>
      ) : (
        cards
      )}
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
    </div>
  );
}
