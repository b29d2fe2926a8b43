/**
 * Dates in the back office: 'dd MMM yyyy، HH:mm' with date-fns' Arabic locale (Gregorian Arabic
 * month names, Latin digits) on cards, the request dialog and the offer-leads table alike. All in
 * the viewer's time zone.
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

/**
 * A registration date on the offer-leads table: the same text as the dashboard's (Arabic month
 * names, Latin digits, 24-hour clock), so one lead reads the same on both screens (see
 * docs/decisions.md, "One date display in the back office").
 */
export function formatLeadDate(value: string | Date): string {
  return formatRequestDate(value);
}

/** "2025-11-20 14:05": a date spreadsheets recognise, for CSV files. */
export function formatCsvDate(value: string | Date): string {
  return format(new Date(value), 'yyyy-MM-dd HH:mm');
}

/** "2025-11-20": the local calendar day of a moment, used to bucket the per-day chart. */
export function dayKey(value: string | Date): string {
  return format(new Date(value), 'yyyy-MM-dd');
}
