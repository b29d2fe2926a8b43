import { useEffect, useMemo, useRef, useState } from 'react';
import {
  DRAFT_PREFIX,
  readDrafts,
  removeDraft,
  writeDraft,
  type Draft,
} from '~/lib/admin/drafts.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import {
  changesBetween,
  editsOf,
  hasChanges,
  type RequestChanges,
  type RequestEdits,
} from '~/lib/admin/team.ts';
import { rememberedUsername } from '../session.ts';
import { currentTab, liveTabs } from './tabs.ts';

/** What to send: the changes against the version they are based on. */
export interface PendingSave {
  version: number;
  changes: RequestChanges;
}

export interface RequestDraft {
  /** The version the edits are based on: what the save asks the database to still find. */
  baseVersion: number;
  edits: RequestEdits;
  /** Only the fields the coordinator changed, as the save sends them. */
  changes: RequestChanges;
  dirty: boolean;
  /** When restored edits were made (shown until they are saved or thrown away), or null. */
  restoredAt: string | null;
  /** Unsaved edits of this request in another open tab (never touched from here), or null. */
  elsewhere: Draft | null;
  set: (patch: Partial<RequestEdits>) => void;
  /** What to save now, read at the moment of sending (a retry sends the latest edits). */
  pending: () => PendingSave | null;
  /**
   * The database saved `saved`: it becomes the base, the edits stay, and what is still unsaved
   * (typed during the save) is returned; null when the database holds exactly the edits.
   */
  settle: (saved: ContactRequest) => PendingSave | null;
  /**
   * Takes `current` (the row a colleague saved) as the new base and keeps on it only the fields
   * the coordinator changed; returns what to save then.
   */
  rebase: (current: ContactRequest) => PendingSave;
  discard: () => void;
}

interface Base {
  baseVersion: number;
  opened: RequestEdits;
  edits: RequestEdits;
}

/**
 * The dialog's edits of one request, kept in localStorage until the database has exactly them:
 * every keystroke is on disk before anything can end the session or the page, per username and
 * per tab (src/lib/admin/drafts.ts). A dialog opened again starts from this tab's draft, or takes
 * over one left by a closed tab; a draft of another open tab is only pointed out.
 */
export function useRequestDraft(request: ContactRequest): RequestDraft {
  const username = useMemo(() => rememberedUsername(), []);
  const tab = useMemo(() => currentTab(), []);
  const [initial] = useState(() => {
    const own = readDrafts(localStorage, request.id, username).find((d) => d.tab === tab);
    return own
      ? { ...own, restoredAt: own.updatedAt }
      : {
          baseVersion: request.version,
          opened: editsOf(request),
          edits: editsOf(request),
          restoredAt: null,
        };
  });
  const [base, setBase] = useState<Base>(initial);
  const [restoredAt, setRestoredAt] = useState<string | null>(initial.restoredAt);
  const [elsewhere, setElsewhere] = useState<Draft | null>(null);
  const latest = useRef(base);
  latest.current = base;
  const changes = useMemo(() => changesBetween(base.opened, base.edits), [base]);
  const dirty = hasChanges(changes);

  const update = (next: Base) => {
    latest.current = next;
    setBase(next);
  };

  useEffect(() => {
    const key = { requestId: request.id, username, tab };
    if (dirty) {
      writeDraft(localStorage, { ...key, ...base, updatedAt: new Date().toISOString() });
    } else {
      removeDraft(localStorage, key);
    }
  }, [dirty, base, request.id, username, tab]);

  // Drafts of this request from other tabs: a closed tab's is taken over, an open tab's shown.
  useEffect(() => {
    let cancelled = false;
    const look = async () => {
      const others = readDrafts(localStorage, request.id, username).filter((d) => d.tab !== tab);
      const live = await liveTabs();
      if (cancelled) return;
      const open = others.find((d) => live.has(d.tab) || live.has('*')) ?? null;
      setElsewhere(open);
      const left = others.find((d) => !live.has(d.tab) && !live.has('*'));
      const untouched = !hasChanges(changesBetween(latest.current.opened, latest.current.edits));
      if (left && untouched && !initial.restoredAt) {
        update({ baseVersion: left.baseVersion, opened: left.opened, edits: left.edits });
        setRestoredAt(left.updatedAt);
        removeDraft(localStorage, left);
      }
    };
    void look();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith(DRAFT_PREFIX)) void look();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      cancelled = true;
      window.removeEventListener('storage', onStorage);
    };
    // Once per dialog; later changes arrive as storage events.
  }, [request.id, username, tab]);

  const pending = (): PendingSave | null => {
    const now = latest.current;
    const next = changesBetween(now.opened, now.edits);
    return hasChanges(next) ? { version: now.baseVersion, changes: next } : null;
  };

  const settle = (saved: ContactRequest): PendingSave | null => {
    update({ baseVersion: saved.version, opened: editsOf(saved), edits: latest.current.edits });
    const rest = pending();
    if (!rest) {
      // Gone from disk before the dialog closes and the dashboard lists what is left.
      removeDraft(localStorage, { requestId: request.id, username, tab });
      setRestoredAt(null);
    }
    return rest;
  };

  const rebase = (current: ContactRequest): PendingSave => {
    const now = latest.current;
    const mine = changesBetween(now.opened, now.edits);
    const fresh = editsOf(current);
    const edits: RequestEdits = {
      status: mine.status !== undefined ? now.edits.status : fresh.status,
      notes: mine.notes !== undefined ? now.edits.notes : fresh.notes,
      assignedTo: mine.assigned_to !== undefined ? now.edits.assignedTo : fresh.assignedTo,
      followUp: mine.follow_up_at !== undefined ? now.edits.followUp : fresh.followUp,
    };
    update({ baseVersion: current.version, opened: fresh, edits });
    return { version: current.version, changes: changesBetween(fresh, edits) };
  };

  const discard = () => {
    removeDraft(localStorage, { requestId: request.id, username, tab });
    update({ baseVersion: request.version, opened: editsOf(request), edits: editsOf(request) });
    setRestoredAt(null);
  };

  return {
    baseVersion: base.baseVersion,
    edits: base.edits,
    changes,
    dirty,
    restoredAt,
    elsewhere,
    set: (patch) => update({ ...latest.current, edits: { ...latest.current.edits, ...patch } }),
    pending,
    settle,
    rebase,
    discard,
  };
}
