import { callerKeyRole, json, preflight, readJsonObject, withCors } from '../_shared/http.ts';
import type { FunctionRuntime } from '../_shared/runtime.ts';
import { serviceApi } from '../_shared/service-api.ts';
import { drainWhatsApp } from './worker.ts';

/**
 * whatsapp-send: the WhatsApp worker (issue 46; docs/admin.md "WhatsApp conversation").
 *
 *   POST { action: 'drain' } (or {})   sends the messages staff queued in the dialog through Meta's
 *       Graph API and fetches the media still to fetch → 202 { ok, accepted, retried, failed,
 *       media: { stored, refused, retried, failed } }. The dialog asks for it right after a send
 *       (the public key: at most every DRAIN_EVERY_SECONDS, else 202 { ok, skipped: true }); pg_cron
 *       every minute and the local server's timer retry what waits.
 *
 * 401 without a project key (the platform's JWT check is off, as for request-files); 400
 * { error: 'invalid_body' }; 503 { error: 'unavailable' } when the database cannot be reached.
 * Meta's answers never fail the call: each message is finished with what Meta said.
 */

export const WHATSAPP_SEND_CLIENT_INFO = 'rihla-whatsapp-send';
export const DRAIN_EVERY_SECONDS = 2;
const MAX_BODY_BYTES = 1024;

export function createHandler(runtime: FunctionRuntime) {
  return withCors('whatsapp-send', async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });
    const role = callerKeyRole(request, runtime.env);
    if (!role) {
      return json(401, { error: 'unauthorized', message: 'a project API key is required' });
    }
    const body = await readJsonObject(request, MAX_BODY_BYTES);
    if (!body || (body['action'] ?? 'drain') !== 'drain') {
      return json(400, { error: 'invalid_body' });
    }
    try {
      const api = serviceApi(runtime, WHATSAPP_SEND_CLIENT_INFO);
      if (
        role !== 'service_role' &&
        !(await api.rpc<boolean>('claim_worker_turn', {
          _worker: 'whatsapp-send',
          _every_seconds: DRAIN_EVERY_SECONDS,
        }))
      ) {
        return json(202, { ok: true, skipped: true });
      }
      return json(202, { ok: true, ...(await drainWhatsApp(api, runtime)) });
    } catch (error) {
      console.error(`whatsapp-send: ${error instanceof Error ? error.message : String(error)}`);
      return json(503, { error: 'unavailable' });
    }
  });
}
