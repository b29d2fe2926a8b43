/**
 * The limits and required fields of a lead (public.offer_leads) and a request
 * (public.contact_requests), written once: the database's CHECKs and NOT NULLs say the same, and
 * supabase/tests/field-rules.test.ts checks both against this table on PGlite and PostgreSQL
 * (a value at each limit is stored, one past it is refused by the named constraint). To change a
 * limit, change it here and in a new migration; the test names this file when they differ.
 *
 * Lengths count characters (`char_length`); `trimmed` ones count after trimming spaces (btrim).
 * Quotes have their own rules (src/lib/admin/quotes.ts).
 */
import { PHONE_DIGITS } from '~/lib/phone.ts';

export interface FieldRule {
  /** The database column. */
  column: string;
  /** Fewest characters (digits for a phone), when there is a minimum. */
  min?: number;
  /** Most characters (digits for a phone; items for a list). */
  max: number;
  /** Counted after trimming spaces. */
  trimmed?: boolean;
  /** The column is NOT NULL: every entry path must send it. */
  required?: boolean;
  /** The CHECK constraint that holds the limit. */
  constraint: string;
}

/** A lead as the public forms, the staff entry and the patient page store it. */
export const leadFields = {
  name: {
    column: 'name',
    min: 2,
    max: 100,
    trimmed: true,
    required: true,
    constraint: 'offer_leads_name_length',
  },
  phone: {
    column: 'phone',
    ...PHONE_DIGITS,
    required: true,
    constraint: 'offer_leads_phone_digits',
  },
  email: { column: 'email', max: 254, constraint: 'offer_leads_email_format' },
  country: { column: 'country', max: 100, constraint: 'offer_leads_country_length' },
  notes: { column: 'notes', max: 2000, constraint: 'offer_leads_notes_length' },
  source: { column: 'source', max: 200, constraint: 'offer_leads_source_length' },
  pageUrl: { column: 'page_url', max: 2000, constraint: 'offer_leads_page_url_length' },
  utmCampaign: { column: 'utm_campaign', max: 200, constraint: 'offer_leads_utm_length' },
  preferredCountries: {
    column: 'preferred_countries',
    max: 20,
    // Never null: an empty list when none were picked.
    required: true,
    constraint: 'offer_leads_preferred_countries_size',
  },
} as const satisfies Record<string, FieldRule>;

/** A request's own fields (its contact details are the lead's, above). */
export const requestFields = {
  /** Staff notes; the dialog counts and warns before the limit (src/lib/admin/team.ts). */
  notes: { column: 'notes', max: 20_000, constraint: 'contact_requests_notes_length' },
  /** A staff entry's record of how the patient agreed («كيف تمت الموافقة»). */
  consentHow: {
    column: 'consent_how',
    min: 2,
    max: 500,
    trimmed: true,
    constraint: 'contact_requests_entry_basis',
  },
  /** Who the patient agreed with. */
  consentBy: {
    column: 'consent_given_by',
    min: 2,
    max: 100,
    trimmed: true,
    constraint: 'contact_requests_entry_basis',
  },
} as const satisfies Record<string, FieldRule>;

/**
 * A message of a request's conversation with the patient (public.patient_messages, issue 43): the
 * patient's from their page and the manager's reply from the request dialog have the same limit.
 */
export const conversationFields = {
  body: {
    column: 'body',
    min: 1,
    max: 1000,
    trimmed: true,
    required: true,
    constraint: 'patient_messages_body_length',
  },
} as const satisfies Record<string, FieldRule>;

/**
 * A verified review (public.clinic_reviews, issue 45): the patient's text from their page, the
 * clinic's reply and a refusal's reason entered by staff on the moderation screen.
 */
export const reviewFields = {
  body: {
    column: 'body',
    min: 20,
    max: 2000,
    trimmed: true,
    required: true,
    constraint: 'clinic_reviews_body_length',
  },
  reply: {
    column: 'reply',
    min: 1,
    max: 1000,
    trimmed: true,
    constraint: 'clinic_reviews_reply_length',
  },
  refusalNote: {
    column: 'refusal_note',
    min: 1,
    max: 500,
    trimmed: true,
    constraint: 'clinic_reviews_refusal_note_length',
  },
} as const satisfies Record<string, FieldRule>;
