/** JSON-LD builders (schema.org) shared by the layouts and pages. */
import { site } from '~/config/site.ts';
import { localizePath, type Lang } from '~/i18n/index.ts';

type JsonLd = Record<string, unknown>;

/** The agency as a MedicalBusiness, on every page. */
export function organizationJsonLd(lang: Lang, origin: URL): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalBusiness',
    '@id': new URL('/#organization', origin).href,
    name: site.brand[lang],
    alternateName: site.brand[lang === 'ar' ? 'en' : 'ar'],
    url: new URL(localizePath('/', lang), origin).href,
    logo: new URL('/favicon.svg', origin).href,
    email: site.email,
    telephone: site.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city.en,
      addressCountry: 'DE',
    },
    areaServed: ['SA', 'AE', 'KW', 'BH', 'QA', 'OM', 'EG', 'JO', 'LB', 'IQ', 'SY', 'TR', 'DE'],
    knowsLanguage: ['ar', 'en', 'tr'],
  };
}

export interface QuestionAnswer {
  question: string;
  answer: string;
}

/** Question/answer pairs of a content entry in one language. */
export function localizedFaq(
  items: { question: { ar: string; en: string }; answer: { ar: string; en: string } }[],
  lang: Lang,
): QuestionAnswer[] {
  return items.map((item) => ({ question: item.question[lang], answer: item.answer[lang] }));
}

export function faqJsonLd(items: QuestionAnswer[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function breadcrumbJsonLd(items: { name: string; url: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/**
 * Structured data of an inner page: its breadcrumb trail (the last crumb is the page itself, at
 * `pageUrl`) and, when it has questions, its FAQ.
 */
export function innerPageJsonLd(options: {
  crumbs: { label: string; href?: string }[];
  pageUrl: string;
  origin: URL;
  faq?: QuestionAnswer[];
}): JsonLd[] {
  const { crumbs, pageUrl, origin, faq = [] } = options;
  return [
    breadcrumbJsonLd(
      crumbs.map((crumb) => ({
        name: crumb.label,
        url: new URL(crumb.href ?? pageUrl, origin).href,
      })),
    ),
    ...(faq.length ? [faqJsonLd(faq)] : []),
  ];
}
