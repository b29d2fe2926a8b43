/**
 * The sitemap says what the pages say: each URL exactly as the page's canonical link writes it
 * (no trailing slash except the homes, built by the same `localizePath` as src/layouts/BaseLayout.astro),
 * hreflang alternates ar, en and x-default for pages with a twin, and `lastmod` taken from the
 * content the page shows (an article's `updated`/`date`, otherwise the last commit of its content
 * file). tests/build/seo.test.ts checks that sitemap and canonicals are the same set.
 */
import type { SitemapOptions } from '@astrojs/sitemap';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { hasTwin, langFromPath, localizePath, stripLang } from '../i18n/index.ts';

/** Pages that must never be indexed: kept out of the sitemap (they are also `noindex`). */
const unlisted = /\/(admin|thank-you|install|index-now|offline|404|r)(\/|$)/;

/** Day of the last commit touching `files` (undefined outside a git checkout). */
function committed(files: string[]): Date | undefined {
  try {
    const day = execFileSync('git', ['log', '-1', '--format=%cI', '--', ...files], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return day ? new Date(day) : undefined;
  } catch {
    return undefined;
  }
}

const newest = (dates: (Date | undefined)[]) =>
  dates.filter((d): d is Date => !!d).sort((a, b) => b.getTime() - a.getTime())[0];

const yamlFiles = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.yaml')) : [];

/** Language-neutral path → the date its content last changed. */
function contentDates(contentDir: string): Map<string, Date> {
  const dates = new Map<string, Date | undefined>();
  const articles: { slug: string; category: string; date: Date }[] = [];
  for (const name of existsSync(join(contentDir, 'blog/ar'))
    ? readdirSync(join(contentDir, 'blog/ar'))
    : []) {
    const text = readFileSync(join(contentDir, 'blog/ar', name), 'utf8');
    const front = parse(/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '') ?? {};
    const date = new Date(String(front.updated ?? front.date));
    if (Number.isNaN(date.getTime()) || front.draft === true) continue;
    if (front.publishDate && new Date(String(front.publishDate)) > new Date()) continue;
    const slug = name.replace(/\.mdx?$/, '');
    articles.push({ slug, category: String(front.category), date });
    dates.set(`/blog/${slug}`, date);
  }
  dates.set('/blog', newest(articles.map((a) => a.date)));
  for (const category of new Set(articles.map((a) => a.category)))
    dates.set(
      `/blog/category/${category}`,
      newest(articles.filter((a) => a.category === category).map((a) => a.date)),
    );
  for (const name of yamlFiles(join(contentDir, 'services'))) {
    const file = join(contentDir, 'services', name);
    const path = parse(readFileSync(file, 'utf8'))?.path;
    if (typeof path === 'string') dates.set(path, committed([file]));
  }
  for (const name of yamlFiles(join(contentDir, 'destinations')))
    dates.set(
      `/destinations/${name.replace(/\.yaml$/, '')}`,
      committed([join(contentDir, 'destinations', name)]),
    );
  dates.set('/digital-marketing', committed([join(contentDir, 'pages/digital-marketing.yaml')]));
  dates.set(
    '/how-we-choose-clinics',
    committed([join(contentDir, 'pages/how-we-choose-clinics.yaml')]),
  );
  dates.set(
    '/common-mistakes',
    committed([join(contentDir, 'pages/common-mistakes.yaml'), join(contentDir, 'mistakes.yaml')]),
  );
  dates.set('/hair-transplant-offer', committed([join(contentDir, 'offers.yaml')]));
  // The home shows a bit of everything.
  dates.set('/', newest([...dates.values(), committed([contentDir])]));
  return new Map([...dates].filter((entry): entry is [string, Date] => !!entry[1]));
}

export function sitemapOptions(options: {
  site: string;
  contentDir: string;
  /** Paths that answer but are not listed (an ended offer's page, which is also `noindex`). */
  exclude?: ReadonlySet<string>;
}): SitemapOptions {
  let dates: Map<string, Date> | undefined;
  const absolute = (path: string) => new URL(path, options.site).href;
  return {
    filter: (page) => {
      const pathname = new URL(page).pathname;
      return !unlisted.test(pathname) && !options.exclude?.has(pathname.replace(/\/$/, '') || '/');
    },
    serialize(item) {
      dates ??= contentDates(options.contentDir);
      const pathname = new URL(item.url).pathname;
      const lang = langFromPath(pathname);
      const path = stripLang(pathname);
      const lastmod = dates.get(path);
      return {
        ...item,
        url: absolute(localizePath(path, lang)),
        ...(lastmod ? { lastmod: lastmod.toISOString() } : {}),
        links: hasTwin(path)
          ? [
              { lang: 'ar', url: absolute(localizePath(path, 'ar')) },
              { lang: 'en', url: absolute(localizePath(path, 'en')) },
              { lang: 'x-default', url: absolute(localizePath(path, 'ar')) },
            ]
          : [],
      };
    },
  };
}
