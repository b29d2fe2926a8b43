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

export function requestsPerDay(
  rows: { created_at: string; source: string | null }[],
  options: { now?: Date; days?: number; maxSeries?: number } = {},
): RequestsPerDay {
  const { now = new Date(), days = 30, maxSeries = 4 } = options;
  const dayKeys = Array.from({ length: days }, (_, index) =>
    dayKey(subDays(now, days - 1 - index)),
  );
  const inWindow = new Set(dayKeys);

  const recent: { day: string; source: string }[] = [];
  const perSource = new Map<string, number>();
  for (const row of rows) {
    const day = dayKey(row.created_at);
    if (!inWindow.has(day)) continue;
    const source = sourceKey(row.source);
    recent.push({ day, source });
    perSource.set(source, (perSource.get(source) ?? 0) + 1);
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
  for (const { day, source } of recent) {
    const bucket = buckets.get(day)!;
    bucket.counts[seriesIndex.get(source) ?? otherIndex]! += 1;
    bucket.total += 1;
  }
  const list = [...buckets.values()];
  return {
    series,
    days: list,
    max: Math.max(1, ...list.map((bucket) => bucket.total)),
    total: recent.length,
  };
}
