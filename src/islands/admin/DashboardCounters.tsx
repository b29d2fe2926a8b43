import { ALL, type RequestFilters } from '~/lib/admin/filters.ts';
import type { PageCounters } from '~/lib/admin/page.ts';
import type { RequestStatus } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';

interface DashboardCountersProps {
  counters: PageCounters;
  filters: RequestFilters;
  set: (patch: Partial<RequestFilters>) => void;
}

const cardClass = (pressed: boolean) =>
  `card block h-full w-full px-3 py-2 text-start transition-shadow hover:shadow-(--shadow-lift) ${
    pressed ? 'ring-2 ring-teal-700' : ''
  }`;

/** The five counters over every request (counted by the database); each one is a filter. */
export function DashboardCounters({ counters, filters, set }: DashboardCountersProps) {
  const byStatus: { key: RequestStatus | typeof ALL; label: string; value: number }[] = [
    { key: ALL, label: adminText('admin.dashboard.total'), value: counters.total },
    { key: 'new', label: adminText('admin.dashboard.new'), value: counters.new },
    {
      key: 'in_progress',
      label: adminText('admin.dashboard.inProgress'),
      value: counters.in_progress,
    },
    { key: 'completed', label: adminText('admin.dashboard.completed'), value: counters.completed },
  ];
  return (
    <section aria-label={adminText('admin.dashboard.countersLabel')}>
      {/* One row at every width (issue 41: the inbox on the first screen); on a phone it scrolls
          sideways instead of stacking three rows above the requests. */}
      <ul className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pb-1 sm:mx-0 sm:grid sm:grid-cols-5 sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0">
        {byStatus.map((counter) => (
          <li key={counter.key} className="min-w-28 shrink-0 snap-start sm:min-w-0">
            <button
              type="button"
              aria-pressed={filters.status === counter.key}
              onClick={() => set({ status: counter.key })}
              data-testid={`counter-${counter.key === ALL ? 'total' : counter.key}`}
              className={cardClass(filters.status === counter.key)}
            >
              <span className="block text-sm leading-snug font-semibold text-muted">
                {counter.label}
              </span>
              <span className="block text-2xl leading-tight font-bold text-teal-900" data-count>
                {counter.value}
              </span>
            </button>
          </li>
        ))}
        <li className="min-w-36 shrink-0 snap-start sm:min-w-0">
          <button
            type="button"
            aria-pressed={filters.due}
            onClick={() => set({ due: !filters.due })}
            data-testid="counter-due"
            className={cardClass(filters.due)}
          >
            <span className="block text-sm leading-snug font-semibold text-muted">
              {adminText('admin.team.due')}
            </span>
            <span
              className={`block text-2xl leading-tight font-bold ${counters.due > 0 ? 'text-offer-700' : 'text-teal-900'}`}
              data-count
            >
              {counters.due}
            </span>
            {counters.overdue > 0 && (
              <span
                className="block text-xs font-semibold text-offer-700"
                data-testid="overdue-count"
              >
                {adminText('admin.followUp.overdueCount', { count: counters.overdue })}
              </span>
            )}
          </button>
        </li>
      </ul>
    </section>
  );
}
