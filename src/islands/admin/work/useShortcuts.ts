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
 * The shortcut a key press means, read from the physical key (`event.code`), never from the
 * character it types: in the Arabic layout the keys of j, k and / type «ت», «ن» and «ظ», and
 * Shift+/ types «؟». Null for any other key.
 */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'code' | 'key' | 'shiftKey'>,
): 'search' | 'next' | 'previous' | 'help' | null {
  switch (event.code) {
    case 'Slash':
      return event.shiftKey || event.key === '?' || event.key === '؟' ? 'help' : 'search';
    case 'KeyJ':
      return 'next';
    case 'KeyK':
      return 'previous';
    default:
      // No physical key reported (some virtual keyboards): the characters as typed.
      if (event.code) return null;
      return event.key === '/' ? 'search' : event.key === '?' || event.key === '؟' ? 'help' : null;
  }
}

/**
 * The dashboard's keyboard shortcuts (listed by ShortcutsHelp.tsx): `/` search, `j`/`k` next and
 * previous request, `?` the help, by physical key in any layout. Enter on a focused request opens
 * it natively (its button or table line), Ctrl/⌘+S and Esc belong to the request dialog. Nothing
 * fires while typing in a field or while a dialog is open, so a note can contain "j" and "/".
 */
export function useShortcuts(handlers: { onHelp: () => void }): void {
  const { onHelp } = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      const shortcut = shortcutOf(event);
      if (shortcut === 'search') {
        const search = document.querySelector<HTMLInputElement>('#content input[type="search"]');
        if (!search) return;
        event.preventDefault();
        search.focus();
        search.select();
      } else if (shortcut === 'next' || shortcut === 'previous') {
        event.preventDefault();
        moveToRequest(shortcut === 'next' ? 1 : -1);
      } else if (shortcut === 'help') {
        event.preventDefault();
        onHelp();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onHelp]);
}
