/**
 * The back office's Supabase client (docs/architecture.md: staff islands talk to the backend through
 * supabase-js, which keeps their session). The public forms use the lighter sub-clients of
 * src/lib/public-api.ts. Both are built against src/lib/supabase-env.ts.
 * Error codes the database raises on purpose are below; docs/local-stack.md lists them all.
 */
import { createClient, type PostgrestError } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { supabaseKey, supabaseUrl } from './supabase-env.ts';

export { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from './supabase-env.ts';

export const supabase = createClient<Database>(supabaseUrl(), supabaseKey());

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
