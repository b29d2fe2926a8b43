import { useEffect } from 'react';

/** True while the coordinator is typing: shortcuts must not eat their letters. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement &&
      !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type))
  );
}

/**
 * Moves the focus to the next (+1) or previous (-1) request on screen, card or table line alike:
 * both mark their focus target with data-nav-id. From nowhere, the first one in view.
 */
export function moveToRequest(step: 1 | -1): void {
  const targets = [...document.querySelectorAll<HTMLElement>('[data-nav-id]')];
  if (targets.length === 0) return;
  const current = targets.findIndex((target) => target === document.activeElement);
  const next =
    current === -1
      ? (targets.find((target) => target.getBoundingClientRect().bottom > 0) ?? targets[0])
      : targets[Math.min(Math.max(current + step, 0), targets.length - 1)];
  next?.focus();
  next?.scrollIntoView({ block: 'nearest' });
}

/**
 * The dashboard's keyboard shortcuts (listed by ShortcutsHelp.tsx): `/` search, `j`/`k` next and
 * previous request, `?` the help. Enter on a focused request opens it natively (its button or
 * table line), Ctrl/⌘+S and Esc belong to the request dialog. Nothing fires while typing in a
 * field or while a dialog is open, so a note can contain "j" and "/".
 */
export function useShortcuts(handlers: { onHelp: () => void }): void {
  const { onHelp } = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('#content input[type="search"]');
        if (!search) return;
        event.preventDefault();
        search.focus();
        search.select();
      } else if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        moveToRequest(event.key === 'j' ? 1 : -1);
      } else if (event.key === '?') {
        event.preventDefault();
        onHelp();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onHelp]);
}
