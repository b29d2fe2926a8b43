/**
 * The quote builder's and the clinics screen's calls (supabase/migrations/20261127110000–110200):
 * clinics and accreditations as tables under row-level security (owners write), quotes through
 * security-definer functions that check the caller's live admin session themselves.
 */
import type { Accreditation, Clinic, QuoteFields, RequestQuote } from '~/lib/admin/quotes.ts';
import { fieldsPayload } from '~/lib/admin/quotes.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import type { Json } from '~/lib/database.types.ts';
import { supabase } from '~/lib/supabase.ts';
import { staffWrite } from '~/lib/admin/writes.ts';

export const quoteKeys = {
  quotes: (requestId: string) => ['admin', 'quotes', requestId] as const,
  clinics: ['admin', 'clinics'] as const,
  accreditations: ['admin', 'clinic_accreditations'] as const,
  speed: (from: string, to: string) => ['admin', 'quote_speed', from, to] as const,
};

const fail = (error: { message: string; code?: string; hint?: string }, status = 400): never => {
  throw Object.assign(new AdminDataError(error.message, status, error.code ?? ''), {
    hint: error.hint ?? '',
  });
};

/** The hint of a refused call (clinic_not_accredited, quote_price_missing…), or ''. */
export const hintOf = (error: unknown) => (error as { hint?: string } | null)?.hint ?? '';

export async function fetchRequestQuotes(requestId: string): Promise<RequestQuote[]> {
  const { data, error, status } = await supabase.rpc('request_quotes', { _request_id: requestId });
  if (error) fail(error, status);
  return (data ?? []) as unknown as RequestQuote[];
}

/** The draft a save or a send is made on: its version and revision, as the screen opened it. */
export interface DraftBase {
  version: number;
  revision: number;
}

/** What save_quote_draft answers: the draft as it is now. */
export interface SavedDraft extends DraftBase {
  quote_id: string;
  updated_at: string;
  updated_by_name: string;
}

/**
 * Saves the builder's fields over `base` (null: a new draft). A draft saved by someone since, sent
 * or thrown away since throws StaleVersionError (~/lib/admin/writes.ts) with who and when.
 */
export async function saveQuoteDraft(
  requestId: string,
  clinicId: string,
  base: DraftBase | null,
  fields: QuoteFields,
): Promise<SavedDraft> {
  const data = await staffWrite('save_quote_draft', {
    _request_id: requestId,
    _clinic_id: clinicId,
    // null, not undefined, when no draft was opened: the key must be sent (PostgREST finds the
    // function by its argument names; a dropped key is PGRST202, "no such function").
    _draft_version: (base?.version ?? null) as number,
    _draft_revision: (base?.revision ?? null) as number,
    _fields: fieldsPayload(fields) as Json,
  });
  return data as unknown as SavedDraft;
}

export interface SentQuote extends DraftBase {
  quote_id: string;
  sent_at: string;
  /** The same send answered again (the first answer was lost, or the button was pressed twice). */
  replayed: boolean;
}

/** Sends the draft revision the sender saw, as one action named by `key` (repeat it freely). */
export async function sendQuote(quoteId: string, base: DraftBase, key: string): Promise<SentQuote> {
  const data = await staffWrite('send_quote', {
    _quote_id: quoteId,
    _version: base.version,
    _revision: base.revision,
    _idempotency_key: key,
  });
  return data as unknown as SentQuote;
}

/** Throws away the draft revision the coordinator saw (one saved since is kept: stale). */
export async function discardQuoteDraft(quoteId: string, base: DraftBase): Promise<void> {
  await staffWrite('discard_quote_draft', {
    _quote_id: quoteId,
    _version: base.version,
    _revision: base.revision,
  });
}

/**
 * Records the patient's decision, taken on what the card showed (its status and the sent version):
 * a quote that moved on since (the patient chose on their page, a colleague marked it, a new
 * version went out) is refused as stale (StaleVersionError), not overwritten.
 */
export async function setQuoteStatus(
  quoteId: string,
  next: 'sent' | 'chosen' | 'declined',
  seen: { status: string; version: number },
): Promise<void> {
  await staffWrite('set_quote_status', {
    _quote_id: quoteId,
    _status: next,
    _from_status: seen.status,
    _version: seen.version,
  });
}

export async function fetchClinics(): Promise<Clinic[]> {
  const { data, error, status } = await supabase.from('clinics').select('*').order('name_ar');
  if (error) fail(error, status);
  return data ?? [];
}

export async function fetchAccreditations(): Promise<Accreditation[]> {
  const { data, error, status } = await supabase
    .from('clinic_accreditations')
    .select('*')
    .order('valid_until', { ascending: false });
  if (error) fail(error, status);
  return data ?? [];
}

export type ClinicInput = Omit<Clinic, 'id' | 'created_at' | 'updated_at' | 'updated_by'>;

/** A new clinic's fields; its keys are the columns an owner edits (all of ClinicInput). */
export const blankClinic: ClinicInput = {
  slug: '',
  name_ar: '',
  name_en: '',
  city_ar: '',
  city_en: '',
  country: 'turkey',
  languages: ['ar', 'en'],
  includes_hotel: false,
  includes_transfer: false,
  includes_interpreter: false,
  hotel: null,
  treatments: [],
  currency: 'EUR',
  about_ar: '',
  about_en: '',
  active: true,
};

/**
 * The editable columns of `clinic`, by name: the clinics screen's rows also carry their
 * accreditations, which are no column (PostgREST refuses an update naming one, PGRST204).
 */
export function clinicInput(clinic: ClinicInput): ClinicInput {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(blankClinic)) picked[key] = clinic[key as keyof ClinicInput];
  return picked as unknown as ClinicInput;
}

/**
 * Adds (no `opened`: under the id its form made, so a repeat adds it once) or changes a clinic
 * through public.save_clinic; owners only (the database refuses anyone else). A change applies only
 * to the clinic as it was opened (its `updated_at`): if another owner saved it since, the database
 * refuses it as stale (StaleVersionError, who and when), the typed form kept.
 */
export async function saveClinic(
  opened: Pick<Clinic, 'id' | 'updated_at'> | null,
  clinic: ClinicInput,
  newId: string,
): Promise<Clinic> {
  const saved = await staffWrite('save_clinic', {
    _id: opened?.id ?? newId,
    _expected_updated_at: (opened?.updated_at ?? null) as string,
    _fields: clinicInput(clinic),
  });
  return saved as Clinic;
}

export type AccreditationInput = Pick<
  Accreditation,
  'clinic_id' | 'body' | 'certificate_number' | 'valid_until'
>;

/**
 * Records a check of an accreditation: a new one under the id its form made (`opened` null; a
 * repeat is the same one), or a renewal of `opened` as the form showed it (its checked_at; one
 * another owner checked since is refused as stale). Who and when are stamped by the database.
 */
export async function saveAccreditation(
  opened: Pick<Accreditation, 'id' | 'checked_at'> | null,
  accreditation: AccreditationInput,
  newId: string,
): Promise<void> {
  await staffWrite('save_clinic_accreditation', {
    _id: opened?.id ?? newId,
    _expected_checked_at: (opened?.checked_at ?? null) as string,
    _fields: accreditation,
  });
}

/** Deletes an accreditation as the list showed it (checked since by someone: refused as stale). */
export async function deleteAccreditation(
  accreditation: Pick<Accreditation, 'id' | 'checked_at'>,
): Promise<void> {
  await staffWrite('delete_clinic_accreditation', {
    _id: accreditation.id,
    _expected_checked_at: accreditation.checked_at,
  });
}

/** One line of the 48-hour report (public.quote_speed_report). */
export interface QuoteSpeedRow {
  total: boolean;
  utm_source: string | null;
  utm_campaign: string | null;
  source: string | null;
  requests: number;
  quoted: number;
  median_hours: number | string | null;
  within_48h: number;
  /** The patient's side (issue 43): requests whose patient knew of their first quote. */
  told: number;
  median_told_hours: number | string | null;
  told_within_48h: number;
  told_late: number;
  late: number;
  waiting: number;
  cancelled_unquoted: number;
}

export async function fetchQuoteSpeed(from: Date, to: Date): Promise<QuoteSpeedRow[]> {
  const { data, error, status } = await supabase.rpc('quote_speed_report', {
    _from: from.toISOString(),
    _to: to.toISOString(),
  });
  if (error) fail(error, status);
  return (data ?? []) as unknown as QuoteSpeedRow[];
}
