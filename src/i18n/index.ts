/**
 * Language helpers: translation, text direction and localized URLs. Arabic is the default locale and
 * lives without a prefix (/hair-transplant-turkey); English lives under /en/.
 */
import { ar, type UiKey } from './ui/ar.ts';
import { en } from './ui/en.ts';
import { fill } from './fill.ts';

export const languages = ['ar', 'en'] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = 'ar';

const dictionaries: Record<Lang, Record<UiKey, string>> = { ar, en };

/** Routes that exist in Arabic only; their language toggle leads to the English home. */
export const arabicOnlyPaths: readonly string[] = ['/hair-transplant-offer', '/index-now'];

/** localStorage key holding the visitor's explicit language choice. */
export const langStorageKey = 'rihla:lang';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Translate a UI key, filling `{name}` placeholders from `params` and picking the plural form of a
 * counted string for `lang` (`t('ar', 'blog.readTime', { n: 2 })` → "دقيقتا قراءة"; see fill.ts).
 */
export function t(lang: Lang, key: UiKey, params?: Record<string, string | number>): string {
  return fill(dictionaries[lang][key], params, lang);
}

/** The strings whose keys start with one of `prefixes`, as plain props for an island. */
export function stringsFor(lang: Lang, prefixes: string[]): Partial<Record<UiKey, string>> {
  const picked: Partial<Record<UiKey, string>> = {};
  for (const key of Object.keys(dictionaries[lang]) as UiKey[]) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) picked[key] = dictionaries[lang][key];
  }
  return picked;
}

/** A `t` bound to one language, for components that render many strings. */
export function useTranslations(lang: Lang) {
  return (key: UiKey, params?: Record<string, string | number>) => t(lang, key, params);
}

export function dir(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** BCP 47 locale for Intl formatting. Arabic uses the Gregorian calendar with Saudi conventions. */
export function intlLocale(lang: Lang): string {
  return lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB';
}

/** The language a pathname belongs to. */
export function langFromPath(pathname: string): Lang {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'ar';
}

/** A pathname without its language prefix, always starting with "/" and without trailing slash. */
export function stripLang(pathname: string): string {
  const bare = langFromPath(pathname) === 'en' ? pathname.slice(3) : pathname;
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The URL of a language-neutral path in `lang`. Keeps any "#hash" or "?query" suffix.
 * localizePath('/blog', 'en') → '/en/blog'; localizePath('/#contact', 'en') → '/en/#contact'.
 */
export function localizePath(path: string, lang: Lang): string {
  const match = /^([^?#]*)(.*)$/.exec(path);
  const base = match?.[1] || '/';
  const suffix = match?.[2] ?? '';
  if (lang === defaultLang) return base + suffix;
  return (base === '/' ? '/en/' : `/en${base}`) + suffix;
}

/** Whether a language-neutral path has a twin in the other language. */
export function hasTwin(path: string): boolean {
  return !arabicOnlyPaths.includes(path);
}

/**
 * Where the language toggle leads from `pathname`: the same page in the other language, or that
 * language's home when the page has no twin.
 */
export function alternateUrl(pathname: string): { lang: Lang; href: string } {
  const lang: Lang = langFromPath(pathname) === 'ar' ? 'en' : 'ar';
  const path = stripLang(pathname);
  return { lang, href: localizePath(hasTwin(path) ? path : '/', lang) };
}
