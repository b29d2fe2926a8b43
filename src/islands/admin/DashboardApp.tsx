import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { chartFromCounts } from '~/lib/admin/chart.ts';
import { csvFileName, requestsCsv } from '~/lib/admin/csv.ts';
import {
  hasFilters,
  noFilters,
  sourceOptionsFromCounts,
  type RequestFilters,
} from '~/lib/admin/filters.ts';
import type { RealtimeChange } from '~/lib/admin/live.ts';
import { pageArgs, possibleMatchIds, type PageRow } from '~/lib/admin/page.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import type { ContactRequest, StaffAccount } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { listDrafts, type Draft } from '~/lib/admin/drafts.ts';
import { endOfToday } from '~/lib/admin/team.ts';
import { AdminHeader } from './AdminHeader.tsx';
import { AdminProviders } from './AdminProviders.tsx';
import { DashboardCounters } from './DashboardCounters.tsx';
import { DraftsNotice, NewRequestsBanner } from './DashboardNotices.tsx';
import { NewRequestButton } from './entry/NewRequestDialog.tsx';
import { DashboardToolbar } from './DashboardToolbar.tsx';
import {
  adminQueryKeys,
  fetchAllMatching,
  fetchMyStaffId,
  fetchRequestNames,
  fetchStaff,
} from './data.ts';
import { downloadText } from './download.ts';
import { Checking, LoadFailed, Notice } from './parts.tsx';
import { RequestDialog } from './RequestDialog.tsx';
import { LoadMore, RequestList } from './RequestList.tsx';
import { RequestsChart } from './RequestsChart.tsx';
import { rememberedUsername } from './session.ts';
import { useAdminGuard } from './useAdminGuard.ts';
import { useOpenRequest } from './useOpenRequest.ts';
import { useRequestPage, type RequestPage } from './useRequestPage.ts';
import {
  readingBelowTop,
  useBelowTop,
  useNewRequestTitle,
  useReleaseAtTop,
  useShowNewest,
} from './useShowNewest.ts';
import { useFirstContactAlerts } from './contact/useFirstContactAlerts.ts';
import { announceNewLead } from './work/newLeadAlert.ts';
import { RequestsView } from './work/RequestsView.tsx';
import { useFollowUpReminders } from './work/useFollowUpReminders.ts';
import { useQuoteChoiceAlerts } from './quotes/useQuoteChoiceAlerts.ts';
import { useAftercareAlerts } from './aftercare/useAftercareAlerts.ts';

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
  const staff = useQuery({ queryKey: adminQueryKeys.staff, queryFn: fetchStaff, enabled: admin });
  const me = useQuery({ queryKey: adminQueryKeys.me, queryFn: fetchMyStaffId, enabled: admin });
  const myId = me.data ?? null;
  const [filters, setFilters] = useState<RequestFilters>(noFilters);
  // The end of today, taken again when the dashboard re-renders after midnight.
  const endOfDay = endOfToday().getTime();
  const context = useMemo(() => ({ myId, endOfDay: new Date(endOfDay) }), [myId, endOfDay]);
  const [arrivals, setArrivals] = useState<string[]>([]);
  const [erased, setErased] = useState<ReadonlySet<string>>(new Set());
  const onChange = useCallback((change: RealtimeChange<ContactRequest>) => {
    const id = change.new.id;
    // A request restored from the bin arrives as an insert too, but it is not a new lead.
    if (change.eventType === 'INSERT' && id && (change.new.version ?? 1) === 1) {
      setArrivals((current) => [id, ...current]);
      announceNewLead(change.new);
    }
    const gone = change.old.id;
    if (change.eventType === 'DELETE' && gone) setErased((current) => new Set(current).add(gone));
  }, []);
  // "Mine" needs the coordinator's id: the first page waits for it. New requests wait while the
  // coordinator reads lower down: the list never moves under the cursor.
  const page = useRequestPage(filters, context, {
    enabled: admin && me.isFetched,
    onChange,
    hold: readingBelowTop,
  });

  // Each failed load is a new error object, so the notice shows once per failure.
  const loadError = page.error;
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
      <AdminHeader
        title={adminText('admin.dashboard.heading')}
        screen="dashboard"
        live={page.live}
      />
      <div id="content" tabIndex={-1} className="container-page py-3 outline-none sm:py-4">
        {page.rows ? (
          <Inbox
            page={page}
            rows={page.rows}
            filters={filters}
            setFilters={setFilters}
            staff={staff.data ?? []}
            arrivals={arrivals}
            erased={erased}
            clearArrivals={() => setArrivals([])}
            exportArgs={() => pageArgs(filters, context)}
          />
        ) : page.error ? (
          <LoadFailed message={adminText('admin.dashboard.loadError')} onRetry={page.retry} />
        ) : (
          <Notice>{adminText('admin.loading')}</Notice>
        )}
      </div>
    </>
  );
}

interface InboxProps {
  page: RequestPage;
  rows: PageRow[];
  filters: RequestFilters;
  setFilters: (update: (current: RequestFilters) => RequestFilters) => void;
  staff: StaffAccount[];
  arrivals: string[];
  erased: ReadonlySet<string>;
  clearArrivals: () => void;
  exportArgs: () => ReturnType<typeof pageArgs>;
}

function Inbox({
  page,
  rows,
  filters,
  setFilters,
  staff,
  arrivals,
  erased,
  clearArrivals,
  exportArgs,
}: InboxProps) {
  const { counters, matched = 0, overview } = page;
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  useFollowUpReminders(setOpenId);
  useFirstContactAlerts(rows, setOpenId);
  useQuoteChoiceAlerts(setOpenId);
  useAftercareAlerts(setOpenId);
  const set = (patch: Partial<RequestFilters>) =>
    setFilters((current) => ({ ...current, ...patch }));
  const fresh = useMemo(() => new Set(arrivals), [arrivals]);
  const possible = useMemo(() => possibleMatchIds(rows, filters.query), [rows, filters.query]);
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const sources = useMemo(() => sourceOptionsFromCounts(overview?.sources ?? []), [overview]);
  const chart = useMemo(() => chartFromCounts(overview?.days ?? []), [overview]);
  const staffNames = useMemo(
    () => new Map(staff.map((account) => [account.id, account.username])),
    [staff],
  );

  const { open, gone, duplicates } = useOpenRequest(
    openId,
    openId ? byId.get(openId) : undefined,
    erased,
  );

  const [drafts, setDrafts] = useState<Draft[]>(() =>
    listDrafts(localStorage, rememberedUsername()),
  );
  // One entry per request, whichever tabs hold drafts of it.
  const draftIds = [...new Set(drafts.map((draft) => draft.requestId))];
  const draftNames = useQuery({
    queryKey: ['admin', 'draft_names', ...[...draftIds].sort()],
    queryFn: () => fetchRequestNames(draftIds),
  });
  const waitingDrafts = draftIds
    .filter((id) => id !== openId && draftNames.data?.has(id))
    .map((id) => ({ requestId: id, name: draftNames.data!.get(id)! }));

  useNewRequestTitle(arrivals.length);
  useReleaseAtTop(page.held, page.release);
  const belowTop = useBelowTop();
  const showNewest = useShowNewest((id) => !page.stale && !hasFilters(filters) && byId.has(id));

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadText(csvFileName('requests'), requestsCsv(await fetchAllMatching(exportArgs())));
    } catch {
      toast.error(adminText('admin.error'), {
        description: adminText('admin.dashboard.loadError'),
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-3">
      <NewRequestsBanner
        count={arrivals.length}
        held={page.held}
        floating={belowTop}
        onShow={() => {
          page.release();
          setFilters(() => noFilters);
          showNewest(arrivals[0] ?? null);
          clearArrivals();
        }}
        onDismiss={clearArrivals}
      />
      <DraftsNotice drafts={waitingDrafts} onOpen={setOpenId} />
      {counters && <DashboardCounters counters={counters} filters={filters} set={set} />}
      <RequestsChart chart={chart} />
      <DashboardToolbar
        filters={filters}
        set={set}
        sources={sources}
        shown={matched}
        total={counters?.total ?? 0}
        loading={page.stale}
        exporting={exporting}
        onExport={() => void exportCsv()}
        actions={<NewRequestButton />}
      />

      <RequestsView
        rows={rows}
        staff={staff}
        staffNames={staffNames}
        duplicatesOf={(row) => byId.get(row.id)?.duplicates ?? 0}
        possible={possible}
        fresh={fresh}
        onOpen={setOpenId}
        more={
          <LoadMore
            hasMore={page.hasMore ?? false}
            loadingMore={page.loadingMore}
            onLoadMore={page.loadMore}
          />
        }
        cards={
          counters?.total === 0 ? (
            <Notice>{adminText('admin.dashboard.empty')}</Notice>
          ) : rows.length === 0 ? (
            <Notice>{adminText('admin.dashboard.noMatch')}</Notice>
          ) : (
            <RequestList
              rows={rows}
              fresh={fresh}
              possible={possible}
              staffNames={staffNames}
              onOpen={setOpenId}
              hasMore={page.hasMore ?? false}
              loadingMore={page.loadingMore}
              onLoadMore={page.loadMore}
            />
          )
        }
      />

      {open && (
        <RequestDialog
          key={open.id}
          request={open}
          staff={staff}
          duplicates={duplicates}
          gone={gone}
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
