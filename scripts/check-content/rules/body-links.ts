/** Rule: links and images in article bodies lead somewhere. */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { bodyReferences, cleanPath, staticRoutes } from '../body.ts';
import type { Context, Entry } from '../types.ts';
import { siteIndex } from './site-index.ts';

/** Every page address of the site: the fixed routes and those made from content. */
function siteRoutes(ctx: Context): Set<string> {
  const { services, destinationIds, articleSlugs, articles } = siteIndex(ctx);
  const routes = staticRoutes(ctx.options.pagesDir);
  for (const service of services.filter((entry) => !entry.unpublished)) {
    routes.add(service.data['path']);
    routes.add(`/en${service.data['path']}`);
  }
  for (const id of destinationIds) {
    routes.add(`/destinations/${id}`);
    routes.add(`/en/destinations/${id}`);
  }
  for (const lang of ['ar', 'en'])
    for (const slug of articleSlugs(lang)) routes.add(`${lang === 'ar' ? '' : '/en'}/blog/${slug}`);
  for (const article of articles)
    routes
      .add(`/blog/category/${article.data['category']}`)
      .add(`/en/blog/category/${article.data['category']}`);
  return routes;
}

function checkArticle(ctx: Context, article: Entry, routes: Set<string>): void {
  const { options, report, shown } = ctx;
  const body = article.body!;
  const [lang, slug] = article.id.split('/') as [string, string];
  const here = new URL(`https://site${lang === 'ar' ? '' : '/en'}/blog/${slug}`);
  const articleFolder = dirname(join(options.dir, 'blog', article.id));
  for (const { kind, target, index } of bodyReferences(body.text)) {
    const line = body.firstLine + body.text.slice(0, index).split('\n').length - 1;
    if (/^(https?:|mailto:|tel:|#|\{)/.test(target)) continue;
    if (kind === 'image') {
      const file = target.startsWith('/')
        ? join(options.publicDir, cleanPath(target))
        : resolve(articleFolder, cleanPath(target));
      if (!(existsSync(file) && statSync(file).isFile()))
        report(
          article.source,
          line,
          `the image "${target}" does not exist (looked for ${shown(file)}). Put the file there or correct the path; files in public/ are written from the site root, e.g. /images/clinic.jpg.`,
        );
      continue;
    }
    const path = cleanPath(new URL(target, here).pathname);
    if (routes.has(path)) continue;
    const otherLang = lang === 'ar' ? `/en${path}` : path.replace(/^\/en/, '');
    const hint = routes.has(otherLang)
      ? ` The ${lang === 'ar' ? 'Arabic' : 'English'} address of that page is ${otherLang === '' ? '/' : otherLang}.`
      : ' Link to an existing page, e.g. /blog or a treatment path such as /hair-transplant-turkey.';
    report(
      article.source,
      line,
      `the link "${target}" leads to a page that does not exist.${hint}`,
    );
  }
}

export function bodyLinksResolve(ctx: Context): void {
  const routes = siteRoutes(ctx);
  for (const article of ctx.byCollection('blog'))
    if (article.body) checkArticle(ctx, article, routes);
}
