/**
 * Formatting of prices, dates and phone numbers. Digits stay Western (0–9) in both languages, as
 * Gulf readers expect for prices and phone numbers; callers isolate a single price or phone number
 * in `dir="ltr"` and a price range in `dir={rangeDir(lang)}`.
 */
import { intlLocale, type Lang } from '~/i18n/index.ts';

export interface PriceRange {
  min: number;
  max?: number | undefined;
  currency: 'EUR' | 'USD';
  plus?: boolean | undefined;
}

const symbols = { EUR: '€', USD: '$' } as const;
const grouped = new Intl.NumberFormat('en-US');

/** "€1,500–2,500", "$3,000–4,000+", "€300". */
export function formatPrice(price: PriceRange): string {
  const range =
    price.max === undefined
      ? grouped.format(price.min)
      : `${grouped.format(price.min)}–${grouped.format(price.max)}`;
  return `${symbols[price.currency]}${range}${price.plus ? '+' : ''}`;
}

/**
 * The direction a price range is isolated in (issue 34, docs/decisions.md "Ranges in Arabic text"):
 * in Arabic the lower bound comes first in reading order, on the right («1,500» then «2,500»), as
 * every range in Arabic running text reads; in English left to right.
 */
export function rangeDir(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** A calendar date in the page's language: "12 يونيو 2026" (Gregorian) or "12 June 2026". */
export function formatDate(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** "+49 30 201234567"-style display of an international number given as "+4930201234567". */
export function formatPhone(international: string): string {
  const digits = international.replace(/\D/g, '');
  return `+${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
}
