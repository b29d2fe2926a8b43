import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isSessionError } from '~/lib/admin/query.ts';
import { refusalText } from '~/lib/admin/refusals.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { isNoAnswer, newWriteKey } from '~/lib/admin/writes.ts';
import { adminQueryKeys } from '../data.ts';
import { goToLogin } from '../session.ts';

/**
 * Records a contact (a WhatsApp message or a call) in the request's timeline, after the chat or the
 * call has already opened: the link opens from the click itself, so no popup blocker stops it, and
 * the record follows. Each record has its own idempotency key (issue 41), the same for every retry
 * of it, so a retry after a lost answer is the same record, never a second one. A record that got
 * no answer says so with «إعادة المحاولة»; one the database refused says why (refusalText) and,
 * as no retry could succeed, offers none; either notice stays until the coordinator dismisses it.
 * The timeline is read again once the record is in.
 */
export function useContactLog(requestId: string) {
  const queryClient = useQueryClient();
  // Each record its own notice and key (a retry replaces only its own notice): a second failure
  // on the same request must not take the first one's «إعادة المحاولة» away with it.
  const record = (
    write: (key: string) => Promise<void>,
    done?: () => void,
    key = newWriteKey(),
  ): void => {
    const notice = `contact-log-${requestId}-${key}`;
    write(key).then(
      () => {
        toast.dismiss(notice);
        done?.();
        void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) });
      },
      (error: unknown) => {
        if (isSessionError(error)) return goToLogin('expired');
        const retryable = isNoAnswer(error);
        toast.error(adminText('admin.contact.logFailed'), {
          id: notice,
          description: refusalText(error),
          duration: Infinity,
          closeButton: true,
          ...(retryable
            ? {
                action: {
                  label: adminText('admin.contact.retry'),
                  onClick: () => record(write, done, key),
                },
              }
            : { cancel: { label: adminText('admin.contact.dismiss'), onClick: () => {} } }),
        });
      },
    );
  };
  return record;
}
