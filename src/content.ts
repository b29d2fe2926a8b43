/**
 * Collections fetched, filtered and sorted once; pages and sections import these typed helpers
 * instead of querying collections themselves.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { ImageMetadata } from 'astro';
import type { Lang } from '~/i18n/index.ts';

const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

const illustrations = import.meta.glob<{ default: ImageMetadata }>('./assets/illustrations/*.svg', {
  eager: true,
});

/** An illustration from src/assets/illustrations by file name; a missing file fails the build. */
export function illustration(name: string): ImageMetadata {
  const found = illustrations[`./assets/illustrations/${name}.svg`];
  if (!found) throw new Error(`Missing illustration src/assets/illustrations/${name}.svg`);
  return found.default;
}

const illustrationSources = import.meta.glob<string>('./assets/illustrations/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The same illustration as a data URI, for the one image that is a page's largest paint: on a
 * 400 ms round trip its own request put LCP 380–430 ms after the first paint of the blog listings
 * (docs/decisions.md, "Lighthouse LCP ≤ FCP + 150 ms"); the files are 2–3 KB.
 */
export function illustrationDataUri(name: string): string {
  const svg = illustrationSources[`./assets/illustrations/${name}.svg`];
  if (svg === undefined)
    throw new Error(`Missing illustration src/assets/illustrations/${name}.svg`);
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export type Service = CollectionEntry<'services'>;
export type Destination = CollectionEntry<'destinations'>;
export type Article = CollectionEntry<'blog'>;
export type Highlight = CollectionEntry<'highlights'>;

export const services: Service[] = (await getCollection('services')).sort(byOrder);
export const homeServices = services.filter((service) => service.data.home);
export const destinations: Destination[] = (await getCollection('destinations')).sort(byOrder);
/** The testimonials the home page shows: those marked `featured: true` (check:content wants four). */
export const testimonials = (await getCollection('testimonials')).filter(
  (entry) => entry.data.featured,
);
export const coordinators = await getCollection('coordinators');
export const gallery = (await getCollection('gallery')).sort(byOrder);

const faqs = await getCollection('faqs');
/**
 * The FAQ entries shown on one page ("home" or a page slug). The home shows only the entries marked
 * `featured: true` (check:content wants six), so adding a question to faqs.yaml changes nothing there
 * until an editor features it.
 */
export function faqsFor(group: string) {
  return faqs.filter((faq) => faq.data.group === group && (group !== 'home' || faq.data.featured));
}

const highlights = await getCollection('highlights');
export function highlightsFor(group: Highlight['data']['group']): Highlight[] {
  return highlights.filter((item) => item.data.group === group).sort(byOrder);
}

/**
 * Drafts (`draft: true`) and scheduled articles (`publishDate` after the build) are left out of a
 * production build: no page, card, teaser, sitemap entry or share image. `npm run dev` and
 * `npm run preview:content` (RIHLA_PREVIEW_DRAFTS=1) include them, marked "draft" (docs/content.md).
 */
export const showUnpublished = import.meta.env.DEV || process.env['RIHLA_PREVIEW_DRAFTS'] === '1';

/** Whether an article is public in a production build made now. */
export function isPublished(article: Article, now = new Date()): boolean {
  return !article.data.draft && !(article.data.publishDate && article.data.publishDate > now);
}

const articles = (await getCollection('blog'))
  .filter((article) => showUnpublished || isPublished(article))
  .sort((a, b) => b.data.date.getTime() - a.data.date.getTime());

/** The URL slug of an article: its file name (entry ids are "ar/<slug>"). */
export function articleSlug(article: Article): string {
  return article.id.replace(/^(ar|en)\//, '');
}

/** Articles in one language, newest first. */
export function articlesIn(lang: Lang): Article[] {
  return articles.filter((article) => article.id.startsWith(`${lang}/`));
}

/** Services by path, for footers and related-treatment grids. */
export function serviceByPath(path: string): Service {
  const found = services.find((service) => service.data.path === path);
  if (!found) throw new Error(`No service content for ${path} in content/services/`);
  return found;
}

export type Offer = CollectionEntry<'offers'>;
/** Limited offers (content/offers.yaml), ended ones included: their pages keep answering. */
export const offers: Offer[] = await getCollection('offers');

/** The offer whose page is at `path`, if any (related-links grids may list an offer page). */
export function offerByPath(path: string): Offer | undefined {
  return offers.find((offer) => offer.data.path === path);
}

/** The privacy policy or the terms in one language (content/legal/<lang>/<slug>.mdx). */
export async function legalDocument(slug: 'privacy' | 'terms', lang: Lang) {
  const entry = await getEntry('legal', `${lang}/${slug}`);
  if (!entry) throw new Error(`Missing content/legal/${lang}/${slug}.mdx`);
  return entry;
}
