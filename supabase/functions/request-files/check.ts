import { inspectFile, sniffType } from '../_shared/file-type.ts';
import type { ServiceApi } from '../_shared/service-api.ts';

/**
 * The server's check of one uploaded file (and its thumbnail), before anyone sees it: its bytes
 * must be the type the patient declared (JPEG, PNG, WebP or PDF, by content), complete, the size
 * declared and within the limit, without location metadata or active content; the thumbnail an
 * image within its own limit. Then public.finish_request_file records `ready` or `rejected`, and a
 * rejected file's objects are removed at once (the deletion outbox holds them too).
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

/** Why a file fails, or null when it passes. */
export function verdict(
  target: FileTarget,
  file: Uint8Array,
  thumb: Uint8Array | null,
): string | null {
  if (file.length > target.max_bytes) return 'too_large';
  if (file.length !== target.declared_bytes) return 'size_mismatch';
  const inspected = inspectFile(file, target.content_type);
  if (!inspected.ok) return inspected.reason;
  if (target.thumb_path) {
    if (!thumb || thumb.length > target.max_thumb_bytes) return 'thumbnail_invalid';
    const thumbType = sniffType(thumb);
    if (!thumbType?.startsWith('image/')) return 'thumbnail_invalid';
    const thumbInspected = inspectFile(thumb, thumbType);
    if (!thumbInspected.ok) return 'thumbnail_invalid';
  }
  return null;
}

/** Downloads, checks and finishes one file. `not_uploaded` while its last byte is not stored. */
export async function checkFile(api: ServiceApi, target: FileTarget): Promise<CheckOutcome> {
  const file = await api.download(BUCKET, target.object_path);
  if (!file) return { state: 'not_uploaded' };
  const thumb = target.thumb_path ? await api.download(BUCKET, target.thumb_path) : null;
  const reason = verdict(target, file, thumb);
  const finished = await api.rpc<{ state: string; reason?: string; complete?: boolean }>(
    'finish_request_file',
    { _file_id: target.file_id, _ok: reason === null, _bytes: file.length, _reason: reason },
  );
  if (finished.state === 'ready') return { state: 'ready', complete: finished.complete === true };
  const paths = [target.object_path, target.thumb_path].filter((path): path is string =>
    Boolean(path),
  );
  await api.remove(BUCKET, paths);
  return { state: 'rejected', reason: finished.reason ?? reason ?? 'invalid' };
}
