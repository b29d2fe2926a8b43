/**
 * The patient page's date and number formats, shared by its parts (the status, the quotes, the
 * photos and documents).
 *
 * Dates are written from patterns the build made with Intl (src/lib/date-pattern.ts), carried by
 * the page (`data-date-patterns`, PatientPage.astro): the first `Intl.DateTimeFormat` a page makes
 * costs 15–35 ms on this project's test machine, four times that on a slow phone, one task that
 * blocked the page while its status was drawn (docs/decisions.md, "The patient page writes its
 * dates from patterns made at build time"). Numbers still use Intl: each of their formats is made
 * once per page, while the first answer is on its way, one per task (`prepareFormats`).
 */
import { datePattern, formatDate, type DatePattern } from '~/lib/date-pattern.ts';

/** "27 نوفمبر 2026" / "27 November 2026". */
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long' };
/** A date and time: "27‏/11‏/2026، 3:05 م" / "27 Nov 2026, 15:05". */
const TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export interface DatePatterns {
  day: DatePattern;
  time: DatePattern;
}

/** The page's date patterns, made by the build (Node's Intl) for the page's locale. */
export function datePatterns(locale: string): DatePatterns {
  return { day: datePattern(locale, DAY), time: datePattern(locale, TIME) };
}

let carried: DatePatterns | undefined;

/** The patterns the page carries, read once. */
function pagePatterns(): DatePatterns {
  carried ??= JSON.parse(
    document.querySelector<HTMLElement>('[data-date-patterns]')?.dataset['datePatterns'] ?? '',
  ) as DatePatterns;
  return carried;
}

/** A moment's day, in the device's time zone. */
export const formatDay = (iso: string, patterns = pagePatterns()) =>
  formatDate(patterns.day, new Date(iso));

/** A moment's date and time, in the device's time zone. */
export const formatTime = (iso: string, patterns = pagePatterns()) =>
  formatDate(patterns.time, new Date(iso));

/** A calendar day ("2026-12-31", as the database writes a date), whatever the time zone. */
export const formatCalendarDay = (day: string, patterns = pagePatterns()) =>
  formatDate(patterns.day, new Date(`${day.slice(0, 10)}T00:00:00Z`), true);

const made = new Map<string, Intl.NumberFormat>();

function once(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = made.get(key);
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** A file's size in megabytes (one decimal) or kilobytes (none). */
export const sizeFormat = (locale: string, unit: 'megabyte' | 'kilobyte') =>
  once(
    `${unit} ${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'unit',
        unit,
        maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
      }),
  );

/** An upload's progress: "45٪" / "45%". */
export const percentFormat = (locale: string) =>
  once(
    `percent ${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
  );

/** Makes the page's number formats ahead of their first use, one task each (see above). */
export function prepareFormats(locale: string): void {
  const steps = [
    () => sizeFormat(locale, 'megabyte'),
    () => sizeFormat(locale, 'kilobyte'),
    () => percentFormat(locale),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
