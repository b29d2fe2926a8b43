import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { sqlBackends } from './helpers/harness.ts';

/**
 * Hosted projects (2026) give the API roles nothing on new public objects, and neither does the
 * local bootstrap: every right an API role holds comes from a migration that names the object. The
 * table below is the whole of those rights; a migration that forgets a grant (or grants too much)
 * changes what these roles can do in production, and this test names the object.
 */

const backends = await sqlBackends();
type ApiRole = 'anon' | 'authenticated' | 'service_role';

const anyone = { anon: 'x', authenticated: 'x', service_role: 'x' };

/** Per object: what each API role may do (table rights as letters a/r/w/d, EXECUTE as x, USAGE u). */
const EXPECTED: Record<string, Partial<Record<ApiRole, string>>> = {
  'table public.contact_requests': { authenticated: 'rd', service_role: 'arwd' },
  'table public.offer_leads': { anon: 'a', authenticated: 'ard', service_role: 'arwd' },
  'table public.request_events': { authenticated: 'r', service_role: 'r' },
  'table public.staff_accounts': { authenticated: 'r', service_role: 'r' },
  'sequence public.request_events_id_seq': {},
  'function public.admin_login(text, text)': { authenticated: 'x', service_role: 'x' },
  'function public.admin_logout()': { authenticated: 'x', service_role: 'x' },
  'function public.bin_page(timestamp with time zone, uuid, integer)': { authenticated: 'x' },
  'function public.bulk_update_requests(jsonb, jsonb)': { authenticated: 'x', service_role: 'x' },
  'function public.campaign_report(timestamp with time zone, timestamp with time zone)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.canonical_phone(text, text)': {
    anon: 'x',
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.claim_lead_notifications(uuid, integer)': { service_role: 'x' },
  'function public.delete_requests(jsonb)': { authenticated: 'x' },
  'function public.finish_lead_notification(uuid, boolean, text)': { service_role: 'x' },
  'function public.fold_search_text(text)': { anon: 'x', authenticated: 'x', service_role: 'x' },
  'function public.guard_request_page(text, text, text)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.is_admin(uuid)': { anon: 'x', authenticated: 'x', service_role: 'x' },
  'function public.lead_notification_state(uuid)': { service_role: 'x' },
  'function public.lead_page(text, text, timestamp with time zone, uuid, integer)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.my_client_address()': { anon: 'x', authenticated: 'x', service_role: 'x' },
  'function public.my_staff_id()': { authenticated: 'x', service_role: 'x' },
  'function public.my_staff_role()': { authenticated: 'x', service_role: 'x' },
  'function public.normalize_phone(text, text, boolean, boolean)': {
    anon: 'x',
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.purge_requests(uuid[], text)': { authenticated: 'x' },
  'function public.release_held_requests(uuid[], text)': { authenticated: 'x', service_role: 'x' },
  'function public.request_ids_matching(text, text)': { authenticated: 'x', service_role: 'x' },
  'function public.request_overview(timestamp with time zone, text)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.request_page(text, request_status, request_service, text, text, timestamp with time zone, timestamp with time zone, uuid, integer, timestamp with time zone, text, timestamp with time zone)':
    { authenticated: 'x', service_role: 'x' },
  'function public.request_search_text(text, text, text, text)': {
    anon: 'x',
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.request_tallies()': { authenticated: 'x', service_role: 'x' },
  'function public.restore_requests(uuid[], text)': { authenticated: 'x' },
  // Issue 26: staff correct contact details, enter requests, see and merge a person.
  'function public.correct_request_contact(uuid, integer, jsonb)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.enter_request(jsonb)': { authenticated: 'x', service_role: 'x' },
  'function public.person_requests(uuid)': { authenticated: 'x', service_role: 'x' },
  'function public.merge_requests(uuid, uuid, text)': { authenticated: 'x', service_role: 'x' },
  'function public.undo_merge(uuid, text)': { authenticated: 'x', service_role: 'x' },
  'function public.same_national_digits(text, text)': {
    anon: 'x',
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.scheduled_jobs()': { service_role: 'x' },
  'function public.update_request(uuid, integer, jsonb)': { authenticated: 'x', service_role: 'x' },
  // The patient's page (issue 29): keyed by the link's token for anyone holding one; staff's own.
  'function public.patient_request(text, boolean)': anyone,
  'function public.patient_send_message(text, text)': anyone,
  'function public.patient_update_contact(text, text, text, text, text)': anyone,
  'function public.patient_request_callback(text, timestamp with time zone)': anyone,
  'function public.patient_withdraw(text, text)': anyone,
  'function public.patient_withdraw_advertising(text)': anyone,
  'function public.patient_page_info(uuid)': { authenticated: 'x', service_role: 'x' },
  'function public.issue_patient_link(uuid, text)': { authenticated: 'x', service_role: 'x' },
  'function public.revoke_patient_link(uuid, text)': { authenticated: 'x', service_role: 'x' },
  'function public.set_patient_step(uuid, text, text)': { authenticated: 'x', service_role: 'x' },
  'function public.stop_automatic_messages(uuid, boolean)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.claim_patient_confirmations(uuid, integer)': { service_role: 'x' },
  'function public.finish_patient_confirmation(uuid, boolean, text)': { service_role: 'x' },
  // The link again (issue 43): anyone asks; the delivery worker claims and finishes.
  'function public.request_patient_link(text)': anyone,
  'function public.claim_patient_link_resends(integer)': { service_role: 'x' },
  'function public.finish_patient_link_resend(bigint, boolean, text)': { service_role: 'x' },
  // The patient hears what happens (issue 43, item 4): the delivery worker claims and finishes.
  'function public.claim_patient_notices(integer)': { service_role: 'x' },
  'function public.finish_patient_notice(bigint, boolean, text)': { service_role: 'x' },
  'function public.withdraw_advertising_consent(uuid)': { authenticated: 'x', service_role: 'x' },
  // Photos and documents (issue 30): the patient's by token, the edge function's, the staff's.
  'function public.patient_files(text)': anyone,
  'function public.patient_file_begin(text, text, text, integer, text, boolean)': anyone,
  'function public.patient_file_delete(text, uuid)': anyone,
  'function public.request_file_upload_target(text, uuid)': { service_role: 'x' },
  // The thumbnails of a link's received photos, signed by request-files (issue 43).
  'function public.request_file_thumbs(text)': { service_role: 'x' },
  // When the patient knew of their first quote, for the 48-hour report (issue 43); null for non-staff.
  'function public.quotes_told_at(uuid)': { authenticated: 'x', service_role: 'x' },
  'function public.pending_request_file_checks(integer)': { service_role: 'x' },
  'function public.finish_request_file(uuid, boolean, integer, text)': { service_role: 'x' },
  'function public.claim_storage_deletions(integer)': { service_role: 'x' },
  'function public.claim_worker_turn(text, integer)': { service_role: 'x' },
  'function public.finish_storage_deletions(bigint[], bigint[], text)': { service_role: 'x' },
  'function public.request_files(uuid)': { authenticated: 'x', service_role: 'x' },
  'function public.ask_for_request_file(uuid, text, text)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.staff_may_read_request_file(text)': { authenticated: 'x', service_role: 'x' },
  // Issue 32: WhatsApp templates, contact events, first contact, routing, escalation, report.
  // Owners write templates through save_message_template (issue 41): the table's own writes
  // through the API are refused by private.refuse_table_write.
  'table public.message_templates': { authenticated: 'r', service_role: 'arw' },
  'function public.save_message_template(uuid, timestamp with time zone, jsonb)': {
    authenticated: 'x',
  },
  'function public.message_template_variables()': { authenticated: 'x', service_role: 'x' },
  'function public.log_whatsapp_message(uuid, uuid, integer, text)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.log_call(uuid, text, timestamp with time zone, boolean, text)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.message_context(uuid)': { authenticated: 'x', service_role: 'x' },
  'function public.first_contact_settings()': { authenticated: 'x', service_role: 'x' },
  'function public.save_first_contact_settings(timestamp with time zone, jsonb)': {
    authenticated: 'x',
  },
  'function public.routing_settings()': { authenticated: 'x', service_role: 'x' },
  'function public.save_routing_rule(timestamp with time zone, jsonb)': { authenticated: 'x' },
  'function public.set_staff_routing(uuid, jsonb)': { authenticated: 'x' },
  'function public.set_my_duty(boolean)': { authenticated: 'x' },
  'function public.my_duty()': { authenticated: 'x', service_role: 'x' },
  'function public.first_contact_queue()': { authenticated: 'x', service_role: 'x' },
  'function public.claim_first_contact_escalations(integer)': { service_role: 'x' },
  'function public.finish_first_contact_escalations(uuid[], boolean, text)': { service_role: 'x' },
  'function public.first_contact_escalation_state(uuid)': { service_role: 'x' },
  'function public.first_contact_report(timestamp with time zone, timestamp with time zone)': {
    authenticated: 'x',
    service_role: 'x',
  },
  // Issue 31: clinics (staff read; owners write them through save_clinic and the accreditation
  // functions, issue 41, the tables' own writes through the API refused by
  // private.refuse_table_write), quotes (read; written by functions), the public profile, the
  // patient's quotes and choice, the 48-hour report.
  'table public.clinics': { authenticated: 'arwd', service_role: 'arwd' },
  'table public.clinic_accreditations': { authenticated: 'arwd', service_role: 'arwd' },
  'function public.save_clinic(uuid, timestamp with time zone, jsonb)': { authenticated: 'x' },
  'function public.save_clinic_accreditation(uuid, timestamp with time zone, jsonb)': {
    authenticated: 'x',
  },
  'function public.delete_clinic_accreditation(uuid, timestamp with time zone)': {
    authenticated: 'x',
  },
  'table public.quotes': { authenticated: 'r', service_role: 'r' },
  'table public.quote_versions': { authenticated: 'r', service_role: 'r' },
  'function public.clinic_profiles(text)': anyone,
  // Issue 41: a draft is saved, sent and thrown away naming its revision; a send carries a key.
  'function public.save_quote_draft(uuid, uuid, integer, integer, jsonb)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.send_quote(uuid, integer, integer, text)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.discard_quote_draft(uuid, integer, integer)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.set_quote_status(uuid, text, text, integer)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.request_quotes(uuid)': { authenticated: 'x', service_role: 'x' },
  'function public.patient_quotes(text)': anyone,
  'function public.patient_choose_quote(text, uuid, integer)': anyone,
  'function public.quote_speed_report(timestamp with time zone, timestamp with time zone)': {
    authenticated: 'x',
    service_role: 'x',
  },
  // Issue 44: the trip plan (read and written only through functions), staff's and the patient's.
  'table public.trip_plans': { service_role: 'arwd' },
  'function public.request_trip(uuid)': { authenticated: 'x', service_role: 'x' },
  'function public.save_trip_plan(uuid, integer, jsonb)': { authenticated: 'x', service_role: 'x' },
  'function public.patient_trip(text)': anyone,
  'function public.patient_confirm_trip(text, integer)': anyone,
  'function public.patient_save_trip_travel(text, jsonb, jsonb)': anyone,
  // Issue 46: the WhatsApp conversation. Staff read it (RLS: requests they may read); only the
  // webhook's service key stores messages and Meta's states.
  'table public.whatsapp_messages': { authenticated: 'r', service_role: 'arwd' },
  'function public.whatsapp_receive(jsonb)': { service_role: 'x' },
  'function public.whatsapp_status(jsonb)': { service_role: 'x' },
  'function public.request_whatsapp(uuid)': { authenticated: 'x', service_role: 'x' },
  // Issue 46 items 2-3: staff queue a message (the window checked by the database) and read the
  // approved templates; only the worker's service key claims and finishes sends and media.
  'function public.whatsapp_templates()': { authenticated: 'x', service_role: 'x' },
  'function public.send_whatsapp_message(uuid, text, text, text, text)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.claim_whatsapp_sends(integer)': { service_role: 'x' },
  'function public.finish_whatsapp_send(uuid, text, jsonb, boolean)': { service_role: 'x' },
  'function public.claim_whatsapp_media(integer, uuid)': { service_role: 'x' },
  'function public.whatsapp_media_begin(uuid, text, integer)': { service_role: 'x' },
  'function public.finish_whatsapp_media(uuid, text, text)': { service_role: 'x' },
  'function public.queue_whatsapp_notices(integer)': { service_role: 'x' },
  // Issue 43: the patient's conversation with their manager. Staff read it (RLS: requests they may
  // read) and reply through the function; the patient reads it by token; nobody writes the table.
  'table public.patient_messages': { authenticated: 'r', service_role: 'arwd' },
  'function public.reply_to_patient(uuid, text, text)': { authenticated: 'x', service_role: 'x' },
  'function public.patient_conversation(text)': anyone,
  // Issue 44: after-care check-ins (read and answered only through functions): the patient's by
  // token, staff's dialog and team report, the scheduler for the service role only.
  'table public.aftercare_checkins': { service_role: 'arwd' },
  'function public.patient_aftercare(text)': anyone,
  'function public.patient_answer_checkin(text, uuid, text, text, uuid)': anyone,
  'function public.request_aftercare(uuid)': { authenticated: 'x', service_role: 'x' },
  'function public.aftercare_report(date, date)': { authenticated: 'x', service_role: 'x' },
  'function public.run_aftercare(timestamp with time zone)': { service_role: 'x' },
  // Issue 44: reminders. The scheduler is the service role's (pg_cron, the local worker); the
  // patient reads and stops their request's reminders by token.
  'function public.schedule_patient_reminders(timestamp with time zone)': { service_role: 'x' },
  'function public.patient_reminders(text)': anyone,
  'function public.patient_stop_reminders(text, boolean)': anyone,
  'function public.request_automatic_messages(uuid)': { authenticated: 'x', service_role: 'x' },
  // Issue 45: verified reviews. Staff read them (RLS: requests they may read) and moderate through
  // the function; the patient writes, edits and withdraws by token; anyone reads the published.
  'table public.clinic_reviews': { authenticated: 'r', service_role: 'arwd' },
  'function public.patient_review_state(text)': anyone,
  'function public.patient_save_review(text, jsonb)': anyone,
  'function public.patient_withdraw_review(text)': anyone,
  'function public.staff_reviews()': { authenticated: 'x', service_role: 'x' },
  'function public.save_review_moderation(uuid, timestamp with time zone, jsonb)': {
    authenticated: 'x',
    service_role: 'x',
  },
  'function public.published_reviews()': anyone,
};

describe.each(backends)('API role grants on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('leaves no default privileges that would hand new public objects to the API roles', async () => {
    const { rows } = await db.query<{ acl: string }>(
      `select d.defaclacl::text as acl
       from pg_default_acl d join pg_namespace n on n.oid = d.defaclnamespace
       where n.nspname = 'public'`,
    );
    for (const { acl } of rows) expect(acl).not.toMatch(/\b(anon|authenticated|service_role)=/);
  });

  it('gives each API role exactly the rights the migrations name, object by object', async () => {
    const { rows } = await db.query<{ object: string; role: string; rights: string }>(
      `with objects as (
         select case c.relkind when 'S' then 'sequence' else 'table' end || ' public.' || c.relname
                  as object, c.oid, c.relkind
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'S')
       ), funcs as (
         select 'function public.' || p.proname || '(' || oidvectortypes(p.proargtypes)
                  || ')' as object, p.oid
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
       ), roles(role) as (values ('anon'), ('authenticated'), ('service_role'))
       select o.object, r.role,
              case when o.relkind = 'S' then
                case when has_sequence_privilege(r.role, o.oid, 'usage') then 'u' else '' end
              else
                concat(case when has_table_privilege(r.role, o.oid, 'insert') then 'a' end,
                       case when has_table_privilege(r.role, o.oid, 'select') then 'r' end,
                       case when has_table_privilege(r.role, o.oid, 'update') then 'w' end,
                       case when has_table_privilege(r.role, o.oid, 'delete') then 'd' end)
              end as rights
       from objects o cross join roles r
       union all
       select f.object, r.role,
              case when has_function_privilege(r.role, f.oid, 'execute') then 'x' else '' end
       from funcs f cross join roles r
       order by 1, 2`,
    );
    const actual: Record<string, Record<string, string>> = {};
    for (const { object, role, rights } of rows) {
      actual[object] ??= {};
      if (rights !== '') (actual[object] as Record<string, string>)[role] = rights;
    }
    expect(actual).toEqual(EXPECTED);
  });
});
