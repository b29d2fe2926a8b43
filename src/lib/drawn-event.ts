/**
 * The event a page whose script draws its main content (the patient page) dispatches on
 * `document` once that content is drawn: its full stylesheet waits for it
 * (src/integrations/first-paint/page.ts, LATE_AFTER_DRAWN_LOADER).
 */
export const DRAWN_EVENT = 'rihla:drawn';
