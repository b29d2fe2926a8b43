/**
 * Every content collection: where its files are (the loaders) and the schema that checks them
 * (src/content-schemas/). Content is data: pages render these entries through shared sections, so
 * an editor changes a price or adds an article in content/, never in a component. A file with a
 * wrong or missing field fails the build with the file and the field named.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { serviceSchema, destinationSchema } from './content-schemas/treatments.ts';
import {
  testimonialSchema,
  coordinatorSchema,
  faqSchema,
  highlightSchema,
  galleryItemSchema,
  mistakeSchema,
} from './content-schemas/site.ts';
import {
  articleSchema,
  legalDocumentSchema,
  contentPageSchema,
} from './content-schemas/articles.ts';
import { offerSchema } from './content-schemas/offers.ts';
import { exchangeRatesSchema } from './content-schemas/rates.ts';

/** Treatments. One YAML file each; the home grid shows those with `home: true`. */
const services = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/services' }),
  schema: serviceSchema,
});

/** Destination countries. One YAML file each, named by slug (turkey.yaml → /destinations/turkey). */
const destinations = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/destinations' }),
  schema: destinationSchema,
});

/** Patient testimonials on the home page (rating fixed at 5 by the spec). */
const testimonials = defineCollection({
  loader: file('./content/testimonials.yaml'),
  schema: testimonialSchema,
});

/** Patient coordinators, each reachable on WhatsApp. */
const coordinators = defineCollection({
  loader: file('./content/coordinators.yaml'),
  schema: coordinatorSchema,
});

/** Question/answer pairs, grouped by the page that shows them. */
const faqs = defineCollection({
  loader: file('./content/faqs.yaml'),
  schema: faqSchema,
});

/** Short titled items rendered by the feature sections (trust, why us, process, package, claims). */
const highlights = defineCollection({
  loader: file('./content/highlights.yaml'),
  schema: highlightSchema,
});

/** The captioned gallery about medical tourism in Turkey. */
const gallery = defineCollection({
  loader: file('./content/gallery.yaml'),
  schema: galleryItemSchema,
});

/** Blog articles, MDX, one folder per language; the file name is the URL slug. */
const blog = defineCollection({
  loader: glob({ pattern: '{ar,en}/*.mdx', base: './content/blog' }),
  schema: articleSchema,
});

/**
 * The privacy policy and the terms, MDX, one folder per language (privacy.mdx, terms.mdx). Their
 * version and date live in src/config/site.ts (`policies`), because every lead records the version.
 */
const legal = defineCollection({
  loader: glob({ pattern: '{ar,en}/{privacy,terms}.mdx', base: './content/legal' }),
  schema: legalDocumentSchema,
});

/**
 * Limited offers (the hair-transplant offer page, Arabic only): when each runs, its prices, and what
 * its page lists. Ended offers stay here so their page keeps answering, in its ended state.
 */
const offers = defineCollection({
  loader: file('./content/offers.yaml'),
  schema: offerSchema,
});

/** Stand-alone content pages (digital marketing, common mistakes): titled sections of text and items. */
const pages = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/pages' }),
  schema: contentPageSchema,
});

/** The eight common mistakes of medical travel, with their risk level. */
const mistakes = defineCollection({
  loader: file('./content/mistakes.yaml'),
  schema: mistakeSchema,
});

/** The exchange rates for the patient's indicative conversions of quotes (one entry, `current`). */
const rates = defineCollection({
  loader: file('./content/exchange-rates.yaml'),
  schema: exchangeRatesSchema,
});

export const collections = {
  rates,
  offers,
  pages,
  mistakes,
  services,
  destinations,
  testimonials,
  coordinators,
  faqs,
  highlights,
  gallery,
  blog,
  legal,
};
