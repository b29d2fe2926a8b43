import { conversationKey } from './conversationData.ts';
import { useRequestBroadcasts } from './useRequestBroadcasts.ts';

/**
 * Keeps an open request dialog's conversation with the patient live: the database broadcasts each
 * message stored (the patient's from their page, a colleague's reply) to the private topic
 * staff:patient_messages with the request's and the message's ids only (migration
 * 20261206110000_patient_conversation.sql). One about this request reloads the conversation and
 * the timeline.
 */
export function useLiveConversation(requestId: string): void {
  useRequestBroadcasts('staff:patient_messages', requestId, conversationKey(requestId));
}
