import type { ServiceApi } from '../_shared/service-api.ts';
import { checkFile, type FileTarget } from './check.ts';

/**
 * The request-files worker (every minute by pg_cron in production, every few seconds by the local
 * server): checks uploads whose page never finished them (a tab closed after the last byte), then
 * drains the deletion outbox through the Storage API: the objects of erased, withdrawn, purged,
 * expired, replaced, removed and refused files, and orphans nothing names (queued by
 * public.claim_storage_deletions itself). A failed removal is retried with growing delays.
 */

const ROUNDS = 10;
const BATCH = 100;

export interface DrainResult {
  checked: number;
  deleted: number;
  failed: number;
}

/** Removes claimed objects, bucket by bucket; resolves to (removed, failed) counts. */
export async function drainDeletions(
  api: ServiceApi,
): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const claimed = await api.rpc<{ id: number; bucket_id: string; object_path: string }[]>(
      'claim_storage_deletions',
      { _limit: BATCH },
    );
    if (claimed.length === 0) break;
    const byBucket = new Map<string, typeof claimed>();
    for (const row of claimed)
      byBucket.set(row.bucket_id, [...(byBucket.get(row.bucket_id) ?? []), row]);
    for (const [bucket, rows] of byBucket) {
      const ids = rows.map((row) => row.id);
      try {
        await api.remove(
          bucket,
          rows.map((row) => row.object_path),
        );
        await api.rpc('finish_storage_deletions', { _done: ids, _failed: [] });
        deleted += rows.length;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`request-files: removal failed: ${message}`);
        await api.rpc('finish_storage_deletions', { _done: [], _failed: ids, _error: message });
        failed += rows.length;
      }
    }
  }
  return { deleted, failed };
}

/** One run of the worker. */
export async function drain(api: ServiceApi): Promise<DrainResult> {
  let checked = 0;
  for (const target of await api.rpc<FileTarget[]>('pending_request_file_checks', { _limit: 20 })) {
    const outcome = await checkFile(api, target);
    if (outcome.state !== 'not_uploaded') checked++;
  }
  return { checked, ...(await drainDeletions(api)) };
}
