import { useEffect, useState } from 'react';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { hasChanges, notesTooLong } from '~/lib/admin/team.ts';
import { useRequestDraft } from './useRequestDraft.ts';
import { useSaveRequest } from './useSaveRequest.ts';

/**
 * The open dialog owns its request: its edits (useRequestDraft) and their save (useSaveRequest)
 * follow the row as colleagues change it: a change under the coordinator's edits is explained at
 * once with the conflict view (who changed what, and the button to re-apply); a request erased
 * meanwhile (`gone`, or a save that finds
 * nothing) is said so, and the edits stay in the form to be copied.
 */
export function useRequestEditor(request: ContactRequest, gone: boolean, close: () => void) {
  const draft = useRequestDraft(request);
  const [lost, setLost] = useState(false);
  const deleted = gone || lost;
  const save = useSaveRequest(request, {
    pending: draft.pending,
    settle: draft.settle,
    onDone: close,
    onGone: () => setLost(true),
  });

  // A colleague's save under the coordinator's edits is explained at once, before she saves
  // (a save would be refused anyway); with nothing edited the save itself will say it.
  const moved = request.version > draft.baseVersion;
  const { dirty, baseVersion } = draft;
  const waiting = save.inFlight || save.conflict !== null || deleted;
  useEffect(() => {
    if (moved && dirty && !waiting) void save.explain(baseVersion);
    // Runs when the row moves on past the edits' base; the handlers are fresh each render.
  }, [moved, waiting, dirty, baseVersion, request.version]);

  const submit = () => {
    if (deleted || notesTooLong(draft.edits.notes)) return;
    const next = draft.pending();
    if (!next) {
      close();
      return;
    }
    save.clearConflict();
    save.send(next);
  };

  /** Takes the request as it is now as the new base and saves the coordinator's own changes on it. */
  const reapply = () => {
    if (!save.conflict) return;
    const next = draft.rebase(save.conflict.current);
    save.clearConflict();
    if (hasChanges(next.changes)) save.send(next);
  };

  return { draft, save, deleted, submit, reapply };
}
