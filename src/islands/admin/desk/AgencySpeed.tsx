import { useQuery } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { medianText, shareText } from '~/lib/admin/speed-report.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { deskKeys, fetchSpeedReport } from './deskData.ts';
import { DESK_PATHS } from './paths.ts';

interface AgencySpeedProps {
  /** The campaign report's period: [start, end). */
  start: Date;
  end: Date;
  /** The period's date inputs, which key the cached report. */
  from: string;
  to: string;
  enabled: boolean;
}

/**
 * The agency's speed to lead beside the campaign report (issue 32): the same numbers as the
 * team report's agency line for the same period, with the way to the details per staff member.
 */
export function AgencySpeed({ start, end, from, to, enabled }: AgencySpeedProps) {
  const report = useQuery({
    queryKey: deskKeys.report(from, to),
    queryFn: () => fetchSpeedReport(start, end),
    enabled,
  });
  const agency = report.data?.agency;
  if (!agency || !report.data) return null;
  return (
    <section
      className="card flex flex-wrap items-center gap-3 p-4 sm:p-5"
      data-testid="agency-speed"
    >
      <Gauge className="size-5 text-teal-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 className="font-bold">{adminText('admin.report.agencyTitle')}</h2>
        <p className="text-sm">
          {adminText('admin.report.agencyLine', {
            median: medianText(agency),
            minutes: report.data.contact_minutes,
            within: shareText(agency.within_threshold, agency.measured),
            within24: shareText(agency.within_24h, agency.measured),
            measured: agency.measured,
          })}
        </p>
      </div>
      <a href={DESK_PATHS['team-report']} className="text-sm font-semibold text-teal-700 underline">
        {adminText('admin.report.details')}
      </a>
    </section>
  );
}
