/* eslint-disable @typescript-eslint/no-explicit-any -- content is whatever src/content.config.ts says; walked generically. */
/**
 * Reads every file of every collection (YAML, or MDX front matter) with line numbers, reports what
 * cannot be read, and returns the entries, each checked by the entry rules (rules/entry-fields.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { globFiles, relocate, type CollectionDef } from './collections.ts';
import { checkEntryFields, type Item } from './rules/entry-fields.ts';
import { numberSpellings } from './rules/number-spellings.ts';
import { lineOf } from './source.ts';
import type { Entry, Options, Report, Source } from './types.ts';
import { isPublished } from './values.ts';

interface Parsed {
  source: Source;
  data: unknown;
  body: Entry['body'];
}

/** The files of a collection; a file collection whose file is missing is reported. */
function collectionFiles(
  collection: CollectionDef,
  options: Options,
  report: Report,
  shown: (file: string) => string,
): string[] {
  if (collection.kind === 'glob')
    return globFiles(relocate(collection.base!, options.dir), collection.pattern!);
  return [relocate(collection.path!, options.dir)].filter((file) => {
    if (existsSync(file)) return true;
    report(
      file,
      undefined,
      `the file of the "${collection.name}" collection is missing. Restore it (git checkout -- ${shown(file)}).`,
    );
    return false;
  });
}

/** The YAML of a file (an article's front matter), parsed; undefined when it cannot be read. */
function parseFile(
  file: string,
  report: Report,
  shown: (file: string) => string,
): Parsed | undefined {
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
      return undefined;
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
  // The first error only: the later ones are usually the same mistake seen again.
  const error = doc.errors[0];
  if (error) {
    const line = lines.linePos(error.pos[0]).line;
    report(
      source,
      line === undefined ? undefined : line + offset,
      error.code === 'DUPLICATE_KEY'
        ? 'a field is written twice in the same place. Keep one of them.'
        : `this is not valid YAML (${error.message.split('\n')[0]}). Check the indentation (spaces, not tabs), that a text containing ": " or "#" is in quotes, and that quotes are closed.`,
    );
    return undefined;
  }
  numberSpellings(source, yamlText, (line, message) => report(source, line, message));
  return { source, data: doc.toJS() as unknown, body };
}

/** The entries of a file: one per file for glob collections, a list (or mapping) for file ones. */
function itemsOf(
  collection: CollectionDef,
  file: string,
  { source, data }: Parsed,
  report: Report,
): Item[] {
  if (collection.kind !== 'file') {
    const fileId = basename(file).replace(/\.(ya?ml|mdx?)$/, '');
    const folder = basename(dirname(file));
    const id = collection.pattern?.includes('/') ? `${folder}/${fileId}` : fileId;
    return [{ id, data: data ?? {}, at: [] }];
  }
  if (data && typeof data === 'object' && !Array.isArray(data))
    // A mapping keyed by id ("hair-transplant: …"), as the file loader also accepts.
    return Object.entries(data).map(([id, value]) => ({ id, data: value ?? {}, at: [id] }));
  if (!Array.isArray(data)) {
    report(source, 1, 'the file should be a list of entries, each starting with "- id: …".');
    return [];
  }
  return data.flatMap((item: any, i) => {
    const id = item && typeof item === 'object' ? item.id : undefined;
    if (id === undefined || id === null || id === '') {
      report(
        source,
        lineOf(source, [i]),
        `entry ${i + 1} has no "id:". Give it a unique id, e.g. "- id: ${collection.name.replace(/s$/, '')}-${i + 1}".`,
      );
      return [];
    }
    const { id: _id, ...rest } = item;
    return [{ id: String(id), data: rest, at: [i] }];
  });
}

/**
 * Every entry of every collection. Entries with problems stay in for the cross-reference rules, so
 * that one mistake does not show up again as "not found" wherever the entry is referred to.
 */
export function readEntries(
  collections: CollectionDef[],
  options: Options,
  report: Report,
  shown: (file: string) => string,
): Entry[] {
  const entries: Entry[] = [];
  for (const collection of collections) {
    for (const file of collectionFiles(collection, options, report, shown)) {
      const parsed = parseFile(file, report, shown);
      if (!parsed) continue;
      for (const item of itemsOf(collection, file, parsed, report)) {
        checkEntryFields(collection, file, parsed.source, item, report);
        entries.push({
          collection: collection.name,
          id: item.id,
          data: item.data,
          source: parsed.source,
          at: item.at,
          body: parsed.body,
          unpublished: !isPublished(item.data, options.now),
        });
      }
    }
  }
  return entries;
}
