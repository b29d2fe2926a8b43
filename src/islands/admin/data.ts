/**
 * The back office's reads and writes (docs/admin.md "For developers") through the one supabase-js
 * client. The dashboard reads one page of requests at a time (request_page); the leads screen
 * reads its pages in leads/leadData.ts (lead_page), the bin in bin/binData.ts.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import { AdminDataError, SessionLostError } from '~/lib/admin/query.ts';
import { type ContactRequest, type RequestEvent, type StaffAccount } from '~/lib/admin/rows.ts';
import type { RequestChanges } from '~/lib/admin/team.ts';
import { StaleVersionError } from '~/lib/admin/writes.ts';
import {
  EXPORT_PAGE_SIZE,
  PAGE_SIZE as REQUEST_PAGE_SIZE,
  pageAfter,
  type Overview,
  type PageAnswer,
  type PageRow,
  type pageArgs,
} from '~/lib/admin/page.ts';
import type { Json } from '~/lib/database.types.ts';
import { supabase } from '~/lib/supabase.ts';
import { checkAdmin } from './session.ts';

export const adminQueryKeys = {
  requestPage: ['admin', 'request_page'] as const,
  overview: ['admin', 'request_overview'] as const,
  request: (id: string) => ['admin', 'contact_request', id] as const,
  samePhone: (phoneKey: string) => ['admin', 'same_phone', phoneKey] as const,
  staff: ['admin', 'staff_accounts'] as const,
  me: ['admin', 'my_staff_id'] as const,
  events: (id: string) => ['admin', 'request_events', id] as const,
  campaigns: (from: string, to: string) => ['admin', 'campaign_report', from, to] as const,
};

function dataError(error: PostgrestError, status: number): AdminDataError {
  return new AdminDataError(error.message, status, error.code);
}

/**
 * Row-level security answers a lost admin session with an empty list, not an error; checking
 * is_admin beside each load tells "no requests" from "no longer allowed to see them".
 */
async function assertAdmin(): Promise<void> {
  if ((await checkAdmin()).kind !== 'admin') throw new SessionLostError();
}

/** One page of requests for `args` (see src/lib/admin/page.ts), newest first, with the counters. */
export async function fetchRequestPage(
  args: ReturnType<typeof pageArgs>,
  after: ReturnType<typeof pageAfter> | null,
  limit = REQUEST_PAGE_SIZE,
): Promise<PageAnswer & { hasMore: boolean }> {
  const [{ data, error, status }] = await Promise.all([
    supabase.rpc('request_page', { ...args, ...after, _limit: limit } as never),
    // The first page also checks the session: RLS answers a lost one with an empty page.
    after ? Promise.resolve() : assertAdmin(),
  ]);
  if (error) throw dataError(error, status);
  const answer = data as unknown as PageAnswer;
  return { ...answer, hasMore: answer.rows.length === limit };
}

/** Every request matching `args`, read page by page (the CSV export of what is shown). */
export async function fetchAllMatching(args: ReturnType<typeof pageArgs>): Promise<PageRow[]> {
  const rows: PageRow[] = [];
  let after: ReturnType<typeof pageAfter> | null = null;
  for (;;) {
    const page = await fetchRequestPage(args, after, EXPORT_PAGE_SIZE);
    rows.push(...page.rows);
    if (!page.hasMore) return rows;
    after = pageAfter(page.rows.at(-1)!, args._follow_up !== null || args._due_before !== null);
  }
}

/** Sources with their counts and requests per local day since `since` (request_overview). */
export async function fetchOverview(since: Date): Promise<Overview> {
  const { data, error, status } = await supabase.rpc('request_overview', {
    _since: since.toISOString(),
    _tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  });
  if (error) throw dataError(error, status);
  return data as unknown as Overview;
}

/** The requests with this canonical phone (a request's duplicates), newest first. */
export async function fetchSamePhone(phoneKey: string): Promise<ContactRequest[]> {
  const { data, error, status } = await supabase
    .from('contact_requests')
    .select('*')
    .eq('phone_key', phoneKey)
    .order('created_at', { ascending: false })
    .limit(100);
  if (error) throw dataError(error, status);
  return data ?? [];
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

/** The names of the requests with these ids that still exist (unsaved drafts to offer). */
export async function fetchRequestNames(ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { data, error, status } = await supabase
    .from('contact_requests')
    .select('id, name')
    .in('id', ids);
  if (error) throw dataError(error, status);
  return new Map((data ?? []).map((row) => [row.id, row.name]));
}
