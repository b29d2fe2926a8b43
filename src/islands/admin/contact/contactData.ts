/**
 * The calls of issue 32's parts of the dashboard and the request dialog: templates, a request's
 * message context, the contact log (WhatsApp, calls), the first-contact queue and the caller's duty
 * (supabase/migrations/20261127120000–120300). Security-definer functions check the caller's live
 * staff session themselves; the templates are read under row-level security.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import type { CallOutcome } from '~/lib/admin/contact-events.ts';
import type { AlertRow } from '~/lib/admin/first-contact.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import { staffAction } from '~/lib/admin/writes.ts';
import type { Tables } from '~/lib/database.types.ts';
import { supabase } from '~/lib/supabase.ts';

export type MessageTemplate = Tables<'message_templates'>;

export interface StoredMessageContext {
  name: string | null;
  treatment: string | null;
  reference: string | null;
  language: 'ar' | 'en';
  manager: string | null;
  quotes_sent: number;
}

export const contactKeys = {
  templates: ['admin', 'message_templates'] as const,
  context: (id: string, version: number, assignee: string | null) =>
    ['admin', 'message_context', id, version, assignee] as const,
  queue: ['admin', 'first_contact_queue'] as const,
  duty: ['admin', 'my_duty'] as const,
};

export function dataError(error: PostgrestError, status: number): AdminDataError {
  return Object.assign(new AdminDataError(error.message, status, error.code), {
    hint: error.hint,
    details: error.details,
  });
}

/** Every template, archived ones too, in the owners' order. */
export async function fetchTemplates(): Promise<MessageTemplate[]> {
  const { data, error, status } = await supabase
    .from('message_templates')
    .select('*')
    .order('position', { ascending: true })
    .order('created_at', { ascending: true });
  if (error) throw dataError(error, status);
  return data ?? [];
}

export async function fetchMessageContext(requestId: string): Promise<StoredMessageContext> {
  const { data, error, status } = await supabase.rpc('message_context', {
    _request_id: requestId,
  });
  if (error) throw dataError(error, status);
  return data as unknown as StoredMessageContext;
}

/** The template and the version of its text that went out (null: the chat opened without one). */
export interface SentTemplate {
  id: string;
  version: number;
}

/**
 * Records the WhatsApp message sent with `template` (its version as the list showed it: the record
 * is kept although the template was edited or archived since). `key`: the record's idempotency
 * key, the same for each retry of this record (a repeat is answered with the first record).
 */
export async function logWhatsapp(
  requestId: string,
  template: SentTemplate | null,
  key: string,
): Promise<void> {
  await staffAction(
    'log_whatsapp_message',
    {
      _request_id: requestId,
      _template_id: template?.id ?? (null as unknown as string),
      _template_version: template?.version ?? (null as unknown as number),
    },
    key,
  );
}

/**
 * Records a call and its outcome; a call back also sets the follow-up unless `setFollowUp` is
 * false. `key`: the record's idempotency key, as for logWhatsapp.
 */
export async function logCall(
  requestId: string,
  outcome: CallOutcome,
  callBackAt: Date | null,
  setFollowUp: boolean,
  key: string,
): Promise<void> {
  await staffAction(
    'log_call',
    {
      _request_id: requestId,
      _outcome: outcome,
      // null: no call back (the generated types do not know the argument may be null).
      _call_back_at: callBackAt ? callBackAt.toISOString() : (null as unknown as string),
      _set_follow_up: setFollowUp,
    },
    key,
  );
}

/** The requests waiting for their first contact, earliest due first (the alerts' list). */
export async function fetchFirstContactQueue(): Promise<AlertRow[]> {
  const { data, error, status } = await supabase.rpc('first_contact_queue');
  if (error) throw dataError(error, status);
  return data ?? [];
}

export interface MyDuty {
  on_duty: boolean;
  routing_enabled: boolean;
}

export async function fetchMyDuty(): Promise<MyDuty | null> {
  const { data, error, status } = await supabase.rpc('my_duty');
  if (error) throw dataError(error, status);
  return (data as unknown as MyDuty | null) ?? null;
}

export async function setMyDuty(onDuty: boolean): Promise<boolean> {
  const { data, error, status } = await supabase.rpc('set_my_duty', { _on_duty: onDuty });
  if (error) throw dataError(error, status);
  return Boolean(data);
}
