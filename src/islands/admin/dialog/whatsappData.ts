import { staffAction } from '~/lib/admin/writes.ts';
import { supabase } from '~/lib/supabase.ts';

/**
 * The request dialog's WhatsApp conversation (issue 46): public.request_whatsapp answers the
 * messages of the request's person (the number's requests and merged ones) that staff may read,
 * and the 24-hour customer-service window counted from the patient's last message.
 */

export interface WhatsAppMessage {
  id: string;
  request_id: string;
  direction: 'in' | 'out';
  kind: 'text' | 'image' | 'document' | 'audio' | 'video' | 'location' | 'template';
  body: string | null;
  media_type: string | null;
  media_name: string | null;
  latitude: number | null;
  longitude: number | null;
  place_name: string | null;
  place_address: string | null;
  sent_at: string;
  state: 'received' | 'queued' | 'sent' | 'delivered' | 'read' | 'failed';
  error_code: number | null;
  error_title: string | null;
  error_detail: string | null;
  author: string | null;
  template_name: string | null;
  /** An inbound photo or document: fetched into the request's files, or why not. */
  media_state?: 'pending' | 'stored' | 'refused' | 'failed' | null;
  media_reason?: string | null;
}

export interface WhatsAppConversation {
  messages: WhatsAppMessage[];
  last_inbound_at: string | null;
  window_open: boolean;
  window_closes_at: string | null;
}

export const whatsappKey = (requestId: string) => ['admin', 'whatsapp', requestId] as const;

export async function fetchConversation(requestId: string): Promise<WhatsAppConversation> {
  const { data, error } = await supabase.rpc('request_whatsapp', { _request_id: requestId });
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return data as unknown as WhatsAppConversation;
}

/** A template Meta approved, as the composer offers it (public.whatsapp_templates). */
export interface WhatsAppTemplate {
  name: string;
  language: 'ar' | 'en';
  body: string;
}

export const whatsappTemplatesKey = ['admin', 'whatsapp-templates'] as const;

export async function fetchWhatsAppTemplates(): Promise<WhatsAppTemplate[]> {
  const { data, error } = await supabase.rpc('whatsapp_templates');
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return data as unknown as WhatsAppTemplate[];
}

/**
 * Queues a WhatsApp message through the Cloud API (public.send_whatsapp_message, once per `key`:
 * the same key again is the same message), then asks the worker to send it now; the worker's own
 * schedule sends it otherwise. The database refuses free text outside the 24-hour window.
 */
export async function sendWhatsAppMessage(
  requestId: string,
  what: { text: string } | { template: string; language: string },
  key: string,
) {
  const sent = await staffAction(
    'send_whatsapp_message',
    {
      _request_id: requestId,
      _text: 'text' in what ? what.text : (null as unknown as string),
      _template: 'template' in what ? what.template : (null as unknown as string),
      _template_language: 'template' in what ? what.language : (null as unknown as string),
    },
    key,
  );
  void supabase.functions.invoke('whatsapp-send', { body: { action: 'drain' } }).catch(() => {});
  return sent;
}
