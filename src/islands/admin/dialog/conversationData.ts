import { supabase } from '~/lib/supabase.ts';
import { staffAction } from '~/lib/admin/writes.ts';
import { rememberedUsername } from '../session.ts';

/**
 * The request dialog's conversation with the patient on their page (issue 43; migration
 * 20261206110000_patient_conversation.sql): public.patient_messages, read under its RLS (requests
 * the caller may read), and the reply through public.reply_to_patient under the write protocol.
 */

export interface ConversationMessage {
  id: string;
  request_id: string;
  direction: 'patient' | 'staff';
  author: string | null;
  body: string;
  created_at: string;
}

export const conversationKey = (requestId: string) =>
  ['admin', 'patient-conversation', requestId] as const;

export async function fetchPatientConversation(requestId: string): Promise<ConversationMessage[]> {
  const { data, error } = await supabase
    .from('patient_messages')
    .select('id, request_id, direction, author, body, created_at')
    .eq('request_id', requestId)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return data as ConversationMessage[];
}

/** A reply, once per `key` (the same key again is the same reply, answered with what is stored). */
export async function replyToPatient(requestId: string, body: string, key: string) {
  return (await staffAction(
    'reply_to_patient',
    { _request_id: requestId, _body: body },
    key,
  )) as unknown as ConversationMessage & { replayed: boolean };
}

/**
 * What is typed into the reply and the key of a send whose outcome is not known yet, kept in this
 * tab's sessionStorage until the database holds the reply: a reload or a lost connection loses
 * nothing, a retry is the same reply, and a shared computer keeps nothing once the tab is closed.
 */
export interface KeptReply {
  text: string;
  /** Set from the first press until an answer or a refusal settles it. */
  key: string | null;
}

const keptKey = (requestId: string) =>
  `rihla.admin.reply.${encodeURIComponent(rememberedUsername() ?? '')}.${requestId}`;

export function readKeptReply(requestId: string): KeptReply {
  try {
    const raw = sessionStorage.getItem(keptKey(requestId));
    const kept = raw ? (JSON.parse(raw) as Partial<KeptReply>) : null;
    return {
      text: typeof kept?.text === 'string' ? kept.text : '',
      key: typeof kept?.key === 'string' ? kept.key : null,
    };
  } catch {
    return { text: '', key: null };
  }
}

export function keepReply(requestId: string, kept: KeptReply): void {
  try {
    if (kept.text || kept.key) sessionStorage.setItem(keptKey(requestId), JSON.stringify(kept));
    else sessionStorage.removeItem(keptKey(requestId));
  } catch {
    // Storage blocked: the composer still holds the text while the dialog is open.
  }
}
