/**
 * First-touch attribution for the visit: the UTM values and query parameters of the first page that
 * carried any, kept in sessionStorage so a visitor who lands from a campaign and then browses keeps
 * the campaign on the lead.
 */
import type { Attribution } from '~/lib/lead-form.ts';

const STORAGE_KEY = 'rihla:attribution';
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
