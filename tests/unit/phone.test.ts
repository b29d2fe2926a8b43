import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  composePhone,
  countryCodes,
  countryFromPhone,
  hasNonPhoneCharacters,
  normalizePhone,
  stripNonDigits,
} from '~/lib/phone.ts';
import phoneCases from '../fixtures/phone-cases.json' with { type: 'json' };

describe("the phone rule's case table (tests/fixtures/phone-cases.json, also run against SQL)", () => {
  it.each(phoneCases.cases)('$typed / $picked → $phone $countryCode', (entry) => {
    const { typed, picked, phone, countryCode } = entry;
    const options = { chosen: 'chosen' in entry, stored: 'stored' in entry };
    expect(normalizePhone(typed, picked, options)).toMatchObject({ phone, countryCode });
  });

  it('reads every pair it stores back unchanged as a row (the database trigger) (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789٠١٢٣٤٥٦٧٨٩ +-'), maxLength: 18 }),
        fc.constantFrom(...countryCodes.map((country) => country.code), null),
        fc.boolean(),
        (typed, picked, chosen) => {
          const stored = normalizePhone(typed, picked, { chosen });
          if (!/^\d{8,15}$/.test(stored.phone)) return;
          expect(normalizePhone(stored.phone, stored.countryCode, { stored: true })).toEqual(
            stored,
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('stripNonDigits', () => {
  it('tells the characters numbers are written with from the others', () => {
    for (const raw of ['+966 (50) 123-4567', '٠٥٠ ١٢٣ ٤٥٦٧', '۰۵۰.۱۲۳', '\u200e+966 50']) {
      expect(hasNonPhoneCharacters(raw), raw).toBe(false);
    }
    for (const raw of ['050x1234567', 'o501234567', '050,123', '05#01'])
      expect(hasNonPhoneCharacters(raw), raw).toBe(true);
  });

  it('keeps only digits, converting Arabic-Indic and Persian digits', () => {
    expect(stripNonDigits('+966 50-123 4567')).toBe('966501234567');
    expect(stripNonDigits('٠٥٠١٢٣٤٥٦٧')).toBe('0501234567');
    expect(stripNonDigits('۰۵۰۱۲')).toBe('05012');
    expect(stripNonDigits('abc')).toBe('');
  });
});

describe('countryFromPhone', () => {
  it('finds each of the 13 codes', () => {
    for (const country of countryCodes) {
      expect(countryFromPhone(`${country.code.slice(1)}123456789`)?.code).toBe(country.code);
    }
  });

  it('tells apart codes that share leading digits', () => {
    expect(countryFromPhone('966501234567')?.name.ar).toBe('السعودية');
    expect(countryFromPhone('961312345')?.name.ar).toBe('لبنان');
    expect(countryFromPhone('963944123456')?.name.ar).toBe('سوريا');
    expect(countryFromPhone('971501234567')?.name.en).toBe('UAE');
    expect(countryFromPhone('974331234')?.name.en).toBe('Qatar');
    expect(countryFromPhone('201001234567')?.name.en).toBe('Egypt');
    expect(countryFromPhone('905321234567')?.name.en).toBe('Turkey');
  });

  it('returns nothing for an unknown prefix', () => {
    expect(countryFromPhone('441234567890')).toBeUndefined();
    expect(countryFromPhone('')).toBeUndefined();
  });
});

describe('composePhone', () => {
  it('prefixes the selected code to a national number, dropping the trunk zero', () => {
    expect(composePhone('+966', '0501234567')).toBe('966501234567');
    expect(composePhone('+966', '501234567')).toBe('966501234567');
    expect(composePhone('+49', '015112345678')).toBe('4915112345678');
  });

  it('keeps a number typed with its own code, with or without 00', () => {
    expect(composePhone('+966', '971501234567')).toBe('971501234567');
    expect(composePhone('+966', '00971 50 123 4567')).toBe('971501234567');
    expect(composePhone('+20', '+966 50 123 4567')).toBe('966501234567');
  });

  it('does not mistake a short national number for a code', () => {
    // Kuwaiti mobiles are 8 digits and may start with 96…
    expect(composePhone('+965', '96512345')).toBe('96596512345');
  });
});

describe('normalizePhone: one rule for every form', () => {
  const saudi = { phone: '966501234567', countryCode: '+966' };

  it('reads every spelling a visitor uses for the same Saudi number', () => {
    for (const [typed, picked] of [
      ['0501234567', '+966'],
      ['٠٥٠١٢٣٤٥٦٧', '+966'],
      ['۰۵۰ ۱۲۳ ۴۵۶۷', '+966'],
      ['050-123-4567', '+966'],
      ['501234567', '+966'],
      ['00966501234567', '+20'],
      ['+966 50 123 4567', '+49'],
      ['+966 050 123 4567', null],
      ['966501234567', undefined],
      ['٠٠٩٦٦٥٠١٢٣٤٥٦٧', undefined],
      ['\u200e+966501234567', '+971'],
    ] as const) {
      expect(normalizePhone(typed, picked), `${typed} / ${picked}`).toMatchObject(saudi);
    }
  });

  it('keeps a number it cannot attribute as typed, with no country code', () => {
    expect(normalizePhone('0501234567')).toEqual({
      phone: '0501234567',
      countryCode: null,
      country: undefined,
    });
    // International with a code outside the list: the digits, not a picked code glued in front.
    expect(normalizePhone('+44 7700 900123', '+966')).toMatchObject({
      phone: '447700900123',
      countryCode: null,
    });
    expect(normalizePhone('0044 7700 900123', '+966').countryCode).toBeNull();
  });

  it('keeps a number typed with a code the list lacks as typed, whatever code is picked', () => {
    // The field drops a "+": "+967 7…" arrives as digits longer than any Saudi national number.
    for (const typed of ['+967 712 345 678', '967712345678', '00967712345678', '٩٦٧٧١٢٣٤٥٦٧٨']) {
      for (const picked of ['+966', '+971', '+965', null]) {
        expect(normalizePhone(typed, picked), `${typed} / ${picked}`).toEqual({
          phone: '967712345678',
          countryCode: null,
          country: undefined,
        });
      }
    }
    expect(normalizePhone('447700900123', '+966').phone).toBe('447700900123');
    expect(normalizePhone('212612345678', '+20').countryCode).toBeNull();
    // Too short to carry a code (under 10 digits), as long as the country's longest national
    // number, or with a trunk zero: national.
    expect(normalizePhone('200000000', '+973').phone).toBe('973200000000');
    expect(normalizePhone('512345678', '+966').phone).toBe('966512345678');
    expect(normalizePhone('05012345678', '+966').phone).toBe('9665012345678');
    expect(normalizePhone('1012345678', '+20').phone).toBe('201012345678');
    expect(normalizePhone('15112345678', '+49').phone).toBe('4915112345678');
  });

  it('gives the same number for every spelling of any listed country (property)', () => {
    const toArabic = (digits: string) =>
      digits.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    fc.assert(
      fc.property(
        fc.constantFrom(...countryCodes),
        fc.constantFrom(...countryCodes.map((country) => country.code), null),
        fc.stringMatching(/^[1-9][0-9]{7,12}$/),
        (country, otherPick, longNational) => {
          // A national number as long as the country's can be (8 digits up to its longest).
          const national = longNational.slice(0, Math.max(8, country.longestNational));
          const code = country.code.slice(1);
          const expected = { phone: code + national, countryCode: country.code, country };
          const spellings: [string, string | null][] = [
            [`0${national}`, country.code],
            // Without its trunk zero, a national number that starts like a dialling code reads as
            // international (e.g. 20…: Egypt); real national numbers rarely do.
            ...(countryFromPhone(national) ? [] : [[national, country.code] as [string, string]]),
            [`00${code}${national}`, otherPick],
            [`+${code} ${national.slice(0, 3)}-${national.slice(3)}`, otherPick],
            [`+${code}0${national}`, otherPick],
            [`${code}${national}`, otherPick],
            [toArabic(`00${code}${national}`), otherPick],
          ];
          for (const [typed, picked] of spellings) {
            expect(normalizePhone(typed, picked), `${typed} / ${picked}`).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is idempotent and stores ASCII digits with a listed code or none (property)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...'0123456789٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ +-().'),
          maxLength: 20,
        }),
        fc.constantFrom(...countryCodes.map((country) => country.code), null),
        (typed, picked) => {
          const stored = normalizePhone(typed, picked);
          expect(stored.phone).toMatch(/^[0-9]*$/);
          if (stored.countryCode === null) {
            expect(stored.country).toBeUndefined();
            return;
          }
          expect(stored.country?.code).toBe(stored.countryCode);
          expect(stored.phone.startsWith(stored.countryCode.slice(1))).toBe(true);
          // The stored row read back (its phone with its code) names the same number.
          expect(normalizePhone(`+${stored.phone}`)).toEqual(stored);
        },
      ),
      { numRuns: 500 },
    );
  });
});
