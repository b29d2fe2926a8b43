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
