/**
 * The browser's one Supabase client (docs/architecture.md: islands talk to the backend only
 * through supabase-js). Built against PUBLIC_SUPABASE_URL / PUBLIC_SUPABASE_ANON_KEY when given, and
 * otherwise against the local stack of `npm start` with the Supabase CLI's public demo key.
 * Error codes the database raises on purpose are below; docs/local-stack.md lists them all.
 */
import { createClient, type PostgrestError } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

declare global {
  interface ImportMetaEnv {
    readonly PUBLIC_SUPABASE_URL?: string;
    readonly PUBLIC_SUPABASE_ANON_KEY?: string;
  }
}

/** The local server of `npm start` (same port as `supabase start`). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/** The Supabase CLI's well-known demo anon key (public; only valid against a local stack). */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const supabase = createClient<Database>(
  import.meta.env.PUBLIC_SUPABASE_URL ?? LOCAL_SUPABASE_URL,
  import.meta.env.PUBLIC_SUPABASE_ANON_KEY ?? LOCAL_SUPABASE_ANON_KEY,
);

/** `error.code` values the database raises on purpose (PostgREST passes SQLSTATEs through). */
export const DatabaseErrorCode = {
  /** Too many leads for one phone number or client (HTTP 429); `error.details` names the limit. */
  rateLimited: 'PT429',
  /** A flood of leads from the visitor's own network (HTTP 503, hint 'busy'): ask them to use WhatsApp. */
  busy: 'PT503',
  /** More than one lead in a single insert from the public (HTTP 400); the forms send one. */
  oneLeadPerRequest: 'PT400',
  /** admin_login while the username is locked (HTTP 423); `error.details` is the unlock time (ISO, UTC). */
  accountLocked: 'PT423',
  /** A value broke a validation constraint (HTTP 400); the message names the constraint. */
  checkViolation: '23514',
  /** A required value was missing (HTTP 400). */
  notNullViolation: '23502',
  /** A value is not of the column's type or enum, e.g. an unknown service (HTTP 400). */
  invalidValue: '22P02',
  /** Not allowed: no privilege, or a row that RLS refuses (HTTP 401 with the anon key, else 403). */
  insufficientPrivilege: '42501',
} as const;

/** When an `admin_login` error is the lockout, the moment the username unlocks; otherwise null. */
export function lockedUntil(error: Pick<PostgrestError, 'code' | 'details'> | null): Date | null {
  if (error?.code !== DatabaseErrorCode.accountLocked) return null;
  const until = new Date(error.details);
  return Number.isNaN(until.getTime()) ? null : until;
}
