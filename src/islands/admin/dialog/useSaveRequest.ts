import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { withSavedRow, type PageAnswer } from '~/lib/admin/page.ts';
import { AdminDataError, isSessionError } from '~/lib/admin/query.ts';
import type { ContactRequest, RequestEvent } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { refusalText } from '~/lib/admin/refusals.ts';
import { StaleVersionError } from '~/lib/admin/writes.ts';
import { adminQueryKeys, fetchEvents, fetchRequest, saveRequest } from '../data.ts';
import { goToLogin } from '../session.ts';
import type { PendingSave } from './useRequestDraft.ts';

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

/**
 * Says what went wrong in a toast, with the rule the database named (or that nothing answered:
 * refusalText), or goes to the login page when the session is gone.
 */
export function reportFailure(error: unknown, message: string): void {
  if (isSessionError(error)) return goToLogin('expired');
  const why = refusalText(error);
  toast.error(adminText('admin.error'), {
    description: message.includes(why) ? message : `${message} ${why}`,
  });
}

interface SaveHandlers {
  /** The edits to send now (read at each attempt, so a retry sends what was typed since). */
  pending: () => PendingSave | null;
  /** The database saved this row; returns what is still unsaved (typed during the save). */
  settle: (saved: ContactRequest) => PendingSave | null;
  /** Everything typed is in the database. */
  onDone: () => void;
  /** The request was erased meanwhile. */
  onGone: () => void;
}

/**
 * The dialog's conditional save (saveRequest in ../data.ts). A save that succeeds while the
 * coordinator kept typing is followed by another with the rest, until the database holds exactly
 * the edits; only then is the dialog done. A stale save loads what changed since (the conflict to
 * explain); a save that cannot reach the server is retried with the edits as they are at that
 * moment (2 s, doubling to 30 s, and at once when the browser is back online) while the dialog
 * stays open, its draft already on disk.
 */
export function useSaveRequest(request: ContactRequest, handlers: SaveHandlers) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [offline, setOffline] = useState(false);
  const retryTimer = useRef<number | undefined>(undefined);
  const retryDelay = useRef(FIRST_RETRY_MS);
  const latest = useRef(handlers);
  latest.current = handlers;

  /** Loads who changed what since `version`, and the row now, for the conflict view. */
  const explain = async (version: number): Promise<boolean> => {
    try {
      const [since, current] = await Promise.all([
        fetchEvents(request.id, version),
        fetchRequest(request.id),
      ]);
      if (!current) {
        latest.current.onGone();
        return true;
      }
      setConflict({ events: since, current });
      return true;
    } catch (loadError) {
      reportFailure(loadError, adminText('admin.modal.updateError'));
      return false;
    }
  };

  const save = useMutation({
    mutationFn: (input: PendingSave) => saveRequest(request.id, input.version, input.changes),
    onMutate: () => window.clearTimeout(retryTimer.current),
    onSuccess: async (saved) => {
      setOffline(false);
      retryDelay.current = FIRST_RETRY_MS;
      queryClient.setQueriesData<InfiniteData<PageAnswer>>(
        { queryKey: adminQueryKeys.requestPage },
        (data) => data && { ...data, pages: data.pages.map((page) => withSavedRow(page, saved)) },
      );
      queryClient.setQueryData<ContactRequest | null>(adminQueryKeys.request(saved.id), (row) =>
        row ? { ...row, ...saved } : row,
      );
      const rest = latest.current.settle(saved);
      if (rest) {
        // Typed while the save was on its way: saved next, on top of what just went through.
        save.mutate(rest);
        return;
      }
      toast.success(adminText('admin.modal.updateSuccessTitle'), {
        description: adminText('admin.modal.updateSuccessDescription'),
      });
      latest.current.onDone();
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) });
    },
    onError: async (error, input) => {
      if (error instanceof StaleVersionError && (await explain(input.version))) return;
      if (error instanceof AdminDataError && error.status === 404) return latest.current.onGone();
      if (isTransient(error)) {
        setOffline(true);
        const delay = retryDelay.current;
        retryDelay.current = Math.min(delay * 2, 30_000);
        retryTimer.current = window.setTimeout(retry, delay);
        return;
      }
      reportFailure(error, adminText('admin.modal.updateError'));
    },
  });

  /** Sends the edits as they are now; nothing left to send ends the outage notice. */
  function retry() {
    const next = latest.current.pending();
    if (next) save.mutate(next);
    else setOffline(false);
  }

  const retryNow = () => {
    retryDelay.current = FIRST_RETRY_MS;
    retry();
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
    explain,
    offline,
    /** A save is on its way (or waiting to be retried). */
    inFlight: save.isPending || offline,
    saving: save.isPending && !offline,
    send: (input: PendingSave) => save.mutate(input),
    retryNow,
  };
}
