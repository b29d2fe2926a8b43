/**
 * The patient's private link (docs/patient-page.md): a token of 256 random bits made in the browser
 * with the lead, kept in session storage under the lead's client id so a retried submission sends
 * the same one (the database keeps only its sha256), and put after `#` in the URL so it never
 * reaches a server log or a Referer header.
 */
// Only a type from i18n: its module carries both dictionaries, which this page's script must not.
import type { Lang } from '~/i18n/index.ts';

const TOKEN_PREFIX = 'rihla:patient-token:';
/** The last stored request of this tab, for the thank-you page. */
const LAST_REQUEST = 'rihla:last-request';

/** 32 random bytes as base64url (43 characters). */
export function newPatientToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** What a token looks like (the database's own check), as a pattern the page's head can use too. */
export const PATIENT_TOKEN_PATTERN = '^[A-Za-z0-9_-]{22,128}$';

/** What a token looks like (the database's own check). */
export function isPatientToken(value: string): boolean {
  return new RegExp(PATIENT_TOKEN_PATTERN).test(value);
}

/** The token of the lead with client id `leadId`: the same one for every retry of that lead. */
export function patientTokenFor(leadId: string, storage: Storage = sessionStorage): string {
  const key = TOKEN_PREFIX + leadId;
  try {
    const known = storage.getItem(key);
    if (known && isPatientToken(known)) return known;
    const token = newPatientToken();
    storage.setItem(key, token);
    return token;
  } catch {
    // Storage refused (private mode, quota): a token for this attempt only.
    return newPatientToken();
  }
}

/** After a stored lead: the thank-you page shows this token's link. */
export function rememberStoredRequest(
  leadId: string,
  token: string,
  storage: Storage = sessionStorage,
) {
  try {
    storage.setItem(LAST_REQUEST, token);
    storage.removeItem(TOKEN_PREFIX + leadId);
  } catch {
    // The thank-you page then shows no link; the e-mail and the staff can still give it.
  }
}

/** The token the thank-you page should show, if this tab just stored a request. */
export function lastStoredToken(storage: Storage = sessionStorage): string | null {
  try {
    const token = storage.getItem(LAST_REQUEST);
    return token && isPatientToken(token) ? token : null;
  } catch {
    return null;
  }
}

/** The patient page's absolute URL for a token: `https://site/r/#token` (`/en/r/#…` in English). */
export function patientPageUrl(origin: string, lang: Lang, token: string): string {
  return `${origin.replace(/\/$/, '')}${lang === 'en' ? '/en/r/' : '/r/'}#${token}`;
}

/**
 * The token at the start of a page URL's fragment: a run of 22 to 128 base64url characters ended
 * by the fragment's end or by any character outside that alphabet. A link copied with what a copy,
 * a chat or a mail client adds after it (a full stop, a quote, `>`, a space, the invisible
 * isolates U+2066–U+2069 a plain-text mail may put around it; in a fragment they arrive
 * percent-encoded, and `%` is outside the alphabet too) still opens, and never reaches the database
 * as a wrong link. The page's head (EarlyRequest.astro) uses the same pattern.
 */
export const PATIENT_TOKEN_IN_FRAGMENT = '^#?([A-Za-z0-9_-]{22,128})(?![A-Za-z0-9_-])';

/** The token in a page URL's fragment (`#token`, with anything after it ignored), or null. */
export function tokenFromHash(hash: string): string | null {
  return new RegExp(PATIENT_TOKEN_IN_FRAGMENT).exec(hash)?.[1] ?? null;
}
