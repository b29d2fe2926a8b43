import { useQuery } from '@tanstack/react-query';
import { subDays } from 'date-fns';
import { useId, useMemo, useState } from 'react';
import { campaignsCsv, csvFileName } from '~/lib/admin/csv.ts';
import { sourceKey, sourceLabel } from '~/lib/admin/labels.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { AdminHeader } from './AdminHeader.tsx';
import { AdminProviders } from './AdminProviders.tsx';
import { AdminTable } from './AdminTable.tsx';
import { adminQueryKeys, fetchCampaignReport, type CampaignRow } from './data.ts';
import { AgencySpeed } from './desk/AgencySpeed.tsx';
import { downloadText } from './download.ts';
import { Checking, ExportCsvButton, LoadFailed, Notice, UserText } from './parts.tsx';
import { QuoteSpeed } from './quotes/QuoteSpeed.tsx';
import { useAdminGuard } from './useAdminGuard.ts';

/** /admin/campaigns: which campaign brings patients (completed requests), not just forms. */
export default function CampaignsApp() {
  return (
    <AdminProviders>
      <Campaigns />
    </AdminProviders>
  );
}

/** "2026-11-23" for a date input, in the coordinator's time zone. */
function dayInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The start of a local day from a date input. */
function startOfDayInput(value: string): Date {
  return new Date(`${value}T00:00`);
}

const CHART_ROWS = 8;

function campaignName(row: CampaignRow): string {
  const parts = [row.utm_source, row.utm_campaign].filter(Boolean);
  return parts.length ? parts.join(' / ') : adminText('admin.campaigns.none');
}

function Campaigns() {
  const guard = useAdminGuard();
  const admin = guard.status === 'admin';
  const uid = useId();
  const [from, setFrom] = useState(() => dayInput(subDays(new Date(), 29)));
  const [to, setTo] = useState(() => dayInput(new Date()));
  const start = startOfDayInput(from);
  // The end date is included: the range ends at the start of the next day.
  const end = new Date(startOfDayInput(to).getTime() + 24 * 60 * 60_000);
  const validRange = Boolean(from && to) && start.getTime() < end.getTime();
  const report = useQuery({
    queryKey: adminQueryKeys.campaigns(from, to),
    queryFn: () => fetchCampaignReport(start, end),
    enabled: admin && validRange,
  });
  const rows = useMemo(() => report.data ?? [], [report.data]);
  const totals = useMemo(
    () =>
      rows.reduce(
        (sum, row) => ({ leads: sum.leads + row.leads, completed: sum.completed + row.completed }),
        { leads: 0, completed: 0 },
      ),
    [rows],
  );
  // The chart adds pages together per campaign; the table keeps them apart.
  const chart = useMemo(() => {
    const byName = new Map<string, { leads: number; completed: number }>();
    for (const row of rows) {
      const name = campaignName(row);
      const entry = byName.get(name) ?? { leads: 0, completed: 0 };
      entry.leads += row.leads;
      entry.completed += row.completed;
      byName.set(name, entry);
    }
    return [...byName]
      .map(([name, value]) => ({ name, ...value }))
      .sort((a, b) => b.completed - a.completed || b.leads - a.leads)
      .slice(0, CHART_ROWS);
  }, [rows]);
  const maxLeads = Math.max(1, ...chart.map((row) => row.leads));

  if (!admin) return <Checking />;
  const inputClass =
    'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none';
  return (
    <>
      <AdminHeader title={adminText('admin.campaigns.title')} screen="campaigns" live="live" />
      <div
        id="content"
        tabIndex={-1}
        className="container-page space-y-6 py-6 outline-none sm:py-8"
      >
        <section className="card flex flex-wrap items-end gap-3 p-4 sm:p-5">
          <p className="w-full text-sm text-muted">{adminText('admin.campaigns.intro')}</p>
          <div>
            <label htmlFor={`${uid}-from`} className="block text-sm font-semibold text-teal-900">
              {adminText('admin.campaigns.from')}
            </label>
            <input
              id={`${uid}-from`}
              type="date"
              dir="ltr"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${uid}-to`} className="block text-sm font-semibold text-teal-900">
              {adminText('admin.campaigns.to')}
            </label>
            <input
              id={`${uid}-to`}
              type="date"
              dir="ltr"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              className={inputClass}
            />
          </div>
          <p
            className="flex-1 text-sm font-semibold text-teal-900"
            role="status"
            data-testid="campaign-totals"
          >
            {validRange
              ? adminText('admin.campaigns.totals', totals)
              : adminText('admin.campaigns.badRange')}
          </p>
          <ExportCsvButton
            className="min-h-11 py-2"
            disabled={rows.length === 0}
            onExport={() => downloadText(csvFileName('campaigns'), campaignsCsv(rows))}
          />
        </section>

        <QuoteSpeed from={start} to={end} range={[from, to]} enabled={admin && validRange} />
        {/* Issue 32: how fast those requests were first contacted, for the whole agency. */}
        <AgencySpeed start={start} end={end} from={from} to={to} enabled={validRange} />

        {report.isError ? (
          <LoadFailed
            message={adminText('admin.campaigns.loadError')}
            onRetry={() => void report.refetch()}
          />
        ) : !report.data ? (
          validRange && <Notice>{adminText('admin.loading')}</Notice>
        ) : rows.length === 0 ? (
          <Notice>{adminText('admin.campaigns.empty')}</Notice>
        ) : (
          <>
            <section className="card p-4 sm:p-5" aria-labelledby={`${uid}-chart`}>
              <h2 id={`${uid}-chart`} className="font-bold">
                {adminText('admin.campaigns.chartTitle')}
              </h2>
              <ul className="mt-3 space-y-2" data-testid="campaign-chart">
                {chart.map((row) => (
                  <li
                    key={row.name}
                    className="grid grid-cols-[minmax(6rem,12rem)_1fr] items-center gap-3 text-sm"
                    aria-label={adminText('admin.campaigns.chartRow', row)}
                  >
                    <span className="truncate font-semibold" dir="auto">
                      {row.name}
                    </span>
                    <span className="relative block h-6 rounded bg-sand-100" aria-hidden="true">
                      <span
                        className="absolute inset-y-0 start-0 rounded bg-teal-100"
                        style={{ width: `${(row.leads / maxLeads) * 100}%` }}
                      />
                      <span
                        className="absolute inset-y-0 start-0 rounded bg-teal-700"
                        style={{ width: `${(row.completed / maxLeads) * 100}%` }}
                      />
                      <span className="absolute inset-y-0 end-2 flex items-center text-xs font-semibold">
                        {row.completed} / {row.leads}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <AdminTable
              caption={adminText('admin.campaigns.title')}
              columns={(
                [
                  'utmSource',
                  'utmCampaign',
                  'page',
                  'leads',
                  'inProgress',
                  'completed',
                  'rate',
                ] as const
              ).map((column) => adminText(`admin.campaigns.${column}`))}
              minWidthClass="min-w-[44rem]"
              testId="campaign-table"
            >
              {rows.map((row) => (
                <tr
                  key={`${row.utm_source}|${row.utm_campaign}|${row.source}`}
                  className="border-b border-sand-200 last:border-0 even:bg-sand-50"
                  data-testid="campaign-row"
                >
                  <td className="px-4 py-3">
                    {row.utm_source ? <UserText>{row.utm_source}</UserText> : '-'}
                  </td>
                  <td className="px-4 py-3">
                    {row.utm_campaign ? <UserText>{row.utm_campaign}</UserText> : '-'}
                  </td>
                  <td className="px-4 py-3">
                    {sourceKey(row.source) ? <UserText>{sourceLabel(row.source)}</UserText> : '-'}
                  </td>
                  <td className="px-4 py-3 font-semibold">{row.leads}</td>
                  <td className="px-4 py-3">{row.in_progress}</td>
                  <td className="px-4 py-3 font-semibold">{row.completed}</td>
                  <td className="px-4 py-3" dir="ltr">
                    {row.leads ? Math.round((row.completed / row.leads) * 100) : 0}%
                  </td>
                </tr>
              ))}
            </AdminTable>
          </>
        )}
      </div>
    </>
  );
}
