import { callerKeyRole, json, preflight, readJsonObject, withCors } from '../_shared/http.ts';
import type { FunctionRuntime } from '../_shared/runtime.ts';

/**
 * send-form-notification (spec call 2): after a lead is stored, the form asks for an e-mail to the
 * agency's inbox. The recipient is fixed by the NOTIFY_EMAIL_TO secret, never chosen by the caller,
 * and every field is validated and bounded. A failure here never loses the lead: the browser has
 * already stored it, and the answer is not read (the spec ignores it).
 *
 * Body: { name, phone, email?, service?, message?, subject?, country?, language?, page_url?, lead_id? }
 * Answers: 202 { ok: true, id } | 400 { error: 'invalid_body', issues } | 401 (no project key) | 405
 *          | 500 { error: 'not_configured' }
 *          | 502 { error: 'delivery_failed' }
 */

const MAX_BODY_BYTES = 16 * 1024;

interface Issue {
  field: string;
  message: string;
}

export interface FormNotification {
  name: string;
  phone: string;
  email: string | null;
  service: string | null;
  message: string | null;
  subject: string | null;
  country: string | null;
  language: string | null;
  pageUrl: string | null;
  leadId: string | null;
}

/**
 * Single-line fields end up in e-mail headers (the subject): every control character, and the
 * Unicode line and paragraph separators, become a space. The message is the plain-text body and is
 * kept as typed.
 */
const lineBreakers = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Validates the body; returns the notification or the list of problems. */
export function parseNotification(body: Record<string, unknown>): FormNotification | Issue[] {
  const issues: Issue[] = [];
  const text = (field: string, max: number, required = false, singleLine = true): string | null => {
    const value = body[field];
    if (
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '')
    ) {
      if (required) issues.push({ field, message: 'required' });
      return null;
    }
    if (typeof value !== 'string') {
      issues.push({ field, message: 'must be a string' });
      return null;
    }
    const trimmed = singleLine ? value.replace(lineBreakers, ' ').trim() : value.trim();
    if (trimmed.length > max) issues.push({ field, message: `at most ${max} characters` });
    return trimmed;
  };
  const name = text('name', 100, true);
  if (name !== null && name.length < 2)
    issues.push({ field: 'name', message: 'at least 2 characters' });
  const rawPhone = text('phone', 32, true);
  const phone = rawPhone === null ? null : rawPhone.replace(/[\s()-]/g, '').replace(/^\+|^00/, '');
  if (phone !== null && !/^[0-9]{8,15}$/.test(phone)) {
    issues.push({ field: 'phone', message: '8 to 15 digits' });
  }
  const email = text('email', 254);
  if (email !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    issues.push({ field: 'email', message: 'not an e-mail address' });
  }
  const leadId = text('lead_id', 36);
  if (
    leadId !== null &&
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(leadId)
  ) {
    issues.push({ field: 'lead_id', message: 'not a uuid' });
  }
  const notification = {
    name: name ?? '',
    phone: phone ?? '',
    email,
    service: text('service', 100),
    message: text('message', 2000, false, false),
    subject: text('subject', 200),
    country: text('country', 100),
    language: text('language', 10),
    pageUrl: text('page_url', 2000),
    leadId,
  };
  return issues.length ? issues : notification;
}

/** The plain-text e-mail the agency receives. */
export function composeEmail(notification: FormNotification): { subject: string; text: string } {
  const lines = [
    'New submission from the website',
    '',
    `Name: ${notification.name}`,
    `Phone: +${notification.phone}`,
    `WhatsApp: https://wa.me/${notification.phone}`,
    notification.email ? `Email: ${notification.email}` : null,
    notification.service ? `Service: ${notification.service}` : null,
    notification.country ? `Country: ${notification.country}` : null,
    notification.language ? `Language: ${notification.language}` : null,
    notification.pageUrl ? `Page: ${notification.pageUrl}` : null,
    notification.leadId ? `Lead id: ${notification.leadId}` : null,
    '',
    'Message:',
    notification.message ?? '-',
  ];
  return {
    subject: `[Rihla Care] ${notification.subject ?? 'New consultation request'}`,
    text: lines.filter((line) => line !== null).join('\n'),
  };
}

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
    const parsed = parseNotification(body);
    if (Array.isArray(parsed)) return json(400, { error: 'invalid_body', issues: parsed });
    const to = runtime.env('NOTIFY_EMAIL_TO');
    const from = runtime.env('NOTIFY_EMAIL_FROM');
    if (!to || !from) return json(500, { error: 'not_configured' });
    const { subject, text } = composeEmail(parsed);
    try {
      const { id } = await runtime.mail.send({
        to,
        from,
        subject,
        text,
        ...(parsed.email ? { replyTo: parsed.email } : {}),
      });
      return json(202, { ok: true, id });
    } catch (error) {
      console.error(
        `send-form-notification: delivery failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return json(502, { error: 'delivery_failed' });
    }
  });
}
