/**
 * Sends a lead so that it is never lost (docs/architecture.md, "How data flows"): the row carries a client-made id,
 * so a retried insert is stored once; network failures and server errors are retried with backoff;
 * validation and rate-limit refusals are not. The client (src/lib/public-api.ts, Supabase's
 * database and functions sub-clients) is loaded on demand, keeping it out of the page's first
 * JavaScript.
 */

import type { Database } from '~/lib/database.types.ts';

/** A row of offer_leads as the public forms insert it, always with its client-made id. */
export type LeadInsert = Database['public']['Tables']['offer_leads']['Insert'] & { id: string };

export type SubmitOutcome =
  | { ok: true }
  | { ok: false; reason: 'network' | 'rate-limited' | 'busy' | 'rejected'; detail?: string };

export interface SubmitOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Delay before the first retry; it doubles each time. */
  baseDelayMs?: number;
  onRetry?: (attempt: number) => void;
}

/**
 * How long a form's success message stays on screen before /thank-you opens: long enough to be
 * read (issue 12 asks for at least 1.5 s); the notification request runs meanwhile.
 */
export const SUCCESS_VISIBLE_MS = 1500;

/** The code the database raises when a phone or client sends too many leads (DatabaseErrorCode.rateLimited). */
export const RATE_LIMIT_CODE = 'PT429';

/**
 * The code of the per-address flood bound (DatabaseErrorCode.busy): hundreds of leads came from the
 * visitor's network within minutes, so they are asked to write on WhatsApp instead; retrying now
 * would not help. A flood from many addresses is stored and held, never refused (issue 27).
 */
export const BUSY_CODE = 'PT503';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts loading the client early (first focus on a form), so the submit click does not wait. */
export function preloadClient(): Promise<unknown> {
  return import('~/lib/public-api.ts');
}

/** One client per page, made on first use. */
let client: ReturnType<typeof import('~/lib/public-api.ts').publicApi> | undefined;
async function api() {
  client ??= (await import('~/lib/public-api.ts')).publicApi();
  return client;
}

export async function submitLead(
  row: LeadInsert,
  options: SubmitOptions = {},
): Promise<SubmitOutcome> {
  const { attempts = 4, baseDelayMs = 600, onRetry } = options;
  const { db } = await api();
  let last: SubmitOutcome = { ok: false, reason: 'network' };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) {
      onRetry?.(attempt);
      await sleep(baseDelayMs * 2 ** (attempt - 2));
    }
    try {
      // ignoreDuplicates: a retry whose first try did reach the database stores nothing twice.
      const { error, status } = await db
        .from('offer_leads')
        .upsert(row, { onConflict: 'id', ignoreDuplicates: true });
      if (!error) return { ok: true };
      if (error.code === RATE_LIMIT_CODE) return { ok: false, reason: 'rate-limited' };
      if (error.code === BUSY_CODE) return { ok: false, reason: 'busy' };
      const retryable = status === 0 || status >= 500 || status === 408 || status === 429;
      last = { ok: false, reason: retryable ? 'network' : 'rejected', detail: error.message };
      if (!retryable) return last;
    } catch (error) {
      last = { ok: false, reason: 'network', detail: String(error) };
    }
  }
  return last;
}

/**
 * Nudges the notification worker to mail the agency about the stored lead `leadId` now rather than
 * at its next run (supabase/functions/send-form-notification): only the id is sent, the mail is
 * built from the stored row, and the lead is mailed even if this call never arrives. We wait at
 * most `timeoutMs` so that leaving the page does not cancel it.
 */
export async function notifyAgency(leadId: string, timeoutMs = 2500): Promise<void> {
  try {
    const { functions } = await api();
    await Promise.race([
      functions.invoke('send-form-notification', { body: { lead_id: leadId } }),
      sleep(timeoutMs),
    ]);
  } catch {
    // A failed notification never fails the submission.
  }
}
