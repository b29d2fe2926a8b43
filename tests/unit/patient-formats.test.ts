import { describe, expect, it } from 'vitest';
import {
  datePatterns,
  formatCalendarDay,
  formatDay,
  formatTime,
  percentFormat,
  prepareFormats,
  sizeFormat,
} from '../../src/scripts/patient/formats.ts';

const arabic = 'ar-SA-u-ca-gregory-nu-latn';

describe("the patient page's formats (src/scripts/patient/formats.ts)", () => {
  it('writes dates as Intl does, with Western digits and the Gregorian calendar in Arabic', () => {
    // What the page carries: JSON in an attribute.
    const ar = JSON.parse(JSON.stringify(datePatterns(arabic))) as ReturnType<typeof datePatterns>;
    const en = datePatterns('en-GB');
    const moment = '2026-11-27T10:00:00Z';
    expect(formatDay(moment, ar)).toBe(
      new Intl.DateTimeFormat(arabic, { dateStyle: 'long' }).format(new Date(moment)),
    );
    expect(formatTime(moment, ar)).toBe(
      new Intl.DateTimeFormat(arabic, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(moment),
      ),
    );
    expect(formatDay(moment, ar)).toMatch(/27 نوفمبر 2026/);
    expect(formatDay(moment, en)).toBe('27 November 2026');
    expect(formatTime(moment, en)).toMatch(/27 Nov 2026/);
    // A calendar day is that day in every time zone (a quote's last valid day).
    expect(formatCalendarDay('2026-12-31', en)).toBe('31 December 2026');
    expect(formatCalendarDay('2026-01-01T23:30:00+00:00', ar)).toBe('1 يناير 2026');
  });

  it('writes numbers as Intl does, each format made once per page and language', () => {
    expect(sizeFormat(arabic, 'megabyte').format(4.25)).toMatch(/^4\.3 /);
    expect(sizeFormat('en-GB', 'kilobyte').format(812.4)).toBe('812 kB');
    expect(percentFormat('en-GB').format(0.456)).toBe('46%');
    expect(sizeFormat(arabic, 'megabyte')).toBe(sizeFormat(arabic, 'megabyte'));
    expect(sizeFormat(arabic, 'megabyte')).not.toBe(sizeFormat(arabic, 'kilobyte'));
    expect(percentFormat(arabic)).not.toBe(percentFormat('en-GB'));
  });

  it('prepares the number formats one task at a time, none in the task that asks', async () => {
    const locale = 'en-US';
    const made: string[] = [];
    const original = Intl.NumberFormat;
    const counting = function (this: unknown, ...args: ConstructorParameters<typeof original>) {
      made.push(String(args[0]));
      return new original(...args);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = counting;
    try {
      prepareFormats(locale);
      expect(made).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(made).toEqual([locale]);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(made).toEqual([locale, locale, locale]);
      // Made already: asking again makes none.
      sizeFormat(locale, 'megabyte');
      percentFormat(locale);
      expect(made).toHaveLength(3);
    } finally {
      Intl.NumberFormat = original;
    }
  });
});
