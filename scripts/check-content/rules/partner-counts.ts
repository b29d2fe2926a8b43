/** Rule: no text states a number of partner hospitals or clinics (../partner-counts.ts). */
import { partnerCountIn, partnerCountMessage } from '../partner-counts.ts';
import { lineOf } from '../source.ts';
import type { Context, Path } from '../types.ts';

/** Every string of a parsed entry, with its path. */
function strings(value: unknown, path: Path = [], found: { path: Path; text: string }[] = []) {
  if (typeof value === 'string') found.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((item, i) => strings(item, [...path, i], found));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) strings(item, [...path, key], found);
  return found;
}

export function noPartnerCounts({ entries, report }: Context): void {
  for (const entry of entries) {
    // A claim may be split over fields (a highlight's title "+50" and its text "partner
    // hospitals"): each language's strings are also read together.
    const all = strings(entry.data);
    const joined = ['ar', 'en'].map((lang) =>
      all
        .filter(({ path }) => path.includes(lang))
        .map(({ text }) => text)
        .join(' '),
    );
    const seen = new Set<string>();
    for (const { path, text } of all) {
      const found = partnerCountIn(text);
      if (!found) continue;
      seen.add(found);
      report(
        entry.source,
        lineOf(entry.source, [...entry.at, ...path]),
        partnerCountMessage(found),
      );
    }
    for (const text of joined) {
      const found = partnerCountIn(text);
      if (found && !seen.has(found)) {
        seen.add(found);
        report(entry.source, lineOf(entry.source, entry.at), partnerCountMessage(found));
      }
    }
    if (entry.body) {
      const found = partnerCountIn(entry.body.text);
      if (found)
        report(
          entry.source,
          entry.body.firstLine +
            entry.body.text.slice(0, entry.body.text.indexOf(found)).split('\n').length -
            1,
          partnerCountMessage(found),
        );
    }
  }
}
