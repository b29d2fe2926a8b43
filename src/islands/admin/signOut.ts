/**
 * Signing out of a shared computer leaves nothing behind (docs/admin.md "A shared computer"):
 * the coordinator's unsaved drafts are saved or thrown away first, then removed with the session;
 * the signed-out page can clear everything this site keeps in the browser.
 */
import {
  draftChanges,
  listDrafts,
  removeAllDrafts,
  removeDraft,
  type Draft,
} from '~/lib/admin/drafts.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import { allQuoteDrafts, removeQuoteDraft, removeQuoteDrafts } from '~/lib/admin/quote-drafts.ts';
import { hasChanges } from '~/lib/admin/team.ts';
import { saveRequest } from './data.ts';
import { saveQuoteDraft } from './quotes/quoteData.ts';
import { rememberedUsername } from './session.ts';

/** This coordinator's unsaved drafts, one per request (the newest tab's). */
export function pendingDrafts(): Draft[] {
  const seen = new Set<string>();
  return listDrafts(localStorage, rememberedUsername()).filter(
    (draft) =>
      hasChanges(draftChanges(draft)) &&
      !seen.has(draft.requestId) &&
      Boolean(seen.add(draft.requestId)),
  );
}

/**
 * Saves each draft where it was opened (the same conditional save as the dialog); a saved one, or
 * one whose request was erased meanwhile, is removed. Returns the drafts that could not be saved
 * (a colleague changed the request, or no connection): they stay until the coordinator decides.
 */
export async function saveDrafts(drafts: Draft[]): Promise<Draft[]> {
  const failed: Draft[] = [];
  for (const draft of drafts) {
    try {
      await saveRequest(draft.requestId, draft.baseVersion, draftChanges(draft));
      removeAllOf(draft);
    } catch (error) {
      if (error instanceof AdminDataError && error.status === 404) removeAllOf(draft);
      else failed.push(draft);
    }
  }
  return failed;
}

function removeAllOf(draft: Draft): void {
  for (const copy of listDrafts(localStorage, draft.username)) {
    if (copy.requestId === draft.requestId) removeDraft(localStorage, copy);
  }
}

/**
 * Saves into the database each quote this coordinator typed that is still only in this browser
 * (an autosave that failed, a page closed at once); a saved one is removed. Returns how many could
 * not be saved: signing out then stops, so that forgetDrafts never throws them away.
 */
export async function saveQuoteCopies(): Promise<number> {
  let unsaved = 0;
  for (const copy of allQuoteDrafts(localStorage, rememberedUsername())) {
    try {
      await saveQuoteDraft(copy.requestId, copy.clinicId, copy.base, copy.fields);
      removeQuoteDraft(localStorage, copy);
    } catch (error) {
      // The request or the quote is gone (erased, sent): nothing left to keep it for.
      if (error instanceof AdminDataError && error.status === 404)
        removeQuoteDraft(localStorage, copy);
      else unsaved += 1;
    }
  }
  return unsaved;
}

/** Removes every draft of the coordinator signing out (their colleagues' stay theirs). */
export function forgetDrafts(): void {
  removeAllDrafts(localStorage, rememberedUsername());
  // What was typed into a quote was saved by saveQuoteCopies before (issue 31).
  removeQuoteDrafts(localStorage, rememberedUsername());
}

/**
 * Everything this site keeps in this browser: local and session storage, the service worker's
 * caches and registrations, IndexedDB. The page it then goes to asks the browser to drop its HTTP
 * cache too (Clear-Site-Data, public/_headers).
 */
export async function clearSiteData(): Promise<void> {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage blocked: nothing kept there.
  }
  const tasks: Promise<unknown>[] = [];
  if ('caches' in window) {
    tasks.push(caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))));
  }
  if ('serviceWorker' in navigator) {
    tasks.push(
      navigator.serviceWorker
        .getRegistrations()
        .then((all) => Promise.all(all.map((registration) => registration.unregister()))),
    );
  }
  if ('databases' in indexedDB) {
    tasks.push(
      indexedDB.databases().then((all) =>
        all.forEach((db) => {
          if (db.name) indexedDB.deleteDatabase(db.name);
        }),
      ),
    );
  }
  await Promise.allSettled(tasks);
}
