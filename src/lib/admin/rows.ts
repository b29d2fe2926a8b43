/** The rows the back office reads (src/lib/database.types.ts), as supabase-js returns them. */
import type { Enums, Tables } from '~/lib/database.types.ts';

/** search_text is the database's folded copy for search (request_page leaves it out). */
export type ContactRequest = Omit<Tables<'contact_requests'>, 'search_text'>;
export type RequestStatus = Enums<'request_status'>;
export type RequestEvent = Tables<'request_events'>;
export type EventKind =
  | 'status'
  | 'note'
  | 'assignment'
  | 'follow_up'
  | 'deleted'
  | 'restored'
  | 'name'
  | 'phone'
  | 'email'
  | 'entered'
  | 'merge'
  | 'unmerge'
  | 'patient_message'
  | 'patient_reply'
  | 'patient_review'
  | 'review_decision'
  | 'review_reply'
  | 'patient_contact'
  | 'patient_callback'
  | 'patient_link'
  | 'patient_step'
  | 'advertising_withdrawn'
  | 'whatsapp'
  | 'whatsapp_in'
  | 'call'
  | 'routed'
  | 'escalated'
  | 'file_received'
  | 'file_rejected'
  | 'file_removed'
  | 'file_requested'
  | 'files_complete';

/** A staff account a request can be assigned to (the admins-only staff_accounts view). */
export interface StaffAccount {
  id: string;
  username: string;
  active: boolean | null;
}
export type Readiness = Enums<'travel_readiness'>;
export type Timing = Enums<'appointment_timing'>;

export type OfferLead = Pick<
  Tables<'offer_leads'>,
  | 'id'
  | 'name'
  | 'phone'
  | 'country_code'
  | 'country'
  | 'source'
  | 'utm_campaign'
  | 'utm_source'
  | 'utm_medium'
  | 'created_at'
> & {
  /** The status of the lead's request (null while it is not known, shown as new). */
  status: RequestStatus | null;
};
