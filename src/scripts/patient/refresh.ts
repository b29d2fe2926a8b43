/**
 * The open patient page keeps itself current (issue 43), loaded once the status is on screen so
 * it costs the status nothing (src/scripts/patient/page.ts).
 */
/** How long an open, visible page goes without a fresh look (issue 43): quotes, a revision, a manager. */
const REFRESH_MS = 60_000;
/** How often the page checks whether that minute is up (cheap: a clock read, no request). */
const TICK_MS = 5_000;

/**
 * The open page refreshes itself: once REFRESH_MS have passed since its last look (the first
 * load, a return to the tab, a retry or an earlier refresh), while the tab is visible and online,
 * and not while the patient is typing in one of its fields (what they type is never touched
 * anyway; the look waits for the next tick). The minute counts from the last look, not from when
 * this module arrived: on a slow phone it may arrive seconds after the status. Reading a live link
 * counts against no limit.
 */
export function refreshWhileOpen(reload: () => Promise<void>, lastLook: () => number) {
  window.setInterval(() => {
    if (Date.now() - lastLook() < REFRESH_MS) return;
    if (document.visibilityState !== 'visible' || !navigator.onLine) return;
    const active = document.activeElement;
    if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return;
    void reload();
  }, TICK_MS);
}
