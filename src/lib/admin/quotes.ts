/**
 * Quotes in the back office (issue 31): their shapes as public.request_quotes answers them, the
 * fields the builder edits, the defaults a new quote starts from (the clinic's record, the
 * request's treatment and language, the request's latest quote), and the 48-hour clock. Pure, so
 * tests/unit/admin-quotes.test.ts tests them.
 */
import type { Database } from '~/lib/database.types.ts';
import type { RequestService } from '~/lib/services.ts';
import { quoteNumber } from './quote-limits.ts';

export type Currency = Database['public']['Enums']['quote_currency'];
export type Clinic = Database['public']['Tables']['clinics']['Row'];
export type Accreditation = Database['public']['Tables']['clinic_accreditations']['Row'];

export const UNIT_KINDS = [
  'grafts',
  'implants',
  'veneers',
  'crowns',
  'sessions',
  'procedures',
  'cycles',
] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

/** What the builder edits: every field as the form holds it (text inputs hold text). */
export interface QuoteFields {
  technique: string;
  units: string;
  unit_kind: UnitKind;
  team: string;
  nights: string;
  hotel: string;
  transfer: boolean;
  interpreter: boolean;
  /** One item per line. */
  included: string;
  not_included: string;
  price: string;
  currency: Currency;
  valid_until: string;
  note: string;
  note_language: 'ar' | 'en';
}

export interface QuoteVersion {
  version: number;
  technique: string | null;
  units: number | null;
  unit_kind: UnitKind | null;
  team: string | null;
  nights: number | null;
  hotel: string | null;
  transfer: boolean;
  interpreter: boolean;
  included: string[];
  not_included: string[];
  price: number | string | null;
  currency: Currency;
  valid_until: string | null;
  note: string | null;
  note_language: 'ar' | 'en';
  created_at: string;
  updated_at: string;
  /** Raised by each save of the draft; a save or send names the revision it was made on. */
  revision: number;
  /** Who saved this version last. */
  updated_by_name: string | null;
  sent_at: string | null;
  sent_by_name: string | null;
}

export type QuoteStatus = 'draft' | 'sent' | 'chosen' | 'declined' | 'expired';

export interface RequestQuote {
  id: string;
  clinic: {
    id: string;
    slug: string;
    name_ar: string;
    name_en: string;
    city_ar: string;
    active: boolean;
    accredited: boolean;
  };
  status: QuoteStatus;
  chosen_version: number | null;
  decided_at: string | null;
  first_sent_at: string | null;
  created_at: string;
  /** Newest first. */
  versions: QuoteVersion[];
}

/** The unsent draft of a quote, if any. */
export const draftOf = (quote: RequestQuote) => quote.versions.find((v) => !v.sent_at) ?? null;

/** The latest version the patient has seen, if any. */
export const latestSent = (quote: RequestQuote) => quote.versions.find((v) => v.sent_at) ?? null;

/** What a treatment is counted in. */
export function unitKindFor(service: RequestService): UnitKind {
  switch (service) {
    case 'hairTransplant':
      return 'grafts';
    case 'dental':
      return 'implants';
    case 'hollywood':
      return 'veneers';
    case 'ivf':
      return 'cycles';
    default:
      return 'procedures';
  }
}

/** "2026-12-27": a date input's value `days` after `now`, in the coordinator's calendar. */
export function dayAfter(now: Date, days: number): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000 + days * 86_400_000);
  return local.toISOString().slice(0, 10);
}

export const QUOTE_VALID_DAYS = 30;

/** The fields of a version, as the form holds them. */
export function fieldsOf(version: QuoteVersion): QuoteFields {
  return {
    technique: version.technique ?? '',
    units: version.units === null ? '' : String(version.units),
    unit_kind: version.unit_kind ?? 'procedures',
    team: version.team ?? '',
    nights: version.nights === null ? '' : String(version.nights),
    hotel: version.hotel ?? '',
    transfer: version.transfer,
    interpreter: version.interpreter,
    included: version.included.join('\n'),
    not_included: version.not_included.join('\n'),
    price: version.price === null ? '' : String(Number(version.price)),
    currency: version.currency,
    valid_until: version.valid_until ?? '',
    note: version.note ?? '',
    note_language: version.note_language,
  };
}

/**
 * A new quote's fields: what the treatment is counted in and the request's language; the clinic's
 * hotel, transfer, interpreter and currency; the technique, quantity, nights and lists of the
 * request's latest other quote (the same patient, the same plan, another clinic); valid 30 days.
 */
export function defaultFields(
  clinic: Pick<
    Clinic,
    'includes_hotel' | 'includes_transfer' | 'includes_interpreter' | 'hotel' | 'currency'
  >,
  request: { service: RequestService; language: 'ar' | 'en' },
  other: QuoteVersion | null,
  now = new Date(),
): QuoteFields {
  return {
    technique: other?.technique ?? '',
    units: other?.units ? String(other.units) : '',
    unit_kind: other?.unit_kind ?? unitKindFor(request.service),
    team: '',
    nights:
      other?.nights !== null && other?.nights !== undefined
        ? String(other.nights)
        : clinic.includes_hotel
          ? '3'
          : '',
    hotel: clinic.includes_hotel ? (clinic.hotel ?? '') : '',
    transfer: clinic.includes_transfer,
    interpreter: clinic.includes_interpreter,
    included: other?.included.join('\n') ?? '',
    not_included: other?.not_included.join('\n') ?? '',
    price: '',
    currency: clinic.currency,
    valid_until: dayAfter(now, QUOTE_VALID_DAYS),
    note: '',
    note_language: request.language,
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The fields as save_quote_draft takes them. */
export function fieldsPayload(fields: QuoteFields): Record<string, unknown> {
  const number = quoteNumber;
  return {
    technique: fields.technique,
    units: number(fields.units),
    unit_kind: fields.unit_kind,
    team: fields.team,
    nights: number(fields.nights),
    hotel: fields.hotel,
    transfer: fields.transfer,
    interpreter: fields.interpreter,
    included: lines(fields.included),
    not_included: lines(fields.not_included),
    price: number(fields.price),
    currency: fields.currency,
    valid_until: fields.valid_until || null,
    note: fields.note,
    note_language: fields.note_language,
  };
}

/** A version's content as the database keeps it (trimmed, empty as null): to tell two apart. */
function content(fields: QuoteFields): string {
  const payload = fieldsPayload(fields);
  const clean = (value: unknown) =>
    typeof value === 'string' ? value.trim() || null : Array.isArray(value) ? value : value;
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(payload).map(([key, value]) => [
        key,
        key === 'unit_kind' && payload['units'] === null ? null : clean(value),
      ]),
    ),
  );
}

/** Whether two sets of fields are the same quote (what a lost save's reply would have said). */
export function sameContent(a: QuoteFields, b: QuoteFields): boolean {
  return content(a) === content(b);
}

/** What keeps a draft from being sent, as string keys of admin.quotes.missing.*; empty when ready. */
export function missingToSend(fields: QuoteFields, today = dayAfter(new Date(), 0)): string[] {
  const missing: string[] = [];
  const price = fieldsPayload(fields)['price'] as number | null;
  if (price === null || !Number.isFinite(price) || price <= 0) missing.push('price');
  if (!fields.valid_until || fields.valid_until < today) missing.push('validUntil');
  return missing;
}

/** The promise: the first quote within this many hours of the request. */
export const PROMISE_HOURS = 48;

/** The 48-hour clock of a request: hours since it came, or how long its first quote took. */
export function quoteClock(
  createdAt: string,
  firstQuoteAt: string | null,
  now = new Date(),
): { hours: number; sent: boolean; tone: 'ok' | 'soon' | 'late' } {
  const end = firstQuoteAt ? new Date(firstQuoteAt) : now;
  const hours = Math.max(0, (end.getTime() - new Date(createdAt).getTime()) / 3_600_000);
  const tone =
    hours > PROMISE_HOURS ? 'late' : hours > PROMISE_HOURS / 2 && !firstQuoteAt ? 'soon' : 'ok';
  return { hours, sent: Boolean(firstQuoteAt), tone };
}

/** The request's first quote sent, if any. */
export function firstQuoteAt(quotes: RequestQuote[]): string | null {
  const sent = quotes.map((quote) => quote.first_sent_at).filter((at): at is string => Boolean(at));
  return sent.sort()[0] ?? null;
}
