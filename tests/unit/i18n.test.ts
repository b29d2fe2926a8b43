import { describe, expect, it } from 'vitest';
import { ar } from '~/i18n/ui/ar.ts';
import { en } from '~/i18n/ui/en.ts';
import { alternateUrl, dir, langFromPath, localizePath, stripLang, t } from '~/i18n/index.ts';

describe('UI strings', () => {
  it('exist in both languages with the same keys and no empty text', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ar).sort());
    for (const [key, text] of [...Object.entries(ar), ...Object.entries(en)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(ar) as (keyof typeof ar)[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(ar[key]));
    }
  });

  it('fills placeholders', () => {
    expect(t('ar', 'blog.readTime', { n: 7 })).toBe('7 دقائق قراءة');
    expect(t('en', 'process.step', { n: 2 })).toBe('Step 2');
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
