/**
 * The back office's reads and writes (docs/admin.md "For developers") through the one supabase-js
 * client. Lists are read in pages of 1,000 rows, the most a hosted project returns per request
 * (config.toml max_rows), so 10,000 requests load in full.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import { AdminDataError, SessionLostError } from '~/lib/admin/query.ts';
import {
  OFFER_LEAD_COLUMNS,
  type ContactRequest,
  type OfferLead,
  type RequestStatus,
} from '~/lib/admin/rows.ts';
import { supabase } from '~/lib/supabase.ts';
import { checkAdmin } from './session.ts';

export const adminQueryKeys = {
  requests: ['admin', 'contact_requests'] as const,
  leads: ['admin', 'offer_leads'] as const,
};

const PAGE_SIZE = 1000;
const PARALLEL_PAGES = 4;

interface Page<Row> {
  data: Row[] | null;
  error: PostgrestError | null;
  count: number | null;
  status: number;
}

function dataError(error: PostgrestError, status: number): AdminDataError {
  return new AdminDataError(error.message, status, error.code);
}

/**
 * Every row, newest first: the first page also counts the rows, the others are then read a few at
 * a time. A row that moved to the next page while reading (a new lead arrived) is kept once.
 */
async function fetchAllPages<Row extends { id: string }>(
  page: (from: number, to: number, count: boolean) => PromiseLike<Page<Row>>,
): Promise<Row[]> {
  const first = await page(0, PAGE_SIZE - 1, true);
  if (first.error) throw dataError(first.error, first.status);
  const rows = first.data ?? [];
  const total = first.count ?? rows.length;
  const starts: number[] = [];
  for (let from = PAGE_SIZE; from < total; from += PAGE_SIZE) starts.push(from);
  for (let index = 0; index < starts.length; index += PARALLEL_PAGES) {
    const pages = await Promise.all(
      starts
        .slice(index, index + PARALLEL_PAGES)
        .map((from) => page(from, from + PAGE_SIZE - 1, false)),
    );
    for (const next of pages) {
      if (next.error) throw dataError(next.error, next.status);
      rows.push(...(next.data ?? []));
    }
  }
  if (starts.length === 0) return rows;
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
}

/**
 * Row-level security answers a lost admin session with an empty list, not an error; checking
 * is_admin beside each load tells "no requests" from "no longer allowed to see them".
 */
async function assertAdmin(): Promise<void> {
  if ((await checkAdmin()).kind !== 'admin') throw new SessionLostError();
}

/** Spec call 7: every request, newest first. */
export async function fetchRequests(): Promise<ContactRequest[]> {
  const [rows] = await Promise.all([
    fetchAllPages<ContactRequest>((from, to, count) =>
      supabase
        .from('contact_requests')
        .select('*', count ? { count: 'exact' } : {})
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to),
    ),
    assertAdmin(),
  ]);
  return rows;
}

/** Spec call 10: the offer leads with the table's columns, newest first. */
export async function fetchLeads(): Promise<OfferLead[]> {
  const [rows] = await Promise.all([
    fetchAllPages<OfferLead>((from, to, count) =>
      supabase
        .from('offer_leads')
        .select(OFFER_LEAD_COLUMNS, count ? { count: 'exact' } : {})
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to),
    ),
    assertAdmin(),
  ]);
  return rows;
}

/** Spec call 8: status and notes. A request that no longer exists (or is no longer visible) fails. */
export async function updateRequest(
  id: string,
  patch: { status: RequestStatus; notes: string | null },
): Promise<void> {
  const { data, error, status } = await supabase
    .from('contact_requests')
    .update(patch)
    .eq('id', id)
    .select('id');
  if (error) throw dataError(error, status);
  if (!data?.length) {
    await assertAdmin();
    throw new AdminDataError('request not found', 404);
  }
}

/** Spec call 9. The database erases the request's lead with it (one erasure). */
export async function deleteRequest(id: string): Promise<void> {
  const { error, status } = await supabase.from('contact_requests').delete().eq('id', id);
  if (error) throw dataError(error, status);
}

/** Spec call 11. The database erases the lead's request with it. */
export async function deleteLead(id: string): Promise<void> {
  const { error, status } = await supabase.from('offer_leads').delete().eq('id', id);
  if (error) throw dataError(error, status);
}
