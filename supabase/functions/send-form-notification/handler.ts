import { callerKeyRole, json, preflight, readJsonObject, withCors } from '../_shared/http.ts';
import { deliverFirstContactEscalations } from '../_shared/first-contact-escalation.ts';
import { deliverPatientConfirmations } from '../_shared/patient-confirmation.ts';
import { deliverPatientLinksAgain } from '../_shared/patient-link-again.ts';
import { deliverPatientNotices } from '../_shared/patient-notice.ts';
import { CONTROL_OR_BIDI, PLAIN_ADDRESS } from '../_shared/mail-text.ts';
import type { FunctionRuntime } from '../_shared/runtime.ts';
import { composeDigestEmail, isHeldDigest, type HeldDigest } from './digest.ts';

/**
 * send-form-notification: the delivery worker of the lead outbox
 * (supabase/migrations/20261123140300_notification_outbox.sql). It never mails text from the
 * request: it claims stored, unmailed leads through the service-role functions
 * claim_lead_notifications / finish_lead_notification and mails each one, built from the stored
 * row, to the fixed NOTIFY_EMAIL_TO inbox. It then mails the patients' own confirmations the same
 * way (claim_patient_confirmations: to the address stored with the request, with its reference and
 * private link on SITE_URL; ../_shared/patient-confirmation.ts). A drain also mails the owner
 * one message about the requests nobody contacted in time (claim_first_contact_escalations;
 * ../_shared/first-contact-escalation.ts), to ESCALATION_EMAIL_TO or else NOTIFY_EMAIL_TO.
 *
 *   POST { lead_id }  a nudge (the form's call 2 after a stored lead): that lead only, if it exists,
 *                     is unmailed and due. Any other field is ignored.
 *   POST {}           a drain (pg_cron every minute in production, a timer locally): up to
 *                     BATCH due notifications.
 * Answers: 202 { ok: true, sent, failed: 0 } | 400 { error: 'invalid_body' }
 *          | 401 (no project key: the function checks callers itself) | 405
 *          | 500 { error: 'not_configured' } | 502 { error: 'delivery_failed', sent, failed }
 *          | 503 { error: 'outbox_unavailable' }
 * A failing delivery is recorded and retried by later drains; a lead is never lost by it.
 */

const MAX_BODY_BYTES = 16 * 1024;
/** X-Client-Info of the worker's own calls to the database API. */
export const WORKER_CLIENT_INFO = 'rihla-notification-worker';
const BATCH = 25;
/** Deliveries in flight at once within one drain. */
const CONCURRENCY = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored lead as claim_lead_notifications returns it. */
export interface StoredLead {
  lead_id: string;
  attempt: number;
  created_at: string;
  name: string;
  phone: string;
  country_code: string | null;
  country: string | null;
  email: string | null;
  service: string | null;
  notes: string | null;
  source: string | null;
  page_url: string | null;
  language: string | null;
  ready_to_travel: string | null;
  preferred_countries: string[] | null;
  appointment_time: string | null;
}

/** Whether a value holds a control or bidi character (../_shared/mail-text.ts, CONTROL_OR_BIDI). */
const HAS_CONTROL_OR_BIDI = new RegExp(CONTROL_OR_BIDI.source);

/** One line of text: every control or bidi character becomes a space, runs of spaces one space. */
export function singleLine(value: string | null | undefined): string {
  return (value ?? '').replace(CONTROL_OR_BIDI, ' ').replace(/\s+/g, ' ').trim();
}

/** Multi-line text: line breaks kept (as \n), every other control or bidi character removed. */
export function multiLine(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(CONTROL_OR_BIDI, ' ').trimEnd())
    .join('\n')
    .trim();
}

/** International digits of the stored number (the database's canonical_phone, for the links). */
export function internationalDigits(countryCode: string | null, phone: string): string {
  const cc = (countryCode ?? '').replace(/\D/g, '');
  const national = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (cc === '' || (national.startsWith(cc) && national.length > 9)) return national;
  return `${cc}${national}`;
}

/** Sources of the offer page's registrations ('/hair-transplant-offer', '/en/…', the older name). */
const OFFER_SOURCE = /hair-transplant-offer/;
/** "Tell me about the next offer" requests left on an ended offer's page (src/lib/offers.ts). */
const NEXT_OFFER_SOURCE = /^next-offer:/;

/** The plain-text e-mail the agency receives about one stored lead. Nothing in it is raw input. */
export function composeEmail(lead: StoredLead): { subject: string; text: string } {
  const digits = internationalDigits(lead.country_code, lead.phone);
  const nextOffer = NEXT_OFFER_SOURCE.test(lead.source ?? '');
  const offer = !nextOffer && OFFER_SOURCE.test(lead.source ?? '');
  const countries = (lead.preferred_countries ?? []).map(singleLine).filter(Boolean).join(', ');
  const line = (label: string, value: string | null | undefined) => {
    const text = singleLine(value);
    return text ? `${label}: ${text}` : null;
  };
  const lines = [
    'New submission from the website',
    '',
    line('Name', lead.name),
    `Phone: +${digits}`,
    `WhatsApp: https://wa.me/${digits}`,
    line('Email', lead.email),
    line('Service', lead.service ?? (offer ? 'hair-transplant (offer)' : null)),
    line('Country', lead.country),
    line('Preferred countries', countries),
    line('Ready to travel', lead.ready_to_travel),
    line('Appointment', lead.appointment_time),
    line('Language', lead.language),
    line('Page', lead.page_url),
    line('Source', lead.source),
    line('Received', lead.created_at),
    line('Lead id', lead.lead_id),
    '',
    'Message:',
    multiLine(lead.notes) || '-',
  ];
  // The subject is fixed text and an enum value only: a visitor cannot write any of it.
  const subject = nextOffer
    ? `طلب إشعار بالعرض القادم${lead.service ? ` (${singleLine(lead.service)})` : ''}`
    : offer
      ? 'تسجيل جديد - عرض زراعة الشعر'
      : `استشارة طبية جديدة${lead.service ? ` (${singleLine(lead.service)})` : ''}`;
  return {
    subject: `[Rihla Care] ${subject}`,
    text: lines.filter((item) => item !== null).join('\n'),
  };
}

/** A Reply-To only for a plain address (no spaces, controls, brackets, quotes or separators). */
export function replyToAddress(email: string | null): string | null {
  if (!email) return null;
  return PLAIN_ADDRESS.test(email) && !HAS_CONTROL_OR_BIDI.test(email) ? email : null;
}

/** Calls one of the outbox functions through PostgREST as the service role. */
async function rpc<T>(
  runtime: FunctionRuntime,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  const url = runtime.env('SUPABASE_URL');
  const key = runtime.env('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key) throw new Error('SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set');
  // New-style secret keys (sb_secret_…) are not JWTs: the gateway reads them from `apikey` alone.
  const headers: Record<string, string> = {
    apikey: key,
    'Content-Type': 'application/json',
    // Names the caller in API logs (the local server leaves the worker's routine calls out of its log).
    'X-Client-Info': WORKER_CLIENT_INFO,
  };
  if (!key.startsWith('sb_')) headers['Authorization'] = `Bearer ${key}`;
  const response = await runtime.fetch(`${url.replace(/\/$/, '')}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(args),
  });
  if (!response.ok) {
    throw new Error(
      `${name} answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Claims and mails due notifications (one lead for a nudge); resolves to the counts. */
export async function deliver(
  runtime: FunctionRuntime,
  leadId: string | null,
): Promise<{ sent: number; failed: number }> {
  const to = runtime.env('NOTIFY_EMAIL_TO');
  const from = runtime.env('NOTIFY_EMAIL_FROM');
  if (!to || !from) throw new NotConfigured();
  const leads = await rpc<(StoredLead | HeldDigest)[]>(runtime, 'claim_lead_notifications', {
    _lead_id: leadId,
    _limit: leadId ? 1 : BATCH,
  });
  let sent = 0;
  let failed = 0;
  const queue = [...(leads ?? [])];
  const worker = async () => {
    for (let lead = queue.shift(); lead; lead = queue.shift()) {
      const { subject, text } = isHeldDigest(lead) ? composeDigestEmail(lead) : composeEmail(lead);
      const replyTo = isHeldDigest(lead) ? null : replyToAddress(lead.email);
      let error: string | null = null;
      try {
        await runtime.mail.send({
          to,
          from,
          subject,
          text,
          ...(replyTo ? { replyTo } : {}),
          // A retried delivery of a lead the provider already accepted is not mailed twice.
          idempotencyKey: `lead-notification-${lead.lead_id}`,
        });
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
        console.error(`send-form-notification: delivery failed: ${error}`);
      }
      await rpc(runtime, 'finish_lead_notification', {
        _lead_id: lead.lead_id,
        _sent: error === null,
        _error: error,
      });
      if (error === null) sent++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const patients = await deliverPatientConfirmations(
    {
      rpc: (name, args) => rpc(runtime, name, args),
      // Replies from patients reach the agency's inbox.
      send: (message) => runtime.mail.send({ ...message, from, replyTo: to }),
      siteUrl: runtime.env('SITE_URL'),
    },
    leadId,
    BATCH,
  );
  // The patient's link again on their ask (issue 43): drains only, to the request's own address.
  const linksAgain = leadId
    ? { sent: 0, failed: 0 }
    : await deliverPatientLinksAgain(
        {
          rpc: (name, args) => rpc(runtime, name, args),
          send: (message) => runtime.mail.send({ ...message, from, replyTo: to }),
          siteUrl: runtime.env('SITE_URL'),
        },
        BATCH,
      );
  // The patient hears what happened (issue 43, item 4): quotes ready, revised, chosen, manager.
  const notices = leadId
    ? { sent: 0, failed: 0 }
    : await deliverPatientNotices(
        {
          rpc: (name, args) => rpc(runtime, name, args),
          send: (message) => runtime.mail.send({ ...message, from, replyTo: to }),
          siteUrl: runtime.env('SITE_URL'),
        },
        BATCH,
      );
  // The owner's e-mail about requests nobody contacted in time: drains only, never a form's nudge.
  const escalations = leadId
    ? { sent: 0, failed: 0 }
    : await deliverFirstContactEscalations(
        {
          rpc: (name, args) => rpc(runtime, name, args),
          send: (message) => runtime.mail.send({ ...message, from }),
          to: runtime.env('ESCALATION_EMAIL_TO') || to,
          siteUrl: runtime.env('SITE_URL'),
        },
        BATCH,
      );
  return {
    sent: sent + patients.sent + linksAgain.sent + notices.sent + escalations.sent,
    failed: failed + patients.failed + linksAgain.failed + notices.failed + escalations.failed,
  };
}

class NotConfigured extends Error {}

export function createHandler(runtime: FunctionRuntime) {
  return withCors('send-form-notification', async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });
    // config.toml turns the platform's JWT check off for this function (visitors may hold an opaque
    // publishable key), so the caller's project key is checked here instead.
    if (!callerKeyRole(request, runtime.env)) {
      return json(401, { error: 'unauthorized', message: 'a project API key is required' });
    }
    const body = await readJsonObject(request, MAX_BODY_BYTES);
    if (!body)
      return json(400, {
        error: 'invalid_body',
        issues: [{ field: '', message: 'a JSON object is required' }],
      });
    const leadId = body['lead_id'];
    if (
      leadId !== undefined &&
      leadId !== null &&
      (typeof leadId !== 'string' || !UUID.test(leadId))
    ) {
      return json(400, {
        error: 'invalid_body',
        issues: [{ field: 'lead_id', message: 'not a uuid' }],
      });
    }
    try {
      const { sent, failed } = await deliver(runtime, typeof leadId === 'string' ? leadId : null);
      if (failed > 0) return json(502, { error: 'delivery_failed', sent, failed });
      return json(202, { ok: true, sent, failed });
    } catch (error) {
      if (error instanceof NotConfigured) return json(500, { error: 'not_configured' });
      console.error(
        `send-form-notification: outbox unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
      return json(503, { error: 'outbox_unavailable' });
    }
  });
}
