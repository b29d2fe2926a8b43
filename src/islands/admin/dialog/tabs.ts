/**
 * Which back-office tabs are open, so a draft typed in another tab is told apart from one left
 * by a tab that is gone (a closed tab, a crash, the end of a session). Each tab holds a Web Lock
 * named after its id for as long as it lives; the browser releases it when the tab goes, and
 * navigator.locks.query() lists the held ones across the tabs of this site.
 */
import { tabIdIn } from '~/lib/admin/drafts.ts';

const LOCK_PREFIX = 'rihla.admin.tab.';

let tab: string | null = null;

function freshId(): string {
  return crypto.randomUUID();
}

function hold(id: string): void {
  void navigator.locks?.request(LOCK_PREFIX + id, () => new Promise<void>(() => {}));
}

/** This tab's id (the same after a reload; a duplicated tab, which copies it, takes a new one). */
export function currentTab(): string {
  if (tab) return tab;
  let id = tabIdIn(sessionStorage, freshId);
  tab = id;
  if (!navigator.locks) return id;
  void navigator.locks.request(LOCK_PREFIX + id, { ifAvailable: true }, (lock) => {
    if (lock) return new Promise<void>(() => {});
    // Another live tab holds this id (Duplicate tab copies sessionStorage): take a new one.
    id = freshId();
    tab = id;
    try {
      sessionStorage.setItem('rihla.admin.tab', id);
    } catch {
      // Kept for this page only.
    }
    hold(id);
    return undefined;
  });
  return id;
}

/** The ids of the back-office tabs open now (this one included). */
export async function liveTabs(): Promise<Set<string>> {
  const live = new Set<string>([currentTab()]);
  try {
    const state = await navigator.locks.query();
    for (const lock of state.held ?? []) {
      if (lock.name?.startsWith(LOCK_PREFIX)) live.add(lock.name.slice(LOCK_PREFIX.length));
    }
  } catch {
    // No Web Locks: every other tab's draft is treated as open elsewhere, never taken over.
    return new Set(['*']);
  }
  return live;
}
