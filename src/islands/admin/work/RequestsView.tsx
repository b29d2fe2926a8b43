import { Keyboard, LayoutList, Table2 } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import type { ContactRequest, StaffAccount } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { DutyToggle } from '../contact/DutyToggle.tsx';
import { AlertToggle } from './AlertToggle.tsx';
import { BulkBar } from './BulkBar.tsx';
import { RequestTable } from './RequestTable.tsx';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';
import { useSelection } from './useSelection.ts';
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
  /** Rows the search found only as a possible match of the searched number. */
  possible?: ReadonlySet<string>;
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
  possible,
  fresh,
  onOpen,
  cards,
  more,
}: RequestsViewProps) {
  const [view, setView] = useState<View>(rememberedView);
  const selection = useSelection(rows);
  const [help, setHelp] = useState(false);
  useShortcuts({ onHelp: useCallback(() => setHelp(true), []) });

  const choose = (next: View) => {
    setView(next);
    localStorage.setItem(VIEW_KEY, next);
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
            <span className="max-sm:sr-only">{adminText('admin.work.viewCards')}</span>
          </button>
          <button
            type="button"
            aria-pressed={view === 'table'}
            data-testid="view-table"
            className={toggleClass(view === 'table')}
            onClick={() => choose('table')}
          >
            <Table2 className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">{adminText('admin.work.viewTable')}</span>
          </button>
        </div>
        <AlertToggle />
        <DutyToggle />
        {/* Keyboard shortcuts are no use on a phone: the link gives its row to the requests. */}
        <button
          type="button"
          className="ms-auto inline-flex items-center gap-1.5 text-sm font-semibold text-teal-900 underline max-sm:hidden"
          onClick={() => setHelp(true)}
        >
          <Keyboard className="size-4" aria-hidden="true" />
          {adminText('admin.work.shortcutsOpen')}
        </button>
      </div>

      {view === 'table' && rows.length > 0 ? (
        <>
          <BulkBar
            items={selection.items}
            staff={staff}
            onClear={selection.clear}
            onDone={selection.done}
          />
          <RequestTable
            rows={rows}
            selected={selection.selected}
            changed={selection.changed}
            onSelect={selection.select}
            onSelectAll={selection.selectAll}
            staffNames={staffNames}
            duplicatesOf={duplicatesOf}
            {...(possible ? { possible } : {})}
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
