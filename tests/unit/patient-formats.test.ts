import { describe, expect, it } from 'vitest';
import {
  dayFormat,
  percentFormat,
  prepareFormats,
  sizeFormat,
  timeFormat,
} from '../../src/scripts/patient/formats.ts';

const arabic = 'ar-SA-u-ca-gregory-nu-latn';

describe("the patient page's formats (src/scripts/patient/formats.ts)", () => {
  it('formats as Intl does, with Western digits and the Gregorian calendar in Arabic', () => {
    const day = new Date('2026-11-27T10:00:00Z');
    expect(dayFormat(arabic).format(day)).toBe(
      new Intl.DateTimeFormat(arabic, { dateStyle: 'long' }).format(day),
    );
    expect(dayFormat(arabic).format(day)).toMatch(/27 نوفمبر 2026/);
    expect(dayFormat('en-GB').format(day)).toBe('27 November 2026');
    expect(sizeFormat(arabic, 'megabyte').format(4.25)).toMatch(/^4\.3 /);
    expect(sizeFormat('en-GB', 'kilobyte').format(812.4)).toBe('812 kB');
    expect(percentFormat('en-GB').format(0.456)).toBe('46%');
    expect(timeFormat('en-GB').format(day)).toMatch(/27 Nov 2026/);
  });

  it('makes each format once per page and language', () => {
    expect(dayFormat(arabic)).toBe(dayFormat(arabic));
    expect(sizeFormat(arabic, 'megabyte')).toBe(sizeFormat(arabic, 'megabyte'));
    expect(sizeFormat(arabic, 'megabyte')).not.toBe(sizeFormat(arabic, 'kilobyte'));
    expect(dayFormat(arabic)).not.toBe(dayFormat('en-GB'));
  });

  it('prepares them one task at a time, none in the task that asks', async () => {
    const locale = 'en-US';
    const made: string[] = [];
    const original = Intl.DateTimeFormat;
    const counting = function (this: unknown, ...args: ConstructorParameters<typeof original>) {
      made.push(String(args[0]));
      return new original(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    Intl.DateTimeFormat = counting;
    try {
      prepareFormats(locale);
      expect(made).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(made).toEqual([locale]);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(made).toEqual([locale, locale]);
      // Made already: asking again makes none.
      dayFormat(locale);
      timeFormat(locale);
      expect(made).toHaveLength(2);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });
});
