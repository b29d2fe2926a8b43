/**
 * Unsaved edits of the request dialog, kept in localStorage until the database has exactly those
 * values (docs/admin.md "nothing you type is lost"). One draft per staff account, request and
 * browser tab, so a second tab or a colleague on the same computer never overwrites or deletes
 * another's; the dashboard and a dialog opened elsewhere see them all. Pure functions (the storage
 * is passed in), unit-tested in tests/unit/admin-drafts.test.ts.
 */
import { changesBetween, type RequestEdits } from './team.ts';

export interface Draft {
  requestId: string;
  /** Who typed them: another coordinator on the same computer does not get them. */
  username: string | null;
  /** The browser tab that typed them (its id lives in that tab's sessionStorage). */
  tab: string;
  /** The version and values the coordinator opened, to save and to explain a conflict against. */
  baseVersion: number;
  opened: RequestEdits;
  edits: RequestEdits;
  updatedAt: string;
}

export const DRAFT_PREFIX = 'rihla.admin.draft.';

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

type DraftKey = Pick<Draft, 'requestId' | 'username' | 'tab'>;

export function draftKey(draft: DraftKey): string {
  return `${DRAFT_PREFIX}${encodeURIComponent(draft.username ?? '')}.${draft.requestId}.${draft.tab}`;
}

function parse(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<Draft>;
    if (typeof draft.requestId !== 'string' || !draft.edits || !draft.opened) return null;
    // Drafts written before tabs were told apart belong to no live tab.
    return { ...draft, tab: draft.tab ?? '' } as Draft;
  } catch {
    return null;
  }
}

/** Every stored draft with its key, whoever wrote it. */
function allDrafts(storage: DraftStorage): { key: string; draft: Draft }[] {
  const found: { key: string; draft: Draft }[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (!key?.startsWith(DRAFT_PREFIX)) continue;
      const draft = parse(storage.getItem(key));
      if (draft) found.push({ key, draft });
    }
  } catch {
    // Storage blocked: nothing to list.
  }
  return found;
}

export function writeDraft(storage: DraftStorage, draft: Draft): void {
  try {
    storage.setItem(draftKey(draft), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the dialog still shows the edits as unsaved.
  }
}

/** Removes one tab's draft of one request, and nothing else. */
export function removeDraft(storage: DraftStorage, draft: DraftKey): void {
  try {
    for (const { key, draft: stored } of allDrafts(storage)) {
      if (
        stored.requestId === draft.requestId &&
        stored.username === draft.username &&
        stored.tab === draft.tab
      ) {
        storage.removeItem(key);
      }
    }
  } catch {
    // Nothing stored.
  }
}

/** This coordinator's drafts of one request, from every tab, newest first. */
export function readDrafts(
  storage: DraftStorage,
  requestId: string,
  username: string | null,
): Draft[] {
  return listDrafts(storage, username).filter((draft) => draft.requestId === requestId);
}

/** Every draft of this coordinator, newest first (the dashboard offers to reopen them). */
export function listDrafts(storage: DraftStorage, username: string | null): Draft[] {
  return allDrafts(storage)
    .map(({ draft }) => draft)
    .filter((draft) => draft.username === username)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** Removes every draft of this coordinator (signing out); returns how many went. */
export function removeAllDrafts(storage: DraftStorage, username: string | null): number {
  const mine = allDrafts(storage).filter(({ draft }) => draft.username === username);
  for (const { key } of mine) {
    try {
      storage.removeItem(key);
    } catch {
      // Already gone.
    }
  }
  return mine.length;
}

/** What a draft would still save: its changes against what it was opened at. */
export function draftChanges(draft: Pick<Draft, 'opened' | 'edits'>) {
  return changesBetween(draft.opened, draft.edits);
}

/** This tab's id: kept in sessionStorage, so a reload of the tab finds its own drafts again. */
export function tabIdIn(session: Pick<DraftStorage, 'getItem' | 'setItem'>, fresh: () => string) {
  const KEY = 'rihla.admin.tab';
  try {
    const known = session.getItem(KEY);
    if (known) return known;
    const id = fresh();
    session.setItem(KEY, id);
    return id;
  } catch {
    return fresh();
  }
}
