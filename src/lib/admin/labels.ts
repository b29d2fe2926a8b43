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
  // A request a WhatsApp message opened (issue 46, public.whatsapp_receive).
  if (key === 'whatsapp') return adminText('admin.source.whatsapp');
  // A request staff entered (public.enter_request): the channel it came through.
  if (key.startsWith('staff:')) return entryChannelLabel(key.slice('staff:'.length));
  return key;
}

/** How a request staff entered reached the agency (contact_requests.entry_channel). */
export function entryChannelLabel(channel: string): string {
  const known = ['whatsapp', 'phone', 'instagram', 'referral', 'walk_in', 'other'];
  return known.includes(channel)
    ? adminText(`admin.entry.channel.${channel}` as AdminKey)
    : channel;
}

/** Digits only, as wa.me and tel: links expect. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * True when a stored number carries its country: a country code, or international digits that
 * start with a known code (10+ digits, no trunk zero), as the one phone rule stores them. Only such
 * a number can be dialled or messaged from anywhere; a national-only number (the offer dialog kept
 * `0545024476` as typed before it asked for the country) cannot, until staff add its country.
 */
export function hasCountryCode(phone: string, countryCode?: string | null): boolean {
  if (countryCode?.replace(/\D/g, '')) return true;
  const digits = phoneDigits(phone);
  return !digits.startsWith('0') && digits.length >= 10 && countryFromPhone(digits) !== undefined;
}

/**
 * A stored number (international digits) with its country code set apart: "+966 501234567".
 * Uses the row's country code when the number starts with it, else the code it starts with. A
 * number without its country is shown as stored, never with a "+" (that would make it a wrong
 * international number).
 */
export function displayPhone(phone: string, countryCode?: string | null): string {
  const digits = phoneDigits(phone);
  if (!hasCountryCode(phone, countryCode)) return digits;
  const codes = [countryCode?.replace(/\D/g, ''), countryFromPhone(digits)?.code.slice(1)];
  const code = codes.find((candidate) => candidate && digits.startsWith(candidate));
  if (code && digits.length > code.length) return `+${code} ${digits.slice(code.length)}`;
  return `+${digits}`;
}

/** The tel: link of a stored number, or null when it has no country (it would dial locally). */
export function telUrl(phone: string, countryCode?: string | null): string | null {
  return hasCountryCode(phone, countryCode) ? `tel:+${phoneDigits(phone)}` : null;
}

/**
 * A wa.me link to the patient with a first message in Arabic naming their request, or null when
 * the number has no country (wa.me would open a chat with a wrong number).
 */
export function patientWhatsappUrl(row: {
  name: string;
  phone: string;
  country_code?: string | null;
  service: string;
}): string | null {
  if (!hasCountryCode(row.phone, row.country_code)) return null;
  const message = adminText('admin.request.whatsappMessage', {
    name: row.name.trim(),
    service: serviceLabel(row.service),
  });
  return whatsappUrl(phoneDigits(row.phone), message);
}
