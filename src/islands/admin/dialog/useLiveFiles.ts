import { filesKey } from './filesData.ts';
import { useRequestBroadcasts } from './useRequestBroadcasts.ts';

/**
 * Keeps an open request dialog's files live: the database broadcasts each checked, refused or
 * deleted file of any request to the private topic staff:request_files (the request's and the
 * file's ids only; supabase/migrations/20261127100000_request_files.sql). A broadcast about this
 * request reloads its files and its timeline.
 */
export function useLiveFiles(requestId: string): void {
  useRequestBroadcasts('staff:request_files', requestId, filesKey(requestId));
}
