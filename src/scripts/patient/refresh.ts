/**
 * The open patient page keeps itself current (issue 43), loaded once the status is on screen so
 * it costs the status nothing (src/scripts/patient/page.ts).
 */
/** How often an open, visible page looks again (issue 43): quotes, a revision, a manager. */
const REFRESH_MS = 60_000;

/**
 * The open page refreshes itself: every REFRESH_MS while the tab is visible and online, and not
 * while the patient is typing in one of its fields (what they type is never touched anyway; the
 * look waits for the next tick). Reading a live link counts against no limit.
 */
export function refreshWhileOpen(reload: () => Promise<void>) {
  window.setInterval(() => {
    if (document.visibilityState !== 'visible' || !navigator.onLine) return;
    const active = document.activeElement;
    if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return;
    void reload();
  }, REFRESH_MS);
}
