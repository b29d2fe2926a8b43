import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircle, Search, Trash2 } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { csvFileName, leadsCsv } from '~/lib/admin/csv.ts';
import { formatLeadDate } from '~/lib/admin/dates.ts';
import { matchesSearch, prepareSearch } from '~/lib/admin/filters.ts';
import {
  displayPhone,
  OFFER_PAGE_SOURCE,
  phoneDigits,
  sourceKey,
  sourceLabel,
} from '~/lib/admin/labels.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import type { OfferLead } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { AdminHeader } from './AdminHeader.tsx';
import { AdminProviders } from './AdminProviders.tsx';
import { adminQueryKeys, deleteLead, fetchLeads } from './data.ts';
import { downloadText } from './download.ts';
import {
  Badge,
  Checking,
  ExportCsvButton,
  LoadFailed,
  Notice,
  StatusBadge,
  UserText,
} from './parts.tsx';
import { goToLogin } from './session.ts';
import { useAdminGuard } from './useAdminGuard.ts';
import { useLiveTable } from './useLiveTable.ts';

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
  const live = useLiveTable<OfferLead>('offer_leads', adminQueryKeys.leads, { enabled: admin });

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
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(0);
              }}
              placeholder={adminText('admin.filters.searchPlaceholder')}
              className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 ps-9 text-base focus:border-teal-700 focus:outline-none"
            />
          </div>
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
          <div
            className="card overflow-x-auto"
            role="region"
            aria-labelledby={`${uid}-caption`}
            tabIndex={0}
          >
            <table
              className="w-full min-w-[56rem] border-collapse text-start text-sm"
              data-testid="leads-table"
            >
              <caption id={`${uid}-caption`} className="sr-only">
                {heading}
              </caption>
              <thead>
                <tr className="bg-teal-900 text-white">
                  {(['name', 'phone', 'country', 'source', 'campaign'] as const).map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 text-start font-semibold">
                      {adminText(`admin.leads.${column}`)}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {adminText('admin.team.leadsStatus')}
                  </th>
                  {(['date', 'actions'] as const).map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 text-start font-semibold">
                      {adminText(`admin.leads.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </div>
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

function LeadRow({
  lead,
  deleting,
  onDelete,
}: {
  lead: OfferLead;
  deleting: boolean;
  onDelete: () => void;
}) {
  const campaign = [lead.utm_campaign, lead.utm_source, lead.utm_medium].filter(
    (value): value is string => Boolean(value),
  );
  return (
    <tr
      className="border-b border-sand-200 align-top last:border-0 even:bg-sand-50"
      data-testid="lead-row"
      data-lead-id={lead.id}
    >
      <td className="px-4 py-3 font-semibold">
        <UserText>{lead.name}</UserText>
      </td>
      <td className="px-4 py-3">
        <a
          href={`https://wa.me/${phoneDigits(lead.phone)}`}
          target="_blank"
          rel="noopener noreferrer"
          dir="ltr"
          aria-label={`${adminText('admin.leads.whatsappLabel', { name: lead.name })}: ${displayPhone(lead.phone, lead.country_code)}`}
          className="inline-flex items-center gap-1.5 font-semibold whitespace-nowrap text-whatsapp hover:underline"
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          {displayPhone(lead.phone, lead.country_code)}
        </a>
        {!lead.country_code && (
          <span className="ms-2 align-middle">
            <Badge>{adminText('admin.phone.noCountry')}</Badge>
          </span>
        )}
      </td>
      <td className="px-4 py-3">{lead.country ? <UserText>{lead.country}</UserText> : '-'}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        {sourceKey(lead.source) ? <UserText>{sourceLabel(lead.source)}</UserText> : '-'}
      </td>
      <td className="px-4 py-3">
        {campaign.length ? (
          <span className="flex flex-wrap gap-1">
            {campaign.map((value, index) => (
              <Badge key={`${index}-${value}`}>{value}</Badge>
            ))}
          </span>
        ) : (
          '-'
        )}
      </td>
      <td className="px-4 py-3">
        <StatusBadge status={lead.status} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={lead.created_at}>{formatLeadDate(lead.created_at)}</time>
      </td>
      <td className="px-4 py-3">
        <button
          type="button"
          onClick={onDelete}
          disabled={deleting}
          aria-label={adminText('admin.leads.deleteLabel', { name: lead.name })}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-offer-600 px-3 text-offer-700 hover:bg-offer-600 hover:text-white"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {adminText('admin.leads.delete')}
        </button>
      </td>
    </tr>
  );
}
