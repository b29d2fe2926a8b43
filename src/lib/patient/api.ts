/**
 * The patient page's calls to the database: plain `fetch` to PostgREST's RPC endpoint with the
 * public key, so the page ships no supabase-js (its budget is a few kilobytes). The functions are
 * security definer and keyed by the link's token (supabase/migrations/20261126140100_…).
 */
import type { Database } from '~/lib/database.types.ts';
import { supabaseKey, supabaseUrl } from '~/lib/supabase-env.ts';

type Functions = Database['public']['Functions'];

/** The backend of every client (src/lib/supabase-env.ts): the build's, or the local stack's. */
const url = supabaseUrl();
const key = supabaseKey();

export type RpcOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; reason: 'network' | 'rate-limited' | 'rejected'; hint?: string };

/** The headers of every call: the public key, and as a bearer too when it is a JWT. */
export function rpcHeaders(): Record<string, string> {
  const headers: Record<string, string> = { apikey: key, 'Content-Type': 'application/json' };
  // New-style publishable keys are not JWTs and go in `apikey` only.
  if (!key.startsWith('sb_')) headers['Authorization'] = `Bearer ${key}`;
  return headers;
}

/** The RPC endpoint of function `name`. */
export function rpcUrl(name: string): string {
  return `${url.replace(/\/$/, '')}/rest/v1/rpc/${name}`;
}

/** Reads an RPC's answer (or the failure to get one); never throws. */
export async function rpcOutcome<T>(request: Promise<Response | null>): Promise<RpcOutcome<T>> {
  let response: Response | null;
  try {
    response = await request;
  } catch {
    response = null;
  }
  if (!response) return { ok: false, reason: 'network' };
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, data: body as T };
  const error = (body ?? {}) as { code?: string; hint?: string };
  if (error.code === 'PT429') return { ok: false, reason: 'rate-limited' };
  if (response.status >= 500 || response.status === 0) return { ok: false, reason: 'network' };
  return { ok: false, reason: 'rejected', ...(error.hint ? { hint: error.hint } : {}) };
}

/** Calls `name` with named arguments; never throws. */
export async function callRpc<N extends keyof Functions>(
  name: N,
  args: Functions[N]['Args'],
): Promise<RpcOutcome<Functions[N]['Returns']>> {
  let request: Promise<Response>;
  try {
    request = fetch(rpcUrl(String(name)), {
      method: 'POST',
      headers: rpcHeaders(),
      body: JSON.stringify(args),
      // The token travels in the body; nothing about the page goes in a Referer.
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
  } catch {
    return { ok: false, reason: 'network' };
  }
  return rpcOutcome(request);
}

/** What public.patient_request answers for a live token. */
export interface PatientView {
  reference: string;
  first_name: string;
  service: string;
  language: 'ar' | 'en';
  status: 'new' | 'in_progress' | 'completed' | 'cancelled';
  step: JourneyStep | null;
  step_at: string | null;
  received_at: string;
  callback_at: string | null;
  phone_hint: string;
  email_hint: string | null;
  /** The advertising consent: true while it can be withdrawn, false once withdrawn, null if never given. */
  advertising: boolean | null;
  manager: { name: string; whatsapp: string | null; assigned_at: string | null } | null;
  /** "What now", from the request's real state (private.patient_now, issue 43). */
  now: PatientNow | null;
}

/** The request's state for "what now" (supabase/migrations/20261202130000_patient_now.sql). */
export interface PatientNow {
  state:
    | 'closed'
    | 'aftercare_done'
    | 'aftercare'
    | 'travel'
    | 'chosen'
    | 'compare'
    | 'expired'
    | 'photos'
    | 'waiting';
  /** photos: the slots that need a file, in the page's order. */
  missing?: string[];
  /** compare: how many quotes are still valid. */
  quotes?: number;
  /** chosen: the chosen quote's clinic. */
  clinic?: { ar: string; en: string };
  /** waiting: when the quotes are promised. */
  due_at?: string;
}

export type JourneyStep =
  'documents' | 'quotes' | 'decision' | 'travel' | 'aftercare' | 'aftercare_done';

/**
 * The patient's request for `token`: the view, null for a dead link, or why it failed. `sent` is
 * the same request already on its way (src/components/patient/EarlyRequest.astro).
 */
export async function fetchPatientView(
  token: string,
  opened = true,
  sent?: Promise<Response | null>,
): Promise<RpcOutcome<PatientView | null>> {
  const outcome = sent
    ? await rpcOutcome<Functions['patient_request']['Returns']>(sent)
    : await callRpc('patient_request', { _token: token, _opened: opened });
  return outcome.ok ? { ok: true, data: outcome.data as unknown as PatientView | null } : outcome;
}

/** The project's address and public key, for the page's calls to Storage and the functions. */
export const apiBase = url.replace(/\/$/, '');
export const apiKey = key;
