/**
 * The request dialog's calls about photos and documents (supabase/migrations/20261127100200_…):
 * public.request_files (slots, checked files and their object paths, asks, "photos received") and
 * public.ask_for_request_file, both refusing non-staff; and short-lived signed URLs from Storage
 * (created as the staff member, so the read policy on storage.objects decides).
 */
import { staffAction } from '~/lib/admin/writes.ts';
import { supabase } from '~/lib/supabase.ts';

export const FILES_BUCKET = 'request-files';
/** How long a viewing link lives (seconds): long enough to look, too short to pass around. */
export const SIGNED_SECONDS = 300;

export interface StaffFile {
  id: string;
  kind: 'image' | 'pdf';
  content_type: string;
  bytes: number | null;
  file_name: string | null;
  created_at: string;
  object_path: string;
  thumb_path: string | null;
}

export interface StaffSlot {
  slot: string;
  required: boolean;
  max_files: number;
  asked_at: string | null;
  files: StaffFile[];
}

export interface StaffFilesView {
  slots: StaffSlot[];
  complete_at: string | null;
}

export const filesKey = (requestId: string) => ['admin', 'request_files', requestId] as const;
export const thumbsKey = (requestId: string, paths: string[]) =>
  ['admin', 'request_file_thumbs', requestId, paths.join('|')] as const;

const fail = (error: { message: string; code?: string }) => {
  throw Object.assign(new Error(error.message), { code: error.code });
};

export async function fetchRequestFiles(requestId: string): Promise<StaffFilesView | null> {
  const { data, error } = await supabase.rpc('request_files', { _request_id: requestId });
  if (error) fail(error);
  return data as unknown as StaffFilesView | null;
}

/** Asks the patient for a slot's file: one action under the write protocol (a repeat asks once). */
export async function askForFile(requestId: string, slot: string): Promise<void> {
  await staffAction('ask_for_request_file', { _request_id: requestId, _slot: slot });
}

/** Signed viewing URLs for `paths`, by path (null where Storage refused one). */
export async function signedUrls(paths: string[]): Promise<Record<string, string | null>> {
  if (!paths.length) return {};
  const { data, error } = await supabase.storage
    .from(FILES_BUCKET)
    .createSignedUrls(paths, SIGNED_SECONDS);
  if (error) fail(error);
  return Object.fromEntries((data ?? []).map((entry) => [entry.path ?? '', entry.signedUrl]));
}

/** One signed URL (the viewer's full image or PDF); `download` names the saved file. */
export async function signedUrl(path: string, download?: string): Promise<string> {
  const { data, error } = await supabase.storage
    .from(FILES_BUCKET)
    .createSignedUrl(path, SIGNED_SECONDS, download ? { download } : undefined);
  if (error) fail(error);
  return data!.signedUrl;
}
