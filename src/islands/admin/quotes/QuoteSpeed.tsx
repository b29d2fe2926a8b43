import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { adminText } from '~/lib/admin/strings.ts';
import { sourceKey, sourceLabel } from '~/lib/admin/labels.ts';
import { AdminTable } from '../AdminTable.tsx';
import { UserText } from '../parts.tsx';
import { fetchQuoteSpeed, quoteKeys, type QuoteSpeedRow } from './quoteData.ts';

/** "62" for the share of requests quoted within 48 hours of those whose outcome is known. */
export function withinPercent(row: Pick<QuoteSpeedRow, 'within_48h' | 'late'>): number | null {
  const known = row.within_48h + row.late;
  return known ? Math.round((row.within_48h / known) * 100) : null;
}

function campaign(row: QuoteSpeedRow): string {
  const parts = [row.utm_source, row.utm_campaign].filter(Boolean);
  const name = parts.length ? parts.join(' / ') : adminText('admin.campaigns.none');
  return sourceKey(row.source) ? `${name} · ${sourceLabel(row.source)}` : name;
}

const cell = (value: number | string | null) => (value === null ? '—' : String(value));

/**
 * The 48-hour promise in the campaign report (issue 31): request → first quote, per campaign and in
 * all, for the report's date range (public.quote_speed_report).
 */
export function QuoteSpeed({
  from,
  to,
  range,
  enabled,
}: {
  from: Date;
  to: Date;
  /** The range as the report's inputs hold it, for the cache key. */
  range: [string, string];
  enabled: boolean;
}) {
  const uid = useId();
  const report = useQuery({
    queryKey: quoteKeys.speed(...range),
    queryFn: () => fetchQuoteSpeed(from, to),
    enabled,
  });
  const rows = report.data ?? [];
  const total = rows.find((row) => row.total);
  const campaigns = rows.filter((row) => !row.total);
  const percent = total ? withinPercent(total) : null;
  return (
    <section
      className="card space-y-3 p-4 sm:p-5"
      aria-labelledby={`${uid}-title`}
      data-testid="quote-speed"
    >
      <h2 id={`${uid}-title`} className="font-bold">
        {adminText('admin.quoteSpeed.title')}
      </h2>
      <p className="text-sm text-muted">{adminText('admin.quoteSpeed.intro')}</p>
      <p className="text-lg font-bold text-teal-900" data-testid="quote-speed-total">
        {total && total.quoted > 0
          ? adminText('admin.quoteSpeed.summary', {
              median: cell(total.median_hours),
              percent: cell(percent),
            })
          : adminText('admin.quoteSpeed.noneYet')}
      </p>
      {total && total.quoted > 0 && (
        <p className="font-semibold text-teal-900" data-testid="quote-speed-told">
          {adminText('admin.quoteSpeed.toldSummary', {
            median: cell(total.median_told_hours),
            percent: cell(
              withinPercent({ within_48h: total.told_within_48h, late: total.told_late }),
            ),
          })}
        </p>
      )}
      {campaigns.length > 0 && (
        <AdminTable
          caption={adminText('admin.quoteSpeed.title')}
          columns={(
            [
              'campaign',
              'requests',
              'quoted',
              'median',
              'within',
              'toldWithin',
              'late',
              'waiting',
              'cancelled',
            ] as const
          ).map((column) => adminText(`admin.quoteSpeed.${column}`))}
          minWidthClass="min-w-[48rem]"
          testId="quote-speed-table"
        >
          {campaigns.map((row) => (
            <tr
              key={`${row.utm_source}|${row.utm_campaign}|${row.source}`}
              className="border-b border-sand-200 last:border-0 even:bg-sand-50"
            >
              <td className="px-4 py-3">
                <UserText>{campaign(row)}</UserText>
              </td>
              <td className="px-4 py-3">{row.requests}</td>
              <td className="px-4 py-3">{row.quoted}</td>
              <td className="px-4 py-3 font-semibold" dir="ltr">
                {cell(row.median_hours)}
              </td>
              <td className="px-4 py-3" dir="ltr">
                {row.within_48h} ({cell(withinPercent(row))}%)
              </td>
              <td className="px-4 py-3" dir="ltr">
                {row.told_within_48h} (
                {cell(withinPercent({ within_48h: row.told_within_48h, late: row.told_late }))}%)
              </td>
              <td className="px-4 py-3">{row.late}</td>
              <td className="px-4 py-3">{row.waiting}</td>
              <td className="px-4 py-3">{row.cancelled_unquoted}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
