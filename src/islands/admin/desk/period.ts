/** A report's period from two date inputs, as the campaign report reads it (both days included). */
import { subDays } from 'date-fns';

/** "2026-11-23" for a date input, in the viewer's time zone. */
export function dayInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The last 30 days, today included, as date inputs. */
export function lastThirtyDays(): { from: string; to: string } {
  return { from: dayInput(subDays(new Date(), 29)), to: dayInput(new Date()) };
}

/** [start of `from`, start of the day after `to`), or null when the range is empty or invalid. */
export function periodOf(from: string, to: string): { start: Date; end: Date } | null {
  if (!from || !to) return null;
  const start = new Date(`${from}T00:00`);
  const end = new Date(new Date(`${to}T00:00`).getTime() + 24 * 60 * 60_000);
  return start.getTime() < end.getTime() ? { start, end } : null;
}
