/**
 * The bin and the roles (supabase/migrations/20261126100000_staff_roles_and_bin.sql) through the
 * one supabase-js client: the caller's role, moving requests to the bin, restoring, purging, and
 * the bin's pages. The database checks the role on every call; the role here only decides what the
 * screens offer.
 */
import { AdminDataError } from '~/lib/admin/query.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { staffAction } from '~/lib/admin/writes.ts';
import type { Json } from '~/lib/database.types.ts';
import { supabase } from '~/lib/supabase.ts';

export type StaffRole = 'owner' | 'coordinator';

export const binQueryKeys = {
  role: ['admin', 'my_staff_role'] as const,
  bin: ['admin', 'bin_page'] as const,
};

function fail(error: { message: string; code: string }, status: number): never {
  throw new AdminDataError(error.message, status, error.code);
}

/** The signed-in account's role, or null when the session is not a live admin's. */
export async function fetchMyRole(): Promise<StaffRole | null> {
  const { data, error, status } = await supabase.rpc('my_staff_role');
  if (error) fail(error, status);
  return data === 'owner' || data === 'coordinator' ? data : null;
}

export interface DeleteResult {
  deleted: string[];
  /** Changed by someone since shown, with their version now: left where they were. */
  stale: { id: string; version: number }[];
  /** Already in the bin or erased. */
  missing: string[];
}

/** Moves requests to the bin, each only at the version shown (null: no check). Owners only. */
export async function deleteRequests(
  items: { id: string; version: number | null }[],
): Promise<DeleteResult> {
  const { data, error, status } = await supabase.rpc('delete_requests', {
    _items: items.map((item) => ({ id: item.id, expected_version: item.version })) as Json,
  });
  if (error) fail(error, status);
  return data as unknown as DeleteResult;
}

/**
 * Brings requests back from the bin; resolves to the ids restored. Owners only. One action under
 * the write protocol (staffAction), as is the purge below.
 */
export async function restoreRequests(ids: string[]): Promise<string[]> {
  return (await staffAction('restore_requests', { _ids: ids })) ?? [];
}

/** Deletes requests in the bin for good; resolves to how many. Owners only. */
export async function purgeRequests(ids: string[]): Promise<number> {
  return (await staffAction('purge_requests', { _ids: ids })) ?? 0;
}

/** A request in the bin, with who deleted it and when the retention erases it. */
export type BinRow = ContactRequest & {
  deleted_at: string;
  deleted_by_name: string | null;
  purge_at: string;
};

export interface BinPage {
  rows: BinRow[];
  total: number;
}

export const BIN_PAGE_SIZE = 50;

/** One page of the bin, most recently deleted first, after `after` (the last row shown). */
export async function fetchBinPage(after: BinRow | null): Promise<BinPage> {
  const args = after
    ? { _after_deleted_at: after.deleted_at, _after_id: after.id, _limit: BIN_PAGE_SIZE }
    : { _limit: BIN_PAGE_SIZE };
  // The keyset is optional in SQL (defaults), which the generated types do not express.
  const { data, error, status } = await supabase.rpc('bin_page', args as never);
  if (error) fail(error, status);
  return data as unknown as BinPage;
}
