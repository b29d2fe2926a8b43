import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { csvFileName, leadsCsv } from '~/lib/admin/csv.ts';
import { matchesSearch, prepareSearch } from '~/lib/admin/filters.ts';
import { OFFER_PAGE_SOURCE } from '~/lib/admin/labels.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import type { RealtimeChange } from '~/lib/admin/live.ts';
import type { ContactRequest, OfferLead } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { AdminHeader } from './AdminHeader.tsx';
import { AdminProviders } from './AdminProviders.tsx';
import { adminQueryKeys, deleteLead, fetchLeads } from './data.ts';
import { downloadText } from './download.ts';
import { AdminTable } from './AdminTable.tsx';
import { LeadRow } from './LeadRow.tsx';
import { Checking, ExportCsvButton, LoadFailed, Notice, SearchField } from './parts.tsx';
import { goToLogin } from './session.ts';
import { useAdminGuard } from './useAdminGuard.ts';
import { useLiveTable } from './useLiveTable.ts';

/** The requests channel's cache key on this screen: never filled, see onRequestChange. */
const LEAD_STATUS_KEY = ['admin', 'lead_statuses'] as const;

/** Rows per page: a table of 10,000 leads stays light by showing 50 at a time. */
const PAGE_SIZE = 50;

/**
 * /admin/offer-leads (docs/admin.md): every lead of the public forms, newest first, kept live, with
 * the status of its request. It lists every lead, so it is titled so; a switch narrows it to the
 * hair-transplant offer page, and the title becomes the spec's.
 */
export default function OfferLeadsApp() {
  return (
    <AdminProviders>
      <OfferLeads />
    </AdminProviders>
  );
}

function OfferLeads() {
  const guard = useAdminGuard();
  const [offerOnly, setOfferOnly] = useState(false);
  const heading = offerOnly ? adminText('admin.leads.heading') : adminText('admin.team.leadsAll');
  const admin = guard.status === 'admin';
  const leads = useQuery({ queryKey: adminQueryKeys.leads, queryFn: fetchLeads, enabled: admin });
  const leadsLive = useLiveTable<OfferLead>('offer_leads', adminQueryKeys.leads, {
    enabled: admin,
  });
  // The status column follows the requests live: a status changed on the dashboard (by anyone)
  // is written into the lead's row in place. Only the lead rows are cached here, so the requests
  // channel has no list of its own to update (the key below never holds data).
  const queryClient = useQueryClient();
  const onRequestChange = useCallback(
    (change: RealtimeChange<ContactRequest>) => {
      const { lead_id: leadId, status } = change.new;
      if (change.eventType !== 'UPDATE' || !leadId || !status) return;
      queryClient.setQueryData<OfferLead[]>(adminQueryKeys.leads, (rows) =>
        rows?.map((row) => (row.id === leadId && row.status !== status ? { ...row, status } : row)),
      );
    },
    [queryClient],
  );
  const statusLive = useLiveTable<ContactRequest>('contact_requests', LEAD_STATUS_KEY, {
    enabled: admin,
    onChange: onRequestChange,
  });
  // Live only when both the leads and their statuses are.
  const live = [leadsLive, statusLive].includes('offline')
    ? 'offline'
    : leadsLive === 'live' && statusLive === 'live'
      ? 'live'
      : 'connecting';

  // Each failed load is a new error object, so the notice shows once per failure.
  const loadError = leads.isError ? leads.error : null;
  useEffect(() => {
    if (loadError && !isSessionError(loadError)) {
      toast.error(adminText('admin.error'), {
        id: 'leads-load-error',
        description: adminText('admin.leads.loadError'),
      });
    }
  }, [loadError]);

  if (!admin) return <Checking />;
  return (
    <>
      <AdminHeader title={heading} screen="offer-leads" live={live} />
      <div id="content" tabIndex={-1} className="container-page py-6 outline-none sm:py-8">
        {leads.data ? (
          <LeadsTable
            rows={leads.data}
            heading={heading}
            offerOnly={offerOnly}
            setOfferOnly={setOfferOnly}
          />
        ) : leads.isError ? (
          <LoadFailed
            message={adminText('admin.leads.loadError')}
            onRetry={() => void leads.refetch()}
          />
        ) : (
          <Notice>{adminText('admin.loading')}</Notice>
        )}
      </div>
    </>
  );
}

interface LeadsTableProps {
  rows: OfferLead[];
  heading: string;
  offerOnly: boolean;
  setOfferOnly: (value: boolean) => void;
}

function LeadsTable({ rows: allRows, heading, offerOnly, setOfferOnly }: LeadsTableProps) {
  const uid = useId();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const deferredQuery = useDeferredValue(query);
  const rows = useMemo(
    () => (offerOnly ? allRows.filter((row) => row.source === OFFER_PAGE_SOURCE) : allRows),
    [allRows, offerOnly],
  );
  const visible = useMemo(() => {
    const search = prepareSearch(deferredQuery);
    return search.text ? rows.filter((row) => matchesSearch(row, search)) : rows;
  }, [rows, deferredQuery]);
  const pages = Math.max(1, Math.ceil(visible.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = visible.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  const remove = useMutation({
    mutationFn: (id: string) => deleteLead(id),
    onSuccess: async (_, id) => {
      queryClient.setQueryData<OfferLead[]>(adminQueryKeys.leads, (list) =>
        list?.filter((row) => row.id !== id),
      );
      toast.success(adminText('admin.leads.deleteSuccess'));
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.leads });
    },
    onError: (error) => {
      if (isSessionError(error)) return goToLogin('expired');
      toast.error(adminText('admin.error'), { description: adminText('admin.leads.deleteError') });
    },
  });

  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-end gap-3 p-4 sm:p-5">
        <p className="text-lg font-bold text-teal-900" data-testid="leads-total">
          {adminText('admin.leads.total', { count: rows.length })}
        </p>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-teal-900">
          <input
            type="checkbox"
            checked={offerOnly}
            onChange={(event) => {
              setOfferOnly(event.target.checked);
              setPage(0);
            }}
            className="size-5 accent-teal-700"
          />
          {adminText('admin.team.leadsOfferOnly')}
        </label>
        <div className="ms-auto w-full sm:w-72">
          <SearchField
            id={`${uid}-q`}
            value={query}
            onChange={(value) => {
              setQuery(value);
              setPage(0);
            }}
            inputClassName="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none"
          />
        </div>
        <ExportCsvButton
          className="min-h-11 py-2"
          disabled={visible.length === 0}
          onExport={() => downloadText(csvFileName('leads'), leadsCsv(visible))}
        />
      </div>

      {rows.length === 0 ? (
        <Notice>{adminText('admin.leads.empty')}</Notice>
      ) : visible.length === 0 ? (
        <Notice>{adminText('admin.leads.noMatch')}</Notice>
      ) : (
        <>
          <AdminTable
            caption={heading}
            columns={[
              ...(['name', 'phone', 'country', 'source', 'campaign'] as const).map((column) =>
                adminText(`admin.leads.${column}`),
              ),
              adminText('admin.team.leadsStatus'),
              adminText('admin.leads.date'),
              adminText('admin.leads.actions'),
            ]}
            minWidthClass="min-w-[56rem]"
            testId="leads-table"
          >
            {shown.map((lead) => (
              <LeadRow
                key={lead.id}
                lead={lead}
                deleting={remove.isPending && remove.variables === lead.id}
                onDelete={() => {
                  if (window.confirm(adminText('admin.leads.confirmDelete')))
                    remove.mutate(lead.id);
                }}
              />
            ))}
          </AdminTable>
          {pages > 1 && (
            <nav
              aria-label={adminText('admin.leads.pagination')}
              className="flex items-center justify-center gap-3"
            >
              <button
                type="button"
                className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
                disabled={current === 0}
                onClick={() => setPage(current - 1)}
              >
                {adminText('admin.leads.previous')}
              </button>
              <span className="text-sm font-semibold text-muted" aria-live="polite">
                {adminText('admin.leads.page', { page: current + 1, pages })}
              </span>
              <button
                type="button"
                className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
                disabled={current >= pages - 1}
                onClick={() => setPage(current + 1)}
              >
                {adminText('admin.leads.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
