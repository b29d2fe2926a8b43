import { useQuery } from '@tanstack/react-query';
import { RotateCcw, Search } from 'lucide-react';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { toast } from 'sonner';
import { csvFileName, requestsCsv } from '~/lib/admin/csv.ts';
import {
  ALL,
  countByStatus,
  filterRequests,
  hasFilters,
  noFilters,
  sourceOptions,
  type RequestFilters,
} from '~/lib/admin/filters.ts';
import { requestStatuses, serviceLabel, statusLabel } from '~/lib/admin/labels.ts';
import type { RealtimeChange } from '~/lib/admin/live.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import type { ContactRequest, RequestStatus, StaffAccount } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { duplicatesByPhone, endOfToday, isDue, listDrafts, type Draft } from '~/lib/admin/team.ts';
import { requestServices } from '~/lib/services.ts';
import { AdminHeader } from './AdminHeader.tsx';
import { AdminProviders } from './AdminProviders.tsx';
import { adminQueryKeys, fetchMyStaffId, fetchRequests, fetchStaff } from './data.ts';
import { downloadText } from './download.ts';
import { Checking, ExportCsvButton, LoadFailed, Notice } from './parts.tsx';
import { RequestDialog } from './RequestDialog.tsx';
import { RequestList } from './RequestList.tsx';
import { RequestsChart } from './RequestsChart.tsx';
import { rememberedUsername } from './session.ts';
import { useAdminGuard } from './useAdminGuard.ts';
import { useLiveTable } from './useLiveTable.ts';
import { announceNewLead } from './work/newLeadAlert.ts';
import { RequestsView } from './work/RequestsView.tsx';

/** /admin/dashboard (docs/admin.md): the requests inbox coordinators work in all day. */
export default function DashboardApp() {
  return (
    <AdminProviders>
      <Dashboard />
    </AdminProviders>
  );
}

function Dashboard() {
  const guard = useAdminGuard();
  const admin = guard.status === 'admin';
  const requests = useQuery({
    queryKey: adminQueryKeys.requests,
    queryFn: fetchRequests,
    enabled: admin,
  });
  const staff = useQuery({ queryKey: adminQueryKeys.staff, queryFn: fetchStaff, enabled: admin });
  const me = useQuery({ queryKey: adminQueryKeys.me, queryFn: fetchMyStaffId, enabled: admin });
  const [arrivals, setArrivals] = useState<string[]>([]);
  const onChange = useCallback((change: RealtimeChange<ContactRequest>) => {
    const id = change.new.id;
    if (change.eventType === 'INSERT' && id) {
      setArrivals((current) => [id, ...current]);
      announceNewLead(change.new);
    }
  }, []);
  const live = useLiveTable<ContactRequest>('contact_requests', adminQueryKeys.requests, {
    enabled: admin,
    onChange,
  });

  // Each failed load is a new error object, so the notice shows once per failure.
  const loadError = requests.isError ? requests.error : null;
  useEffect(() => {
    if (loadError && !isSessionError(loadError)) {
      toast.error(adminText('admin.error'), {
        id: 'requests-load-error',
        description: adminText('admin.dashboard.loadError'),
      });
    }
  }, [loadError]);

  if (!admin) return <Checking />;
  return (
    <>
      <AdminHeader title={adminText('admin.dashboard.heading')} screen="dashboard" live={live} />
      <div id="content" tabIndex={-1} className="container-page py-6 outline-none sm:py-8">
        {requests.data ? (
          <Inbox
            rows={requests.data}
            staff={staff.data ?? []}
            myId={me.data ?? null}
            arrivals={arrivals}
            clearArrivals={() => setArrivals([])}
          />
        ) : requests.isError ? (
          <LoadFailed
            message={adminText('admin.dashboard.loadError')}
            onRetry={() => void requests.refetch()}
          />
        ) : (
          <Notice>{adminText('admin.loading')}</Notice>
        )}
      </div>
    </>
  );
}

interface InboxProps {
  rows: ContactRequest[];
  staff: StaffAccount[];
  myId: string | null;
  arrivals: string[];
  clearArrivals: () => void;
}

function Inbox({ rows, staff, myId, arrivals, clearArrivals }: InboxProps) {
  const uid = useId();
  const [filters, setFilters] = useState<RequestFilters>(noFilters);
  const [openId, setOpenId] = useState<string | null>(null);
  const [showNewest, setShowNewest] = useState<string | null>(null);
  // The end of today, taken again when the dashboard re-renders after midnight.
  const endOfDay = endOfToday();
  const dayKey = endOfDay.getTime();
  // Typing stays instant; the 10,000-row filter runs on the deferred value.
  const deferredFilters = useDeferredValue(filters);
  const counts = useMemo(() => countByStatus(rows), [rows]);
  const dueCount = useMemo(
    () => rows.filter((row) => isDue(row, new Date(dayKey))).length,
    [rows, dayKey],
  );
  const sources = useMemo(() => sourceOptions(rows), [rows]);
  const visible = useMemo(
    () => filterRequests(rows, deferredFilters, { myId, endOfDay: new Date(dayKey) }),
    [rows, deferredFilters, myId, dayKey],
  );
  const fresh = useMemo(() => new Set(arrivals), [arrivals]);
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const byPhone = useMemo(() => duplicatesByPhone(rows), [rows]);
  const staffNames = useMemo(
    () => new Map(staff.map((account) => [account.id, account.username])),
    [staff],
  );
  const open = openId ? (byId.get(openId) ?? null) : null;
  const openDuplicates = useMemo(
    () =>
      open?.phone_key
        ? (byPhone.get(open.phone_key) ?? [])
            .filter((id) => id !== open.id)
            .map((id) => byId.get(id))
            .filter((row): row is ContactRequest => row !== undefined)
        : [],
    [open, byPhone, byId],
  );
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    listDrafts(localStorage, rememberedUsername()),
  );
  const waitingDrafts = drafts.filter(
    (draft) => draft.requestId !== openId && byId.has(draft.requestId),
  );
  const set = (patch: Partial<RequestFilters>) =>
    setFilters((current) => ({ ...current, ...patch }));

  useNewRequestTitle(arrivals.length);

  // "عرض الأحدث": once the filters are cleared and the list re-rendered, jump to the top at once
  // (a smooth scroll started before the re-render was cut short by it), then bring the newest
  // card into view and focus it when the virtual list has drawn it.
  useLayoutEffect(() => {
    if (!showNewest || visible !== rows) return;
    window.scrollTo({ top: 0, behavior: 'instant' });
    let frames = 0;
    let frame = 0;
    const reveal = () => {
      const newest = document.querySelector<HTMLElement>(
        `[data-request-id="${CSS.escape(showNewest)}"]`,
      );
      if (newest) {
        newest.scrollIntoView({ block: 'center', behavior: 'instant' });
        newest.querySelector<HTMLElement>('h3 button')?.focus({ preventScroll: true });
        // The virtual list measures the cards it has just drawn and may move them: keep the card
        // in view for a few more frames before letting go.
        const box = newest.getBoundingClientRect();
        const inView = box.bottom > 0 && box.top < window.innerHeight;
        if ((frames += 1) < 30 && (!inView || frames < 10)) frame = requestAnimationFrame(reveal);
        else setShowNewest(null);
      } else if ((frames += 1) < 30) {
        frame = requestAnimationFrame(reveal);
      } else {
        setShowNewest(null);
      }
    };
    frame = requestAnimationFrame(reveal);
    return () => cancelAnimationFrame(frame);
  }, [showNewest, visible, rows]);

  const counters: { key: RequestStatus | typeof ALL; label: string; value: number }[] = [
    { key: ALL, label: adminText('admin.dashboard.total'), value: counts.total },
    { key: 'new', label: adminText('admin.dashboard.new'), value: counts.new },
    {
      key: 'in_progress',
      label: adminText('admin.dashboard.inProgress'),
      value: counts.in_progress,
    },
    { key: 'completed', label: adminText('admin.dashboard.completed'), value: counts.completed },
  ];
  const selectClass =
    'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none';

  return (
    <div className="space-y-6">
      {arrivals.length > 0 && (
        <div
          role="status"
          data-testid="new-requests"
          className="sticky top-2 z-20 flex flex-wrap items-center gap-3 rounded-2xl bg-saffron-300 px-4 py-3 font-semibold text-teal-950 shadow-(--shadow-lift)"
        >
          <span className="relative flex size-3" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-offer-600 opacity-60 motion-reduce:animate-none" />
            <span className="relative inline-flex size-3 rounded-full bg-offer-600" />
          </span>
          <span className="flex-1">
            {adminText('admin.dashboard.arrived', { count: arrivals.length })}
          </span>
          <button
            type="button"
            className="btn min-h-10 bg-teal-900 px-4 py-1.5 text-sm text-white hover:bg-teal-800"
            onClick={() => {
              setFilters(noFilters);
              setShowNewest(arrivals[0] ?? null);
              clearArrivals();
            }}
          >
            {adminText('admin.dashboard.arrivedShow')}
          </button>
          <button type="button" className="text-sm underline" onClick={clearArrivals}>
            {adminText('admin.dashboard.arrivedDismiss')}
          </button>
        </div>
      )}

      {waitingDrafts.length > 0 && (
        <section
          data-testid="drafts"
          aria-label={adminText('admin.team.draftsTitle')}
          className="card border-s-4 border-offer-600 p-4"
        >
          <h2 className="font-bold">{adminText('admin.team.draftsTitle')}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {waitingDrafts.map((draft) => (
              <li key={draft.requestId}>
                <button
                  type="button"
                  className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
                  onClick={() => setOpenId(draft.requestId)}
                >
                  {adminText('admin.team.draftOpen', {
                    name: byId.get(draft.requestId)?.name ?? '',
                  })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label={adminText('admin.dashboard.countersLabel')}>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {counters.map((counter) => (
            <li key={counter.key}>
              <button
                type="button"
                aria-pressed={filters.status === counter.key}
                onClick={() => set({ status: counter.key })}
                data-testid={`counter-${counter.key === ALL ? 'total' : counter.key}`}
                className={`card block w-full p-4 text-start transition-shadow hover:shadow-(--shadow-lift) ${
                  filters.status === counter.key ? 'ring-2 ring-teal-700' : ''
                }`}
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
              className={`card block w-full p-4 text-start transition-shadow hover:shadow-(--shadow-lift) ${
                filters.due ? 'ring-2 ring-teal-700' : ''
              }`}
            >
              <span className="block text-sm font-semibold text-muted">
                {adminText('admin.team.due')}
              </span>
              <span
                className={`mt-1 block text-3xl font-bold ${dueCount > 0 ? 'text-offer-700' : 'text-teal-900'}`}
                data-count
              >
                {dueCount}
              </span>
            </button>
          </li>
        </ul>
      </section>

      <RequestsChart rows={rows} />

      <section aria-label={adminText('admin.filters.label')} className="card p-4 sm:p-5">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
          <div className="col-span-2 lg:col-span-1">
            <label htmlFor={`${uid}-q`} className="block text-sm font-semibold text-teal-900">
              {adminText('admin.filters.search')}
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute start-3 top-1/2 mt-0.5 size-4 -translate-y-1/2 text-muted"
                aria-hidden="true"
              />
              <input
                id={`${uid}-q`}
                type="search"
                dir="auto"
                value={filters.query}
                onChange={(event) => set({ query: event.target.value })}
                placeholder={adminText('admin.filters.searchPlaceholder')}
                className={`${selectClass} ps-9`}
              />
            </div>
          </div>
          <div>
            <label htmlFor={`${uid}-status`} className="block text-sm font-semibold text-teal-900">
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
          <div>
            <label htmlFor={`${uid}-service`} className="block text-sm font-semibold text-teal-900">
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
          <div>
            <label htmlFor={`${uid}-source`} className="block text-sm font-semibold text-teal-900">
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
          <div>
            <label
              htmlFor={`${uid}-assignee`}
              className="block text-sm font-semibold text-teal-900"
            >
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
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p
            className="flex-1 text-sm font-semibold text-muted"
            role="status"
            data-testid="showing"
          >
            {adminText('admin.dashboard.showing', { shown: visible.length, total: rows.length })}
          </p>
          {hasFilters(filters) && (
            <button
              type="button"
              className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
              onClick={() => setFilters(noFilters)}
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              {adminText('admin.filters.clear')}
            </button>
          )}
          <ExportCsvButton
            className="min-h-10 py-1.5"
            disabled={visible.length === 0}
            onExport={() => downloadText(csvFileName('requests'), requestsCsv(visible))}
          />
        </div>
      </section>

      <RequestsView
        rows={visible}
        staff={staff}
        staffNames={staffNames}
        duplicatesOf={(row) => (row.phone_key ? (byPhone.get(row.phone_key)?.length ?? 1) - 1 : 0)}
        fresh={fresh}
        onOpen={setOpenId}
        cards={
          rows.length === 0 ? (
            <Notice>{adminText('admin.dashboard.empty')}</Notice>
          ) : visible.length === 0 ? (
            <Notice>{adminText('admin.dashboard.noMatch')}</Notice>
          ) : (
            <RequestList
              rows={visible}
              fresh={fresh}
              staffNames={staffNames}
              duplicates={byPhone}
              onOpen={setOpenId}
            />
          )
        }
      />

      {open && (
        <RequestDialog
          key={open.id}
          request={open}
          staff={staff}
          duplicates={openDuplicates}
          onOpenRequest={setOpenId}
          onClose={() => {
            setOpenId(null);
            setDrafts(listDrafts(localStorage, rememberedUsername()));
          }}
        />
      )}
    </div>
  );
}

/** While new requests wait to be seen, the tab title counts them: "(2) لوحة الطلبات | …". */
function useNewRequestTitle(count: number) {
  const [baseTitle] = useState(() => document.title);
  useEffect(() => {
    document.title = count > 0 ? `(${count}) ${baseTitle}` : baseTitle;
  }, [count, baseTitle]);
}
