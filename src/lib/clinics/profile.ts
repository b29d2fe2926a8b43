/**
 * A partner clinic as the public sees it (public.clinic_profiles, supabase/migrations/
 * 20261127110000_partner_clinics.sql), and the small helpers both public pages use to show it.
 */
import { fill } from '~/i18n/fill.ts';

export interface Localized {
  ar: string;
  en: string;
}

export interface ClinicProfile {
  slug: string;
  name: Localized;
  city: Localized;
  country: string;
  languages: string[];
  includes: { hotel: boolean; transfer: boolean; interpreter: boolean };
  hotel: string | null;
  treatments: string[];
  about: Localized;
  active: boolean;
  accredited: boolean;
  accreditations: {
    body: string;
    certificate_number: string;
    valid_until: string;
    checked_at: string;
  }[];
}

/** The public page of a clinic, in the page's language. */
export function clinicPath(slug: string, lang: 'ar' | 'en'): string {
  return `${lang === 'en' ? '/en' : ''}/clinics/#${encodeURIComponent(slug)}`;
}

/** "العربية، الإنجليزية، التركية" from ISO codes, in the page's language. */
export function languageNames(codes: string[], lang: 'ar' | 'en', locale: string): string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'language' });
  } catch {
    names = undefined;
  }
  return codes.map((code) => names?.of(code) ?? code).join(lang === 'ar' ? '، ' : ', ');
}

/** A day ("2027-03-31") as the page writes dates, read as a calendar day (no time zone shift). */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 10)}T00:00:00Z`),
  );
}

/** Whether the last day of validity `day` is before today (the device's calendar day). */
export function isPast(day: string, now = new Date()): boolean {
  const today = new Date(now.getTime() - now.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 10);
  return day.slice(0, 10) < today;
}

/** The strings of a page (its data-strings) as a t() with placeholders and plurals. */
export function translator(strings: Record<string, string>, locale: string) {
  return (key: string, params?: Record<string, string | number>) =>
    fill(strings[key] ?? key, params, locale.startsWith('ar') ? 'ar' : 'en');
}
