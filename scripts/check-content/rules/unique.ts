/* eslint-disable @typescript-eslint/no-explicit-any -- content is whatever src/content.config.ts says; walked generically. */
/** Rules: ids, treatment paths, search-engine texts and article titles are each used once. */
import { lineOf, show } from '../source.ts';
import type { Context, Entry, Path } from '../types.ts';

/** Two entries of a collection with the same id: one of them would silently disappear. */
export function uniqueIds({ entries, report }: Context): void {
  const seen = new Map<string, Entry>();
  for (const entry of entries) {
    const key = `${entry.collection}\0${entry.id}`;
    const first = seen.get(key);
    if (first)
      report(
        entry.source,
        lineOf(entry.source, entry.at),
        `the id "${entry.id}" is already used in ${first.source.shown}:${lineOf(first.source, first.at)}; one of the two would silently disappear. Give this entry a new, unique id.`,
      );
    else seen.set(key, entry);
  }
}

function uniqueField(ctx: Context, collection: string, field: Path, what: string): void {
  const values = new Map<string, Entry>();
  for (const entry of ctx.byCollection(collection)) {
    let value: unknown = entry.data;
    for (const part of field) value = (value as any)?.[part];
    if (typeof value !== 'string') continue;
    const first = values.get(value);
    if (first)
      ctx.report(
        entry.source,
        lineOf(entry.source, [...entry.at, ...field]),
        `${what} ${show(value)} is already used by ${first.source.shown}. Each one must be different.`,
      );
    else values.set(value, entry);
  }
}

/** Treatment paths and the search-engine titles and descriptions of pages. */
export function uniqueFields(ctx: Context): void {
  uniqueField(ctx, 'services', ['path'], 'the path');
  for (const collection of ['services', 'destinations', 'pages'])
    for (const lang of ['ar', 'en'])
      for (const field of ['title', 'description'])
        uniqueField(
          ctx,
          collection,
          ['page', 'seo', field, lang].slice(collection === 'pages' ? 1 : 0),
          `the search-engine ${field}`,
        );
}

/** Each article of a language has its own title and description. */
export function uniqueArticleTexts({ byCollection, report }: Context): void {
  for (const lang of ['ar', 'en']) {
    const articles = byCollection('blog').filter((entry) => entry.id.startsWith(`${lang}/`));
    const titles = new Map<string, Entry>();
    const descriptions = new Map<string, Entry>();
    for (const article of articles) {
      for (const [map, field] of [
        [titles, 'title'],
        [descriptions, 'description'],
      ] as const) {
        const value = String(article.data[field]);
        const first = map.get(value);
        if (first)
          report(
            article.source,
            lineOf(article.source, [field]),
            `the ${field} is the same as in ${first.source.shown}. Each article needs its own ${field}.`,
          );
        else map.set(value, article);
      }
    }
  }
}
