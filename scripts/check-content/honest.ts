/* eslint-disable @typescript-eslint/no-explicit-any -- entries are the checker's parsed YAML. */
/**
 * The checker's rules for honest prices and readable text (issue 34; docs/decisions.md):
 *
 * - an offer's struck "old" price may not be above the top of its own treatment's indicative range
 *   on the site, unless the offer states why (`oldPriceReason`): a reference price never seriously
 *   asked is a misleading reduction (§ 5 UWG);
 * - a number range in Arabic text reads right to left, lower bound first («3,000–5,000» with 3,000 on
 *   the right). The browser's bidi algorithm does that by itself, except when Latin letters come
 *   before the range with no Arabic letter between («DHI 20–30%»): the numbers then take the Latin
 *   direction and the range reads the other way round;
 * - the legal pages have the same sections in both languages and no link to the EU's online
 *   dispute resolution platform, which Regulation (EU) 2024/3228 shut on 20 July 2025.
 */

/** Euro → US dollar at its highest of the last ten years (about 1.23, January 2021), rounded up:
 * an old price in dollars above a euro range at this rate is above it at any recent rate. */
export const USD_PER_EUR_CEILING = 1.25;

/** The highest indicative price a treatment page shows for `destination`, in US dollars. */
export function treatmentCeilingUsd(service: any, destination = 'turkey'): number | undefined {
  const page = service?.page;
  const toUsd = (price: any) =>
    (price.max ?? price.min) * (price.currency === 'USD' ? 1 : USD_PER_EUR_CEILING);
  const here = (page?.destinations?.items ?? []).filter(
    (item: any) => item.destination === destination && item.price,
  );
  const prices = here.length
    ? here.map((item: any) => item.price)
    : (page?.prices?.items ?? []).map((item: any) => item.price).filter(Boolean);
  if (!prices.length) return undefined;
  return Math.max(...prices.map(toUsd));
}

const range = /(\d[\d,.]*)\s?[–-]\s?(\d[\d,.]*)/g;
const latin = /[A-Za-z]/;
const arabic = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * Ranges in an Arabic text that the browser would lay out left to right: those whose nearest
 * strong letter before them, in the same paragraph or table cell, is Latin.
 */
export function leftToRightRanges(text: string): { range: string; after: string; index: number }[] {
  const found: { range: string; after: string; index: number }[] = [];
  // What readers never see: link targets, code, tags and their attributes, MDX expressions.
  const visible = text.replace(/\]\([^)]*\)|`[^`]*`|<[^>]*>|\{[^}]*\}/g, (hidden) =>
    ' '.repeat(hidden.length),
  );
  for (const match of visible.matchAll(range)) {
    const start = match.index;
    const before = visible.slice(0, start);
    const segmentStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('|')) + 1;
    const segment = before.slice(segmentStart);
    for (let i = segment.length - 1; i >= 0; i--) {
      const char = segment[i]!;
      if (arabic.test(char)) break;
      if (latin.test(char)) {
        const word = /[A-Za-z][\w+.-]*\s*$/.exec(segment.slice(0, i + 1))?.[0]?.trim() ?? char;
        found.push({ range: match[0], after: word, index: start });
        break;
      }
    }
  }
  return found;
}

/** Every Arabic string of a parsed entry, with its path (the `ar:` values and, where the whole
 * collection is Arabic, every string). */
export function arabicStrings(
  value: unknown,
  allArabic: boolean,
  path: (string | number)[] = [],
  found: { path: (string | number)[]; text: string }[] = [],
): { path: (string | number)[]; text: string }[] {
  if (typeof value === 'string') {
    if (allArabic || path.includes('ar')) found.push({ path, text: value });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => arabicStrings(item, allArabic, [...path, i], found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (allArabic || key !== 'en') arabicStrings(item, allArabic, [...path, key], found);
    }
  }
  return found;
}

/** The message for a range that reads the wrong way round. */
export function rangeMessage(found: { range: string; after: string }): string {
  return `the range "${found.range}" follows the Latin "${found.after}" with no Arabic word between, so it would read left to right, unlike every other range in Arabic text (docs/content.md, "Ranges"). Put an Arabic word before it (e.g. "${found.after} بين ${found.range}") or write it with words ("من … إلى …").`;
}

const odr = /ec\.europa\.eu\/consumers\/odr|odrUrl/i;

/** Problems of a legal page: a link to the shut ODR platform. */
export function legalBodyProblems(text: string): { index: number; message: string }[] {
  const match = odr.exec(text);
  return match
    ? [
        {
          index: match.index,
          message:
            'refers to the EU online dispute resolution platform, which was shut on 20 July 2025 (Regulation (EU) 2024/3228). Remove the reference and keep only the § 36 VSBG statement (docs/decisions.md, "ODR").',
        },
      ]
    : [];
}

/** The `## ` sections of a legal page, by number, to compare the two languages. */
export function sectionCount(text: string): number {
  return [...text.matchAll(/^## /gm)].length;
}
