import { Download, Search } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { statusLabel, statusOf } from '~/lib/admin/labels.ts';
import type { RequestStatus } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';

const statusStyles: Record<RequestStatus, string> = {
  new: 'bg-saffron-300 text-teal-950',
  in_progress: 'bg-teal-100 text-teal-900',
  completed: 'bg-teal-700 text-white',
  cancelled: 'bg-sand-200 text-ink',
};

export function StatusBadge({ status }: { status: string | null }) {
  return (
    <span
      data-status={statusOf(status)}
      className={`inline-flex shrink-0 items-center rounded-full px-3 py-0.5 text-sm font-semibold ${statusStyles[statusOf(status)]}`}
    >
      {statusLabel(status)}
    </span>
  );
}

export function Badge({
  children,
  tone = 'sand',
}: {
  children: ReactNode;
  tone?: 'sand' | 'teal';
}) {
  return (
    <span
      dir="auto"
      className={`inline-flex max-w-full items-center truncate rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        tone === 'teal' ? 'bg-teal-50 text-teal-800' : 'bg-sand-100 text-ink'
      }`}
    >
      {children}
    </span>
  );
}

/**
 * «ربما الرقم نفسه»: a search result found only because the searched full number, without its
 * country code, is this request's number (src/lib/admin/search-match.ts). Not the same person
 * until staff say so (the dialog's person section offers the merge).
 */
export function PossibleMatchBadge() {
  return (
    <span
      data-testid="possible-match"
      title={adminText('admin.person.possible')}
      className="inline-flex items-center rounded-full border border-dashed border-offer-700 px-2.5 py-0.5 text-xs font-semibold text-offer-700"
    >
      {adminText('admin.search.possibleBadge')}
      <span className="sr-only"> {adminText('admin.person.possible')}</span>
    </span>
  );
}

/** A labelled value in a card or the dialog (a <dt>/<dd> pair). */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  );
}

/**
 * Text a patient or coordinator typed: never HTML, direction from its own first letters, and a
 * long unbroken run (a pasted link, "aaaa…") wraps anywhere instead of pushing the page sideways.
 */
export function UserText({ children, className = '' }: { children: string; className?: string }) {
  return (
    <span dir="auto" className={`[overflow-wrap:anywhere] ${className}`}>
      {children}
    </span>
  );
}

export function Missing() {
  return <span className="text-muted">{adminText('admin.notSpecified')}</span>;
}

/** A full-width centred message (loading, empty, error) announced to screen readers. */
export function Notice({
  children,
  tone = 'muted',
}: {
  children: ReactNode;
  tone?: 'muted' | 'error';
}) {
  return (
    <div
      role="status"
      className={`card px-6 py-12 text-center text-lg font-semibold ${tone === 'error' ? 'text-offer-700' : 'text-muted'}`}
    >
      {children}
    </div>
  );
}

/** A list that could not be loaded, with a button to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice tone="error">
      <p>{message}</p>
      <button type="button" className="btn btn-primary mt-4" onClick={onRetry}>
        {adminText('admin.dashboard.retry')}
      </button>
    </Notice>
  );
}

/** Downloads what the screen shows (its filters applied) as CSV; off while nothing is shown. */
export function ExportCsvButton({
  disabled,
  onExport,
  className,
  compact = false,
}: {
  disabled: boolean;
  onExport: () => void;
  className: string;
  /** On a phone only the icon shows (the name stays for screen readers). */
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      className={`btn btn-primary px-4 text-sm ${className}`}
      disabled={disabled}
      onClick={onExport}
    >
      <Download className="size-4" aria-hidden="true" />
      {compact ? (
        <span className="max-sm:sr-only">{adminText('admin.filters.export')}</span>
      ) : (
        adminText('admin.filters.export')
      )}
    </button>
  );
}

/** Shown while the access check runs (nothing of the back office is shown before it passes). */
export function Checking() {
  return (
    <div className="container-page py-16">
      <Notice>{adminText('admin.checking')}</Notice>
    </div>
  );
}

/**
 * The search box of the admin screens (the dashboard's toolbar, the leads screen): its label, the
 * magnifier at the inline start, and the text as typed in either direction. `/` focuses it
 * (work/useShortcuts.ts finds it by `type="search"`).
 */
/**
 * From the search box to the results (issue 41): Enter and ↓ focus the first request on screen
 * (a card or a table line, both marked data-nav-id; where there are none, as on the leads screen,
 * they do nothing), from where j/k, ↑/↓ and Enter work; Esc leaves the field and keeps the query
 * (a search field's native Esc would clear it), so the shortcuts answer again.
 */
function searchKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.nativeEvent.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    event.currentTarget.blur();
  } else if (event.key === 'Enter' || event.key === 'ArrowDown') {
    const first = document.querySelector<HTMLElement>('#content [data-nav-id]');
    if (!first) return;
    event.preventDefault();
    first.focus();
    first.scrollIntoView({ block: 'nearest' });
  }
}

export function SearchField({
  id,
  value,
  onChange,
  inputClassName,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  inputClassName: string;
}) {
  return (
    <>
      <label htmlFor={id} className="block text-sm font-semibold text-teal-900">
        {adminText('admin.filters.search')}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 mt-0.5 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          dir="auto"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={searchKeys}
          placeholder={adminText('admin.filters.searchPlaceholder')}
          className={`${inputClassName} ps-9`}
        />
      </div>
    </>
  );
}
