import { json, preflight, withCors } from '../_shared/http.ts';
import type { FunctionRuntime } from '../_shared/runtime.ts';
import { serviceApi, ServiceApiError } from '../_shared/service-api.ts';
import { fetchPendingMedia } from '../_shared/whatsapp-media.ts';
import { readPayload } from './payload.ts';
import { constantTimeEqual, validSignature } from './signature.ts';

/**
 * whatsapp-webhook: the WhatsApp Cloud API's webhook (issue 46, docs/admin.md "WhatsApp").
 *
 *   GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…   Meta's verification handshake:
 *       200 with the challenge when the token is WHATSAPP_VERIFY_TOKEN, else 403
 *   POST (Meta's notification, signed)   the body's X-Hub-Signature-256 is checked over the raw
 *       bytes with WHATSAPP_APP_SECRET, in constant time: 401 { error: 'bad_signature' } otherwise,
 *       and nothing is read. Each message goes to public.whatsapp_receive (the request of its
 *       number, or a new one; an id seen before is stored once), each status to
 *       public.whatsapp_status → 200 { ok, received, duplicates, statuses, skipped }. An image or
 *       a document is then fetched from the Graph API into the request's files through the file
 *       gate (_shared/whatsapp-media.ts); what fails there waits for the whatsapp-send worker.
 *
 * 503 when the database cannot be reached, so Meta delivers the notification again (it retries
 * what is not answered 200): a message is never lost, and its second delivery is a duplicate.
 * 503 { error: 'not_configured' } without the app secret (an unsigned body is never accepted).
 * 413 for a body over MAX_BODY_BYTES. The platform's JWT check is off (Meta sends no JWT).
 */

export const WHATSAPP_CLIENT_INFO = 'rihla-whatsapp-webhook';
/** Meta's notifications are small (a few KB); a batch of many is still far below this. */
export const MAX_BODY_BYTES = 1024 * 1024;

function verify(request: Request, runtime: FunctionRuntime): Response {
  const url = new URL(request.url);
  const expected = runtime.env('WHATSAPP_VERIFY_TOKEN');
  const token = url.searchParams.get('hub.verify_token') ?? '';
  const challenge = url.searchParams.get('hub.challenge') ?? '';
  if (
    !expected ||
    url.searchParams.get('hub.mode') !== 'subscribe' ||
    !constantTimeEqual(token, expected) ||
    // Meta's challenge is a number; nothing else is echoed back.
    !/^[0-9A-Za-z_-]{1,128}$/.test(challenge)
  ) {
    return json(403, { error: 'forbidden' });
  }
  return new Response(challenge, {
    status: 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

async function readBody(request: Request): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return null;
  const body = new Uint8Array(await request.arrayBuffer());
  return body.byteLength > MAX_BODY_BYTES ? null : body;
}

export function createHandler(runtime: FunctionRuntime) {
  return withCors('whatsapp-webhook', async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method === 'GET') return verify(request, runtime);
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });
    const secret = runtime.env('WHATSAPP_APP_SECRET');
    if (!secret) return json(503, { error: 'not_configured' });
    const body = await readBody(request);
    if (!body) return json(413, { error: 'too_large' });
    if (!(await validSignature(secret, body, request.headers.get('x-hub-signature-256')))) {
      return json(401, { error: 'bad_signature' });
    }
    let payload: unknown;
    try {
      payload = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return json(400, { error: 'invalid_body' });
    }
    const read = readPayload(payload, runtime.env('WHATSAPP_PHONE_NUMBER_ID') || undefined);
    if (!read) return json(400, { error: 'invalid_body' });

    const counts = { received: 0, duplicates: 0, statuses: 0, skipped: read.skipped };
    try {
      const api = serviceApi(runtime, WHATSAPP_CLIENT_INFO);
      // A refusal of one item (the database's checks, 4xx) is counted and the rest go on; the
      // database out of reach (5xx, network) answers 503 and Meta delivers it all again.
      const refusedOnly = async (work: () => Promise<void>) => {
        try {
          await work();
        } catch (error) {
          if (!(error instanceof ServiceApiError) || error.status >= 500) throw error;
          console.error(`whatsapp-webhook: refused: ${error.message}`);
          counts.skipped += 1;
        }
      };
      const media: string[] = [];
      for (const message of read.messages) {
        await refusedOnly(async () => {
          const stored = await api.rpc<{ duplicate: boolean; message_id: string }>(
            'whatsapp_receive',
            { _message: message },
          );
          if (stored.duplicate) counts.duplicates += 1;
          else counts.received += 1;
          if (!stored.duplicate && (message.type === 'image' || message.type === 'document')) {
            media.push(stored.message_id);
          }
        });
      }
      for (const status of read.statuses) {
        await refusedOnly(async () => {
          if (await api.rpc<boolean>('whatsapp_status', { _status: status })) counts.statuses += 1;
        });
      }
      // The message is stored: its medium is fetched now, through the file gate, and a failure
      // here never makes Meta deliver the message again (the worker fetches it later).
      for (const messageId of media) {
        await fetchPendingMedia(api, runtime, messageId).catch((error: unknown) => {
          console.error(
            `whatsapp-webhook: media: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
      }
    } catch (error) {
      console.error(`whatsapp-webhook: ${error instanceof Error ? error.message : String(error)}`);
      return json(503, { error: 'unavailable' });
    }
    return json(200, { ok: true, ...counts });
  });
}
