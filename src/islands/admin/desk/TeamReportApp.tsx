import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  elapsedText,
  medianText,
  shareText,
  speedReportCsv,
  speedReportFileName,
  staffName,
  type SpeedLine,
  type SpeedReport,
} from '~/lib/admin/speed-report.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { AdminHeader } from '../AdminHeader.tsx';
import { AftercareReport } from '../aftercare/AftercareReport.tsx';
import { AdminProviders } from '../AdminProviders.tsx';
import { AdminTable } from '../AdminTable.tsx';
import { useStaffRole } from '../bin/useStaffRole.ts';
import { downloadText } from '../download.ts';
import { Checking, ExportCsvButton, LoadFailed, Notice } from '../parts.tsx';
import { useAdminGuard } from '../useAdminGuard.ts';
import { deskKeys, fetchSpeedReport } from './deskData.ts';
import { lastThirtyDays, periodOf } from './period.ts';

/**
 * /admin/team-report (docs/admin.md "The speed-to-lead report"): per staff member and for the
 * agency, over the requests created in a period, how fast the first contact came, counted by the
 * database (public.first_contact_report), with a CSV. Owners see everyone, a coordinator her own
 * line and the agency's.
 */
export default function TeamReportApp() {
  return (
    <AdminProviders>
      <TeamReport />
    </AdminProviders>
  );
}

function TeamReport() {
  const guard = useAdminGuard();
  const admin = guard.status === 'admin';
  const role = useStaffRole(admin);
  const uid = useId();
  const [range, setRange] = useState(lastThirtyDays);
  const period = periodOf(range.from, range.to);
  const report = useQuery({
    queryKey: deskKeys.report(range.from, range.to),
    queryFn: () => fetchSpeedReport(period!.start, period!.end),
    enabled: admin && period !== null,
  });
  if (!admin || role === null) return <Checking />;
  const input =
    'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none';
  return (
    <>
      <AdminHeader title={adminText('admin.report.title')} screen="team-report" />
      <div
        id="content"
        tabIndex={-1}
        className="container-page space-y-6 py-6 outline-none sm:py-8"
      >
        <section className="card flex flex-wrap items-end gap-3 p-4 sm:p-5">
          <p className="w-full text-sm">{adminText('admin.report.intro')}</p>
          {role !== 'owner' && (
            <p className="w-full text-sm font-semibold text-teal-900">
              {adminText('admin.report.ownOnly')}
            </p>
          )}
          {(['from', 'to'] as const).map((edge) => (
            <div key={edge}>
              <label
                htmlFor={`${uid}-${edge}`}
                className="block text-sm font-semibold text-teal-900"
              >
                {adminText(edge === 'from' ? 'admin.campaigns.from' : 'admin.campaigns.to')}
              </label>
              <input
                id={`${uid}-${edge}`}
                type="date"
                dir="ltr"
                value={range[edge]}
                onChange={(event) => setRange({ ...range, [edge]: event.target.value })}
                className={input}
              />
            </div>
          ))}
          <p className="flex-1 text-sm font-semibold text-teal-900" role="status">
            {period ? '' : adminText('admin.campaigns.badRange')}
          </p>
          <ExportCsvButton
            className="min-h-11 py-2"
            disabled={!report.data}
            onExport={() =>
              report.data && downloadText(speedReportFileName(), speedReportCsv(report.data))
            }
          />
        </section>
        {report.isError ? (
          <LoadFailed
            message={adminText('admin.report.loadFailed')}
            onRetry={() => void report.refetch()}
          />
        ) : !report.data ? (
          period && <Notice>{adminText('admin.loading')}</Notice>
        ) : report.data.agency.requests === 0 ? (
          <Notice>{adminText('admin.report.empty')}</Notice>
        ) : (
          <SpeedTable report={report.data} />
        )}
        {period && <AftercareReport from={range.from} to={range.to} />}
      </div>
    </>
  );
}

/** The report's lines, then the agency's in bold. */
function SpeedTable({ report }: { report: SpeedReport }) {
  const cells = (line: SpeedLine) => [
    line.requests,
    line.measured,
    medianText(line),
    elapsedText(line),
    shareText(line.within_threshold, line.measured),
    shareText(line.within_24h, line.measured),
    line.first_contacts_made,
    line.quotes_sent,
    line.quotes_made,
    line.completed,
  ];
  return (
    <AdminTable
      caption={adminText('admin.report.title')}
      columns={[
        adminText('admin.report.colStaff'),
        adminText('admin.report.colRequests'),
        adminText('admin.report.colMeasured'),
        adminText('admin.report.colMedian'),
        adminText('admin.report.colElapsed'),
        adminText('admin.report.colWithin', { minutes: report.contact_minutes }),
        adminText('admin.report.colWithin24'),
        adminText('admin.report.colContactsMade'),
        adminText('admin.report.colQuotes'),
        adminText('admin.report.colQuotesMade'),
        adminText('admin.report.colCompleted'),
      ]}
      minWidthClass="min-w-[64rem]"
      testId="speed-report"
    >
      {report.staff.map((line) => (
        <tr
          key={line.staff_id ?? 'unassigned'}
          className="border-b border-sand-200 last:border-0 even:bg-sand-50"
          data-testid="speed-row"
        >
          <td className="px-4 py-3 font-semibold">
            <span dir="auto">{staffName(line)}</span>
          </td>
          {cells(line).map((value, index) => (
            <td key={index} className="px-4 py-3">
              {value}
            </td>
          ))}
        </tr>
      ))}
      <tr className="border-t-2 border-teal-900 bg-teal-50 font-bold" data-testid="speed-agency">
        <td className="px-4 py-3">{adminText('admin.report.agency')}</td>
        {cells(report.agency).map((value, index) => (
          <td key={index} className="px-4 py-3">
            {value}
          </td>
        ))}
      </tr>
    </AdminTable>
  );
}
