/**
 * Bulk status and assignment through bulk_update_requests()
 * (supabase/migrations/20261124131000_bulk_update_requests.sql): each row changes only at the
 * version the coordinator saw; the database answers which went through and which had moved on.
 */
import { AdminDataError } from '~/lib/admin/query.ts';
import type { RequestStatus } from '~/lib/admin/rows.ts';
import type { Json } from '~/lib/database.types.ts';
import { supabase } from '~/lib/supabase.ts';

export interface BulkItem {
  id: string;
  version: number;
}

/** One status, or one assignee (null: unassign), for every selected request. */
export type BulkChanges = { status: RequestStatus } | { assigned_to: string | null };

export interface BulkResult {
  updated: BulkItem[];
  /** Rows someone changed since they were shown, with their version now: left untouched. */
  stale: BulkItem[];
  /** Rows erased meanwhile. */
  missing: string[];
}

export async function bulkUpdateRequests(
  items: BulkItem[],
  changes: BulkChanges,
): Promise<BulkResult> {
  const { data, error, status } = await supabase.rpc('bulk_update_requests', {
    _items: items.map((item) => ({ id: item.id, expected_version: item.version })) as Json,
    _changes: changes as Json,
  });
  if (error) throw new AdminDataError(error.message, status, error.code);
  return data as unknown as BulkResult;
}
