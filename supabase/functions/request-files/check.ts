import { gateFile, sniffType } from '../_shared/file-gate.ts';
import type { ServiceApi } from '../_shared/service-api.ts';

/**
 * The server's check of one uploaded file (and its thumbnail), before anyone sees it: the size
 * declared and within the limit, then the one file gate (../_shared/file-gate.ts) on its bytes and
 * the Content-Type Storage holds it under: the type declared, complete, nothing after its end,
 * within the pixel bounds, without metadata that can carry a location or text, without active
 * content; the thumbnail an image within its own limit that passes the same gate. Then
 * public.finish_request_file records `ready` or `rejected`, and a rejected file's objects are
 * removed at once (the deletion outbox holds them too).
 */

export const BUCKET = 'request-files';

/** What public.request_file_upload_target and pending_request_file_checks answer per file. */
export interface FileTarget {
  file_id: string;
  request_id: string;
  slot: string;
  state: 'uploading' | 'ready' | 'rejected';
  kind: 'image' | 'pdf';
  content_type: string;
  declared_bytes: number;
  object_path: string;
  thumb_path: string | null;
  created_at: string;
  max_bytes: number;
  max_thumb_bytes: number;
}

export type CheckOutcome =
  | { state: 'not_uploaded' }
  | { state: 'ready'; complete: boolean }
  | { state: 'rejected'; reason: string };

/** A stored object: its bytes and the Content-Type Storage serves it with (null: not known). */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string | null;
}

/** Why a file fails, or null when it passes. */
export async function verdict(
  target: FileTarget,
  file: StoredObject,
  thumb: StoredObject | null,
): Promise<string | null> {
  if (file.bytes.length > target.max_bytes) return 'too_large';
  if (file.bytes.length !== target.declared_bytes) return 'size_mismatch';
  const gated = await gateFile(file.bytes, target.content_type, file.contentType);
  if (!gated.ok) return gated.reason;
  if (target.thumb_path) {
    if (!thumb || thumb.bytes.length > target.max_thumb_bytes) return 'thumbnail_invalid';
    const thumbType = sniffType(thumb.bytes);
    if (!thumbType?.startsWith('image/')) return 'thumbnail_invalid';
    const thumbGated = await gateFile(thumb.bytes, thumbType, thumb.contentType);
    if (!thumbGated.ok) return 'thumbnail_invalid';
  }
  return null;
}

/** Downloads, checks and finishes one file. `not_uploaded` while its last byte is not stored. */
export async function checkFile(api: ServiceApi, target: FileTarget): Promise<CheckOutcome> {
  const file = await api.download(BUCKET, target.object_path);
  if (!file) return { state: 'not_uploaded' };
  const thumb = target.thumb_path ? await api.download(BUCKET, target.thumb_path) : null;
  const reason = await verdict(target, file, thumb);
  const finished = await api.rpc<{ state: string; reason?: string; complete?: boolean }>(
    'finish_request_file',
    { _file_id: target.file_id, _ok: reason === null, _bytes: file.bytes.length, _reason: reason },
  );
  if (finished.state === 'ready') return { state: 'ready', complete: finished.complete === true };
  const paths = [target.object_path, target.thumb_path].filter((path): path is string =>
    Boolean(path),
  );
  await api.remove(BUCKET, paths);
  return { state: 'rejected', reason: finished.reason ?? reason ?? 'invalid' };
}
