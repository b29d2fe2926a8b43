/**
 * Rules: honest prices, ranges that read one way in Arabic, current legal pages (the helpers are in
 * ../honest.ts).
 */
import {
  arabicStrings,
  leftToRightRanges,
  legalBodyProblems,
  rangeMessage,
  sectionCount,
  treatmentCeilingUsd,
  USD_PER_EUR_CEILING,
} from '../honest.ts';
import { lineOf } from '../source.ts';
import type { Context } from '../types.ts';

/** An offer's struck old price is one the site itself asks for that treatment, or says why not. */
export function oldPricesWithinRange({ byCollection, report }: Context): void {
  const services = byCollection('services');
  for (const offer of byCollection('offers')) {
    const { oldPriceUsd, oldPriceReason, service } = offer.data;
    const treatment = services.find((entry) => entry.id === service);
    const ceiling = treatment && treatmentCeilingUsd(treatment.data);
    if (
      typeof oldPriceUsd === 'number' &&
      ceiling !== undefined &&
      oldPriceUsd > ceiling &&
      !oldPriceReason
    )
      report(
        offer.source,
        lineOf(offer.source, [...offer.at, 'oldPriceUsd']),
        `"oldPriceUsd" (${oldPriceUsd}) is above the highest indicative price of ${treatment!.source.shown} in Turkey (about $${Math.floor(ceiling).toLocaleString('en-US')} even at $${USD_PER_EUR_CEILING} per euro), so the struck price would be one the site itself never asks. Lower it to that range, remove the saving, or state in "oldPriceReason:" where the old price comes from (it is shown beside it).`,
      );
  }
}

/** Number ranges in Arabic text read right to left, lower bound first. */
export function arabicRangesReadRightToLeft({ entries, report }: Context): void {
  for (const entry of entries) {
    const wholeArabic = entry.collection === 'offers' || /^ar\//.test(entry.id);
    for (const { path, text } of arabicStrings(entry.data, wholeArabic))
      for (const found of leftToRightRanges(text))
        report(entry.source, lineOf(entry.source, [...entry.at, ...path]), rangeMessage(found));
    if (entry.body && wholeArabic) {
      const { text, firstLine } = entry.body;
      for (const found of leftToRightRanges(text))
        report(
          entry.source,
          firstLine + text.slice(0, found.index).split('\n').length - 1,
          rangeMessage(found),
        );
    }
  }
}

/** The legal pages name no repealed body (ODR) and say the same in both languages. */
export function legalPagesCurrent({ byCollection, report }: Context): void {
  const legal = byCollection('legal');
  for (const page of legal) {
    if (!page.body) continue;
    for (const problem of legalBodyProblems(page.body.text))
      report(
        page.source,
        page.body.firstLine + page.body.text.slice(0, problem.index).split('\n').length - 1,
        `this page ${problem.message}`,
      );
    const twin = legal.find((other) => other.id === page.id.replace(/^ar\//, 'en/'));
    if (page.id.startsWith('ar/') && twin?.body) {
      const [arSections, enSections] = [sectionCount(page.body.text), sectionCount(twin.body.text)];
      if (arSections !== enSections)
        report(
          page.source,
          undefined,
          `has ${arSections} sections ("## ") but ${twin.source.shown} has ${enSections}; both languages must say the same. Add or remove the missing section.`,
        );
    }
  }
}
