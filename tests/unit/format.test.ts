import { describe, expect, it } from 'vitest';
import { formatDate, formatPhone, formatPrice } from '~/lib/format.ts';
import { whatsappUrl } from '~/lib/whatsapp.ts';

describe('formatPrice', () => {
  it('writes ranges, single prices and open-ended ranges with Western digits', () => {
    expect(formatPrice({ min: 1500, max: 2500, currency: 'EUR' })).toBe('€1,500–2,500');
    expect(formatPrice({ min: 300, currency: 'EUR' })).toBe('€300');
    expect(formatPrice({ min: 3000, max: 4000, currency: 'USD', plus: true })).toBe(
      '$3,000–4,000+',
    );
  });
});

describe('formatDate', () => {
  it('uses the Gregorian calendar in Arabic (plain ar-SA would switch to Hijri)', () => {
    const date = new Date('2026-06-12T00:00:00Z');
    const arabic = formatDate(date, 'ar');
    expect(arabic).toContain('2026');
    expect(arabic).toContain('يونيو');
    expect(formatDate(date, 'en')).toBe('12 June 2026');
  });
});

describe('contact links', () => {
  it('builds wa.me links with digits only and an encoded Arabic message', () => {
    const url = new URL(whatsappUrl('+49 151 1234', 'مرحباً'));
    expect(url.origin + url.pathname).toBe('https://wa.me/491511234');
    expect(url.searchParams.get('text')).toBe('مرحباً');
  });

  it('groups an international number for display', () => {
    expect(formatPhone('+4930201234567')).toBe('+49 30 201234567');
  });
});
