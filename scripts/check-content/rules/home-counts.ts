/** Rule: what the home page shows are fixed numbers, chosen by content (tests/e2e/home.spec.ts). */
import type { Context, Entry } from '../types.ts';

const homeCounts = [
  { collection: 'testimonials', want: 4, what: 'testimonials', pick: () => true },
  {
    collection: 'faqs',
    want: 6,
    what: 'questions with "group: home"',
    pick: (e: Entry) => e.data['group'] === 'home',
  },
];

export function homeCountsMatch({ byCollection, report }: Context): void {
  for (const { collection, want, what, pick } of homeCounts) {
    const all = byCollection(collection).filter(pick);
    const featured = all.filter((entry) => entry.data['featured'] === true);
    if (all.length && featured.length !== want) {
      const file = all[0]!.source;
      report(
        file,
        undefined,
        `the home page shows exactly ${want} ${what} marked "featured: true", but ${featured.length} ${featured.length === 1 ? 'is' : 'are'} marked (${featured.map((e) => e.id).join(', ') || 'none'}). ${featured.length > want ? 'Set "featured: false" on' : 'Add "featured: true" to'} ${Math.abs(featured.length - want)} of them; the others stay in the file for later.`,
      );
    }
  }
}
