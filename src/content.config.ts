/**
 * Every content collection and its schema. Content is data: pages render these entries through shared
 * sections, so an editor changes a price or adds an article here, never in a component. A file with a
 * wrong or missing field fails the build with the file and the field named.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** A text in both site languages. Arabic is the reference; English mirrors it. */
const localized = z.object({
  /** Arabic text (the reference language). */
  ar: z.string().min(1),
  /** English text. */
  en: z.string().min(1),
});

/** A list of short texts in both languages (feature bullets, package contents). */
const localizedList = z.object({
  ar: z.array(z.string().min(1)).min(1),
  en: z.array(z.string().min(1)).min(1),
});

/** A price range in a currency, rendered as e.g. "€1,500 – 2,500". */
const priceRange = z.object({
  /** Lowest indicative price. */
  min: z.number().int().positive(),
  /** Highest indicative price; omit for "from" prices. */
  max: z.number().int().positive().optional(),
  /** ISO currency code; the spec's figures are EUR unless noted. */
  currency: z.enum(['EUR', 'USD']).default('EUR'),
  /** Show a trailing "+" (e.g. "$3,000 – 4,000+"). */
  plus: z.boolean().default(false),
});

/** Icon names from the project's icon set (src/components/ui/Icon.astro). */
const iconName = z.enum([
  'hair',
  'tooth',
  'smile',
  'sparkles',
  'scale',
  'nose',
  'body',
  'face',
  'eye',
  'bone',
  'baby',
  'stethoscope',
  'shield',
  'tag',
  'files',
  'award',
  'user',
  'clock',
  'hospital',
  'globe',
  'plane',
  'hotel',
  'car',
  'language',
  'pill',
  'video',
  'heart',
  'chat',
  'check',
  'calendar',
  'wallet',
  'lock',
  'search',
  'star',
]);

/** Treatments. One YAML file each; the home grid shows those with `home: true`. */
const services = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/services' }),
  schema: z.object({
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
    /** Card and page title. */
    title: localized,
    /** One or two sentences for cards. */
    summary: localized,
    /** Indicative starting price shown on the card. */
    from: priceRange.optional(),
  }),
});

/** Destination countries. One YAML file each, named by slug (turkey.yaml → /destinations/turkey). */
const destinations = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/destinations' }),
  schema: z.object({
    order: z.number().int(),
    /** ISO 3166-1 alpha-2 code, used for the flag. */
    flag: z.string().length(2),
    name: localized,
    /** One or two sentences for cards. */
    summary: localized,
    /** Illustration file name in src/assets/illustrations/ (without extension). */
    image: z.string(),
  }),
});

/** Patient testimonials on the home page (rating fixed at 5 by the spec). */
const testimonials = defineCollection({
  loader: file('./src/content/testimonials.yaml'),
  schema: z.object({
    name: localized,
    country: localized,
    service: localized,
    rating: z.literal(5),
    text: localized,
  }),
});

/** Patient coordinators, each reachable on WhatsApp. */
const coordinators = defineCollection({
  loader: file('./src/content/coordinators.yaml'),
  schema: z.object({
    name: localized,
    role: localized,
    description: localized,
    /** WhatsApp number, digits only with country code (as wa.me expects). */
    whatsapp: z.string().regex(/^\d{8,15}$/),
    /** Languages the coordinator speaks, shown as small badges. */
    languages: localizedList,
  }),
});

/** Question/answer pairs, grouped by the page that shows them. */
const faqs = defineCollection({
  loader: file('./src/content/faqs.yaml'),
  schema: z.object({
    /** Page group, e.g. "home" or a service/destination slug. */
    group: z.string(),
    question: localized,
    answer: localized,
  }),
});

/** Short titled items rendered by the feature sections (trust, why us, process, package, claims). */
const highlights = defineCollection({
  loader: file('./src/content/highlights.yaml'),
  schema: z.object({
    /** Which section shows the item. */
    group: z.enum(['trust', 'why', 'process', 'package', 'claims']),
    order: z.number().int(),
    icon: iconName,
    title: localized,
    text: localized,
  }),
});

/** The captioned gallery about medical tourism in Turkey. */
const gallery = defineCollection({
  loader: file('./src/content/gallery.yaml'),
  schema: z.object({
    order: z.number().int(),
    /** Illustration file name in src/assets/illustrations/ (without extension). */
    image: z.string(),
    caption: localized,
    /** Describes the picture for screen readers. */
    alt: localized,
  }),
});

/** Blog articles, MDX, one folder per language; the file name is the URL slug. */
const blog = defineCollection({
  loader: glob({ pattern: '{ar,en}/*.mdx', base: './src/content/blog' }),
  schema: z.object({
    title: z.string().min(10),
    description: z.string().min(40).max(200),
    /** Publication date (ISO, e.g. 2025-06-12). */
    date: z.coerce.date(),
    /** Last substantive update, when different from the publication date. */
    updated: z.coerce.date().optional(),
    /** Estimated reading time in minutes (the spec's range is 5 to 9). */
    readTime: z.number().int().min(5).max(9),
    category: z.enum(['hair-transplant', 'dental-implants', 'medical-tourism']),
    author: z.string(),
    /** Illustration file name in src/assets/illustrations/ (without extension). */
    image: z.string(),
    /** Slugs of related articles in the same language. */
    related: z.array(z.string()).default([]),
  }),
});

export const collections = {
  services,
  destinations,
  testimonials,
  coordinators,
  faqs,
  highlights,
  gallery,
  blog,
};
