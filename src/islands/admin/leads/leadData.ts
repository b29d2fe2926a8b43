/**
 * The leads screen's reads (lead_page in supabase/migrations/20261126100200_lead_page.sql): one
 * page of leads at a time, searched and counted by the database, each with its request's id and
 * status. The screen never downloads every lead.
 */
import { OFFER_PAGE_SOURCE } from '~/lib/admin/labels.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import type { OfferLead } from '~/lib/admin/rows.ts';
import { supabase } from '~/lib/supabase.ts';

/** Rows per page; the database caps a page at 100 (the CSV export reads 100 at a time). */
export const LEAD_PAGE_SIZE = 50;
const EXPORT_PAGE_SIZE = 100;

export type LeadPageRow = OfferLead & { request_id: string; request_created_at: string };

export interface LeadPage {
  rows: LeadPageRow[];
  matched: number;
}

export interface LeadQuery {
  query: string;
  offerOnly: boolean;
}

/** Where a page starts: after the last row of the page before it (null: the first page). */
export type LeadCursor = Pick<LeadPageRow, 'request_id' | 'request_created_at'> | null;

export const leadPageKey = ['admin', 'lead_page'] as const;

export async function fetchLeadPage(
  { query, offerOnly }: LeadQuery,
  after: LeadCursor,
  limit = LEAD_PAGE_SIZE,
): Promise<LeadPage> {
  const args = {
    _query: query.trim() || null,
    _source: offerOnly ? OFFER_PAGE_SOURCE : null,
    _limit: limit,
    ...(after ? { _after_created_at: after.request_created_at, _after_id: after.request_id } : {}),
  };
  // The optional arguments have SQL defaults, which the generated types do not express.
  const { data, error, status } = await supabase.rpc('lead_page', args as never);
  if (error) throw new AdminDataError(error.message, status, error.code);
  return data as unknown as LeadPage;
}

/** Every lead matching the search, page by page (the CSV export of what is shown). */
export async function fetchAllLeads(search: LeadQuery): Promise<LeadPageRow[]> {
  const rows: LeadPageRow[] = [];
  let after: LeadCursor = null;
  for (;;) {
    const page = await fetchLeadPage(search, after, EXPORT_PAGE_SIZE);
    rows.push(...page.rows);
    if (page.rows.length < EXPORT_PAGE_SIZE) return rows;
    after = page.rows.at(-1)!;
  }
}
