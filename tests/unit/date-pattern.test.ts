import { describe, expect, it } from 'vitest';
import { datePattern, formatDate } from '../../src/lib/date-pattern.ts';

// The locales and formats the patient page writes (src/i18n intlLocale; src/scripts/patient/formats.ts).
const LOCALES = ['ar-SA-u-ca-gregory-nu-latn', 'en-GB'];
const FORMATS: Intl.DateTimeFormatOptions[] = [
  { dateStyle: 'long' },
  { dateStyle: 'medium', timeStyle: 'short' },
];

// Every hour of the clock, every month and day, years around today: a fixed pseudo-random walk.
function* dates(count: number): Generator<Date> {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let index = 0; index < count; index++) {
    yield new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 12 * 365 * 24 * 60) * 60_000);
  }
  yield new Date(2026, 0, 1, 0, 0); // local midnight: "12:00 ص", "00:00"
  yield new Date(2026, 5, 9, 12, 0); // local noon
}

describe('dates from a pattern made at build time (src/lib/date-pattern.ts)', () => {
  for (const locale of LOCALES)
    for (const options of FORMATS)
      it(`writes what Intl writes: ${locale} ${JSON.stringify(options)}`, () => {
        const pattern = datePattern(locale, options);
        // What the page carries is JSON.
        const carried = JSON.parse(JSON.stringify(pattern)) as typeof pattern;
        const intl = new Intl.DateTimeFormat(locale, options);
        const utc = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
        for (const date of dates(3000)) {
          expect(formatDate(carried, date)).toBe(intl.format(date));
          expect(formatDate(carried, date, true)).toBe(utc.format(date));
        }
      });

  it('writes the examples the page shows, with Western digits in Arabic', () => {
    const day = datePattern('ar-SA-u-ca-gregory-nu-latn', { dateStyle: 'long' });
    expect(formatDate(day, new Date(Date.UTC(2026, 10, 27)), true)).toBe('27 نوفمبر 2026');
    const en = datePattern('en-GB', { dateStyle: 'long' });
    expect(formatDate(en, new Date(Date.UTC(2026, 10, 7)), true)).toBe('7 November 2026');
  });

  it('refuses a format it cannot write: a weekday, other digits', () => {
    expect(() => datePattern('en-GB', { dateStyle: 'full' })).toThrow(/weekday/);
    expect(() => datePattern('ar-SA-u-nu-arab', { dateStyle: 'long' })).toThrow(/digits/);
  });
});
