/**
 * Treatments and destination countries: the cards the home page and menus show, and the page each
 * one may have.
 */
import { z } from 'astro/zod';
import {
  benefit,
  faqItem,
  iconName,
  localized,
  localizedList,
  priceRange,
  seo,
  step,
} from './shared.ts';

/** A priced option: a procedure, a package or a body area. */
const priceItem = z.object({
  name: localized,
  price: priceRange,
  description: localized.optional(),
  features: localizedList.optional(),
  /** Marks the package the page recommends ("Most popular"). */
  popular: z.boolean().default(false),
  /** Hollywood smile packages: number of veneers, e.g. "16-20". */
  veneers: z.string().optional(),
  /** Hollywood smile packages: veneer material. */
  material: localized.optional(),
});

/** The treatment page of a service (hero, guide, benefits, prices, process, FAQ). */
const servicePage = z.object({
  seo,
  hero: z.object({
    /** The page's H1. */
    title: localized,
    lead: localized,
    /** Short reassurance badges under the hero (e.g. "Reply within 24 hours"). */
    badges: localizedList.optional(),
  }),
  benefits: z.array(benefit).min(3),
  /** Longer guide sections: a title and paragraphs. */
  guide: z.array(z.object({ title: localized, paragraphs: localizedList })).default([]),
  prices: z.object({
    title: localized,
    /** Shown under the cards: prices are indicative, what changes them. */
    note: localized,
    items: z.array(priceItem).min(1),
  }),
  /** Prices or savings by destination. */
  destinations: z
    .object({
      title: localized,
      items: z
        .array(
          z.object({
            /** Destination slug (file name in content/destinations). */
            destination: z.string(),
            price: priceRange.optional(),
            note: localized,
          }),
        )
        .min(1),
    })
    .optional(),
  process: z.array(step).min(4),
  faq: z.array(faqItem).min(3),
  /** Paths of related treatment pages for the "related treatments" grid. */
  related: z.array(z.string().startsWith('/')).default([]),
  /** Slug of a guide article linked from the page. */
  article: z.string().optional(),
});

/** The page of a destination country. */
const destinationPage = z.object({
  seo,
  hero: z.object({ title: localized, lead: localized }),
  reasons: z.array(benefit).min(3),
  treatments: z
    .array(
      z.object({
        name: localized,
        price: priceRange.optional(),
        /** Path of the matching treatment page, when there is one. */
        service: z.string().startsWith('/').optional(),
        note: localized.optional(),
      }),
    )
    .min(1),
  /** What a package there usually includes. */
  packageIncludes: localizedList.optional(),
  /** A frank note on travel conditions (e.g. Syria) shown prominently. */
  travelNote: localized.optional(),
  faq: z.array(faqItem).default([]),
});

/** Treatments. One YAML file each; the home grid shows those with `home: true`. */
export const serviceSchema = z.object({
  /** Position in grids and menus (ascending). */
  order: z.number().int(),
  /** Whether the home page's services grid shows this treatment. */
  home: z.boolean().default(true),
  /** Icon shown on cards. */
  icon: iconName,
  /** Illustration file name in src/assets/illustrations/ (without extension). */
  image: z.string(),
  /** Route of the treatment page, without language prefix (e.g. /hair-transplant-turkey). */
  path: z.string().startsWith('/'),
  /**
   * The treatment's name on its own ("زراعة الشعر"), as the consultation form lists it. The file
   * name is the value the form sends, which the database must accept (lead_service;
   * tests/unit/one-source.test.ts checks both ways).
   */
  name: localized,
  /** Card and page title. */
  title: localized,
  /** One or two sentences for cards. */
  summary: localized,
  /** Indicative starting price shown on the card. */
  from: priceRange.optional(),
  /** The treatment page's content. */
  page: servicePage.optional(),
  /**
   * What to bring and how to prepare for the trip (issue 44), shown in the patient's trip plan
   * for this treatment; treatments without their own list show the general one
   * (src/i18n/ui/patient-trip-*.ts, `trip.prep.default.*`). The clinic's own instructions come
   * first, and the page says so.
   */
  trip: z.object({ prepare: localizedList, bring: localizedList }).optional(),
});

/** Destination countries. One YAML file each, named by slug (turkey.yaml → /destinations/turkey). */
export const destinationSchema = z.object({
  order: z.number().int(),
  /** ISO 3166-1 alpha-2 code, used for the flag. */
  flag: z.string().length(2),
  name: localized,
  /** One or two sentences for cards. */
  summary: localized,
  /** Illustration file name in src/assets/illustrations/ (without extension). */
  image: z.string(),
  /** The destination page's content. */
  page: destinationPage.optional(),
});
