import { describe, expect, it } from 'vitest';
import { composePhone, countryCodes, countryFromPhone, stripNonDigits } from '~/lib/phone.ts';

describe('stripNonDigits', () => {
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
