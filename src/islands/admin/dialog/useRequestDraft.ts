import { useEffect, useMemo, useState } from 'react';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import {
  changesBetween,
  editsOf,
  hasChanges,
  readDraft,
  removeDraft,
  writeDraft,
  type RequestChanges,
  type RequestEdits,
} from '~/lib/admin/team.ts';
import { rememberedUsername } from '../session.ts';

export interface RequestDraft {
  /** The version the edits are based on: what the save asks the database to still find. */
  baseVersion: number;
  edits: RequestEdits;
  /** Only the fields the coordinator changed, as the save sends them. */
  changes: RequestChanges;
  dirty: boolean;
  /** When restored edits were made (shown until they are saved or thrown away), or null. */
  restoredAt: string | null;
  set: (patch: Partial<RequestEdits>) => void;
  /**
   * Takes `current` (the row a colleague saved) as the new base and keeps on it only the fields
   * the coordinator changed; returns what to save then.
   */
  rebase: (current: ContactRequest) => RequestChanges;
  discard: () => void;
}

/**
 * The dialog's edits of one request, kept in localStorage until the database has them: every
 * keystroke is on disk before anything can end the session or the page, per username, and a
 * dialog opened again starts from the stored draft (src/lib/admin/team.ts).
 */
export function useRequestDraft(request: ContactRequest): RequestDraft {
  const username = useMemo(() => rememberedUsername(), []);
  const [initial] = useState(() => {
    const draft = readDraft(localStorage, request.id, username);
    return draft
      ? { ...draft, restoredAt: draft.updatedAt }
      : {
          baseVersion: request.version,
          opened: editsOf(request),
          edits: editsOf(request),
          restoredAt: null,
        };
  });
  const [baseVersion, setBaseVersion] = useState(initial.baseVersion);
  const [opened, setOpened] = useState<RequestEdits>(initial.opened);
  const [edits, setEdits] = useState<RequestEdits>(initial.edits);
  const [restoredAt, setRestoredAt] = useState<string | null>(initial.restoredAt);
  const changes = useMemo(() => changesBetween(opened, edits), [opened, edits]);
  const dirty = hasChanges(changes);

  useEffect(() => {
    if (dirty) {
      writeDraft(localStorage, {
        requestId: request.id,
        username,
        baseVersion,
        opened,
        edits,
        updatedAt: new Date().toISOString(),
      });
    } else {
      removeDraft(localStorage, request.id);
    }
  }, [dirty, edits, opened, baseVersion, request.id, username]);

  const rebase = (current: ContactRequest): RequestChanges => {
    const base = editsOf(current);
    const mine: RequestEdits = {
      status: changes.status !== undefined ? edits.status : base.status,
      notes: changes.notes !== undefined ? edits.notes : base.notes,
      assignedTo: changes.assigned_to !== undefined ? edits.assignedTo : base.assignedTo,
      followUp: changes.follow_up_at !== undefined ? edits.followUp : base.followUp,
    };
    setBaseVersion(current.version);
    setOpened(base);
    setEdits(mine);
    return changesBetween(base, mine);
  };

  const discard = () => {
    removeDraft(localStorage, request.id);
    setBaseVersion(request.version);
    setOpened(editsOf(request));
    setEdits(editsOf(request));
    setRestoredAt(null);
  };

  return {
    baseVersion,
    edits,
    changes,
    dirty,
    restoredAt,
    set: (patch) => setEdits((current) => ({ ...current, ...patch })),
    rebase,
    discard,
  };
}
