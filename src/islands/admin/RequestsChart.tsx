import { format } from 'date-fns';
import { ar } from 'date-fns/locale/ar';
import { ChevronDown } from 'lucide-react';
import { memo, useId, useState } from 'react';
import type { RequestsPerDay } from '~/lib/admin/chart.ts';
import { adminText } from '~/lib/admin/strings.ts';

/** Series colours, in series order: brand teal, saffron, coral, deep teal, then sand for the rest. */
const colours = ['bg-teal-600', 'bg-saffron-400', 'bg-coral-500', 'bg-teal-900', 'bg-sand-300'];

const shortDay = (day: string) => format(new Date(`${day}T12:00:00`), 'd MMM', { locale: ar });

const OPEN_KEY = 'rihla.admin.chart';

function rememberedOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === 'open';
  } catch {
    return false;
  }
}

/**
 * Requests per day over the last 30 days, stacked by source (a small bar chart, no library). Folded
 * to its title and total by default, so the inbox starts on the first screen (issue 41); its title
 * opens it, and the choice is remembered in this browser.
 */
export const RequestsChart = memo(function RequestsChart({ chart }: { chart: RequestsPerDay }) {
  const summary = adminText('admin.chart.summary', { total: chart.total });
  const [open, setOpen] = useState(rememberedOpen);
  const uid = useId();
  const toggle = () => {
    setOpen(!open);
    try {
      localStorage.setItem(OPEN_KEY, open ? 'closed' : 'open');
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
  };
  return (
    <figure className="card px-4 py-1 sm:px-5" data-testid="requests-chart">
      <figcaption>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${uid}-bars`}
          onClick={toggle}
          className="flex min-h-10 w-full flex-wrap items-center justify-between gap-x-2 text-start"
        >
          <span className="inline-flex items-center gap-1.5 font-bold text-teal-900">
            <ChevronDown
              className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
              aria-hidden="true"
            />
            {adminText('admin.chart.title')}
          </span>
          <span className="text-sm text-muted max-sm:hidden">{summary}</span>
        </button>
      </figcaption>
      <div id={`${uid}-bars`} hidden={!open} data-testid="requests-chart-bars" className="pb-2">
        <div
          role="img"
          aria-label={`${adminText('admin.chart.title')}: ${summary}`}
          className="mt-2"
        >
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
      </div>
    </figure>
  );
});
