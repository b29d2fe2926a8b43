import { useRequestBroadcasts } from './useRequestBroadcasts.ts';
import { whatsappKey } from './whatsappData.ts';

/**
 * Keeps an open request dialog's WhatsApp conversation live: the database broadcasts each message
 * stored and each state Meta reports to the private topic staff:whatsapp_messages (the request's
 * and the message's ids and the state only; migration 20261203150000_whatsapp_messages.sql). Any
 * broadcast reloads the conversation (a message may join another request of the same person,
 * merged or of the same number, which the dialog cannot tell from the ids; the reload is one call
 * while the dialog is open); one about this request reloads its timeline too.
 */
export function useLiveWhatsApp(requestId: string): void {
  useRequestBroadcasts('staff:whatsapp_messages', requestId, whatsappKey(requestId), true);
}
