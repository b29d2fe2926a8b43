/**
 * How stored values read in the back office: statuses (unknown → new), travel readiness and
 * timing with their fallbacks (older rows may hold free text), destination slugs, services,
 * sources and phone numbers.
 */
import { countryFromPhone } from '~/lib/phone.ts';
import { requestServiceLabels, type RequestService } from '~/lib/services.ts';
import { whatsappUrl } from '~/lib/whatsapp.ts';
import type { Readiness, RequestStatus, Timing } from './rows.ts';
import { adminText, type AdminKey } from './strings.ts';

export const requestStatuses: readonly RequestStatus[] = [
  'new',
  'in_progress',
  'completed',
  'cancelled',
];

/** The source the offer page records. */
export const OFFER_PAGE_SOURCE = 'hair-transplant-offer-page';

/** A status as the dashboard treats it: anything unknown counts as new. */
export function statusOf(status: string | null | undefined): RequestStatus {
  return (requestStatuses as readonly string[]).includes(status ?? '')
    ? (status as RequestStatus)
    : 'new';
}

export function statusLabel(status: string | null | undefined): string {
  return adminText(`admin.status.${statusOf(status)}`);
}

/** yes and no as stored, anything else maybe (older rows may hold free text). */
export function readinessOf(value: string | null | undefined): Readiness {
  return value === 'yes' || value === 'no' ? value : 'maybe';
}

export function readinessLabel(value: string | null | undefined): string {
  return adminText(`admin.readiness.${readinessOf(value)}`);
}

/** urgent, thisMonth and nextMonth as stored, anything else flexible (older rows may hold free text). */
export function timingOf(value: string | null | undefined): Timing {
  return value === 'urgent' || value === 'thisMonth' || value === 'nextMonth' ? value : 'flexible';
}

export function timingLabel(value: string | null | undefined): string {
  return adminText(`admin.timing.${timingOf(value)}`);
}

/** Destination slugs a lead may prefer, in the site's order. */
export const destinationSlugs = [
  'turkey',
  'romania',
  'lebanon',
  'syria',
  'croatia',
  'moldova',
  'egypt',
  'jordan',
  'thailand',
] as const;

/** The Arabic name of a destination slug; an unknown value is shown as stored. */
export function destinationLabel(slug: string): string {
  return (destinationSlugs as readonly string[]).includes(slug)
    ? adminText(`admin.country.${slug}` as AdminKey)
    : slug;
}

export function serviceLabel(service: string | null | undefined): string {
  return requestServiceLabels[service as RequestService] ?? adminText('admin.notSpecified');
}

/** A stable key for a source, so "not specified" can be filtered on like any other value. */
export const NO_SOURCE = '';

export function sourceKey(source: string | null | undefined): string {
  return source?.trim() || NO_SOURCE;
}

/** "صفحة العرض" for the offer page, the home page by name, other paths as stored. */
export function sourceLabel(source: string | null | undefined): string {
  const key = sourceKey(source);
  if (key === NO_SOURCE) return adminText('admin.notSpecified');
  if (key === OFFER_PAGE_SOURCE) return adminText('admin.source.offerPage');
  if (key === '/') return adminText('admin.source.home');
  return key;
}

/** Digits only, as wa.me and tel: links expect. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * A stored number (international digits) with its country code set apart: "+966 501234567".
 * Uses the row's country code when the number starts with it, else the code it starts with.
 */
export function displayPhone(phone: string, countryCode?: string | null): string {
  const digits = phoneDigits(phone);
  const codes = [countryCode?.replace(/\D/g, ''), countryFromPhone(digits)?.code.slice(1)];
  const code = codes.find((candidate) => candidate && digits.startsWith(candidate));
  if (code && digits.length > code.length) return `+${code} ${digits.slice(code.length)}`;
  // A national number the forms could not attribute (stored with its trunk zero, issue 12): a "+"
  // in front would turn it into a wrong international number.
  return digits.startsWith('0') ? digits : `+${digits}`;
}

/** A wa.me link to the patient with a first message in Arabic naming their request. */
export function patientWhatsappUrl(row: { name: string; phone: string; service: string }): string {
  const message = adminText('admin.request.whatsappMessage', {
    name: row.name.trim(),
    service: serviceLabel(row.service),
  });
  return whatsappUrl(phoneDigits(row.phone), message);
}
