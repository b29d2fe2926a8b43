import type { PageRow } from '~/lib/admin/page.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';

/** The admin unit tests' request rows: every column, a new id each time, patched as a test needs. */
let counter = 0;
export function request(patch: Partial<ContactRequest> = {}): ContactRequest {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    lead_id: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    notification_failed_at: null,
    deleted_at: null,
    deleted_by: null,
    held_reason: null,
    reference: 'RC-2346-79',
    consented_at: null,
    policy_version: null,
    created_at: '2025-11-20T10:00:00+00:00',
    updated_at: '2025-11-20T10:00:00+00:00',
    name: 'Patient',
    phone: '966500000000',
    email: null,
    country: null,
    country_code: '+966',
    language: 'ar',
    message: null,
    notes: null,
    preferred_countries: [],
    ready_to_travel: null,
    appointment_time: null,
    service: 'other',
    source: null,
    status: 'new',
    utm_campaign: null,
    utm_content: null,
    utm_medium: null,
    utm_source: null,
    utm_term: null,
    version: 1,
    assigned_to: null,
    follow_up_at: null,
    phone_key: '966500000000',
    entry_channel: null,
    entered_by: null,
    entered_by_name: null,
    consent_how: null,
    consent_given_at: null,
    consent_given_by: null,
    person_id: null,
    first_contacted_at: null,
    last_contacted_at: null,
    first_contact_due_at: null,
    ...patch,
  };
}

/** A row of request_page(): a request and how many others share its phone. */
export function pageRow(patch: Partial<PageRow> = {}): PageRow {
  return { ...request(patch), duplicates: patch.duplicates ?? 0 };
}
