import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { adminAr } from '~/i18n/ui/admin-ar.ts';
import { adminEn } from '~/i18n/ui/admin-en.ts';
import type { AdminKey } from '~/lib/admin/strings.ts';
import { adminText } from '~/lib/admin/strings.ts';

/** Each shortcut and what it does; the keys are shown left to right, as printed on keyboards. */
const shortcuts: { keys: string[]; what: AdminKey }[] = [
  { keys: ['/'], what: 'admin.work.keySearch' },
  { keys: ['j', '↓'], what: 'admin.work.keyNext' },
  { keys: ['k', '↑'], what: 'admin.work.keyPrevious' },
  { keys: ['Enter'], what: 'admin.work.keyOpen' },
  { keys: ['Ctrl+S', '⌘+S'], what: 'admin.work.keySave' },
  { keys: ['Esc'], what: 'admin.work.keyClose' },
  { keys: ['?'], what: 'admin.work.keyHelp' },
];

/**
 * The help overlay of the keyboard shortcuts, in Arabic with the English beside it (coordinators
 * share keyboards and habits with English tools). A native <dialog> opened with showModal(): the
 * page behind is inert and Tab wraps around inside, and Esc closes it.
 */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const uid = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    // A click on the backdrop closes, as Escape does natively for keyboard users.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      // A modal dialog keeps the page inert, but Tab past its last button would leave for the
      // browser's own controls: wrap around instead, so the focus stays here until it closes.
      onKeyDown={(event) => {
        if (event.key !== 'Tab') return;
        const focusable = [
          ...event.currentTarget.querySelectorAll<HTMLElement>('button, [href], [tabindex="0"]'),
        ];
        const first = focusable[0];
        const last = focusable.at(-1);
        if (!first || !last) return;
        if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
          event.preventDefault();
          (event.shiftKey ? last : first).focus();
        }
      }}
      aria-labelledby={`${uid}-title`}
      data-testid="shortcuts-help"
      className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-(--radius-card) bg-white p-5 text-ink shadow-(--shadow-lift) backdrop:bg-teal-950/60"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={`${uid}-title`} className="text-xl font-bold">
          {adminText('admin.work.shortcuts')}{' '}
          <span lang="en" dir="ltr" className="text-base font-semibold text-muted">
            {adminEn['admin.work.shortcuts']}
          </span>
        </h2>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label={adminText('admin.close')}
          className="rounded-full p-2 text-muted hover:bg-sand-100 hover:text-ink"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <table className="mt-4 w-full text-sm">
        <tbody>
          {shortcuts.map((shortcut) => (
            <tr key={shortcut.what} className="border-b border-sand-100">
              <td className="py-2 pe-3 whitespace-nowrap">
                <span dir="ltr" className="inline-flex gap-1">
                  {shortcut.keys.map((key) => (
                    <kbd
                      key={key}
                      className="rounded-md border border-sand-300 bg-sand-50 px-1.5 py-0.5 font-mono text-xs"
                    >
                      {key}
                    </kbd>
                  ))}
                </span>
              </td>
              <td className="py-2 pe-3 font-semibold">{adminAr[shortcut.what]}</td>
              <td lang="en" dir="ltr" className="py-2 text-end text-muted">
                {adminEn[shortcut.what]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-muted">{adminText('admin.work.keysNote')}</p>
    </dialog>
  );
}
