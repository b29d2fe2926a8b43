/**
 * CSV export of what the screen shows. UTF-8 with a byte-order mark so Excel opens Arabic text
 * correctly, RFC 4180 quoting, CRLF line ends, and cells that a spreadsheet would run as a formula
 * (starting with = + - @ tab, CR or LF, also after leading whitespace, NBSP or invisible characters)
 * defused with a leading apostrophe (OWASP "CSV injection").
 */
import { formatCsvDate } from './dates.ts';
import {
  destinationLabel,
  hasCountryCode,
  phoneDigits,
  readinessLabel,
  serviceLabel,
  sourceLabel,
  statusLabel,
  timingLabel,
} from './labels.ts';
import type { ContactRequest, OfferLead } from './rows.ts';
import { adminText } from './strings.ts';
import { withoutLeadingInvisible } from '../visible-text.ts';

export const UTF8_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

/**
 * A cell a spreadsheet may run as a formula: = + - @ (or a tab, CR or LF, or their full-width
 * forms) first, possibly after characters a reader does not see (src/lib/visible-text.ts: spaces,
 * controls, format characters such as zero-width, bidi controls, tags and the BOM, marks on their
 * own, Braille blank, Hangul fillers), which spreadsheets skip or which hide the sign.
 */
const FORMULA_SIGN = /^[=+\-@\t\r\n\uff0b\uff0d\uff1d\uff20]/;

const startsAsFormula = (text: string) =>
  FORMULA_SIGN.test(text) || FORMULA_SIGN.test(withoutLeadingInvisible(text));

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && startsAsFormula(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: BOM, header line, one line per row, CRLF after each line. */
export function toCsv(header: readonly string[], rows: readonly CsvValue[][]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** The chat link of a number with its country; empty for one without (it would reach a stranger). */
const waLink = (phone: string, countryCode: string | null) =>
  hasCountryCode(phone, countryCode) ? `https://wa.me/${phoneDigits(phone)}` : '';

/** The requests in the order given (the dashboard's current view), one line each. */
export function requestsCsv(rows: readonly ContactRequest[]): string {
  const header = [
    adminText('admin.csv.date'),
    adminText('admin.csv.name'),
    adminText('admin.csv.phone'),
    adminText('admin.csv.whatsapp'),
    adminText('admin.csv.email'),
    adminText('admin.csv.service'),
    adminText('admin.csv.country'),
    adminText('admin.csv.readiness'),
    adminText('admin.csv.countries'),
    adminText('admin.csv.timing'),
    adminText('admin.csv.status'),
    adminText('admin.csv.source'),
    'utm_source',
    'utm_medium',
    'utm_campaign',
    adminText('admin.csv.message'),
    adminText('admin.csv.notes'),
    adminText('admin.csv.updated'),
    adminText('admin.csv.id'),
  ];
  return toCsv(
    header,
    rows.map((row) => [
      formatCsvDate(row.created_at),
      row.name,
      phoneDigits(row.phone),
      waLink(row.phone, row.country_code),
      row.email,
      serviceLabel(row.service),
      row.country,
      readinessLabel(row.ready_to_travel),
      row.preferred_countries.map(destinationLabel).join('، '),
      timingLabel(row.appointment_time),
      statusLabel(row.status),
      sourceLabel(row.source),
      row.utm_source,
      row.utm_medium,
      row.utm_campaign,
      row.message,
      row.notes,
      formatCsvDate(row.updated_at),
      row.id,
    ]),
  );
}

/** The offer leads in the order given, one line each. */
export function leadsCsv(rows: readonly OfferLead[]): string {
  const header = [
    adminText('admin.csv.date'),
    adminText('admin.csv.name'),
    adminText('admin.csv.phone'),
    adminText('admin.csv.whatsapp'),
    adminText('admin.csv.countryCode'),
    adminText('admin.csv.country'),
    adminText('admin.csv.source'),
    'utm_source',
    'utm_medium',
    'utm_campaign',
    adminText('admin.csv.id'),
  ];
  return toCsv(
    header,
    rows.map((row) => [
      formatCsvDate(row.created_at),
      row.name,
      phoneDigits(row.phone),
      waLink(row.phone, row.country_code),
      // Digits only: a leading "+" would read as a formula (and be defused with an apostrophe).
      row.country_code?.replace(/\D/g, ''),
      row.country,
      sourceLabel(row.source),
      row.utm_source,
      row.utm_medium,
      row.utm_campaign,
      row.id,
    ]),
  );
}

/** "rihla-requests-2025-11-20-1405.csv". */
export function csvFileName(kind: 'requests' | 'leads' | 'campaigns', now = new Date()): string {
  return `rihla-${kind}-${formatCsvDate(now).replace(' ', '-').replace(':', '')}.csv`;
}

/** The campaign report as shown: one line per campaign, source and page. */
export function campaignsCsv(
  rows: readonly {
    utm_source: string | null;
    utm_campaign: string | null;
    source: string | null;
    leads: number;
    in_progress: number;
    completed: number;
  }[],
): string {
  return toCsv(
    [
      'utm_source',
      'utm_campaign',
      adminText('admin.campaigns.page'),
      adminText('admin.campaigns.leads'),
      adminText('admin.campaigns.inProgress'),
      adminText('admin.campaigns.completed'),
      adminText('admin.campaigns.rate'),
    ],
    rows.map((row) => [
      row.utm_source,
      row.utm_campaign,
      row.source === null ? null : sourceLabel(row.source),
      row.leads,
      row.in_progress,
      row.completed,
      row.leads ? `${Math.round((row.completed / row.leads) * 100)}%` : '0%',
    ]),
  );
}
