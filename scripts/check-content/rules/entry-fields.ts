/* eslint-disable @typescript-eslint/no-explicit-any -- content is whatever src/content.config.ts says; walked generically. */
/**
 * Rules for one entry's own fields: no `slug:`, dates that exist, no unknown fields, what the
 * collection's schema says, ranges in order, and Arabic and English lists of equal length.
 */
import { basename } from 'node:path';
import type { CollectionDef } from '../collections.ts';
import { describeIssue, fractionHint, unknownKeys } from '../schema-messages.ts';
import { fieldName, lineOf } from '../source.ts';
import type { Path, Report, Source } from '../types.ts';
import { dateKeys, dateProblem, walk } from '../values.ts';

/** One entry as read from its file: its id, its data and where it sits in the YAML document. */
export interface Item {
  id: string;
  data: any;
  at: Path;
}

type Check = (item: Item, at: (path: Path) => number | undefined, report: Report) => void;

/** `slug:` is taken by Astro for the URL and silently hides the file's own name. */
const noSlug =
  (file: string, source: Source): Check =>
  (item, at, report) => {
    if (item.data && typeof item.data === 'object' && 'slug' in item.data)
      report(
        source,
        at(['slug']),
        `remove "slug:". The URL of an entry is its file name (${basename(file)}); to change the URL, rename the file (in both languages).`,
      );
  };

/** Dates must exist (YAML would turn 2026-02-30 into 2 March). */
const datesExist =
  (source: Source): Check =>
  (item, at, report) =>
    walk(item.data, [], (value, path) => {
      const key = path.at(-1);
      if (typeof key !== 'string' || !dateKeys.has(key) || value === null || value === undefined)
        return;
      const problem = dateProblem(value);
      if (problem) report(source, at(path), `"${fieldName(path)}" ${problem}`);
    });

/** Fields the site does not know. */
const knownFields =
  (collection: CollectionDef, source: Source): Check =>
  (item, at, report) => {
    const unknown: Path[] = [];
    unknownKeys(collection.schema, item.data, [], unknown);
    for (const path of unknown) {
      const key = String(path.at(-1));
      if (key === 'slug' && path.length === 1) continue;
      if (/^\d+$/.test(key)) continue;
      report(
        source,
        at(path),
        `"${fieldName(path)}" is not a field the site knows, so it would be ignored. Check the spelling against docs/content.md or remove it.`,
      );
    }
  };

/** What the collection's schema refuses; on success the item takes the parsed data (defaults). */
const schemaAccepts =
  (collection: CollectionDef, source: Source): Check =>
  (item, at, report) => {
    const parsed = collection.schema.safeParse(item.data);
    if (parsed.success) {
      item.data = parsed.data as Record<string, any>;
      return;
    }
    for (const issue of parsed.error.issues) {
      const path = issue.path as Path;
      let value: unknown = item.data;
      for (const part of path) value = (value as any)?.[part];
      const name = fieldName(path) || 'the entry';
      const wholeNumber =
        issue.code === 'invalid_type' && (issue.expected === 'int' || issue.expected === 'number');
      report(
        source,
        at(path),
        wholeNumber && typeof value === 'number'
          ? fractionHint(name, value)
          : describeIssue(issue, value, name),
      );
    }
  };

/** Ranges: min above max shows "€2,500–2,000". */
const rangesInOrder =
  (source: Source): Check =>
  (item, at, report) =>
    walk(item.data, [], (value, path) => {
      if (!value || typeof value !== 'object') return;
      const { min, max } = value as { min?: unknown; max?: unknown };
      if (typeof min === 'number' && typeof max === 'number' && min > max)
        report(
          source,
          at([...path, 'min']),
          `"${fieldName([...path, 'min'])}" (${min}) is larger than "max" (${max}). Swap them: min is the lowest price.`,
        );
    });

/** Arabic and English lists of one item must match one to one. */
const languageListsMatch =
  (source: Source): Check =>
  (item, at, report) =>
    walk(item.data, [], (value, path) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return;
      const { ar, en } = value as { ar?: unknown; en?: unknown };
      if (Array.isArray(ar) && Array.isArray(en) && ar.length !== en.length)
        report(
          source,
          at([...path, 'en']),
          `"${fieldName(path)}" has ${ar.length} Arabic item${ar.length === 1 ? '' : 's'} but ${en.length} English item${en.length === 1 ? '' : 's'}; the extra ones would be dropped. Give both languages the same items in the same order.`,
        );
    });

/**
 * Runs the entry rules in order. The schema is consulted only when the checks before it found
 * nothing, so that one mistake is not reported twice in two wordings.
 */
export function checkEntryFields(
  collection: CollectionDef,
  file: string,
  source: Source,
  item: Item,
  report: Report,
): void {
  const at = (path: Path) => lineOf(source, [...item.at, ...path]);
  let found = 0;
  const counted: Report = (...args) => {
    found++;
    report(...args);
  };
  for (const check of [noSlug(file, source), datesExist(source), knownFields(collection, source)])
    check(item, at, counted);
  if (found === 0) schemaAccepts(collection, source)(item, at, counted);
  rangesInOrder(source)(item, at, counted);
  languageListsMatch(source)(item, at, counted);
}
