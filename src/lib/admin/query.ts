/**
 * Data-fetching rules of the back office: 3 retries with a back-off from 1 s
 * doubling up to 30 s, refetch on focus and on reconnect, cached data dropped after 5 minutes.
 * A refused request (the admin session is gone) is never retried: the guard sends the user to login.
 */

/** A failed Supabase call, keeping the HTTP status and the PostgREST/SQL code. */
export class AdminDataError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(message: string, status: number, code = '') {
    super(message);
    this.name = 'AdminDataError';
    this.status = status;
    this.code = code;
  }
}

/** The caller is no longer an admin (or no longer signed in). */
export class SessionLostError extends Error {
  constructor() {
    super('admin session lost');
    this.name = 'SessionLostError';
  }
}

const sessionCodes = new Set(['42501', 'PGRST301', 'PGRST302', 'PGRST303']);

/** Whether an error means the session is gone: 401/403, an expired JWT, or a lost admin check. */
export function isSessionError(error: unknown): boolean {
  if (error instanceof SessionLostError) return true;
  if (error instanceof AdminDataError) {
    return error.status === 401 || error.status === 403 || sessionCodes.has(error.code);
  }
  return false;
}

export const MAX_RETRIES = 3;

/** 1 s, 2 s, 4 s… never more than 30 s (`attempt` counts failures so far, from 0). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Retry transient failures up to three times; never retry a refused session. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && !isSessionError(error);
}

export const queryDefaults = {
  retry: shouldRetry,
  retryDelay,
  refetchOnWindowFocus: true,
  refetchOnReconnect: true,
  gcTime: 5 * 60_000,
  // Realtime keeps the lists current; a focus within 30 s of the last load does not reload 10,000 rows.
  staleTime: 30_000,
} as const;
