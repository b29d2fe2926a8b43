/**
 * The building blocks every content schema is made of: a text in both languages, a price range,
 * the icon names, a question, a titled point, a step and a page's search-engine texts.
 */
import { z } from 'astro/zod';

/** A text in both site languages. Arabic is the reference; English mirrors it. */
export const localized = z.object({
  /** Arabic text (the reference language). */
  ar: z.string().min(1),
  /** English text. */
  en: z.string().min(1),
});

/** A list of short texts in both languages (feature bullets, package contents). */
export const localizedList = z.object({
  ar: z.array(z.string().min(1)).min(1),
  en: z.array(z.string().min(1)).min(1),
});

/** A price range in a currency, rendered as e.g. "€1,500 – 2,500". */
export const priceRange = z.object({
  /** Lowest indicative price. */
  min: z.number().int().positive(),
  /** Highest indicative price; omit for "from" prices. */
  max: z.number().int().positive().optional(),
  /** ISO currency code; the spec's figures are EUR unless noted. */
  currency: z.enum(['EUR', 'USD']).default('EUR'),
  /** Show a trailing "+" (e.g. "$3,000 – 4,000+"). */
  plus: z.boolean().default(false),
});

/** Icon names from the project's icon set (src/components/ui/icons.ts). */
export const iconName = z.enum([
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
export const faqItem = z.object({ question: localized, answer: localized });

/** A titled point with an icon (benefits, reasons to choose a destination). */
export const benefit = z.object({ icon: iconName, title: localized, text: localized });

/** One step of a numbered process. */
export const step = z.object({ title: localized, text: localized });

/** Search-engine title and description of a page (unique per page and language). */
export const seo = z.object({
  /** <title> without the brand suffix; aim for ≤ 60 characters. */
  title: localized,
  /** Meta description, 70–170 characters. */
  description: localized,
});
