/** Rule: every article has its twin in the other language, published and filed alike. */
import { dirname, join } from 'node:path';
import { lineOf } from '../source.ts';
import type { Context } from '../types.ts';

export function languageTwins({ byCollection, report }: Context): void {
  const articles = byCollection('blog');
  const articleIds = new Set(articles.map((entry) => entry.id));
  for (const article of articles) {
    const [lang, slug] = article.id.split('/') as [string, string];
    const other = lang === 'ar' ? 'en' : 'ar';
    if (!articleIds.has(`${other}/${slug}`)) {
      const twin = join(dirname(dirname(article.source.shown)), other, `${slug}.mdx`);
      report(
        article.source,
        undefined,
        `this ${lang === 'ar' ? 'Arabic' : 'English'} article has no ${other === 'ar' ? 'Arabic' : 'English'} twin, so the language switch would lead to a missing page. Add ${twin} with the same file name.`,
      );
      continue;
    }
    const twin = articles.find((entry) => entry.id === `${other}/${slug}`)!;
    if (lang === 'ar' && article.unpublished !== twin.unpublished)
      report(
        article.source,
        lineOf(article.source, ['draft']),
        `this article and its twin ${twin.source.shown} differ in "draft:" or "publishDate:", so one language would be online without the other. Give both the same.`,
      );
    if (lang === 'ar' && article.data['category'] !== twin.data['category'])
      report(
        article.source,
        lineOf(article.source, ['category']),
        `the category "${article.data['category']}" differs from "${twin.data['category']}" in ${twin.source.shown}. Use the same category in both languages.`,
      );
  }
}
