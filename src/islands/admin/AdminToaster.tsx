import { Toaster } from 'sonner';
// Bundled rather than injected at run time, which the Content-Security-Policy (style-src) forbids.
import 'sonner/dist/styles.css';
import { adminText } from '~/lib/admin/strings.ts';

/** Right-to-left toasts in the brand font (sonner). */
export function AdminToaster() {
  return (
    <Toaster
      dir="rtl"
      position="top-center"
      richColors
      closeButton
      customAriaLabel={adminText('admin.notifications')}
      toastOptions={{
        closeButtonAriaLabel: adminText('admin.close'),
        style: { fontFamily: 'var(--font-sans)', fontSize: '0.95rem' },
      }}
    />
  );
}
