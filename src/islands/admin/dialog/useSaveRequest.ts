import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AdminDataError, isSessionError } from '~/lib/admin/query.ts';
import type { ContactRequest, RequestEvent } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { removeDraft, StaleVersionError, type RequestChanges } from '~/lib/admin/team.ts';
import { adminQueryKeys, fetchEvents, fetchRequest, saveRequest } from '../data.ts';
import { goToLogin } from '../session.ts';

/** A save the database refused because the request moved on: what happened since, and the row now. */
export interface Conflict {
  events: RequestEvent[];
  current: ContactRequest;
}

/** The first retry of a save that could not reach the server, doubling up to 30 s. */
const FIRST_RETRY_MS = 2000;

function isTransient(error: unknown): boolean {
  return error instanceof AdminDataError
    ? error.status === 0 || error.status >= 500
    : error instanceof TypeError;
}

/** Says what went wrong in a toast, or goes to the login page when the session is gone. */
export function reportFailure(error: unknown, message: string): void {
  if (isSessionError(error)) return goToLogin('expired');
  toast.error(adminText('admin.error'), { description: message });
}

/**
 * The dialog's conditional save (saveRequest in ../data.ts): on success the draft goes and the
 * dialog closes; a stale save loads what changed since (the conflict to explain); a save that
 * cannot reach the server is retried (2 s, doubling to 30 s, and at once when the browser is back
 * online) while the dialog stays open, its draft already on disk.
 */
export function useSaveRequest(request: ContactRequest, onSaved: () => void) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [offline, setOffline] = useState(false);
  const retryTimer = useRef<number | undefined>(undefined);
  const retryDelay = useRef(FIRST_RETRY_MS);

  const save = useMutation({
    mutationFn: (input: { version: number; changes: RequestChanges }) =>
      saveRequest(request.id, input.version, input.changes),
    onMutate: () => window.clearTimeout(retryTimer.current),
    onSuccess: async (saved) => {
      removeDraft(localStorage, request.id);
      setOffline(false);
      queryClient.setQueryData<ContactRequest[]>(adminQueryKeys.requests, (rows) =>
        rows?.map((row) => (row.id === saved.id ? { ...row, ...saved } : row)),
      );
      toast.success(adminText('admin.modal.updateSuccessTitle'), {
        description: adminText('admin.modal.updateSuccessDescription'),
      });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) });
    },
    onError: async (error, input) => {
      if (error instanceof StaleVersionError) {
        try {
          const [since, current] = await Promise.all([
            fetchEvents(request.id, input.version),
            fetchRequest(request.id),
          ]);
          if (current) {
            setConflict({ events: since, current });
            return;
          }
        } catch (loadError) {
          return reportFailure(loadError, adminText('admin.modal.updateError'));
        }
      }
      if (isTransient(error)) {
        setOffline(true);
        const delay = retryDelay.current;
        retryDelay.current = Math.min(delay * 2, 30_000);
        retryTimer.current = window.setTimeout(() => save.mutate(input), delay);
        return;
      }
      reportFailure(error, adminText('admin.modal.updateError'));
    },
  });

  const retryNow = () => {
    retryDelay.current = FIRST_RETRY_MS;
    if (save.variables) save.mutate(save.variables);
  };

  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', retryNow);
    return () => window.removeEventListener('online', retryNow);
  });

  useEffect(() => () => window.clearTimeout(retryTimer.current), []);

  return {
    conflict,
    clearConflict: () => setConflict(null),
    offline,
    saving: save.isPending && !offline,
    mutate: (version: number, changes: RequestChanges) => save.mutate({ version, changes }),
    retryNow,
  };
}
