/* eslint-disable @typescript-eslint/no-explicit-any -- this checker walks the collections' own zod
   schemas and parsed YAML/front matter generically; their shapes are whatever src/content.config.ts says. */
/**
 * `npm run check:content [-- --dir <content dir>]`: the editors' safety net (docs/content.md). Reads
 * every content file without building the site and refuses, with one plain-language line per
 * problem (file:line, what is wrong, how to fix it), the mistakes that used to build green and
 * publish wrong pages: dates that do not exist, numbers written as text or with thousands
 * separators, min > max, missing language twins and unequal Arabic/English lists, duplicate ids and
 * paths, `slug:` in front matter, unknown fields, references to pages, articles, destinations or
 * images that do not exist, and links or images in article bodies that point to nothing.
 *
 * The schemas are the site's own (src/content.config.ts, imported through ./astro-shim.ts), so a
 * field added there is checked here too. `npm test` runs this first, and every `astro build` runs it
 * through src/integrations/content-check.ts. Exit code 0 = clean, 1 = problems, 2 = cannot run.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  isMap,
  isScalar,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Scalar,
} from 'yaml';
import type { z } from 'zod';
import {
  arabicStrings,
  leftToRightRanges,
  legalBodyProblems,
  rangeMessage,
  sectionCount,
  treatmentCeilingUsd,
  USD_PER_EUR_CEILING,
} from './honest.ts';

/** Where content lives unless `--dir` says otherwise (the loaders in src/content.config.ts use it). */
export const DEFAULT_CONTENT_DIR = 'content';

const root = resolve(import.meta.dirname, '../..');

export interface Options {
  /** The content directory to check. */
  dir: string;
  /** Illustrations referred to by `image:` fields. */
  illustrations: string;
  /** Files served as they are (body images such as /images/x.jpg). */
  publicDir: string;
  /** Page routes (the non-content URLs a body may link to). */
  pagesDir: string;
  /** Treat today as this date (drafts and scheduling). */
  now: Date;
}

export interface Problem {
  file: string;
  line?: number | undefined;
  message: string;
}

/* ------------------------------------------------------------------------------------------ */
/* Loading the collection definitions                                                         */

const shim = pathToFileURL(join(import.meta.dirname, 'astro-shim.ts')).href;
let hooked = false;

interface CollectionDef {
  name: string;
  kind: 'glob' | 'file';
  /** For glob collections: the folder and the pattern; for file collections: the file. */
  base?: string;
  pattern?: string;
  path?: string;
  schema: z.ZodType;
}

async function loadCollections(): Promise<CollectionDef[]> {
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
  return Object.entries(config.collections as Record<string, any>).map(([name, def]) => ({
    name,
    kind: def.loader.kind,
    base: def.loader.base,
    pattern: def.loader.pattern,
    path: def.loader.path,
    schema:
      typeof def.schema === 'function' ? def.schema({ image: () => zodString() }) : def.schema,
  }));
}

let zodString: () => z.ZodType;

/** A loader path (written for the default content folder) moved to the folder being checked. */
function relocate(loaderPath: string, dir: string): string {
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
function globFiles(base: string, pattern: string): string[] {
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

/* ------------------------------------------------------------------------------------------ */
/* Reading files with line numbers                                                            */

type Path = (string | number)[];

interface Source {
  /** Path shown to the editor (relative to the repository or the working directory). */
  shown: string;
  doc: Document;
  lines: LineCounter;
  /** Lines before the YAML starts (the `---` of MDX front matter). */
  offset: number;
}

/** The line of the field at `path`, or of its nearest existing parent. */
function lineOf(source: Source, path: Path): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const sub = path.slice(0, depth);
    const parent = sub.length ? source.doc.getIn(sub.slice(0, -1), true) : undefined;
    // Prefer the key's line for a mapping field ("min: 1600" rather than its value's line).
    if (sub.length && isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === sub.at(-1));
      const range = (pair?.key as { range?: [number, number] } | undefined)?.range;
      if (range) return source.lines.linePos(range[0]).line + source.offset;
    }
    const node = source.doc.getIn(sub, true) as { range?: [number, number] } | undefined;
    if (node?.range) return source.lines.linePos(node.range[0]).line + source.offset;
  }
  return undefined;
}

/** "page.prices.items[2].price.min" for a path inside an entry. */
function fieldName(path: Path): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i ? `.${part}` : part))
    .join('');
}

const show = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : value === null ? 'empty' : String(value);

/* ------------------------------------------------------------------------------------------ */
/* Plain-language schema messages                                                             */

function describeIssue(issue: z.core.$ZodIssue, value: unknown, name: string): string {
  const field = `"${name}"`;
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined || value === null)
        return `${field} is missing or empty. Add it (see the other files of this kind for an example).`;
      if (issue.expected === 'number' && typeof value === 'string')
        return `${field} is ${show(value)}, a number written as text. Write the digits only, without quotes, spaces, commas or currency, e.g. ${name.split('.').pop()}: ${value.replace(/\D/g, '') || 1500}.`;
      if (issue.expected === 'string' && typeof value === 'number')
        return `${field} should be a text but is the number ${value}. Put it in quotes: '${value}'.`;
      if (issue.expected === 'array')
        return `${field} should be a list (lines starting with "- ", or [a, b]) but is ${show(value)}.`;
      if (issue.expected === 'object')
        return `${field} should be a group of fields (e.g. ar: and en:) but is ${show(value)}.`;
      if (issue.expected === 'boolean')
        return `${field} must be true or false (without quotes), not ${show(value)}.`;
      return `${field} has the wrong kind of value (${show(value)}); expected ${issue.expected}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return value === ''
          ? `${field} is empty. Write the text (both languages need one).`
          : `${field} is too short: at least ${min} characters are needed, it has ${String(value).length}.`;
      if (issue.origin === 'array')
        return `${field} needs at least ${min} item${min === 1 ? '' : 's'}, it has ${(value as unknown[]).length}.`;
      return `${field} is ${show(value)}, but it must be at least ${issue.inclusive === false ? 'more than ' : ''}${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string')
        return `${field} is too long: at most ${max} characters, it has ${String(value).length}. Shorten it.`;
      if (issue.origin === 'array')
        return `${field} has ${(value as unknown[]).length} items; at most ${max} are allowed.`;
      return `${field} is ${show(value)}, but it must be at most ${max}.`;
    }
    case 'invalid_value': {
      const allowed = issue.values.map((v) => String(v));
      return allowed.length === 1
        ? `${field} must be ${allowed[0]}, not ${show(value)}.`
        : `${field} is ${show(value)}, which is not one of the allowed values. Use one of: ${allowed.join(', ')}.`;
    }
    case 'invalid_format': {
      if (issue.format === 'starts_with')
        return `${field} is ${show(value)} but must start with "${(issue as { prefix?: string }).prefix}" (a path on this site, e.g. /hair-transplant-turkey).`;
      return `${field} is ${show(value)}, which does not have the expected form${issue.pattern ? ` (${issue.pattern})` : ''}.`;
    }
    default:
      return `${field}: ${issue.message}.`;
  }
  // The number checks below need the value, so they are handled by the caller.
}

/** A whole number expected and `value` came out as a fraction: usually 1.600 meaning 1600. */
function fractionHint(name: string, value: number): string {
  const digits = String(value).replace('.', '');
  return `"${name}" is ${value}, but it must be a whole number. If you meant ${digits.padEnd(String(value).split('.')[0]!.length + 3, '0')}, write it without a point or comma.`;
}

/** Fields the schema does not know (typos such as "summery:", or "slug:"), at any depth. */
function unknownKeys(schema: any, value: unknown, path: Path, found: Path[]): void {
  if (value === null || value === undefined || !schema?._zod) return;
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return unknownKeys(def.innerType, value, path, found);
    case 'pipe':
      return unknownKeys(def.in, value, path, found);
    case 'array':
      if (Array.isArray(value))
        value.forEach((item, i) => unknownKeys(def.element, item, [...path, i], found));
      return;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return;
      const shape = def.shape as Record<string, unknown>;
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        if (key in shape) unknownKeys(shape[key], child, [...path, key], found);
        else if (!def.catchall || def.catchall._zod.def.type === 'never')
          found.push([...path, key]);
      }
      return;
    }
  }
}

/* ------------------------------------------------------------------------------------------ */
/* The check                                                                                  */

interface Entry {
  collection: string;
  /** Entry id: file name without extension, "ar/<slug>" for articles, or the `id:` of list items. */
  id: string;
  data: Record<string, any>;
  source: Source;
  /** Where the entry sits inside its YAML document (list index for single-file collections). */
  at: Path;
  /** MDX body, for articles. */
  body?: { text: string; firstLine: number } | undefined;
  /** Drafts and scheduled entries are left out of production builds. */
  unpublished: boolean;
}

const dateKeys = new Set([
  'date',
  'updated',
  'publishDate',
  'start',
  'end',
  'startDate',
  'endDate',
]);

/** Problems with a date-like value, or undefined when it is a real date. */
function dateProblem(value: unknown): string | undefined {
  if (value instanceof Date) return undefined;
  const text = String(value);
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      text,
    );
  if (!match)
    return `is ${show(value)}, which is not a date in the form YYYY-MM-DD (year-month-day with two-digit month and day), e.g. 2026-05-26.`;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12)
    return `is ${show(value)}, but there is no month ${month}. The order is YYYY-MM-DD, e.g. 2026-05-26.`;
  if (day < 1 || day > days) {
    const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en', {
      month: 'long',
      timeZone: 'UTC',
    });
    return `is ${show(value)}, a date that does not exist (${monthName} ${year} has ${days} days). Write a real date, e.g. ${match[1]}-${match[2]}-${String(days).padStart(2, '0')}.`;
  }
  return undefined;
}

/** Every value in a data tree with its path. */
function walk(value: unknown, path: Path, visit: (value: unknown, path: Path) => void): void {
  visit(value, path);
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i], visit));
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) walk(child, [...path, key], visit);
}

function isPublished(data: Record<string, any>, now: Date): boolean {
  if (data['draft'] === true) return false;
  const publishDate = data['publishDate'];
  if (publishDate && !dateProblem(publishDate) && new Date(String(publishDate)) > now) return false;
  return true;
}

/** Routes of the pages in src/pages that are not generated from content ("/blog", "/en/install"…). */
function staticRoutes(pagesDir: string): Set<string> {
  const routes = new Set<string>();
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) {
        if (!name.includes('[')) visit(full);
        continue;
      }
      if (name.includes('[') || !/\.(astro|md|mdx|ts)$/.test(name)) continue;
      const route = ('/' + relative(pagesDir, full).split(sep).join('/'))
        .replace(/\.(astro|md|mdx)$/, '')
        .replace(/\.ts$/, '')
        .replace(/\/index$/, '');
      routes.add(route || '/');
    }
  };
  if (existsSync(pagesDir)) visit(pagesDir);
  return routes;
}

/** A site path without query, hash and trailing slash ("/" stays "/"). */
const cleanPath = (href: string) =>
  decodeURI(href.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';

/** Links and images in an MDX body: Markdown `[t](x)`, `![a](x)` and JSX `href=` / `src=`. */
function bodyReferences(text: string): { kind: 'link' | 'image'; target: string; index: number }[] {
  const refs: { kind: 'link' | 'image'; target: string; index: number }[] = [];
  for (const m of text.matchAll(/(!?)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    refs.push({ kind: m[1] ? 'image' : 'link', target: m[2]!, index: m.index });
  for (const m of text.matchAll(/<(a|img)\b[^>]*?\b(href|src)=["']([^"']+)["']/g))
    refs.push({ kind: m[1] === 'img' ? 'image' : 'link', target: m[3]!, index: m.index });
  return refs;
}

/**
 * Numbers spelt the way people write prices: YAML reads "{ min: 1,600 }" as min 1 plus a stray
 * field "600", and "min: 1.600" as 1.6. Read from the YAML source, where the spelling is still
 * visible, in document order.
 */
function numberSpellings(
  source: Source,
  text: string,
  report: (line: number, message: string) => void,
) {
  const lineAt = (offset: number) => source.lines.linePos(offset).line + source.offset;
  visit(source.doc, {
    Map(_, map) {
      map.items.forEach((pair, i) => {
        const key = pair.key as Scalar | null;
        if (!isScalar(key) || !/^\d+$/.test(String(key.value)) || pair.value !== null) return;
        const previous = map.items[i - 1];
        if (!previous || !isScalar(previous.value) || typeof previous.value.value !== 'number')
          return;
        const name = String((previous.key as Scalar).value);
        const whole = `${previous.value.value}${key.value}`;
        report(
          lineAt(key.range![0]),
          `"${name}" is written with a thousands separator (${previous.value.value},${key.value}); YAML reads the comma as the end of the number. Write ${whole} without the comma: ${name}: ${whole}.`,
        );
      });
    },
    Scalar(_, scalar) {
      if (typeof scalar.value !== 'number' || !scalar.range) return;
      const written = text.slice(scalar.range[0], scalar.range[1]).trim();
      if (/^\d{1,3}(\.\d{3})+$/.test(written))
        report(
          lineAt(scalar.range[0]),
          `the number ${written} has a point as thousands separator, which YAML reads as ${scalar.value}. Write ${written.replace(/\./g, '')} without the point.`,
        );
    },
  });
}

export async function checkContent(options: Options): Promise<Problem[]> {
  const problems: Problem[] = [];
  const shown = (file: string) => relative(process.cwd(), file) || file;
  const report = (source: Source | string, line: number | undefined, message: string) =>
    problems.push({
      file: typeof source === 'string' ? shown(source) : source.shown,
      line,
      message,
    });

  if (!existsSync(options.dir) || !statSync(options.dir).isDirectory()) {
    report(
      options.dir,
      undefined,
      'the content folder does not exist. Run from the repository root or pass --dir.',
    );
    return problems;
  }
  zodString = (await import('zod')).z.string;
  const collections = await loadCollections();
  const entries: Entry[] = [];

  for (const collection of collections) {
    const files =
      collection.kind === 'glob'
        ? globFiles(relocate(collection.base!, options.dir), collection.pattern!)
        : [relocate(collection.path!, options.dir)].filter((file) => {
            if (existsSync(file)) return true;
            report(
              file,
              undefined,
              `the file of the "${collection.name}" collection is missing. Restore it (git checkout -- ${shown(file)}).`,
            );
            return false;
          });

    for (const file of files) {
      const raw = readFileSync(file, 'utf8');
      let yamlText = raw;
      let offset = 0;
      let body: Entry['body'];
      if (file.endsWith('.mdx') || file.endsWith('.md')) {
        const fm = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(raw);
        if (!fm) {
          report(
            file,
            1,
            'the article has no front matter. Start the file with a line "---", the fields (title:, description:, date: …) and another line "---".',
          );
          continue;
        }
        yamlText = fm[1]!;
        offset = 1;
        body = { text: raw.slice(fm[0].length), firstLine: fm[0].split('\n').length };
      }
      const lines = new LineCounter();
      const doc = parseDocument(yamlText, {
        lineCounter: lines,
        prettyErrors: false,
        uniqueKeys: true,
      });
      const source: Source = { shown: shown(file), doc, lines, offset };
      if (doc.errors.length) {
        // The first error only: the later ones are usually the same mistake seen again.
        for (const error of doc.errors.slice(0, 1)) {
          const line = lines.linePos(error.pos[0]).line;
          const duplicate = error.code === 'DUPLICATE_KEY';
          report(
            source,
            line === undefined ? undefined : line + offset,
            duplicate
              ? 'a field is written twice in the same place. Keep one of them.'
              : `this is not valid YAML (${error.message.split('\n')[0]}). Check the indentation (spaces, not tabs), that a text containing ": " or "#" is in quotes, and that quotes are closed.`,
          );
        }
        continue;
      }
      numberSpellings(source, yamlText, (line, message) => report(source, line, message));
      const data = doc.toJS() as unknown;

      const fileId = basename(file).replace(/\.(ya?ml|mdx?)$/, '');
      const list: { id: string; data: any; at: Path }[] = [];
      if (collection.kind === 'file') {
        if (data && typeof data === 'object' && !Array.isArray(data)) {
          // A mapping keyed by id ("hair-transplant: …"), as the file loader also accepts.
          for (const [id, value] of Object.entries(data))
            list.push({ id, data: value ?? {}, at: [id] });
        } else if (!Array.isArray(data)) {
          report(source, 1, 'the file should be a list of entries, each starting with "- id: …".');
          continue;
        } else
          data.forEach((item, i) => {
            const id = item && typeof item === 'object' ? item.id : undefined;
            if (id === undefined || id === null || id === '') {
              report(
                source,
                lineOf(source, [i]),
                `entry ${i + 1} has no "id:". Give it a unique id, e.g. "- id: ${collection.name.replace(/s$/, '')}-${i + 1}".`,
              );
              return;
            }
            const { id: _id, ...rest } = item;
            list.push({ id: String(id), data: rest, at: [i] });
          });
      } else {
        const folder = basename(dirname(file));
        const id = collection.pattern?.includes('/') ? `${folder}/${fileId}` : fileId;
        list.push({ id, data: data ?? {}, at: [] });
      }

      for (const item of list) {
        const entrySource = source;
        const before = problems.length;
        const at = (path: Path) => lineOf(entrySource, [...item.at, ...path]);

        // `slug:` is taken by Astro for the URL and silently hides the file's own name.
        if (item.data && typeof item.data === 'object' && 'slug' in item.data)
          report(
            entrySource,
            at(['slug']),
            `remove "slug:". The URL of an entry is its file name (${basename(file)}); to change the URL, rename the file (in both languages).`,
          );

        // Dates must exist (YAML would turn 2026-02-30 into 2 March).
        walk(item.data, [], (value, path) => {
          const key = path.at(-1);
          if (
            typeof key !== 'string' ||
            !dateKeys.has(key) ||
            value === null ||
            value === undefined
          )
            return;
          const problem = dateProblem(value);
          if (problem) report(entrySource, at(path), `"${fieldName(path)}" ${problem}`);
        });

        // Fields the site does not know.
        const unknown: Path[] = [];
        unknownKeys(collection.schema, item.data, [], unknown);
        for (const path of unknown) {
          const key = String(path.at(-1));
          if (key === 'slug' && path.length === 1) continue;
          if (/^\d+$/.test(key)) continue;
          report(
            entrySource,
            at(path),
            `"${fieldName(path)}" is not a field the site knows, so it would be ignored. Check the spelling against docs/content.md or remove it.`,
          );
        }

        if (problems.length === before) {
          const parsed = collection.schema.safeParse(item.data);
          if (!parsed.success) {
            for (const issue of parsed.error.issues) {
              const path = issue.path as Path;
              let value: unknown = item.data;
              for (const part of path) value = (value as any)?.[part];
              const name = fieldName(path) || 'the entry';
              const message =
                issue.code === 'invalid_type' &&
                issue.expected === 'int' &&
                typeof value === 'number'
                  ? fractionHint(name, value)
                  : issue.code === 'invalid_type' &&
                      issue.expected === 'number' &&
                      typeof value === 'number'
                    ? fractionHint(name, value)
                    : describeIssue(issue, value, name);
              report(entrySource, at(path), message);
            }
          } else item.data = parsed.data as Record<string, any>;
        }

        // Ranges: min above max shows "€2,500–2,000".
        walk(item.data, [], (value, path) => {
          if (!value || typeof value !== 'object') return;
          const { min, max } = value as { min?: unknown; max?: unknown };
          if (typeof min === 'number' && typeof max === 'number' && min > max)
            report(
              entrySource,
              at([...path, 'min']),
              `"${fieldName([...path, 'min'])}" (${min}) is larger than "max" (${max}). Swap them: min is the lowest price.`,
            );
        });

        // Arabic and English lists of one item must match one to one.
        walk(item.data, [], (value, path) => {
          if (!value || typeof value !== 'object' || Array.isArray(value)) return;
          const { ar, en } = value as { ar?: unknown; en?: unknown };
          if (Array.isArray(ar) && Array.isArray(en) && ar.length !== en.length)
            report(
              entrySource,
              at([...path, 'en']),
              `"${fieldName(path)}" has ${ar.length} Arabic item${ar.length === 1 ? '' : 's'} but ${en.length} English item${en.length === 1 ? '' : 's'}; the extra ones would be dropped. Give both languages the same items in the same order.`,
            );
        });

        // Entries with problems stay in for the cross-reference checks, so that one mistake does
        // not show up again as "not found" wherever the entry is referred to.
        entries.push({
          collection: collection.name,
          id: item.id,
          data: item.data,
          source: entrySource,
          at: item.at,
          body,
          unpublished: !isPublished(item.data, options.now),
        });
      }
    }
  }

  /* Uniqueness ------------------------------------------------------------------------------ */
  const seen = new Map<string, Entry>();
  for (const entry of entries) {
    const key = `${entry.collection}\0${entry.id}`;
    const first = seen.get(key);
    if (first)
      report(
        entry.source,
        lineOf(entry.source, entry.at),
        `the id "${entry.id}" is already used in ${first.source.shown}:${lineOf(first.source, first.at)}; one of the two would silently disappear. Give this entry a new, unique id.`,
      );
    else seen.set(key, entry);
  }
  const byCollection = (name: string) => entries.filter((entry) => entry.collection === name);
  const uniqueField = (collection: string, field: Path, what: string) => {
    const values = new Map<string, Entry>();
    for (const entry of byCollection(collection)) {
      let value: unknown = entry.data;
      for (const part of field) value = (value as any)?.[part];
      if (typeof value !== 'string') continue;
      const first = values.get(value);
      if (first)
        report(
          entry.source,
          lineOf(entry.source, [...entry.at, ...field]),
          `${what} ${show(value)} is already used by ${first.source.shown}. Each one must be different.`,
        );
      else values.set(value, entry);
    }
  };
  uniqueField('services', ['path'], 'the path');
  for (const collection of ['services', 'destinations', 'pages'])
    for (const lang of ['ar', 'en'])
      for (const field of ['title', 'description'])
        uniqueField(
          collection,
          ['page', 'seo', field, lang].slice(collection === 'pages' ? 1 : 0),
          `the search-engine ${field}`,
        );
  for (const lang of ['ar', 'en']) {
    const articles = byCollection('blog').filter((entry) => entry.id.startsWith(`${lang}/`));
    const titles = new Map<string, Entry>();
    const descriptions = new Map<string, Entry>();
    for (const article of articles) {
      for (const [map, field] of [
        [titles, 'title'],
        [descriptions, 'description'],
      ] as const) {
        const value = String(article.data[field]);
        const first = map.get(value);
        if (first)
          report(
            article.source,
            lineOf(article.source, [field]),
            `the ${field} is the same as in ${first.source.shown}. Each article needs its own ${field}.`,
          );
        else map.set(value, article);
      }
    }
  }

  /* Search titles fit (about 60 characters are shown) ---------------------------------------- */
  const longTitle = (entry: Entry, path: Path, title: unknown, hint: string) => {
    if (typeof title === 'string' && title.length > 60)
      report(
        entry.source,
        lineOf(entry.source, [...entry.at, ...path]),
        `"${fieldName(path)}" is ${title.length} characters; search results cut titles after about 60. ${hint}`,
      );
  };
  for (const article of byCollection('blog')) {
    const { title, seoTitle } = article.data;
    if (seoTitle === undefined)
      longTitle(
        article,
        ['title'],
        title,
        'Keep it as the heading and add a shorter "seoTitle:" (at most 60 characters) for search results.',
      );
  }
  for (const entry of entries.filter((e) =>
    ['services', 'destinations', 'pages'].includes(e.collection),
  )) {
    const path = entry.collection === 'pages' ? ['seo', 'title'] : ['page', 'seo', 'title'];
    let seo: any = entry.data;
    for (const part of path) seo = seo?.[part];
    for (const lang of ['ar', 'en'])
      longTitle(entry, [...path, lang], seo?.[lang], 'Shorten it to at most 60 characters.');
  }

  /* What the home page shows: fixed numbers, chosen by content (tests/e2e/home.spec.ts) ---------- */
  const homeCounts = [
    { collection: 'testimonials', want: 4, what: 'testimonials', pick: () => true },
    {
      collection: 'faqs',
      want: 6,
      what: 'questions with "group: home"',
      pick: (e: Entry) => e.data['group'] === 'home',
    },
  ];
  for (const { collection, want, what, pick } of homeCounts) {
    const all = byCollection(collection).filter(pick);
    const featured = all.filter((entry) => entry.data['featured'] === true);
    if (all.length && featured.length !== want) {
      const file = all[0]!.source;
      report(
        file,
        undefined,
        `the home page shows exactly ${want} ${what} marked "featured: true", but ${featured.length} ${featured.length === 1 ? 'is' : 'are'} marked (${featured.map((e) => e.id).join(', ') || 'none'}). ${featured.length > want ? 'Set "featured: false" on' : 'Add "featured: true" to'} ${Math.abs(featured.length - want)} of them; the others stay in the file for later.`,
      );
    }
  }

  /* Language twins -------------------------------------------------------------------------- */
  const articles = byCollection('blog');
  const articleIds = new Set(articles.map((entry) => entry.id));
  for (const article of articles) {
    const [lang, slug] = article.id.split('/') as [string, string];
    const other = lang === 'ar' ? 'en' : 'ar';
    if (!articleIds.has(`${other}/${slug}`)) {
      const twin = join(dirname(dirname(article.source.shown)), other, `${slug}.mdx`);
      report(
        article.source,
        undefined,
        `this ${lang === 'ar' ? 'Arabic' : 'English'} article has no ${other === 'ar' ? 'Arabic' : 'English'} twin, so the language switch would lead to a missing page. Add ${twin} with the same file name.`,
      );
    } else {
      const twin = articles.find((entry) => entry.id === `${other}/${slug}`)!;
      if (lang === 'ar' && article.unpublished !== twin.unpublished)
        report(
          article.source,
          lineOf(article.source, ['draft']),
          `this article and its twin ${twin.source.shown} differ in "draft:" or "publishDate:", so one language would be online without the other. Give both the same.`,
        );
      if (lang === 'ar' && article.data['category'] !== twin.data['category'])
        report(
          article.source,
          lineOf(article.source, ['category']),
          `the category "${article.data['category']}" differs from "${twin.data['category']}" in ${twin.source.shown}. Use the same category in both languages.`,
        );
    }
  }

  /* Cross-references ------------------------------------------------------------------------ */
  const exists = (file: string) => existsSync(file) && statSync(file).isFile();
  const illustration = (name: string) => exists(join(options.illustrations, `${name}.svg`));
  const illustrationNames = () =>
    existsSync(options.illustrations)
      ? readdirSync(options.illustrations)
          .filter((n) => n.endsWith('.svg'))
          .map((n) => n.slice(0, -4))
      : [];
  const published = (entry: Entry) => !entry.unpublished;
  const services = byCollection('services');
  const servicePaths = new Set(services.filter(published).map((entry) => entry.data['path']));
  const destinationIds = new Set(
    byCollection('destinations')
      .filter(published)
      .map((entry) => entry.id),
  );
  const articleSlugs = (lang: string) =>
    new Set(
      articles
        .filter(published)
        .filter((a) => a.id.startsWith(`${lang}/`))
        .map((a) => a.id.slice(3)),
    );

  for (const entry of entries) {
    const at = (path: Path) => lineOf(entry.source, [...entry.at, ...path]);
    const image = entry.data['image'];
    if (typeof image === 'string' && !illustration(image)) {
      const close = illustrationNames().filter(
        (name) => name.includes(image) || image.includes(name.split('-').pop()!),
      );
      report(
        entry.source,
        at(['image']),
        `"image" is "${image}", but there is no ${shown(join(options.illustrations, image + '.svg'))}. Use the name of a file in that folder without ".svg"${close.length ? `, e.g. ${close.slice(0, 3).join(', ')}` : ''}.`,
      );
    }
  }
  // Related cards may also show the limited offer (src/components/pages/ServicePage.astro).
  const relatedExtras = new Set(['/hair-transplant-offer']);
  for (const service of services) {
    const page = service.data['page'];
    if (!page) continue;
    (Array.isArray(page.related) ? (page.related as string[]) : []).forEach((path, i) => {
      if (!servicePaths.has(path) && !relatedExtras.has(path))
        report(
          service.source,
          lineOf(service.source, ['page', 'related', i]),
          `"page.related[${i}]" is "${path}", which is not the path of any treatment page. Use a "path:" from another file in services/, e.g. ${[...servicePaths].slice(0, 2).join(', ')}.`,
        );
    });
    if (page.article)
      for (const lang of ['ar', 'en'])
        if (!articleSlugs(lang).has(page.article)) {
          report(
            service.source,
            lineOf(service.source, ['page', 'article']),
            `"page.article" is "${page.article}", but there is no published article blog/${lang}/${page.article}.mdx. Use the file name of an article (without .mdx).`,
          );
          break;
        }
    (Array.isArray(page.destinations?.items) ? page.destinations.items : []).forEach(
      (item: { destination: string }, i: number) => {
        if (!destinationIds.has(item.destination))
          report(
            service.source,
            lineOf(service.source, ['page', 'destinations', 'items', i, 'destination']),
            `"page.destinations.items[${i}].destination" is "${item.destination}", which is not a destination. Use a file name from destinations/ without .yaml: ${[...destinationIds].join(', ')}.`,
          );
      },
    );
  }
  for (const destination of byCollection('destinations')) {
    (Array.isArray(destination.data['page']?.treatments)
      ? destination.data['page'].treatments
      : []
    ).forEach((item: { service?: string }, i: number) => {
      if (item.service && !servicePaths.has(item.service))
        report(
          destination.source,
          lineOf(destination.source, ['page', 'treatments', i, 'service']),
          `"page.treatments[${i}].service" is "${item.service}", which is not the path of any treatment page. Use a "path:" from a file in services/.`,
        );
    });
  }
  for (const article of articles) {
    const lang = article.id.slice(0, 2);
    const slugs = articleSlugs(lang);
    (Array.isArray(article.data['related']) ? (article.data['related'] as string[]) : []).forEach(
      (slug, i) => {
        if (slug === article.id.slice(3))
          report(
            article.source,
            lineOf(article.source, ['related', i]),
            `"related" lists the article itself ("${slug}"). Remove it.`,
          );
        else if (!slugs.has(slug))
          report(
            article.source,
            lineOf(article.source, ['related', i]),
            `"related" names "${slug}", but there is no published ${lang === 'ar' ? 'Arabic' : 'English'} article with that file name. Use the file name of an article in blog/${lang}/ without .mdx.`,
          );
      },
    );
  }
  for (const faq of byCollection('faqs')) {
    const group = faq.data['group'];
    const slugs = new Set(['home', ...services.map((s) => s.id), ...destinationIds]);
    if (!slugs.has(group))
      report(
        faq.source,
        lineOf(faq.source, [...faq.at, 'group']),
        `"group" is "${group}", which is not a page. Use "home" or the file name of a treatment or destination.`,
      );
  }

  /* Links and images in article bodies ------------------------------------------------------ */
  const routes = staticRoutes(options.pagesDir);
  for (const service of services.filter(published)) {
    routes.add(service.data['path']);
    routes.add(`/en${service.data['path']}`);
  }
  for (const id of destinationIds) {
    routes.add(`/destinations/${id}`);
    routes.add(`/en/destinations/${id}`);
  }
  for (const lang of ['ar', 'en'])
    for (const slug of articleSlugs(lang)) routes.add(`${lang === 'ar' ? '' : '/en'}/blog/${slug}`);
  for (const article of articles)
    routes
      .add(`/blog/category/${article.data['category']}`)
      .add(`/en/blog/category/${article.data['category']}`);

  for (const article of articles) {
    if (!article.body) continue;
    const [lang, slug] = article.id.split('/') as [string, string];
    const here = new URL(`https://site${lang === 'ar' ? '' : '/en'}/blog/${slug}`);
    const articleFolder = dirname(join(options.dir, 'blog', article.id));
    for (const ref of bodyReferences(article.body.text)) {
      const line =
        article.body.firstLine + article.body.text.slice(0, ref.index).split('\n').length - 1;
      const { target } = ref;
      if (/^(https?:|mailto:|tel:|#|\{)/.test(target)) continue;
      if (ref.kind === 'image') {
        const file = target.startsWith('/')
          ? join(options.publicDir, cleanPath(target))
          : resolve(articleFolder, cleanPath(target));
        if (!exists(file))
          report(
            article.source,
            line,
            `the image "${target}" does not exist (looked for ${shown(file)}). Put the file there or correct the path; files in public/ are written from the site root, e.g. /images/clinic.jpg.`,
          );
        continue;
      }
      const url = new URL(target, here);
      const path = cleanPath(url.pathname);
      if (!routes.has(path)) {
        const otherLang = lang === 'ar' ? `/en${path}` : path.replace(/^\/en/, '');
        const hint = routes.has(otherLang)
          ? ` The ${lang === 'ar' ? 'Arabic' : 'English'} address of that page is ${otherLang === '' ? '/' : otherLang}.`
          : ' Link to an existing page, e.g. /blog or a treatment path such as /hair-transplant-turkey.';
        report(
          article.source,
          line,
          `the link "${target}" leads to a page that does not exist.${hint}`,
        );
      }
    }
  }

  /* Honest prices, readable ranges, current legal pages (./honest.ts) ----------------------- */
  for (const offer of byCollection('offers')) {
    const { oldPriceUsd, oldPriceReason, service } = offer.data;
    const treatment = services.find((entry) => entry.id === service);
    const ceiling = treatment && treatmentCeilingUsd(treatment.data);
    if (
      typeof oldPriceUsd === 'number' &&
      ceiling !== undefined &&
      oldPriceUsd > ceiling &&
      !oldPriceReason
    )
      report(
        offer.source,
        lineOf(offer.source, [...offer.at, 'oldPriceUsd']),
        `"oldPriceUsd" (${oldPriceUsd}) is above the highest indicative price of ${treatment!.source.shown} in Turkey (about $${Math.floor(ceiling).toLocaleString('en-US')} even at $${USD_PER_EUR_CEILING} per euro), so the struck price would be one the site itself never asks. Lower it to that range, remove the saving, or state in "oldPriceReason:" where the old price comes from (it is shown beside it).`,
      );
  }
  for (const entry of entries) {
    const wholeArabic = entry.collection === 'offers' || /^ar\//.test(entry.id);
    for (const { path, text } of arabicStrings(entry.data, wholeArabic))
      for (const found of leftToRightRanges(text))
        report(entry.source, lineOf(entry.source, [...entry.at, ...path]), rangeMessage(found));
    if (entry.body && wholeArabic) {
      const { text, firstLine } = entry.body;
      for (const found of leftToRightRanges(text))
        report(
          entry.source,
          firstLine + text.slice(0, found.index).split('\n').length - 1,
          rangeMessage(found),
        );
    }
  }
  const legal = byCollection('legal');
  for (const page of legal) {
    if (!page.body) continue;
    for (const problem of legalBodyProblems(page.body.text))
      report(
        page.source,
        page.body.firstLine + page.body.text.slice(0, problem.index).split('\n').length - 1,
        `this page ${problem.message}`,
      );
    const twin = legal.find((other) => other.id === page.id.replace(/^ar\//, 'en/'));
    if (page.id.startsWith('ar/') && twin?.body) {
      const [arSections, enSections] = [sectionCount(page.body.text), sectionCount(twin.body.text)];
      if (arSections !== enSections)
        report(
          page.source,
          undefined,
          `has ${arSections} sections ("## ") but ${twin.source.shown} has ${enSections}; both languages must say the same. Add or remove the missing section.`,
        );
    }
  }

  return problems;
}

/* ------------------------------------------------------------------------------------------ */
/* Command line                                                                               */

function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

if (import.meta.main) {
  const started = performance.now();
  try {
    const dir = resolve(
      argument('--dir') ?? process.env['CONTENT_DIR'] ?? join(root, DEFAULT_CONTENT_DIR),
    );
    const problems = await checkContent({
      dir,
      illustrations: join(root, 'src/assets/illustrations'),
      publicDir: join(root, 'public'),
      pagesDir: join(root, 'src/pages'),
      now: new Date(),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!problems.length) {
      console.log(`check:content: ${relative(process.cwd(), dir) || dir} is fine (${seconds} s).`);
      process.exit(0);
    }
    for (const problem of problems)
      console.error(`${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`);
    console.error(
      `\ncheck:content: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the content (${seconds} s). Fix ${problems.length === 1 ? 'it' : 'them'} and run "npm run check:content" again; docs/content.md explains each message.`,
    );
    process.exit(1);
  } catch (error) {
    console.error('check:content could not run:', error);
    process.exit(2);
  }
}
