import { RotateCcw, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import {
  ALL,
  hasFilters,
  noFilters,
  type RequestFilters,
  type SourceOption,
} from '~/lib/admin/filters.ts';
import { requestStatuses, serviceLabel, statusLabel } from '~/lib/admin/labels.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { requestServices } from '~/lib/services.ts';
import { ExportCsvButton, SearchField } from './parts.tsx';

interface DashboardToolbarProps {
  filters: RequestFilters;
  set: (patch: Partial<RequestFilters>) => void;
  sources: SourceOption[];
  /** How many requests match the filters, of how many in all. */
  shown: number;
  total: number;
  /** The rows still answer the previous filters: the line says so instead of an old count. */
  loading: boolean;
  exporting: boolean;
  onExport: () => void;
  /** More buttons at the end of the "showing" line (the dashboard's «طلب جديد»). */
  actions?: ReactNode;
}

const selectClass =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none';
const labelClass = 'block text-sm font-semibold text-teal-900';

/**
 * Search, the five filters, the "showing n of m" line, clearing and the CSV export. On a phone the
 * filters fold behind «الفلاتر» (with how many are set), so the requests start on the first screen
 * (issue 41); from sm up they are always shown.
 */
export function DashboardToolbar(props: DashboardToolbarProps) {
  const { filters, set, sources, shown, total, loading, exporting, onExport, actions } = props;
  const uid = useId();
  const [unfolded, setUnfolded] = useState(false);
  const setCount = [
    filters.status,
    filters.service,
    filters.source,
    filters.assignee,
    filters.followUp,
  ].filter((value) => value !== ALL).length;
  const fold = unfolded ? '' : 'max-sm:hidden';
  return (
    <section aria-label={adminText('admin.filters.label')} className="card p-3">
      <div
        id={`${uid}-filters`}
        className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_1fr]"
      >
        <div className="col-span-2 lg:col-span-1">
          <SearchField
            id={`${uid}-q`}
            value={filters.query}
            onChange={(query) => set({ query })}
            inputClassName={selectClass}
          />
        </div>
        <div className={fold}>
          <label htmlFor={`${uid}-status`} className={labelClass}>
            {adminText('admin.filters.status')}
          </label>
          <select
            id={`${uid}-status`}
            value={filters.status}
            onChange={(event) => set({ status: event.target.value as RequestFilters['status'] })}
            className={selectClass}
          >
            <option value={ALL}>{adminText('admin.filters.all')}</option>
            {requestStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className={fold}>
          <label htmlFor={`${uid}-service`} className={labelClass}>
            {adminText('admin.filters.service')}
          </label>
          <select
            id={`${uid}-service`}
            value={filters.service}
            onChange={(event) => set({ service: event.target.value })}
            className={selectClass}
          >
            <option value={ALL}>{adminText('admin.filters.all')}</option>
            {requestServices.map((service) => (
              <option key={service} value={service}>
                {serviceLabel(service)}
              </option>
            ))}
          </select>
        </div>
        <div className={fold}>
          <label htmlFor={`${uid}-source`} className={labelClass}>
            {adminText('admin.filters.source')}
          </label>
          <select
            id={`${uid}-source`}
            value={filters.source}
            onChange={(event) => set({ source: event.target.value })}
            className={selectClass}
          >
            <option value={ALL}>{adminText('admin.filters.all')}</option>
            {sources.map((source) => (
              <option key={source.value} value={source.value}>
                {source.label} ({source.count})
              </option>
            ))}
          </select>
        </div>
        <div className={fold}>
          <label htmlFor={`${uid}-assignee`} className={labelClass}>
            {adminText('admin.team.filterAssignee')}
          </label>
          <select
            id={`${uid}-assignee`}
            value={filters.assignee}
            onChange={(event) =>
              set({ assignee: event.target.value as RequestFilters['assignee'] })
            }
            className={selectClass}
          >
            <option value={ALL}>{adminText('admin.filters.all')}</option>
            <option value="mine">{adminText('admin.team.filterMine')}</option>
            <option value="unassigned">{adminText('admin.team.filterUnassigned')}</option>
          </select>
        </div>
        <div className={fold}>
          <label htmlFor={`${uid}-follow-up`} className={labelClass}>
            {adminText('admin.followUp.filter')}
          </label>
          <select
            id={`${uid}-follow-up`}
            value={filters.followUp}
            onChange={(event) =>
              set({ followUp: event.target.value as RequestFilters['followUp'] })
            }
            className={selectClass}
          >
            <option value={ALL}>{adminText('admin.filters.all')}</option>
            <option value="overdue">{adminText('admin.followUp.overdue')}</option>
            <option value="today">{adminText('admin.followUp.today')}</option>
          </select>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 sm:gap-3">
        <p
          className="max-sm:w-full sm:flex-1 text-sm font-semibold text-muted"
          role="status"
          data-testid="showing"
        >
          {loading
            ? adminText('admin.loading')
            : adminText('admin.dashboard.showing', { shown, total })}
        </p>
        {hasFilters(filters) && (
          <button
            type="button"
            className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
            onClick={() => set(noFilters)}
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            {adminText('admin.filters.clear')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm sm:hidden"
          aria-expanded={unfolded}
          aria-controls={`${uid}-filters`}
          onClick={() => setUnfolded(!unfolded)}
          data-testid="filters-toggle"
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {setCount > 0
            ? adminText('admin.shell.filtersSet', { count: setCount })
            : adminText('admin.shell.filters')}
        </button>
        <ExportCsvButton
          className="min-h-10 py-1.5"
          compact
          disabled={shown === 0 || loading || exporting}
          onExport={onExport}
        />
        {actions}
      </div>
    </section>
  );
}
