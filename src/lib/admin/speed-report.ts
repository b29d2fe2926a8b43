/**
 * The speed-to-lead report (public.first_contact_report in
 * supabase/migrations/20261127120400_first_contact_report.sql, and 20261203100100: what each person
 * did themselves, real time next to working time): its lines as the screen and the CSV show them. Pure, unit-tested in tests/unit/admin-first-contact.test.ts.
 */
import { formatCsvDate } from './dates.ts';
import { toCsv } from './csv.ts';
import { formatWait } from './first-contact.ts';
import { adminText } from './strings.ts';

export interface SpeedLine {
  requests: number;
  measured: number;
  contacted: number;
  /** Working minutes; null when nothing was measured or most were never contacted. */
  median_minutes: number | null;
  /** The same median in real minutes (what the request dialog's «بعد 14 دقيقة» counts). */
  median_elapsed_minutes: number | null;
  within_threshold: number;
  within_24h: number;
  /** Requests with at least one quote sent (issue 31). */
  quotes_sent: number;
  completed: number;
  /** Requests whose first contact this person made, whoever they are assigned to. */
  first_contacts_made: number;
  /** Requests whose first quote this person sent. */
  quotes_made: number;
}

export interface StaffSpeedLine extends SpeedLine {
  staff_id: string | null;
  username: string | null;
  display_name: string | null;
}

export interface SpeedReport {
  contact_minutes: number;
  agency: SpeedLine;
  staff: StaffSpeedLine[];
}

/** "12 دقيقة", or why there is no median. */
export function medianText(line: SpeedLine): string {
  if (line.median_minutes !== null) return formatWait(line.median_minutes);
  return line.measured > 0 ? adminText('admin.report.neverMedian') : adminText('admin.report.none');
}

/** The median in real time: "14 دقيقة", or why there is none. */
export function elapsedText(line: SpeedLine): string {
  if (line.median_elapsed_minutes !== null) return formatWait(line.median_elapsed_minutes);
  return line.measured > 0 ? adminText('admin.report.neverMedian') : adminText('admin.report.none');
}

/** A share of the measured requests: "75% (3)", or "—" when none were measured. */
export function shareText(count: number, measured: number): string {
  if (measured === 0) return adminText('admin.report.none');
  return adminText('admin.report.share', { percent: Math.round((count / measured) * 100), count });
}

/** Who a line is about: the display name (or username), or "unassigned". */
export function staffName(line: StaffSpeedLine): string {
  return line.display_name ?? line.username ?? adminText('admin.report.unassigned');
}

/** The report as shown: one line per staff member, then the agency's. */
export function speedReportCsv(report: SpeedReport): string {
  const header = [
    adminText('admin.report.colStaff'),
    adminText('admin.report.colRequests'),
    adminText('admin.report.colMeasured'),
    adminText('admin.report.csvMedian'),
    adminText('admin.report.csvElapsed'),
    adminText('admin.report.csvWithin', { minutes: report.contact_minutes }),
    adminText('admin.report.csvWithin24'),
    adminText('admin.report.colContactsMade'),
    adminText('admin.report.colQuotes'),
    adminText('admin.report.colQuotesMade'),
    adminText('admin.report.colCompleted'),
  ];
  const line = (name: string, row: SpeedLine) => [
    name,
    row.requests,
    row.measured,
    row.median_minutes === null ? '' : Math.round(row.median_minutes),
    row.median_elapsed_minutes === null ? '' : Math.round(row.median_elapsed_minutes),
    row.measured ? Math.round((row.within_threshold / row.measured) * 100) : '',
    row.measured ? Math.round((row.within_24h / row.measured) * 100) : '',
    row.first_contacts_made,
    row.quotes_sent,
    row.quotes_made,
    row.completed,
  ];
  return toCsv(header, [
    ...report.staff.map((row) => line(staffName(row), row)),
    line(adminText('admin.report.agency'), report.agency),
  ]);
}

export function speedReportFileName(now = new Date()): string {
  return `rihla-team-report-${formatCsvDate(now).replace(' ', '-').replace(':', '')}.csv`;
}
