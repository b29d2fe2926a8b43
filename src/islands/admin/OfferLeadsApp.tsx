import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { csvFileName, leadsCsv } from '~/lib/admin/csv.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import { possibleLeadIds } from '~/lib/admin/filters.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { AdminHeader } from './AdminHeader.tsx';
import { AdminProviders } from './AdminProviders.tsx';
import { AdminTable } from './AdminTable.tsx';
import { useStaffRole } from './bin/useStaffRole.ts';
import { deleteLead } from './data.ts';
import { downloadText } from './download.ts';
import { LeadRequestDialog } from './leads/LeadRequestDialog.tsx';
import { fetchAllLeads, LEAD_PAGE_SIZE, type LeadPageRow } from './leads/leadData.ts';
import { useLeadPage, type LeadPageState } from './leads/useLeadPage.ts';
import { LeadRow } from './LeadRow.tsx';
import { Checking, ExportCsvButton, LoadFailed, Notice, SearchField } from './parts.tsx';
import { goToLogin } from './session.ts';
import { useAdminGuard } from './useAdminGuard.ts';

/**
 * /admin/offer-leads (docs/admin.md): every lead of the public forms, newest first, 50 per page,
 * paged, searched and counted by the database (lead_page) and kept live, with the status of its
 * request; a row opens its request in the dashboard's dialog. A switch narrows it to the
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
  const admin = guard.status === 'admin';
  const [offerOnly, setOfferOnly] = useState(false);
  const [query, setQuery] = useState('');
  const leads = useLeadPage({ query, offerOnly }, admin);
  const heading = offerOnly ? adminText('admin.leads.heading') : adminText('admin.team.leadsAll');

  // Each failed load is a new error object, so the notice shows once per failure.
  const loadError = leads.error;
  useEffect(() => {
    if (!loadError) return;
    if (isSessionError(loadError)) return goToLogin('expired');
    toast.error(adminText('admin.error'), {
      id: 'leads-load-error',
      description: adminText('admin.leads.loadError'),
    });
  }, [loadError]);

  if (!admin) return <Checking />;
  return (
    <>
      <AdminHeader title={heading} screen="offer-leads" live={leads.live} />
      <div id="content" tabIndex={-1} className="container-page py-6 outline-none sm:py-8">
        {leads.page ? (
          <LeadsTable
            leads={{ ...leads, page: leads.page }}
            heading={heading}
            query={query}
            setQuery={setQuery}
            offerOnly={offerOnly}
            setOfferOnly={setOfferOnly}
          />
        ) : leads.error ? (
          <LoadFailed message={adminText('admin.leads.loadError')} onRetry={leads.retry} />
        ) : (
          <Notice>{adminText('admin.loading')}</Notice>
        )}
      </div>
    </>
  );
}

interface LeadsTableProps {
  leads: LeadPageState & { page: NonNullable<LeadPageState['page']> };
  heading: string;
  query: string;
  setQuery: (value: string) => void;
  offerOnly: boolean;
  setOfferOnly: (value: boolean) => void;
}

function LeadsTable(props: LeadsTableProps) {
  const { leads, heading, query, setQuery, offerOnly, setOfferOnly } = props;
  const uid = useId();
  const owner = useStaffRole() === 'owner';
  const [openId, setOpenId] = useState<string | null>(null);
  const closeRequest = useCallback(() => setOpenId(null), []);
  const [exporting, setExporting] = useState(false);
  const { rows, matched } = leads.page;
  const possible = useMemo(() => possibleLeadIds(rows, query), [rows, query]);
  const pages = Math.max(1, Math.ceil(matched / LEAD_PAGE_SIZE));

  const remove = useMutation({
    // The spec's delete of a lead; the database moves its request to the bin (owners only).
    mutationFn: (id: string) => deleteLead(id),
    onSuccess: () => toast.success(adminText('admin.leads.deleteSuccess')),
    onError: (error) => {
      if (isSessionError(error)) return goToLogin('expired');
      toast.error(adminText('admin.error'), { description: adminText('admin.leads.deleteError') });
    },
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadText(csvFileName('leads'), leadsCsv(await fetchAllLeads({ query, offerOnly })));
    } catch {
      toast.error(adminText('admin.error'), { description: adminText('admin.leads.loadError') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-end gap-3 p-4 sm:p-5">
        <p className="text-lg font-bold text-teal-900" data-testid="leads-total">
          {adminText('admin.leads.total', { count: matched })}
        </p>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-teal-900">
          <input
            type="checkbox"
            checked={offerOnly}
            onChange={(event) => setOfferOnly(event.target.checked)}
            className="size-5 accent-teal-700"
          />
          {adminText('admin.team.leadsOfferOnly')}
        </label>
        <div className="ms-auto w-full sm:w-72">
          <SearchField
            id={`${uid}-q`}
            value={query}
            onChange={setQuery}
            inputClassName="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none"
          />
        </div>
        <ExportCsvButton
          className="min-h-11 py-2"
          disabled={matched === 0 || exporting}
          onExport={() => void exportCsv()}
        />
      </div>

      {rows.length === 0 ? (
        <Notice>
          {query.trim() ? adminText('admin.leads.noMatch') : adminText('admin.leads.empty')}
        </Notice>
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
            {rows.map((lead: LeadPageRow) => (
              <LeadRow
                key={lead.id}
                lead={lead}
                possibleMatch={possible.has(lead.id)}
                onOpen={() => setOpenId(lead.request_id)}
                deleting={remove.isPending && remove.variables === lead.id}
                onDelete={
                  owner
                    ? () => {
                        if (window.confirm(adminText('admin.leads.confirmDelete')))
                          remove.mutate(lead.id);
                      }
                    : null
                }
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
                disabled={leads.index === 0 || leads.loading}
                onClick={leads.previous}
              >
                {adminText('admin.leads.previous')}
              </button>
              <span className="text-sm font-semibold text-muted" aria-live="polite">
                {adminText('admin.leads.page', { page: leads.index + 1, pages })}
              </span>
              <button
                type="button"
                className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
                disabled={!leads.hasNext || leads.loading}
                onClick={leads.next}
              >
                {adminText('admin.leads.next')}
              </button>
            </nav>
          )}
        </>
      )}
      {openId && (
        <LeadRequestDialog requestId={openId} onOpenRequest={setOpenId} onClose={closeRequest} />
      )}
    </div>
  );
}
