/**
 * The short items the home page and the shared sections are made of: testimonials, coordinators,
 * FAQ entries, highlights, the gallery and the common mistakes.
 */
import { z } from 'astro/zod';
import { iconName, localized, localizedList } from './shared.ts';

/** Patient testimonials on the home page (rating fixed at 5 by the spec). */
export const testimonialSchema = z.object({
  /** Shown on the home page, which shows exactly four (checked by npm run check:content). */
  featured: z.boolean().default(false),
  name: localized,
  country: localized,
  service: localized,
  rating: z.literal(5),
  text: localized,
});

/** Patient coordinators, each reachable on WhatsApp. */
export const coordinatorSchema = z.object({
  name: localized,
  role: localized,
  description: localized,
  /** WhatsApp number, digits only with country code (as wa.me expects). */
  whatsapp: z.string().regex(/^\d{8,15}$/),
  /** Languages the coordinator speaks, shown as small badges. */
  languages: localizedList,
});

/** Question/answer pairs, grouped by the page that shows them. */
export const faqSchema = z.object({
  /** Page group, e.g. "home" or a service/destination slug. */
  group: z.string(),
  /** For group "home": shown on the home page, which shows exactly six (checked). */
  featured: z.boolean().default(false),
  question: localized,
  answer: localized,
});

/** Short titled items rendered by the feature sections (trust, why us, process, package, claims). */
export const highlightSchema = z.object({
  /** Which section shows the item. */
  group: z.enum(['trust', 'why', 'process', 'package', 'claims']),
  order: z.number().int(),
  icon: iconName,
  title: localized,
  text: localized,
});

/** The captioned gallery about medical tourism in Turkey. */
export const galleryItemSchema = z.object({
  order: z.number().int(),
  /** Illustration file name in src/assets/illustrations/ (without extension). */
  image: z.string(),
  caption: localized,
  /** Describes the picture for screen readers. */
  alt: localized,
});

/** The eight common mistakes of medical travel, with their risk level. */
export const mistakeSchema = z.object({
  order: z.number().int(),
  title: localized,
  problem: localized,
  solution: localized,
  /** Shown as حرجة / عالية / متوسطة (درجة الخطورة). */
  risk: z.enum(['critical', 'high', 'medium']),
});
