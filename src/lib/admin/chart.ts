/**
 * Data of the "requests per day" chart: the last 30 local calendar days, each split by source.
 * The most frequent sources get their own series; the rest share one "other sources" series.
 */
import { subDays } from 'date-fns';
import { dayKey } from './dates.ts';
import { sourceKey, sourceLabel } from './labels.ts';
import { adminText } from './strings.ts';

export const OTHER_SOURCES = '\u0000other';

export interface ChartSeries {
  key: string;
  label: string;
}

export interface DayBucket {
  /** yyyy-MM-dd, local time. */
  day: string;
  /** Counts per series, in the order of `series`. */
  counts: number[];
  total: number;
}

export interface RequestsPerDay {
  series: ChartSeries[];
  days: DayBucket[];
  /** The busiest day's total (at least 1, so bar heights never divide by zero). */
  max: number;
  total: number;
}

/** Requests of one local day from one source (request_overview in the database counts them). */
export interface DayCount {
  /** yyyy-MM-dd, local time. */
  day: string;
  source: string | null;
  n: number;
}

export function requestsPerDay(
  rows: { created_at: string; source: string | null }[],
  options: { now?: Date; days?: number; maxSeries?: number } = {},
): RequestsPerDay {
  return chartFromCounts(
    rows.map((row) => ({ day: dayKey(row.created_at), source: row.source, n: 1 })),
    options,
  );
}

/** The chart from counts per day and source (days outside the window are left out). */
export function chartFromCounts(
  counts: readonly DayCount[],
  options: { now?: Date; days?: number; maxSeries?: number } = {},
): RequestsPerDay {
  const { now = new Date(), days = 30, maxSeries = 4 } = options;
  const dayKeys = Array.from({ length: days }, (_, index) =>
    dayKey(subDays(now, days - 1 - index)),
  );
  const inWindow = new Set(dayKeys);

  const recent: { day: string; source: string; n: number }[] = [];
  const perSource = new Map<string, number>();
  for (const count of counts) {
    if (!inWindow.has(count.day)) continue;
    const source = sourceKey(count.source);
    recent.push({ day: count.day, source, n: count.n });
    perSource.set(source, (perSource.get(source) ?? 0) + count.n);
  }

  const ranked = [...perSource].sort((a, b) => b[1] - a[1]).map(([source]) => source);
  const own = ranked.length > maxSeries ? ranked.slice(0, maxSeries - 1) : ranked;
  const series: ChartSeries[] = own.map((key) => ({ key, label: sourceLabel(key) }));
  if (own.length < ranked.length) {
    series.push({ key: OTHER_SOURCES, label: adminText('admin.source.other') });
  }
  const seriesIndex = new Map(series.map((entry, index) => [entry.key, index]));
  const otherIndex = seriesIndex.get(OTHER_SOURCES) ?? -1;

  const buckets = new Map<string, DayBucket>(
    dayKeys.map((day) => [day, { day, counts: series.map(() => 0), total: 0 }]),
  );
  let total = 0;
  for (const { day, source, n } of recent) {
    const bucket = buckets.get(day)!;
    bucket.counts[seriesIndex.get(source) ?? otherIndex]! += n;
    bucket.total += n;
    total += n;
  }
  const list = [...buckets.values()];
  return {
    series,
    days: list,
    max: Math.max(1, ...list.map((bucket) => bucket.total)),
    total,
  };
}
