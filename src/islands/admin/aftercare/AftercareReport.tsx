import { useQuery } from '@tanstack/react-query';
import { adminText } from '~/lib/admin/strings.ts';
import { AdminTable } from '../AdminTable.tsx';
import { LoadFailed, Notice } from '../parts.tsx';
import { fetchAftercareReport, type AftercareLine } from './aftercareData.ts';

const hours = (value: number | null) => (value === null ? '—' : String(value));

/**
 * The six-month promise in the team report (issue 44): per request whose procedure day is in the
 * report's dates, the check-ins due, sent and answered, the concerns (and those still unanswered)
 * and the hours until staff answered them, counted by the database (public.aftercare_report; a
 * coordinator sees the requests assigned to her).
 */
export function AftercareReport({ from, to }: { from: string; to: string }) {
  const report = useQuery({
    queryKey: ['admin', 'aftercare_report', from, to],
    queryFn: () => fetchAftercareReport(from, to),
  });
  const cells = (line: AftercareLine) => [
    line.manager ?? '—',
    line.procedure_on,
    `${line.due} / ${line.checkins}`,
    line.asked,
    line.answered,
    line.concerns,
    line.concerns_open,
    hours(line.median_answer_hours),
    hours(line.longest_answer_hours),
  ];
  return (
    <section className="space-y-3" aria-labelledby="aftercare-report-title">
      <h2 id="aftercare-report-title" className="text-lg font-bold">
        {adminText('admin.report.aftercare.title')}
      </h2>
      <p className="text-sm">{adminText('admin.report.aftercare.intro')}</p>
      {report.isError ? (
        <LoadFailed
          message={adminText('admin.report.loadFailed')}
          onRetry={() => void report.refetch()}
        />
      ) : !report.data ? (
        <Notice>{adminText('admin.loading')}</Notice>
      ) : report.data.length === 0 ? (
        <Notice>{adminText('admin.report.aftercare.none')}</Notice>
      ) : (
        <AdminTable
          caption={adminText('admin.report.aftercare.title')}
          columns={[
            adminText('admin.report.aftercare.request'),
            adminText('admin.report.aftercare.manager'),
            adminText('admin.report.aftercare.procedure'),
            adminText('admin.report.aftercare.due'),
            adminText('admin.report.aftercare.asked'),
            adminText('admin.report.aftercare.answered'),
            adminText('admin.report.aftercare.concerns'),
            adminText('admin.report.aftercare.open'),
            adminText('admin.report.aftercare.median'),
            adminText('admin.report.aftercare.longest'),
          ]}
          minWidthClass="min-w-[64rem]"
          testId="aftercare-report"
        >
          {report.data.map((line) => (
            <tr
              key={line.request_id}
              className="border-b border-sand-200 last:border-0 even:bg-sand-50"
              data-testid="aftercare-row"
            >
              <td className="px-4 py-3 font-semibold">
                <span dir="ltr">{line.reference}</span> <span dir="auto">{line.name}</span>
              </td>
              {cells(line).map((value, index) => (
                <td key={index} className="px-4 py-3">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
