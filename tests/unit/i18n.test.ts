import { describe, expect, it } from 'vitest';
import { ar } from '~/i18n/ui/ar.ts';
import { en } from '~/i18n/ui/en.ts';
import { alternateUrl, dir, langFromPath, localizePath, stripLang, t } from '~/i18n/index.ts';
import { fill } from '~/i18n/fill.ts';
import { adminText } from '~/lib/admin/strings.ts';

describe('UI strings', () => {
  it('exist in both languages with the same keys and no empty text', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ar).sort());
    for (const [key, text] of [...Object.entries(ar), ...Object.entries(en)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    // `{n}` and the `{n, plural, …}` of a counted string both take `n`.
    const placeholders = (text: string) =>
      [...new Set([...text.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)].map((m) => m[1]))].sort();
    for (const key of Object.keys(ar) as (keyof typeof ar)[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(ar[key]));
    }
  });

  it('fills placeholders', () => {
    expect(t('ar', 'blog.readTime', { n: 7 })).toBe('7 دقائق قراءة');
    expect(t('en', 'process.step', { n: 2 })).toBe('Step 2');
  });
});

describe('plurals', () => {
  const counts = [0, 1, 2, 3, 11, 100];

  it('pick all six Arabic forms by Intl.PluralRules', () => {
    expect(counts.map((n) => new Intl.PluralRules('ar').select(n))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
    expect(counts.map((count) => adminText('admin.dashboard.arrived', { count }))).toEqual([
      'لم يصل أي طلب جديد',
      'وصل طلب جديد',
      'وصل طلبان جديدان',
      'وصلت 3 طلبات جديدة',
      'وصل 11 طلباً جديداً',
      'وصل 100 طلب جديد',
    ]);
    expect(counts.map((n) => t('ar', 'blog.readTime', { n }))).toEqual([
      'أقل من دقيقة قراءة',
      'دقيقة قراءة',
      'دقيقتا قراءة',
      '3 دقائق قراءة',
      '11 دقيقة قراءة',
      '100 دقيقة قراءة',
    ]);
  });

  it('pick the two English forms', () => {
    const english = '{count, plural, one {# new request arrived} other {# new requests arrived}}';
    expect(counts.map((count) => fill(english, { count }, 'en'))).toEqual([
      '0 new requests arrived',
      '1 new request arrived',
      '2 new requests arrived',
      '3 new requests arrived',
      '11 new requests arrived',
      '100 new requests arrived',
    ]);
    expect(t('en', 'blog.readTime', { n: 1 })).toBe('1 min read');
    expect([1, 7].map((days) => t('en', 'offer.badgeSub', { days }))).toEqual([
      'A one-day offer only',
      'A 7-day offer only',
    ]);
    expect([2, 7, 14].map((days) => t('ar', 'offer.badgeSub', { days }))).toEqual([
      'عرض لمدة يومين فقط',
      'عرض لمدة 7 أيام فقط',
      'عرض لمدة 14 يوماً فقط',
    ]);
  });

  it('keep other placeholders, inside and around the choice, and prefer an exact =N', () => {
    expect(adminText('admin.chart.day', { date: '3 نوفمبر', count: 2 })).toBe('3 نوفمبر: طلبان');
    expect(adminText('admin.dashboard.showing', { shown: 5, total: 12 })).toBe('عرض 5 من 12 طلباً');
    expect(
      fill('{n, plural, =0 {none} one {# {what}} other {# {what}s}}', { n: 0, what: 'x' }),
    ).toBe('none');
    expect(fill('{n, plural, one {# {what}} other {# {what}s}}', { n: 4, what: 'file' })).toBe(
      '4 files',
    );
  });

  it('guess Arabic from the text when an island passes no language', () => {
    expect(fill('{n, plural, two {طلبان} other {# طلب}}', { n: 2 })).toBe('طلبان');
    expect(fill('{n, plural, two {pair} other {# items}}', { n: 2 })).toBe('2 items');
  });

  it('are written for every counted string, in both languages', () => {
    for (const dictionary of [ar, en]) {
      for (const [key, text] of Object.entries(dictionary)) {
        // "(s)", or a bare {count}/{total} followed by a noun, is a count without its plural forms
        // ("Total leads: {count}" is a label and its value, not a counted noun).
        expect(text, key).not.toMatch(/\(s\)|\{(count|total|days)\}[ -]\p{L}/u);
      }
    }
  });
});

describe('language routing', () => {
  it('gives Arabic right-to-left and English left-to-right', () => {
    expect(dir('ar')).toBe('rtl');
    expect(dir('en')).toBe('ltr');
  });

  it('localizes paths, keeping hashes and queries', () => {
    expect(localizePath('/', 'ar')).toBe('/');
    expect(localizePath('/', 'en')).toBe('/en/');
    expect(localizePath('/blog', 'en')).toBe('/en/blog');
    expect(localizePath('/#contact', 'en')).toBe('/en/#contact');
    expect(localizePath('/?scroll=contact', 'en')).toBe('/en/?scroll=contact');
    expect(localizePath('/blog', 'ar')).toBe('/blog');
  });

  it('reads the language and the neutral path from a pathname', () => {
    expect(langFromPath('/en/')).toBe('en');
    expect(langFromPath('/en')).toBe('en');
    expect(langFromPath('/english-page')).toBe('ar');
    expect(stripLang('/en/blog/')).toBe('/blog');
    expect(stripLang('/en/')).toBe('/');
    expect(stripLang('/')).toBe('/');
  });

  it('toggles to the twin page, or to the other home when the page is Arabic only', () => {
    expect(alternateUrl('/hair-transplant-turkey')).toEqual({
      lang: 'en',
      href: '/en/hair-transplant-turkey',
    });
    expect(alternateUrl('/en/blog/')).toEqual({ lang: 'ar', href: '/blog' });
    expect(alternateUrl('/hair-transplant-offer')).toEqual({ lang: 'en', href: '/en/' });
  });
});
