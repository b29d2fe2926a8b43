/**
 * Rules: what one entry names exists — its illustration, the treatments, articles and destinations
 * a treatment page links to, the treatments a destination lists, an article's related articles and
 * a question's page.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { lineOf } from '../source.ts';
import type { Context } from '../types.ts';
import { siteIndex } from './site-index.ts';

/** `image:` names a file in src/assets/illustrations. */
export function illustrationsExist({ entries, options, report, shown }: Context): void {
  const names = () =>
    existsSync(options.illustrations)
      ? readdirSync(options.illustrations)
          .filter((n) => n.endsWith('.svg'))
          .map((n) => n.slice(0, -4))
      : [];
  for (const entry of entries) {
    const image = entry.data['image'];
    if (typeof image !== 'string') continue;
    const file = join(options.illustrations, `${image}.svg`);
    if (existsSync(file) && statSync(file).isFile()) continue;
    const close = names().filter(
      (name) => name.includes(image) || image.includes(name.split('-').pop()!),
    );
    report(
      entry.source,
      lineOf(entry.source, [...entry.at, 'image']),
      `"image" is "${image}", but there is no ${shown(join(options.illustrations, image + '.svg'))}. Use the name of a file in that folder without ".svg"${close.length ? `, e.g. ${close.slice(0, 3).join(', ')}` : ''}.`,
    );
  }
}

/** Related cards may also show the limited offer (src/components/pages/ServicePage.astro). */
const relatedExtras = new Set(['/hair-transplant-offer']);

/** A treatment page's related treatments, its article and its destinations exist. */
export function treatmentReferences(ctx: Context): void {
  const { services, servicePaths, destinationIds, articleSlugs } = siteIndex(ctx);
  const { report } = ctx;
  for (const service of services) {
    const page = service.data['page'];
    if (!page) continue;
    const line = (path: (string | number)[]) => lineOf(service.source, ['page', ...path]);
    (Array.isArray(page.related) ? (page.related as string[]) : []).forEach((path, i) => {
      if (!servicePaths.has(path) && !relatedExtras.has(path))
        report(
          service.source,
          line(['related', i]),
          `"page.related[${i}]" is "${path}", which is not the path of any treatment page. Use a "path:" from another file in services/, e.g. ${[...servicePaths].slice(0, 2).join(', ')}.`,
        );
    });
    const missingIn = ['ar', 'en'].find(
      (lang) => page.article && !articleSlugs(lang).has(page.article),
    );
    if (missingIn)
      report(
        service.source,
        line(['article']),
        `"page.article" is "${page.article}", but there is no published article blog/${missingIn}/${page.article}.mdx. Use the file name of an article (without .mdx).`,
      );
    (Array.isArray(page.destinations?.items) ? page.destinations.items : []).forEach(
      (item: { destination: string }, i: number) => {
        if (!destinationIds.has(item.destination))
          report(
            service.source,
            line(['destinations', 'items', i, 'destination']),
            `"page.destinations.items[${i}].destination" is "${item.destination}", which is not a destination. Use a file name from destinations/ without .yaml: ${[...destinationIds].join(', ')}.`,
          );
      },
    );
  }
}

/** The treatments a destination page lists exist. */
export function destinationReferences(ctx: Context): void {
  const { servicePaths } = siteIndex(ctx);
  for (const destination of ctx.byCollection('destinations')) {
    const treatments = destination.data['page']?.treatments;
    (Array.isArray(treatments) ? treatments : []).forEach(
      (item: { service?: string }, i: number) => {
        if (item.service && !servicePaths.has(item.service))
          ctx.report(
            destination.source,
            lineOf(destination.source, ['page', 'treatments', i, 'service']),
            `"page.treatments[${i}].service" is "${item.service}", which is not the path of any treatment page. Use a "path:" from a file in services/.`,
          );
      },
    );
  }
}

/** An article's related articles exist in its language, and are not the article itself. */
export function relatedArticles(ctx: Context): void {
  const { articles, articleSlugs } = siteIndex(ctx);
  for (const article of articles) {
    const lang = article.id.slice(0, 2);
    const slugs = articleSlugs(lang);
    const related = Array.isArray(article.data['related'])
      ? (article.data['related'] as string[])
      : [];
    related.forEach((slug, i) => {
      if (slug === article.id.slice(3))
        ctx.report(
          article.source,
          lineOf(article.source, ['related', i]),
          `"related" lists the article itself ("${slug}"). Remove it.`,
        );
      else if (!slugs.has(slug))
        ctx.report(
          article.source,
          lineOf(article.source, ['related', i]),
          `"related" names "${slug}", but there is no published ${lang === 'ar' ? 'Arabic' : 'English'} article with that file name. Use the file name of an article in blog/${lang}/ without .mdx.`,
        );
    });
  }
}

/** A question's `group:` is the home page or a treatment or destination. */
export function questionGroups(ctx: Context): void {
  const { services, destinationIds } = siteIndex(ctx);
  const slugs = new Set(['home', ...services.map((s) => s.id), ...destinationIds]);
  for (const faq of ctx.byCollection('faqs')) {
    const group = faq.data['group'];
    if (!slugs.has(group))
      ctx.report(
        faq.source,
        lineOf(faq.source, [...faq.at, 'group']),
        `"group" is "${group}", which is not a page. Use "home" or the file name of a treatment or destination.`,
      );
  }
}
