import { useEffect, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { toast, Toaster } from 'sonner';
// Bundled rather than injected at run time, which the Content-Security-Policy (style-src) forbids.
import 'sonner/dist/styles.css';
import { adminText } from '~/lib/admin/strings.ts';
import { takeWelcome } from './welcome.ts';

/**
 * Where the toasts live: in the topmost open modal <dialog>, else at the end of <body>. A dialog
 * opened with showModal() sits in the browser's top layer and makes everything outside it inert,
 * so a toast drawn anywhere else would be hidden under it and could not be pressed; inside the
 * dialog it is drawn above the content (position: fixed, the toaster's own z-index) and its
 * buttons take focus and clicks like the dialog's own. The host element is moved, not re-rendered,
 * so toasts on screen stay when a dialog opens or closes.
 */
export function toastHostParent(doc: Document): HTMLElement {
  const modals = [...doc.querySelectorAll('dialog[open]')].filter((dialog) =>
    dialog.matches(':modal'),
  );
  // The top layer stacks in opening order, which querySelectorAll does not know; a dialog opened
  // from inside another is its descendant, so the innermost open one is the last in document order
  // among nested ones. Separate dialogs are one at a time in the back office.
  return (modals.at(-1) as HTMLElement | undefined) ?? doc.body;
}

function useToastHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    element.dataset.toastHost = '';
    const place = () => {
      const parent = toastHostParent(document);
      // Last child of its parent, so its toasts come after the dialog's controls in the tab order.
      if (element.parentElement !== parent || element.nextSibling) parent.append(element);
    };
    place();
    setHost(element);
    // A dialog opening or closing toggles its `open` attribute; one removed while open (its island
    // unmounted) changes the child list. Either way the host goes where the toasts can be seen.
    const observer = new MutationObserver((records) => {
      if (records.some((record) => record.target !== element && !element.contains(record.target)))
        place();
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open'],
    });
    return () => {
      observer.disconnect();
      element.remove();
    };
  }, []);
  return host;
}

/**
 * sonner's rich colours are below WCAG AA for their text (success 4.29:1, info 4.35:1, warning
 * 3.07:1, error 4.36:1 on their own backgrounds); once the toasts are drawn inside an open dialog
 * the axe scan sees them (outside it they were inert). Same hues, darker text: 5.96, 6.18, 6.74
 * and 6.25:1.
 */
const READABLE_RICH_COLOURS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 36%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 36%)',
} as CSSProperties;

/** Right-to-left toasts in the brand font (sonner), visible and pressable above an open dialog. */
export function AdminToaster() {
  const host = useToastHost();
  // After the commit that mounted the toaster (its own subscription is a child's effect, run
  // first), so the welcome of a sign-in that just led here is not lost.
  useEffect(() => {
    if (host && takeWelcome()) {
      toast.success(adminText('admin.login.successTitle'), {
        description: adminText('admin.login.successDescription'),
      });
    }
  }, [host]);
  if (!host) return null;
  return createPortal(
    <Toaster
      dir="rtl"
      position="top-center"
      richColors
      closeButton
      style={READABLE_RICH_COLOURS}
      customAriaLabel={adminText('admin.notifications')}
      toastOptions={{
        closeButtonAriaLabel: adminText('admin.close'),
        style: { fontFamily: 'var(--font-sans)', fontSize: '0.95rem' },
      }}
    />,
    host,
  );
}
