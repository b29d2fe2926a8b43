import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { adminText } from '~/lib/admin/strings.ts';

interface SheetProps {
  id: string;
  title: string;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
  testId?: string;
}

/**
 * A small sheet over the page (the HTML popover, `popover="auto"`): opened by a button with
 * `popoverTarget={id}`, closed by Esc, a click outside or its close button, and drawn in the top
 * layer, above the request dialog too. Clicks inside it stay inside (a card would open its request).
 */
export function Sheet({ id, title, onOpenChange, children, testId }: SheetProps) {
  return (
    // Clicks inside the sheet must not reach the card around it (which opens its request).
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      onToggle={(event) => onOpenChange?.(event.newState === 'open')}
      onClick={(event) => event.stopPropagation()}
      className="m-auto max-h-[85dvh] w-[min(32rem,calc(100%-1.5rem))] overflow-y-auto rounded-(--radius-card) border border-sand-200 bg-white p-4 text-start text-ink shadow-(--shadow-lift) backdrop:bg-teal-950/40 sm:p-5"
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        {/* h2: the card around it names its patient with an h3. */}
        <h2 id={`${id}-title`} className="text-base font-bold">
          {title}
        </h2>
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          aria-label={adminText('admin.close')}
          className="rounded-full p-1.5 text-muted hover:bg-sand-100 hover:text-ink"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {children}
    </div>
  );
}

/** Closes the sheet `id` if it is open. */
export function hideSheet(id: string): void {
  const sheet = document.getElementById(id);
  if (sheet?.matches(':popover-open')) sheet.hidePopover();
}
