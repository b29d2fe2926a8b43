/**
 * Dates written without Intl in the browser: the build asks Intl for a format's pattern (its
 * literal text, the order of its fields, the month names and the day periods) and the page fills
 * that pattern in from the `Date`'s own getters.
 *
 * Why: the first `Intl.DateTimeFormat` a page makes costs 15–35 ms on this project's test machine
 * and four times that on a slow phone (ICU loads the language's calendar data and builds its
 * pattern generator), one task that blocks the patient page while it draws its status
 * (docs/decisions.md, "The patient page writes its dates from patterns made at build time").
 * The output is Intl's, character for character, for the formats the build made the pattern of
 * (`tests/unit/date-pattern.test.ts` compares them over thousands of dates).
 */

export type DateField = 'day' | 'month' | 'year' | 'hour' | 'minute' | 'dayPeriod';

/** A format's pattern: plain data, so a page can carry it as JSON. */
export interface DatePattern {
  /** The format's text in order: a string is literal text, `[field]` is a field. */
  parts: (string | [DateField])[];
  /** The twelve months as this format writes them (names, or numbers "1"…"12" / "01"…"12"). */
  months: string[];
  /** Whether the day and the hour are written with two digits. */
  twoDigitDay: boolean;
  twoDigitHour: boolean;
  /** The clock: h23 "0–23", h12 "1–12", h11 "0–11", h24 "1–24". */
  hourCycle: 'h11' | 'h12' | 'h23' | 'h24';
  /** Before and after noon ("ص" / "م", "am" / "pm"), when the format writes a day period. */
  dayPeriods: [string, string];
}

const FIELDS = new Set<string>(['day', 'month', 'year', 'hour', 'minute', 'dayPeriod']);
const isField = (type: string): type is DateField => FIELDS.has(type);

/**
 * The pattern of `new Intl.DateTimeFormat(locale, options)`. For the build (Node's Intl), never
 * the page. Throws on a format it cannot reproduce: a field other than those above (a weekday, an
 * era), or digits other than 0–9 (the site writes Western digits in both languages).
 */
export function datePattern(locale: string, options: Intl.DateTimeFormatOptions): DatePattern {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  const partsAt = (month: number, day: number, hour: number) =>
    format.formatToParts(new Date(Date.UTC(2026, month, day, hour, 5)));
  const value = (parts: Intl.DateTimeFormatPart[], type: string) =>
    parts.find((part) => part.type === type)?.value ?? '';
  const sample = partsAt(10, 27, 15);
  const parts = sample.map((part): string | [DateField] => {
    if (part.type === 'literal') return part.value;
    const type: string = part.type;
    if (!isField(type)) throw new Error(`${locale}: cannot write a "${type}" field`);
    if (part.type !== 'month' && part.type !== 'dayPeriod' && !/^[0-9]+$/.test(part.value))
      throw new Error(`${locale}: "${part.value}" is not written with the digits 0–9`);
    // Minutes with two digits, the year in full: what formatDate writes.
    const expected: Record<string, string> = { minute: '05', year: '2026' };
    if (part.type in expected && expected[part.type] !== part.value)
      throw new Error(`${locale}: the ${part.type} is written "${part.value}"`);
    return [type];
  });
  const resolved = format.resolvedOptions();
  return {
    parts,
    months: Array.from({ length: 12 }, (_, month) => value(partsAt(month, 15, 12), 'month')),
    twoDigitDay: value(partsAt(0, 5, 12), 'day').length === 2,
    twoDigitHour: value(partsAt(0, 5, 3), 'hour').length === 2,
    hourCycle: resolved.hourCycle ?? 'h23',
    dayPeriods: [value(partsAt(0, 5, 3), 'dayPeriod'), value(partsAt(0, 5, 15), 'dayPeriod')],
  };
}

const pad = (value: number, two: boolean) => String(value).padStart(two ? 2 : 1, '0');

/** `date` written in `pattern`, in the device's time zone, or in UTC with `utc` (calendar days). */
export function formatDate(pattern: DatePattern, date: Date, utc = false): string {
  const hours = utc ? date.getUTCHours() : date.getHours();
  const cycle = pattern.hourCycle;
  const twelve = cycle === 'h11' || cycle === 'h12';
  let hour = twelve ? hours % 12 : hours;
  if (hour === 0 && (cycle === 'h12' || cycle === 'h24')) hour = cycle === 'h12' ? 12 : 24;
  const fields: Record<DateField, string> = {
    day: pad(utc ? date.getUTCDate() : date.getDate(), pattern.twoDigitDay),
    month: pattern.months[utc ? date.getUTCMonth() : date.getMonth()] ?? '',
    year: String(utc ? date.getUTCFullYear() : date.getFullYear()),
    hour: pad(hour, pattern.twoDigitHour),
    minute: pad(utc ? date.getUTCMinutes() : date.getMinutes(), true),
    dayPeriod: pattern.dayPeriods[hours < 12 ? 0 : 1],
  };
  return pattern.parts.map((part) => (typeof part === 'string' ? part : fields[part[0]])).join('');
}
