/**
 * Stand-ins for `astro:content` and `astro/loaders` so that the content checker
 * (scripts/check-content/index.ts) can import src/content.config.ts in plain Node, without Astro
 * or a build: the collections' schemas stay written once, and the loaders only record where each
 * collection's files are.
 */
import { z } from 'zod';

/** A collection is its definition; the checker reads `loader` and `schema`. */
export const defineCollection = <T>(collection: T): T => collection;

/** A reference to another collection's entry is its id (checked by the cross-reference checks). */
export const reference = (_collection: string) => z.string();

/** Where a glob-loaded collection's files are. */
export const glob = (options: { pattern: string; base: string }) => ({ kind: 'glob', ...options });

/** Where a single-file collection is. */
export const file = (path: string) => ({ kind: 'file', path });
