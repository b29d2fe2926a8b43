/**
 * Every refusal the database can give a staff screen, in the coordinator's words (issue 41): one
 * map from the refusal's hint, constraint name or SQLSTATE to the rule it concerns (its text is
 * admin.writes.rule.<rule> in src/i18n/ui/admin-writes-*.ts) and, where it is one field's, that
 * field. Every screen words a failed write through refusalText, so "could not reach the server"
 * is said only when nothing answered (isNoAnswer in ./writes.ts). tests/unit/admin-refusals.test.ts
 * fails when a migration raises a hint this map does not know.
 */
import { formatRequestDate } from './dates.ts';
import { AdminDataError } from './query.ts';
import { adminText, type AdminKey } from './strings.ts';
import { isNoAnswer, StaleVersionError, WriteRefusedError } from './writes.ts';

export interface Refusal {
  /** A key of admin.writes.rule.*. */
  rule: string;
  /** The form field it concerns (a quote's `price`…), or null for a rule of the whole record. */
  field: string | null;
}

/** By hint (raised by the database's functions, see supabase/migrations/). */
export const HINT_RULES: Readonly<Record<string, Refusal>> = {
  stale_version: { rule: 'stale_version', field: null },
  idempotency_key: { rule: 'idempotency_key', field: null },
  idempotency_key_reused: { rule: 'idempotency_key', field: null },
  request_not_found: { rule: 'request_not_found', field: null },
  quote_not_found: { rule: 'quote_not_found', field: null },
  template_not_found: { rule: 'template_not_found', field: null },
  template_version: { rule: 'template_version', field: null },
  clinic_not_found: { rule: 'clinic_not_found', field: null },
  accreditation_not_found: { rule: 'accreditation_not_found', field: null },
  write_through_function: { rule: 'write_through_function', field: null },
  patient_link_replaced: { rule: 'patient_link_replaced', field: null },
  staff_not_found: { rule: 'staff_not_found', field: null },
  clinic_not_accredited: { rule: 'clinic_not_accredited', field: null },
  clinic_inactive: { rule: 'clinic_inactive', field: null },
  clinic_changed: { rule: 'stale_version', field: null },
  quote_price_missing: { rule: 'quote_price_missing', field: 'price' },
  quote_valid_until: { rule: 'quote_valid_until', field: 'valid_until' },
  quote_list_item: { rule: 'quote_list_item', field: null },
  quote_draft_revision: { rule: 'stale_version', field: null },
  quote_already_sent: { rule: 'quote_already_sent', field: null },
  quote_not_sent: { rule: 'quote_not_sent', field: null },
  quote_status: { rule: 'invalid', field: null },
  quote_expired: { rule: 'quote_expired', field: null },
  quote_changed: { rule: 'stale_version', field: null },
  trip_no_chosen_quote: { rule: 'trip_no_chosen_quote', field: null },
  no_draft: { rule: 'no_draft', field: null },
  unknown_field: { rule: 'invalid', field: null },
  phone_needs_country: { rule: 'phone_needs_country', field: 'country_code' },
  too_many: { rule: 'too_many', field: null },
  not_admin: { rule: 'session', field: null },
  owner_only: { rule: 'owner_only', field: null },
  last_owner: { rule: 'last_owner', field: null },
  nothing_to_undo: { rule: 'nothing_to_undo', field: null },
  already_one_person: { rule: 'already_one_person', field: null },
  append_only: { rule: 'append_only', field: null },
  unknown_template_variable: { rule: 'unknown_template_variable', field: 'body' },
  time_zone: { rule: 'time_zone', field: 'time_zone' },
  report_period: { rule: 'report_period', field: null },
  request_files_full: { rule: 'files_full', field: null },
  file_slot_full: { rule: 'files_full', field: null },
  file_slot_unknown: { rule: 'file_slot_unknown', field: null },
  file_type_not_accepted: { rule: 'file_type', field: null },
  file_too_large: { rule: 'file_too_large', field: null },
  call_outcome: { rule: 'invalid', field: 'outcome' },
  call_back_time: { rule: 'call_back_time', field: 'call_back_at' },
  consent_in_future: { rule: 'consent_in_future', field: 'consent' },
  contact_requests_entry_channel: { rule: 'entry_channel', field: 'entry_channel' },
  argument_too_long: { rule: 'search_too_long', field: null },
  rate_limited: { rule: 'rate_limited', field: null },
  busy: { rule: 'rate_limited', field: null },
  login_throttled: { rule: 'rate_limited', field: null },
  account_locked: { rule: 'rate_limited', field: null },
  reference_mismatch: { rule: 'reference_mismatch', field: null },
  patient_reply_length: { rule: 'reply_length', field: 'body' },
  // The moderation screen (issue 45).
  review_not_found: { rule: 'review_not_found', field: null },
  clinic_reviews_refusal: { rule: 'review_refusal_rule', field: 'refusal_rule' },
  clinic_reviews_refusal_note_length: { rule: 'review_refusal_note', field: 'refusal_note' },
  whatsapp_window_closed: { rule: 'whatsapp_window_closed', field: 'body' },
  whatsapp_template_not_approved: { rule: 'whatsapp_template', field: 'template' },
  whatsapp_text_length: { rule: 'whatsapp_text_length', field: 'body' },
  whatsapp_no_number: { rule: 'whatsapp_no_number', field: null },
  whatsapp_message_choice: { rule: 'invalid', field: null },
};

/**
 * Hints raised only to visitors, patients or the database's own jobs, never to a staff screen
 * (the public form and the patient page word them: src/lib/forms/, src/scripts/patient/).
 */
export const NOT_STAFF_HINTS: ReadonlySet<string> = new Set([
  'one_lead_per_request',
  'patient_message_length',
  'patient_callback_time',
  'password_too_short',
  'offer_leads_policy_version_known',
  'offer_leads_phone_digits',
  'offer_leads_patient_token_format',
  'offer_leads_advertising_consent_known',
  'not_scheduled',
  // The patient's trip functions (issue 44): the patient page words these, not a staff screen.
  'trip_not_found',
  'trip_changed',
  'trip_no_dates',
  'trip_flights',
  'trip_companions',
  // The patient's "send me my link again" (issue 43): the dead-link page words it.
  'patient_link_contact',
  // The patient's after-care answers (issue 44): the patient page words these.
  'checkin_answer',
  'checkin_note',
  'checkin_not_found',
  'checkin_answered',
  'checkin_file',
  // Meta's webhook (issue 46): only the whatsapp-webhook function calls these, with the service key.
  'whatsapp_message_invalid',
  'whatsapp_status_invalid',
  // The patient's review form (issue 45): the patient page words these.
  'review_not_allowed',
  'review_consent_required',
  'clinic_reviews_shown_as',
  'clinic_reviews_rating',
  'clinic_reviews_body_length',
]);

/** By CHECK or UNIQUE constraint (the database names it in the refusal's message). */
export const CONSTRAINT_RULES: Readonly<Record<string, Refusal>> = {
  quote_versions_price: { rule: 'quote_price', field: 'price' },
  quote_versions_units: { rule: 'quote_units', field: 'units' },
  quote_versions_nights: { rule: 'quote_nights', field: 'nights' },
  quote_versions_technique: { rule: 'quote_technique', field: 'technique' },
  quote_versions_team: { rule: 'quote_team', field: 'team' },
  quote_versions_hotel: { rule: 'quote_hotel', field: 'hotel' },
  quote_versions_note: { rule: 'quote_note', field: 'note' },
  quote_versions_lists: { rule: 'quote_lists', field: null },
  quote_versions_unit_kind: { rule: 'invalid', field: 'unit_kind' },
  quote_versions_units_with_kind: { rule: 'quote_units', field: 'units' },
  quote_versions_sent_complete: { rule: 'quote_price_missing', field: 'price' },
  quotes_one_per_clinic: { rule: 'stale_version', field: null },
  contact_requests_notes_length: { rule: 'notes_length', field: 'notes' },
  contact_requests_follow_up_at: { rule: 'follow_up_at', field: 'follow_up_at' },
  patient_messages_body_length: { rule: 'reply_length', field: 'body' },
  clinics_slug_key: { rule: 'clinic_slug_taken', field: 'slug' },
  clinic_reviews_reply_length: { rule: 'review_reply_length', field: 'reply' },
  clinic_reviews_refusal_note_length: { rule: 'review_refusal_note', field: 'refusal_note' },
};

/** What a refused or failed write concerns: by hint, then constraint, then SQLSTATE. */
export function refusalOf(error: unknown): Refusal {
  if (isNoAnswer(error)) return { rule: 'no_answer', field: null };
  if (error instanceof StaleVersionError) return { rule: 'stale_version', field: null };
  const hint = (error as { hint?: string } | null)?.hint ?? '';
  if (HINT_RULES[hint]) return HINT_RULES[hint];
  const constraint =
    error instanceof WriteRefusedError
      ? error.constraint
      : (/constraint "([^"]+)"/.exec(error instanceof Error ? error.message : '')?.[1] ?? '');
  if (CONSTRAINT_RULES[constraint]) return CONSTRAINT_RULES[constraint];
  const code = error instanceof AdminDataError ? error.code : '';
  if (code === '42501' || code.startsWith('PGRST3')) return { rule: 'session', field: null };
  if (code === '23505') return { rule: 'duplicate', field: null };
  if (code.startsWith('22') || code.startsWith('23')) return { rule: 'invalid', field: null };
  if (code === 'PT404') return { rule: 'request_not_found', field: null };
  if (code === '57014') return { rule: 'timeout', field: null };
  return { rule: 'refused', field: null };
}

/** The words of a refusal (or of no answer), in the back office's language. */
export function refusalText(error: unknown): string {
  const { rule } = refusalOf(error);
  const code = error instanceof AdminDataError ? error.code : '';
  return adminText(`admin.writes.rule.${rule}` as AdminKey, { code: code || '—' });
}

/**
 * The words of a refusal, naming who changed it and when when it is a stale write (issue 41:
 * "refused, with who changed what, when"); any other failure as refusalText says it.
 */
export function staleOrRefusal(error: unknown): string {
  if (error instanceof StaleVersionError && (error.by || error.at)) {
    return adminText('admin.writes.staleBy', {
      name: error.by ?? adminText('admin.team.system'),
      time: error.at ? formatRequestDate(error.at) : '—',
    });
  }
  return refusalText(error);
}
