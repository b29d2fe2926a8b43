/**
 * First-touch attribution for the visit: the UTM values and query parameters of the first page that
 * carried any, kept in sessionStorage so a visitor who lands from a campaign and then browses keeps
 * the campaign on the lead.
 */
import type { Attribution } from '~/lib/lead-form.ts';

const STORAGE_KEY = 'rihla:attribution';
const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
/** Bounds match the database's (200 characters per UTM value, about 4 KB of parameters). */
const MAX_VALUE = 200;
const MAX_PARAMS = 30;

export function attributionFromUrl(url: URL): Attribution {
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (Object.keys(params).length >= MAX_PARAMS) break;
    params[key.slice(0, 60)] = value.slice(0, MAX_VALUE);
  }
  const utm = Object.fromEntries(
    utmKeys.map((key) => [key, url.searchParams.get(key)?.slice(0, MAX_VALUE) || null]),
  ) as Pick<Attribution, (typeof utmKeys)[number]>;
  return { ...utm, params };
}

/** Stores the current page's parameters as the visit's attribution unless one is already kept. */
export function captureAttribution(): void {
  try {
    if (sessionStorage.getItem(STORAGE_KEY)) return;
    const current = attributionFromUrl(new URL(window.location.href));
    if (Object.keys(current.params).length === 0) return;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Storage blocked: attribution falls back to the current page's address.
  }
}

/** The visit's first-touch attribution, or the current page's when none was kept. */
export function readAttribution(): Attribution {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    if (stored) return JSON.parse(stored) as Attribution;
  } catch {
    // Fall through to the current address.
  }
  return attributionFromUrl(new URL(window.location.href));
}
