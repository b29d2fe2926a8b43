/* eslint-disable @typescript-eslint/no-explicit-any -- content is whatever src/content.config.ts says; walked generically. */
/**
 * The collection definitions of src/content.config.ts, imported in plain Node through
 * ./astro-shim.ts, and the files each collection reads.
 */
import { existsSync, readdirSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { DEFAULT_CONTENT_DIR } from './types.ts';

export const root = resolve(import.meta.dirname, '../..');

const shim = pathToFileURL(join(import.meta.dirname, 'astro-shim.ts')).href;
let hooked = false;

export interface CollectionDef {
  name: string;
  kind: 'glob' | 'file';
  /** For glob collections: the folder and the pattern; for file collections: the file. */
  base?: string;
  pattern?: string;
  path?: string;
  schema: z.ZodType;
}

export async function loadCollections(): Promise<CollectionDef[]> {
  if (!hooked) {
    registerHooks({
      resolve(specifier, context, next) {
        if (specifier === 'astro:content' || specifier === 'astro/loaders')
          return { url: shim, shortCircuit: true };
        if (specifier === 'astro/zod') return next('zod', context);
        if (specifier.startsWith('~/'))
          return next(pathToFileURL(join(root, 'src', specifier.slice(2))).href, context);
        return next(specifier, context);
      },
    });
    hooked = true;
  }
  const config = await import(pathToFileURL(join(root, 'src/content.config.ts')).href);
  const { z: zod } = await import('zod');
  return Object.entries(config.collections as Record<string, any>).map(([name, def]) => ({
    name,
    kind: def.loader.kind,
    base: def.loader.base,
    pattern: def.loader.pattern,
    path: def.loader.path,
    schema:
      typeof def.schema === 'function' ? def.schema({ image: () => zod.string() }) : def.schema,
  }));
}

/** A loader path (written for the default content folder) moved to the folder being checked. */
export function relocate(loaderPath: string, dir: string): string {
  const clean = loaderPath.replace(/^\.\//, '');
  const prefix = DEFAULT_CONTENT_DIR + '/';
  if (clean === DEFAULT_CONTENT_DIR) return dir;
  return clean.startsWith(prefix) ? join(dir, clean.slice(prefix.length)) : join(root, clean);
}

/**
 * Files matching the simple globs the collections use: `*.yaml`, `{ar,en}/*.mdx`,
 * `{ar,en}/{privacy,terms}.mdx` (a brace list in the file name too: the legal pages were
 * silently left out before issue 34).
 */
export function globFiles(base: string, pattern: string): string[] {
  const braces = /^\{([^}]+)\}\/(.*)$/.exec(pattern);
  const folders = braces ? braces[1]!.split(',').map((f) => join(base, f)) : [base];
  const leaf = braces ? braces[2]! : pattern;
  const matcher = new RegExp(
    `^${leaf
      .replace(/[.+^$()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\{([^}]+)\}/g, (_, list: string) => `(?:${list.split(',').join('|')})`)}$`,
  );
  return folders.flatMap((folder) =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => matcher.test(name) && !name.startsWith('.'))
          .sort()
          .map((name) => join(folder, name))
      : [],
  );
}
