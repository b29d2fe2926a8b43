import type { Database } from './db.ts';
import { requestsIdle } from './hash-gate.ts';
import { RateWindow } from './rate-window.ts';
import { verifyJwt, type JwtClaims, type JwtKeys } from './jwt.ts';
import { apikeyClaims } from './request-auth.ts';

/** Refused private joins a socket may have checked per minute; later ones are refused unchecked. */
export const MAX_REFUSED_JOINS_PER_MINUTE = 10;
/** Authorization checks waiting for the database, server-wide; more are refused unchecked. */
export const MAX_PENDING_CHECKS = 64;
/**
 * Private joins checked per second, server-wide: hosted Realtime's "channel joins per second"
 * quota of the Free plan (Realtime Limits), beyond which it answers ClientJoinRateLimitReached.
 */
export const MAX_CHECKED_JOINS_PER_SECOND = 100;

/**
 * Why a private join is refused before the database is asked, or null: a socket that keeps being
 * refused (or has that many joins waiting), or a server whose check queue is full. Prunes the
 * socket's refusals older than a minute.
 */
export function admissionRefusal(
  socket: { refusals: number[]; inFlight: number },
  pending: number,
  joinsThisSecond: RateWindow,
): string | null {
  const now = Date.now();
  socket.refusals = socket.refusals.filter((at) => at > now - 60_000);
  if (socket.refusals.length + socket.inFlight >= MAX_REFUSED_JOINS_PER_MINUTE)
    return 'ChannelRateLimitReached: too many refused joins on this connection';
  if (pending >= MAX_PENDING_CHECKS)
    return 'RealtimeBusy: too many channel joins waiting, try again shortly';
  if (!joinsThisSecond.take('server', now))
    return 'ClientJoinRateLimitReached: Too many joins per second';
  return null;
}

/** The claims a join or token update carries: a project key, a valid JWT, or a reason. */
export function tokenClaims(
  token: unknown,
  fallback: JwtClaims,
  keys: JwtKeys,
): JwtClaims | string {
  if (typeof token !== 'string' || token === '') return fallback;
  // supabase-js sends the project key as the access token before anyone signs in.
  const keyClaims = token.includes('.') ? null : apikeyClaims(token, keys);
  if (keyClaims) return keyClaims;
  const check = verifyJwt(token, keys);
  return check.ok ? check.claims : `Invalid JWT: ${check.reason}`;
}

/**
 * Realtime Authorization as hosted Realtime does it: a probe message for the topic is written and,
 * as the user (role, JWT claims, realtime.topic()), read back under the RLS policies of
 * realtime.messages, then everything is rolled back. Readable means the user may receive. An
 * expired token never is. Checks run one at a time for the whole server, so a flood of joins
 * queues behind itself instead of beside every other request; `pending` lets the caller refuse
 * before the queue grows.
 */
export class ChannelAuthorizer {
  private readonly db: Database;
  private readonly log: (line: string) => void;
  private checks: Promise<unknown> = Promise.resolve();
  pending = 0;
  /** Private joins admitted to a check in the last second (MAX_CHECKED_JOINS_PER_SECOND). */
  readonly joinsThisSecond = new RateWindow(MAX_CHECKED_JOINS_PER_SECOND, 1000);

  constructor(db: Database, log: (line: string) => void) {
    this.db = db;
    this.log = log;
  }

  idle(): Promise<unknown> {
    return this.checks;
  }

  /**
   * Whether `claims` may receive on `topic`. With `yieldToRequests` (joins) the check waits until no
   * HTTP request is in flight (at most 2 s): a flood of joins then costs an API request at most the
   * one check in progress, not a queue of them (issue 49; scripts/bench/realtime-joins.ts).
   */
  check(topic: string, claims: JwtClaims, { yieldToRequests = false } = {}): Promise<boolean> {
    const exp = claims.exp;
    if (typeof exp === 'number' && exp <= Date.now() / 1000) return Promise.resolve(false);
    const subTopic = topic.replace(/^realtime:/, '');
    this.pending++;
    const check = this.checks.then(async () => {
      if (yieldToRequests) await requestsIdle();
      return this.db.rollbackOnly(async (tx) => {
        const probe = await tx.query<{ id: string }>(
          `insert into realtime.messages (topic, extension, private, event, payload)
           values ($1, 'broadcast', true, '_local_check', '{}') returning id::text`,
          [subTopic],
        );
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('realtime.topic', $3, true)`,
          [String(claims.role ?? 'anon'), JSON.stringify(claims), subTopic],
        );
        const { rows } = await tx.query<{ n: number }>(
          `select count(*)::int as n from realtime.messages where id = $1::bigint`,
          [probe.rows[0]?.id],
        );
        return (rows[0]?.n ?? 0) > 0;
      });
    });
    const settled = check
      .catch((error: unknown) => {
        this.log(
          `[realtime] authorization of ${subTopic} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return false;
      })
      .finally(() => this.pending--);
    this.checks = settled;
    return settled;
  }
}
