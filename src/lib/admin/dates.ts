/**
 * Dates in the back office. Cards and the request dialog use the spec's 'dd MMM yyyy، HH:mm' with
 * date-fns' Arabic locale (section 9); the offer-leads table uses the Arabic (Saudi) locale with the
 * Gregorian calendar (plain ar-SA would switch to the Hijri calendar). All in the viewer's time zone.
 */
import { format } from 'date-fns';
import { ar } from 'date-fns/locale/ar';

export const REQUEST_DATE_FORMAT = 'dd MMM yyyy، HH:mm';

/** "20 نوفمبر 2025، 14:05". */
export function formatRequestDate(value: string | Date): string {
  return format(new Date(value), REQUEST_DATE_FORMAT, { locale: ar });
}

/** "14:05": when a locked account may try again. */
export function formatClockTime(value: Date): string {
  return format(value, 'HH:mm');
}

const leadDateFormat: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** A registration date in Arabic (Saudi) with Gregorian months, e.g. "٢٠ نوفمبر ٢٠٢٥ في ٢:٠٥ م". */
export function formatLeadDate(value: string | Date): string {
  return new Date(value).toLocaleDateString('ar-SA-u-ca-gregory', leadDateFormat);
}

/** "2025-11-20 14:05": a date spreadsheets recognise, for CSV files. */
export function formatCsvDate(value: string | Date): string {
  return format(new Date(value), 'yyyy-MM-dd HH:mm');
}

/** "2025-11-20": the local calendar day of a moment, used to bucket the per-day chart. */
export function dayKey(value: string | Date): string {
  return format(new Date(value), 'yyyy-MM-dd');
}
