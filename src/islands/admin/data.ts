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
  type RequestEvent,
  type StaffAccount,
} from '~/lib/admin/rows.ts';
import { StaleVersionError, type RequestChanges } from '~/lib/admin/team.ts';
import type { Json } from '~/lib/database.types.ts';
import { supabase } from '~/lib/supabase.ts';
import { checkAdmin } from './session.ts';

export const adminQueryKeys = {
  requests: ['admin', 'contact_requests'] as const,
  staff: ['admin', 'staff_accounts'] as const,
  me: ['admin', 'my_staff_id'] as const,
  events: (id: string) => ['admin', 'request_events', id] as const,
  campaigns: (from: string, to: string) => ['admin', 'campaign_report', from, to] as const,
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

/**
 * Spec call 10: the offer leads with the table's columns, newest first, each with the status of
 * its request (read beside it, since every lead has exactly one request).
 */
export async function fetchLeads(): Promise<OfferLead[]> {
  const [rows, statuses] = await Promise.all([
    fetchAllPages<Omit<OfferLead, 'status'>>((from, to, count) =>
      supabase
        .from('offer_leads')
        .select(OFFER_LEAD_COLUMNS, count ? { count: 'exact' } : {})
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to),
    ),
    fetchAllPages<{ id: string; status: ContactRequest['status'] }>((from, to, count) =>
      supabase
        .from('contact_requests')
        .select('id:lead_id, status', count ? { count: 'exact' } : {})
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to),
    ),
    assertAdmin(),
  ]);
  const statusOfLead = new Map(statuses.map((row) => [row.id, row.status]));
  return rows.map((row) => ({ ...row, status: statusOfLead.get(row.id) ?? null }));
}

/**
 * Saves a coordinator's changes (status, notes, assignment, follow-up; spec call 8 grown for a
 * team) only if the request is still at the version they opened: the database checks it in the
 * same statement (update_request in supabase/migrations/20261123130000_team_workspace.sql).
 * A stale save changes nothing and throws StaleVersionError; the saved row comes back.
 */
export async function saveRequest(
  id: string,
  expectedVersion: number,
  changes: RequestChanges,
): Promise<ContactRequest> {
  const { data, error, status } = await supabase.rpc('update_request', {
    _id: id,
    _expected_version: expectedVersion,
    _changes: changes as Json,
  });
  if (error) {
    if (error.code === 'PT409' || error.hint === 'stale_version') {
      throw new StaleVersionError(Number(error.details) || expectedVersion + 1);
    }
    if (error.code === 'PT404') {
      await assertAdmin();
      throw new AdminDataError('request not found', 404, error.code);
    }
    throw dataError(error, status);
  }
  return data as ContactRequest;
}

/** The timeline of one request, oldest first; `afterVersion` keeps only what came after it. */
export async function fetchEvents(id: string, afterVersion = 0): Promise<RequestEvent[]> {
  const { data, error, status } = await supabase
    .from('request_events')
    .select('*')
    .eq('request_id', id)
    .gt('version', afterVersion)
    .order('id', { ascending: true });
  if (error) throw dataError(error, status);
  return data ?? [];
}

/** One request as stored now (after a refused save, to show what it became). */
export async function fetchRequest(id: string): Promise<ContactRequest | null> {
  const { data, error, status } = await supabase
    .from('contact_requests')
    .select('*')
    .eq('id', id)
    .maybeSingle();
  if (error) throw dataError(error, status);
  return data;
}

/** The staff accounts requests can be assigned to (a view only admins can read). */
export async function fetchStaff(): Promise<StaffAccount[]> {
  const { data, error, status } = await supabase
    .from('staff_accounts')
    .select('id, username, active')
    .order('username', { ascending: true });
  if (error) throw dataError(error, status);
  return (data ?? []).filter(
    (row): row is StaffAccount => row.id !== null && row.username !== null,
  );
}

/** The signed-in coordinator's own staff account id ("mine"), or null. */
export async function fetchMyStaffId(): Promise<string | null> {
  const { data, error, status } = await supabase.rpc('my_staff_id');
  if (error) throw dataError(error, status);
  return data ?? null;
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

/** One line of the campaign report (campaign_report in 20261123130100_campaign_report.sql). */
export interface CampaignRow {
  utm_source: string | null;
  utm_campaign: string | null;
  source: string | null;
  leads: number;
  in_progress: number;
  completed: number;
}

/** Requests per campaign created in [from, to), counted by the database. */
export async function fetchCampaignReport(from: Date, to: Date): Promise<CampaignRow[]> {
  const [{ data, error, status }] = await Promise.all([
    supabase.rpc('campaign_report', { _from: from.toISOString(), _to: to.toISOString() }),
    assertAdmin(),
  ]);
  if (error) throw dataError(error, status);
  return (data ?? []) as unknown as CampaignRow[];
}
