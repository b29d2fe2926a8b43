/**
 * First-touch attribution for the visit: the UTM values and query parameters of the first page that
 * carried any, kept in sessionStorage (by the layout's head script, before anything else runs) so a
 * visitor who lands from a campaign and then browses keeps the campaign on the lead.
 */
import type { Attribution } from '~/lib/lead-form.ts';

/** Where the visit's first query is kept (by the layout's head script; the privacy policy names it). */
export const ATTRIBUTION_KEY = 'rihla:attribution';
const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
/** Bounds match the database's (200 characters per UTM value, 4 KB of parameters as JSON). */
const MAX_VALUE = 200;
const MAX_KEY = 60;
const MAX_PARAMS_BYTES = 3500;

/** Text the database stores safely: no control characters, cut on whole characters. */
function clean(value: string, max: number): string {
  return Array.from(value.replace(/[\u0000-\u001f\u007f]/g, ''))
    .slice(0, max)
    .join('');
}

export function attributionFromUrl(url: URL): Attribution {
  const params: Record<string, string> = {};
  let bytes = 2;
  for (const [rawKey, rawValue] of url.searchParams) {
    const key = clean(rawKey, MAX_KEY);
    const value = clean(rawValue, MAX_VALUE);
    const size = new TextEncoder().encode(JSON.stringify({ [key]: value })).length;
    if (!key || bytes + size > MAX_PARAMS_BYTES) continue;
    params[key] = value;
    bytes += size;
  }
  const utm = Object.fromEntries(
    utmKeys.map((key) => [key, clean(url.searchParams.get(key) ?? '', MAX_VALUE) || null]),
  ) as Pick<Attribution, (typeof utmKeys)[number]>;
  return { ...utm, params };
}

/**
 * The visit's first-touch attribution, or the current page's when none was kept. The first address
 * of the visit that carried a query is kept by the layout's head script (BaseLayout.astro) as that
 * query; a value kept by an earlier version of the site (already parsed, as JSON) is read as such.
 */
export function readAttribution(): Attribution {
  try {
    const stored = sessionStorage.getItem(ATTRIBUTION_KEY);
    if (stored?.startsWith('?')) return attributionFromUrl(new URL(stored, window.location.origin));
    if (stored) return JSON.parse(stored) as Attribution;
  } catch {
    // Fall through to the current address.
  }
  return attributionFromUrl(new URL(window.location.href));
}
