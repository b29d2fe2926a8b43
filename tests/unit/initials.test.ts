import { describe, expect, it } from 'vitest';
import { initials } from '~/lib/initials.ts';

describe('initials', () => {
  it('skips the Arabic article «ال», so «ليلى الأحمد» does not read «لا»', () => {
    expect(initials('ليلى الأحمد')).toBe('ل أ');
    expect(initials('خالد العمري')).toBe('خ ع');
    expect(initials('مريم الصالح')).toBe('م ص');
    expect(initials('عمر الخطيب')).toBe('ع خ');
  });

  it('keeps names without an article as they are, spaced so Arabic letters do not join', () => {
    expect(initials('نور حمدان')).toBe('ن ح');
    expect(initials('يوسف قاسم')).toBe('ي ق');
    expect(initials('أبو خالد')).toBe('أ خ');
  });

  it('does not cut «ال» that is the whole part or leaves a single letter', () => {
    expect(initials('سامي ال')).toBe('س ا');
    expect(initials('سامي الم')).toBe('س ا');
  });

  it('skips the article in transliterated names and joins Latin initials', () => {
    expect(initials('Omar Al-Khatib')).toBe('OK');
    expect(initials('Layla Al-Ahmad')).toBe('LA');
    expect(initials('Khaled al-Omari')).toBe('KO');
    expect(initials('Nour Hamdan')).toBe('NH');
    expect(initials('Alice Allen')).toBe('AA');
  });

  it('uses at most two parts and copes with one part or extra spaces', () => {
    expect(initials('  Maryam   Al-Saleh  Smith ')).toBe('MS');
    expect(initials('عبدالله')).toBe('ع');
    expect(initials('')).toBe('');
  });
});
