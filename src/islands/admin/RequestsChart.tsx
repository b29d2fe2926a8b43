import { format } from 'date-fns';
import { ar } from 'date-fns/locale/ar';
import { memo } from 'react';
import type { RequestsPerDay } from '~/lib/admin/chart.ts';
import { adminText } from '~/lib/admin/strings.ts';

/** Series colours, in series order: brand teal, saffron, coral, deep teal, then sand for the rest. */
const colours = ['bg-teal-600', 'bg-saffron-400', 'bg-coral-500', 'bg-teal-900', 'bg-sand-300'];

const shortDay = (day: string) => format(new Date(`${day}T12:00:00`), 'd MMM', { locale: ar });

/** Requests per day over the last 30 days, stacked by source (a small bar chart, no library). */
export const RequestsChart = memo(function RequestsChart({ chart }: { chart: RequestsPerDay }) {
  const summary = adminText('admin.chart.summary', { total: chart.total });
  return (
    <figure className="card p-4 sm:p-5" data-testid="requests-chart">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold text-teal-900">{adminText('admin.chart.title')}</span>
        <span className="text-sm text-muted">{summary}</span>
      </figcaption>
      <div role="img" aria-label={`${adminText('admin.chart.title')}: ${summary}`} className="mt-4">
        <div className="flex h-28 items-end gap-[3px]">
          {chart.days.map((bucket) => (
            <div
              key={bucket.day}
              title={adminText('admin.chart.day', {
                date: shortDay(bucket.day),
                count: bucket.total,
              })}
              className="flex h-full min-w-0 flex-1 flex-col-reverse overflow-hidden rounded-t-sm bg-sand-100"
            >
              {bucket.counts.map((count, index) =>
                count ? (
                  <div
                    key={chart.series[index]!.key}
                    className={colours[index % colours.length]}
                    style={{ height: `${(count / chart.max) * 100}%` }}
                  />
                ) : null,
              )}
            </div>
          ))}
        </div>
        <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{shortDay(chart.days[0]!.day)}</span>
          <span>{shortDay(chart.days.at(-1)!.day)}</span>
        </div>
      </div>
      {chart.series.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {chart.series.map((series, index) => (
            <li key={series.key} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={`size-3 rounded-sm ${colours[index % colours.length]}`}
              />
              <span dir="auto">{series.label}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
});
