/* eslint-disable @typescript-eslint/no-explicit-any -- content is whatever src/content.config.ts says; walked generically. */
/** Dates, publication and walking a data tree. */
import { show } from './source.ts';
import type { Path } from './types.ts';

export const dateKeys = new Set([
  'date',
  'updated',
  'publishDate',
  'start',
  'end',
  'startDate',
  'endDate',
]);

/** Problems with a date-like value, or undefined when it is a real date. */
export function dateProblem(value: unknown): string | undefined {
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
export function walk(
  value: unknown,
  path: Path,
  visit: (value: unknown, path: Path) => void,
): void {
  visit(value, path);
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i], visit));
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) walk(child, [...path, key], visit);
}

export function isPublished(data: Record<string, any>, now: Date): boolean {
  if (data['draft'] === true) return false;
  const publishDate = data['publishDate'];
  if (publishDate && !dateProblem(publishDate) && new Date(String(publishDate)) > now) return false;
  return true;
}
