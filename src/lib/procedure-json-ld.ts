/**
 * A treatment page as schema.org MedicalProcedure (issue 45), with each indicative price range of
 * its price table as an Offer whose PriceSpecification carries minPrice/maxPrice (no single
 * `price`: the page promises no price, only a range the doctor's assessment narrows). The offers
 * hang on the procedure through `offers`, which schema.org declares for Product/Service rather
 * than MedicalProcedure (its domains are expected, not closed); no rich-result type is claimed
 * (docs/decisions/findable-by-assistants.md).
 */
import type { Service } from '~/content.ts';
import { localizePath, type Lang } from '~/i18n/index.ts';

export function procedureJsonLd(
  service: Service,
  lang: Lang,
  origin: URL,
): Record<string, unknown> | null {
  const page = service.data.page;
  if (!page) return null;
  const url = new URL(localizePath(service.data.path, lang), origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalProcedure',
    '@id': `${url}#procedure`,
    name: service.data.name[lang],
    description: service.data.summary[lang],
    url,
    offers: page.prices.items.map((item) => ({
      '@type': 'Offer',
      name: item.name[lang],
      ...(item.description ? { description: item.description[lang] } : {}),
      priceCurrency: item.price.currency,
      priceSpecification: {
        '@type': 'PriceSpecification',
        priceCurrency: item.price.currency,
        minPrice: item.price.min,
        ...(item.price.max ? { maxPrice: item.price.max } : {}),
      },
      // The note under the table: indicative, and what the final price depends on.
      disambiguatingDescription: page.prices.note[lang],
      url,
    })),
  };
}
