import { callerKeyRole, json, preflight, readJsonObject, withCors } from '../_shared/http.ts';
import type { FunctionRuntime } from '../_shared/runtime.ts';
import { serviceApi, type ServiceApi } from '../_shared/service-api.ts';
import { BUCKET, checkFile, type FileTarget } from './check.ts';
import { drain, drainDeletions } from './worker.ts';

/**
 * request-files: the server side of the patient's photos and documents (issue 30,
 * docs/patient-page.md "Photos and documents"). The patient's page has begun a file with
 * public.patient_file_begin (its token, slot, type and size: the limits are checked there); this
 * function, holding the service key, then
 *
 *   POST { action: 'sign', token, file_id }    signed upload tokens for that file's object and
 *       thumbnail only (createSignedUploadUrl; the page uploads the file resumably with TUS and
 *       the thumbnail with uploadToSignedUrl) → 200 { bucket, object, thumb } (each { path,
 *       token } or { path, exists: true } when already stored)
 *   POST { action: 'finish', token, file_id }  downloads the file, checks its bytes and records the
 *       outcome → 200 { state: 'ready', complete } | { state: 'rejected', reason }, or 409
 *       { error: 'not_uploaded' } while its last byte is missing (the page resumes)
 *   POST { action: 'drain' } (or {})           the worker (pg_cron every minute; the local server's
 *       timer): unfinished checks and the deletion outbox → 202 { ok, checked, deleted, failed };
 *       with the public key at most every DRAIN_EVERY_SECONDS, else 202 { ok, skipped: true }
 *   POST { action: 'thumbs', token }          download URLs (10 minutes) of the thumbnails of the
 *       link's received photos, so the page shows which picture went where (issue 43) → 200
 *       { thumbs: { <file id>: url } }; a dead link answers 404 { error: 'unknown_file' }
 *   POST { action: 'deletions' }              the deletion outbox only, asked the moment objects
 *       are queued (an erasure, a withdrawal: migration 20261203110000, pg_net after the commit)
 *       → 202 { ok, deleted, failed }; with the public key at most every DELETIONS_EVERY_SECONDS
 *
 * 404 { error: 'unknown_file' } for a token and file that do not belong together (dead link,
 * another patient's file); 400 { error: 'invalid_body' }; 401 without a project key (the
 * platform's JWT check is off: visitors may hold an opaque publishable key); 503
 * { error: 'storage_unavailable' } when the database or Storage cannot be reached.
 */

const MAX_BODY_BYTES = 4 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{22,128}$/;
/** How long the page's thumbnail URLs live: the page asks again when it looks again. */
const THUMB_URL_SECONDS = 600;
/** X-Client-Info of this function's own calls (the local server leaves them out of its log). */
export const FILES_CLIENT_INFO = 'rihla-request-files';

async function sign(api: ServiceApi, target: FileTarget): Promise<Response> {
  if (target.state !== 'uploading')
    return json(409, { error: 'not_uploading', state: target.state });
  const part = async (path: string) => {
    const token = await api.signUpload(BUCKET, path);
    return token === null ? { path, exists: true } : { path, token };
  };
  const [object, thumb] = await Promise.all([
    part(target.object_path),
    target.thumb_path ? part(target.thumb_path) : null,
  ]);
  return json(200, { bucket: BUCKET, content_type: target.content_type, object, thumb });
}

async function finish(api: ServiceApi, target: FileTarget): Promise<Response> {
  if (target.state !== 'uploading') {
    return json(200, { state: target.state, complete: false });
  }
  const outcome = await checkFile(api, target);
  if (outcome.state === 'not_uploaded') return json(409, { error: 'not_uploaded' });
  return json(200, outcome);
}

/** The shortest time between two drains asked with the public key (pg_cron's is a minute). */
export const DRAIN_EVERY_SECONDS = 20;
/** The same for the deletion pass alone, which every erasure asks for at once. */
export const DELETIONS_EVERY_SECONDS = 1;

export function createHandler(runtime: FunctionRuntime) {
  return withCors('request-files', async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });
    const role = callerKeyRole(request, runtime.env);
    if (!role) {
      return json(401, { error: 'unauthorized', message: 'a project API key is required' });
    }
    const body = await readJsonObject(request, MAX_BODY_BYTES);
    const action = body?.['action'] ?? 'drain';
    if (
      !body ||
      (action !== 'sign' &&
        action !== 'finish' &&
        action !== 'drain' &&
        action !== 'deletions' &&
        action !== 'thumbs')
    ) {
      return json(400, { error: 'invalid_body' });
    }
    try {
      const api = serviceApi(runtime, FILES_CLIENT_INFO);
      if (action === 'thumbs') {
        const token = body['token'];
        if (typeof token !== 'string' || !TOKEN.test(token)) {
          return json(400, { error: 'invalid_body' });
        }
        const files = await api.rpc<{ id: string; thumb: string }[] | null>('request_file_thumbs', {
          _token: token,
        });
        if (!files) return json(404, { error: 'unknown_file' });
        const urls = await api.signReads(
          BUCKET,
          files.map((file) => file.thumb),
          THUMB_URL_SECONDS,
        );
        return json(200, {
          thumbs: Object.fromEntries(
            files.filter((file) => urls[file.thumb]).map((file) => [file.id, urls[file.thumb]]),
          ),
        });
      }
      if (action === 'deletions') {
        if (
          role !== 'service_role' &&
          !(await api.rpc<boolean>('claim_worker_turn', {
            _worker: 'request-files-deletions',
            _every_seconds: DELETIONS_EVERY_SECONDS,
          }))
        ) {
          return json(202, { ok: true, skipped: true });
        }
        return json(202, { ok: true, ...(await drainDeletions(api)) });
      }
      if (action === 'drain') {
        // pg_cron drains with the public key every minute; anyone else with it at most every
        // DRAIN_EVERY_SECONDS (public.claim_worker_turn), the service key always.
        if (
          role !== 'service_role' &&
          !(await api.rpc<boolean>('claim_worker_turn', {
            _worker: 'request-files',
            _every_seconds: DRAIN_EVERY_SECONDS,
          }))
        ) {
          return json(202, { ok: true, skipped: true });
        }
        return json(202, { ok: true, ...(await drain(api)) });
      }
      const token = body['token'];
      const fileId = body['file_id'];
      if (
        typeof token !== 'string' ||
        !TOKEN.test(token) ||
        typeof fileId !== 'string' ||
        !UUID.test(fileId)
      ) {
        return json(400, { error: 'invalid_body' });
      }
      const target = await api.rpc<FileTarget | null>('request_file_upload_target', {
        _token: token,
        _file_id: fileId,
      });
      if (!target) return json(404, { error: 'unknown_file' });
      return action === 'sign' ? await sign(api, target) : await finish(api, target);
    } catch (error) {
      console.error(`request-files: ${error instanceof Error ? error.message : String(error)}`);
      return json(503, { error: 'storage_unavailable' });
    }
  });
}
