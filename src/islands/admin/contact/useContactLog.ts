import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isSessionError } from '~/lib/admin/query.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { adminQueryKeys } from '../data.ts';
import { goToLogin } from '../session.ts';

/**
 * Records a contact (a WhatsApp message or a call) in the request's timeline, after the chat or the
 * call has already opened: the link opens from the click itself, so no popup blocker stops it, and
 * the record follows. A record that fails says so with «إعادة المحاولة» (the database takes the
 * same record twice within 30 seconds as one), and the timeline is read again once it is in.
 */
export function useContactLog(requestId: string) {
  const queryClient = useQueryClient();
  // Each record its own failure notice (a retry replaces only its own): a second failure on the
  // same request must not take the first one's «إعادة المحاولة» away with it.
  const record = (
    write: () => Promise<void>,
    done?: () => void,
    notice = `contact-log-${requestId}-${crypto.randomUUID()}`,
  ): void => {
    write().then(
      () => {
        toast.dismiss(notice);
        done?.();
        void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) });
      },
      (error: unknown) => {
        if (isSessionError(error)) return goToLogin('expired');
        toast.error(adminText('admin.contact.logFailed'), {
          id: notice,
          duration: Infinity,
          action: {
            label: adminText('admin.contact.retry'),
            onClick: () => record(write, done, notice),
          },
        });
      },
    );
  };
  return record;
}
