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
  `card block w-full p-4 text-start transition-shadow hover:shadow-(--shadow-lift) ${
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
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {byStatus.map((counter) => (
          <li key={counter.key}>
            <button
              type="button"
              aria-pressed={filters.status === counter.key}
              onClick={() => set({ status: counter.key })}
              data-testid={`counter-${counter.key === ALL ? 'total' : counter.key}`}
              className={cardClass(filters.status === counter.key)}
            >
              <span className="block text-sm font-semibold text-muted">{counter.label}</span>
              <span className="mt-1 block text-3xl font-bold text-teal-900" data-count>
                {counter.value}
              </span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-pressed={filters.due}
            onClick={() => set({ due: !filters.due })}
            data-testid="counter-due"
            className={cardClass(filters.due)}
          >
            <span className="block text-sm font-semibold text-muted">
              {adminText('admin.team.due')}
            </span>
            <span
              className={`mt-1 block text-3xl font-bold ${counters.due > 0 ? 'text-offer-700' : 'text-teal-900'}`}
              data-count
            >
              {counters.due}
            </span>
            {counters.overdue > 0 && (
              <span
                className="block text-sm font-semibold text-offer-700"
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
