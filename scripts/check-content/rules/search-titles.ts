/* eslint-disable @typescript-eslint/no-explicit-any -- content is whatever src/content.config.ts says; walked generically. */
/** Rule: search-engine titles fit (search results show about 60 characters). */
import { fieldName, lineOf } from '../source.ts';
import type { Context, Entry, Path } from '../types.ts';

export function searchTitlesFit({ entries, byCollection, report }: Context): void {
  const longTitle = (entry: Entry, path: Path, title: unknown, hint: string) => {
    if (typeof title === 'string' && title.length > 60)
      report(
        entry.source,
        lineOf(entry.source, [...entry.at, ...path]),
        `"${fieldName(path)}" is ${title.length} characters; search results cut titles after about 60. ${hint}`,
      );
  };
  for (const article of byCollection('blog')) {
    const { title, seoTitle } = article.data;
    if (seoTitle === undefined)
      longTitle(
        article,
        ['title'],
        title,
        'Keep it as the heading and add a shorter "seoTitle:" (at most 60 characters) for search results.',
      );
  }
  for (const entry of entries.filter((e) =>
    ['services', 'destinations', 'pages'].includes(e.collection),
  )) {
    const path = entry.collection === 'pages' ? ['seo', 'title'] : ['page', 'seo', 'title'];
    let seo: any = entry.data;
    for (const part of path) seo = seo?.[part];
    for (const lang of ['ar', 'en'])
      longTitle(entry, [...path, lang], seo?.[lang], 'Shorten it to at most 60 characters.');
  }
}
