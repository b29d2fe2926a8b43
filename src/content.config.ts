/**
 * Every content collection and its schema. Content is data: pages render these entries through shared
 * sections, so an editor changes a price or adds an article here, never in a component. A file with a
 * wrong or missing field fails the build with the file and the field named.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { blogCategories } from './lib/blog.ts';

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

/** A question and its answer, both in the two languages. */
const faqItem = z.object({ question: localized, answer: localized });

/** A titled point with an icon (benefits, reasons to choose a destination). */
const benefit = z.object({ icon: iconName, title: localized, text: localized });

/** One step of a numbered process. */
const step = z.object({ title: localized, text: localized });

/** Search-engine title and description of a page (unique per page and language). */
const seo = z.object({
  /** <title> without the brand suffix; aim for ≤ 60 characters. */
  title: localized,
  /** Meta description, 70–170 characters. */
  description: localized,
});

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
  /** Where the page's calls to action lead: /?scroll=contact or /#contact (as the spec says). */
  cta: z.enum(['scroll', 'anchor']),
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
const services = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/services' }),
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
    /** The treatment page's content. */
    page: servicePage.optional(),
  }),
});

/** Destination countries. One YAML file each, named by slug (turkey.yaml → /destinations/turkey). */
const destinations = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/destinations' }),
  schema: z.object({
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
  }),
});

/** Patient testimonials on the home page (rating fixed at 5 by the spec). */
const testimonials = defineCollection({
  loader: file('./content/testimonials.yaml'),
  schema: z.object({
    /** Shown on the home page, which shows exactly four (checked by npm run check:content). */
    featured: z.boolean().default(false),
    name: localized,
    country: localized,
    service: localized,
    rating: z.literal(5),
    text: localized,
  }),
});

/** Patient coordinators, each reachable on WhatsApp. */
const coordinators = defineCollection({
  loader: file('./content/coordinators.yaml'),
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
  loader: file('./content/faqs.yaml'),
  schema: z.object({
    /** Page group, e.g. "home" or a service/destination slug. */
    group: z.string(),
    /** For group "home": shown on the home page, which shows exactly six (checked). */
    featured: z.boolean().default(false),
    question: localized,
    answer: localized,
  }),
});

/** Short titled items rendered by the feature sections (trust, why us, process, package, claims). */
const highlights = defineCollection({
  loader: file('./content/highlights.yaml'),
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
  loader: file('./content/gallery.yaml'),
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
  loader: glob({ pattern: '{ar,en}/*.mdx', base: './content/blog' }),
  schema: z.object({
    /** The article's H1, and its search-engine title unless `seoTitle` is given. */
    title: z.string().min(10),
    /** A shorter title for search results when `title` is over 60 characters (checked). */
    seoTitle: z.string().min(10).max(60).optional(),
    description: z.string().min(40).max(200),
    /** Kept out of production builds (listed, marked "draft", in `npm run dev` and preview:content). */
    draft: z.boolean().default(false),
    /** Scheduled publishing: out of production builds made before this day (ISO, e.g. 2026-12-01). */
    publishDate: z.coerce.date().optional(),
    /** Publication date (ISO, e.g. 2025-06-12). */
    date: z.coerce.date(),
    /** Last substantive update, when different from the publication date. */
    updated: z.coerce.date().optional(),
    /** Estimated reading time in minutes (the spec's range is 5 to 9). */
    readTime: z.number().int().min(5).max(9),
    category: z.enum(blogCategories),
    author: z.string(),
    /** Illustration file name in src/assets/illustrations/ (without extension). */
    image: z.string(),
    /** Slugs of related articles in the same language. */
    related: z.array(z.string()).default([]),
  }),
});

/**
 * The privacy policy and the terms, MDX, one folder per language (privacy.mdx, terms.mdx). Their
 * version and date live in src/config/site.ts (`policies`), because every lead records the version.
 */
const legal = defineCollection({
  loader: glob({ pattern: '{ar,en}/{privacy,terms}.mdx', base: './content/legal' }),
  schema: z.object({
    /** The page's H1 and <title>. */
    title: z.string().min(5),
    /** Meta description, 70–170 characters. */
    description: z.string().min(70).max(170),
    /** One or two sentences under the title: what the document is about. */
    lead: z.string().min(20),
  }),
});

/**
 * Limited offers (the hair-transplant offer page, Arabic only): when each runs, its prices, and what
 * its page lists. Ended offers stay here so their page keeps answering, in its ended state.
 */
const offers = defineCollection({
  loader: file('./content/offers.yaml'),
  schema: z
    .object({
      /** Route of the offer's page (Arabic only), e.g. /hair-transplant-offer. */
      path: z.string().startsWith('/'),
      /** The treatment its registrations ask for (a public form's service value). */
      service: z.enum(['hair-transplant', 'dental-implants', 'hollywood-smile']),
      /** Start, ISO date-time with offset (the clinic's time zone). */
      startsAt: z.iso.datetime({ offset: true }),
      /** Last moment of the offer, ISO date-time with offset; from then on it shows as ended. */
      endsAt: z.iso.datetime({ offset: true }),
      /** The usual price, shown struck through; the saving percent is derived from both prices. */
      oldPriceUsd: z.number().int().positive(),
      /** The offer's price. */
      newPriceUsd: z.number().int().positive(),
      /** Exactly the six items the spec lists. */
      includes: z
        .array(z.object({ icon: iconName, title: z.string(), text: z.string() }))
        .length(6),
      /** Eight reasons to choose the agency. */
      reasons: z.array(z.object({ icon: iconName, title: z.string(), text: z.string() })).length(8),
      /** Three testimonials: name, country, text. */
      testimonials: z
        .array(z.object({ name: z.string(), country: z.string(), text: z.string() }))
        .length(3),
    })
    .refine((offer) => Date.parse(offer.startsAt) < Date.parse(offer.endsAt), {
      message: 'startsAt must be before endsAt',
      path: ['endsAt'],
    })
    .refine((offer) => offer.newPriceUsd < offer.oldPriceUsd, {
      message: 'newPriceUsd must be below oldPriceUsd',
      path: ['newPriceUsd'],
    }),
});

/** Stand-alone content pages (digital marketing, common mistakes): titled sections of text and items. */
const pages = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/pages' }),
  schema: z.object({
    seo,
    hero: z.object({ title: localized, lead: localized }),
    sections: z
      .array(
        z.object({
          /** Anchor of the section (kebab-case). */
          id: z.string().regex(/^[a-z0-9-]+$/),
          title: localized,
          lead: localized.optional(),
          paragraphs: localizedList.optional(),
          items: z.array(benefit).optional(),
        }),
      )
      .min(1),
    faq: z.array(faqItem).default([]),
  }),
});

/** The eight common mistakes of medical travel, with their risk level. */
const mistakes = defineCollection({
  loader: file('./content/mistakes.yaml'),
  schema: z.object({
    order: z.number().int(),
    title: localized,
    problem: localized,
    solution: localized,
    /** Shown as حرجة / عالية / متوسطة (درجة الخطورة). */
    risk: z.enum(['critical', 'high', 'medium']),
  }),
});

export const collections = {
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
