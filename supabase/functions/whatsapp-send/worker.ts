import type { FunctionRuntime } from '../_shared/runtime.ts';
import type { ServiceApi } from '../_shared/service-api.ts';
import { fetchPendingMedia, type MediaResult } from '../_shared/whatsapp-media.ts';
import { graphConfig, sendWhatsApp, type OutboundMessage } from '../_shared/whatsapp-graph.ts';

/**
 * One run of the WhatsApp worker (issue 46): the patient notices due on WhatsApp join the outbox
 * as approved templates under the recipient policy (public.queue_whatsapp_notices), then the
 * outbox of messages staff wrote in the dialog and those (public.claim_whatsapp_sends → Meta's Graph API → public.finish_whatsapp_send with Meta's message
 * id, a retry when Meta was not reached, or Meta's refusal), then the media still to fetch.
 * Meta's delivery states follow through the webhook (public.whatsapp_status).
 */

interface ClaimedSend {
  message_id: string;
  to: string;
  kind: 'text' | 'template';
  body: string;
  template_name: string | null;
  template_language: string | null;
}

export interface SendResult {
  accepted: number;
  retried: number;
  failed: number;
  media: MediaResult;
}

const ROUNDS = 5;

export async function drainWhatsApp(
  api: ServiceApi,
  runtime: FunctionRuntime,
): Promise<SendResult> {
  const result: SendResult = {
    accepted: 0,
    retried: 0,
    failed: 0,
    media: { stored: 0, refused: 0, retried: 0, failed: 0 },
  };
  const config = graphConfig(runtime.env);
  // Without the token nothing is claimed: the messages wait, queued, until it is set.
  for (let round = 0; config && round < ROUNDS; round++) {
    // The product's own messages (patient notices on WhatsApp) join the outbox first.
    if (round === 0) await api.rpc<number>('queue_whatsapp_notices', { _limit: 20 });
    const claimed = await api.rpc<ClaimedSend[]>('claim_whatsapp_sends', { _limit: 20 });
    if (claimed.length === 0) break;
    for (const send of claimed) {
      const message: OutboundMessage =
        send.kind === 'template'
          ? {
              kind: 'template',
              to: send.to,
              name: send.template_name ?? '',
              language: send.template_language ?? 'ar',
            }
          : { kind: 'text', to: send.to, body: send.body };
      const outcome = await sendWhatsApp(runtime, config, message);
      const finished = await api.rpc<string>(
        'finish_whatsapp_send',
        outcome.ok
          ? { _message_id: send.message_id, _wa_message_id: outcome.value }
          : {
              _message_id: send.message_id,
              _wa_message_id: null,
              _error: outcome.error,
              _retry: outcome.retry,
            },
      );
      if (finished === 'accepted') result.accepted += 1;
      else if (finished === 'retry') result.retried += 1;
      else if (finished === 'failed') result.failed += 1;
    }
  }
  result.media = await fetchPendingMedia(api, runtime);
  return result;
}
