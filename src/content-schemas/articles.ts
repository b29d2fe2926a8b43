/**
 * Pages that are mostly text: blog articles and the legal documents (MDX, one folder per language),
 * and the stand-alone content pages (YAML, both languages in one file).
 */
import { z } from 'astro/zod';
import { blogCategories } from '../lib/blog.ts';
import { benefit, faqItem, localized, localizedList, seo } from './shared.ts';

/** Blog articles, MDX, one folder per language; the file name is the URL slug. */
export const articleSchema = z.object({
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
});

/**
 * The privacy policy and the terms, MDX, one folder per language (privacy.mdx, terms.mdx). Their
 * version and date live in src/config/site.ts (`policies`), because every lead records the version.
 */
export const legalDocumentSchema = z.object({
  /** The page's H1 and <title>. */
  title: z.string().min(5),
  /** Meta description, 70–170 characters. */
  description: z.string().min(70).max(170),
  /** One or two sentences under the title: what the document is about. */
  lead: z.string().min(20),
});

/** Stand-alone content pages (digital marketing, common mistakes): titled sections of text and items. */
export const contentPageSchema = z.object({
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
});
