/** What the cross-reference rules look things up in: published treatments, destinations, articles. */
import type { Context, Entry } from '../types.ts';

export interface SiteIndex {
  services: Entry[];
  articles: Entry[];
  /** The `path:` of every published treatment page. */
  servicePaths: Set<string>;
  destinationIds: Set<string>;
  /** The file names of the published articles of a language. */
  articleSlugs: (lang: string) => Set<string>;
}

const published = (entry: Entry) => !entry.unpublished;

export function siteIndex({ byCollection }: Context): SiteIndex {
  const services = byCollection('services');
  const articles = byCollection('blog');
  return {
    services,
    articles,
    servicePaths: new Set(services.filter(published).map((entry) => entry.data['path'])),
    destinationIds: new Set(
      byCollection('destinations')
        .filter(published)
        .map((entry) => entry.id),
    ),
    articleSlugs: (lang) =>
      new Set(
        articles
          .filter(published)
          .filter((a) => a.id.startsWith(`${lang}/`))
          .map((a) => a.id.slice(3)),
      ),
  };
}
