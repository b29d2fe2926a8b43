/**
 * Limited offers' state. An offer (content/offers.yaml) runs until its `endsAt`; from then on
 * every page shows it as ended. The site is static, so this is decided twice: at build time (what
 * the HTML says, the sitemap, noindex, structured data) and by the visitor's clock
 * (src/scripts/offer-clock.ts swaps `data-offer-running` / `data-offer-ended` elements), because a
 * page built while the offer ran keeps being served after it ended.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The dates and prices of an offer, as in content/offers.yaml. */
export interface OfferTerms {
  path: string;
  startsAt: string;
  endsAt: string;
  oldPriceUsd: number;
  /** Where the struck price comes from, shown beside it (content/offers.yaml). */
  oldPriceReason?: string | undefined;
  newPriceUsd: number;
}

/**
 * The moment the build treats as "now" for offers. `OFFERS_NOW` (an ISO date-time) overrides it so
 * the test build can render an offer that is still running (scripts/test.ts); a real build leaves
 * it unset and uses the real date.
 */
export function buildNow(env: Record<string, string | undefined> = process.env): number {
  const override = env['OFFERS_NOW'];
  if (!override) return Date.now();
  const parsed = Date.parse(override);
  if (Number.isNaN(parsed)) throw new Error(`OFFERS_NOW is not a date-time: ${override}`);
  return parsed;
}

/** True from the offer's end on (the end is the last second it runs, e.g. 23:59:59). */
export function hasEnded(offer: Pick<OfferTerms, 'endsAt'>, nowMs: number): boolean {
  return nowMs >= Date.parse(offer.endsAt);
}

/** The saving shown on the badge, derived from the two prices (2,900 → 2,100 is 28%). */
export function savingPercent(offer: Pick<OfferTerms, 'oldPriceUsd' | 'newPriceUsd'>): number {
  return Math.round((1 - offer.newPriceUsd / offer.oldPriceUsd) * 100);
}

/** How many days the offer runs ("a 7-day offer only"), counting a started day as a day. */
export function durationDays(offer: Pick<OfferTerms, 'startsAt' | 'endsAt'>): number {
  return Math.ceil((Date.parse(offer.endsAt) - Date.parse(offer.startsAt)) / 86_400_000);
}

/** The lead source of a "tell me about the next offer" request made on an ended offer's page. */
export function nextOfferSource(offerId: string): string {
  return `next-offer:${offerId}`;
}

/**
 * Paths of the offers that have ended at `nowMs`, read straight from the content file (relative to
 * the project root, where Astro runs): the Astro config, which keeps them out of the sitemap, runs
 * before content collections exist.
 */
export function endedOfferPaths(nowMs: number, file = 'content/offers.yaml'): string[] {
  const offers = parse(readFileSync(file, 'utf8')) as Record<string, OfferTerms>;
  return Object.values(offers)
    .filter((offer) => hasEnded(offer, nowMs))
    .map((offer) => offer.path);
}
