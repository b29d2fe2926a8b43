/**
 * The patient page's date and number formats, each made once per page and shared by its parts
 * (the status, the photos and documents).
 *
 * The first Intl formatter of a kind is slow on a phone: ICU loads the language's calendar data
 * for the first date format and its unit data for the first size (14–16 ms and 5–55 ms on this
 * project's test machine, four times that on the slow profile). `prepareFormats` makes them while
 * the first answer is on its way, one per task, so that work is neither part of the task that
 * draws the status nor of the one that draws the files (docs/decisions.md, "The patient page's
 * formats are made while it waits").
 */
const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function once<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = made.get(key) as T | undefined;
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** "27 نوفمبر 2026" / "27 November 2026". */
export const dayFormat = (locale: string) =>
  once(`day ${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }));

/** A date and time: "27‏/11‏/2026، 3:05 م" / "27 Nov 2026, 15:05". */
export const timeFormat = (locale: string) =>
  once(
    `time ${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  );

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

/** Makes the page's formats ahead of their first use, one task each (see above). */
export function prepareFormats(locale: string): void {
  const steps = [
    () => dayFormat(locale),
    () => timeFormat(locale),
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
