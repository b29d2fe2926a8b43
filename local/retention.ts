import type { Queryable } from './db.ts';

/**
 * The local stand-in for production's pg_cron job (migrations 20261123155000_retention.sql and
 * 20261126100000_staff_roles_and_bin.sql): every few hours, and once at start (local/index.ts),
 * purges what has been in the bin for 30 days (private.purge_expired_bin; each purge is logged in
 * private.request_purges, `npm run admin -- purges`) and runs private.erase_expired_leads(), so a
 * long-running local stack keeps the same retention as production. A failure is logged and retried
 * at the next run; it never stops the server.
 */

/** Six hours: the periods are months, so the exact hour does not matter. */
export const RETENTION_INTERVAL_MS = 6 * 3600 * 1000;

export interface RetentionTimer {
  /** Runs the erasure now; resolves to how many leads were erased (null when it failed). */
  runNow(): Promise<number | null>;
  stop(): Promise<void>;
}

export function startRetentionTimer(
  db: Queryable,
  log: (line: string) => void,
  intervalMs = RETENTION_INTERVAL_MS,
): RetentionTimer {
  let running: Promise<number | null> = Promise.resolve(null);
  let stopped = false;
  const runNow = () => {
    running = running.then(async () => {
      if (stopped) return null;
      try {
        // The bin first, to report its count: erase_expired_leads would otherwise purge it itself.
        const bin = await db.query<{ purged: number }>(
          `select private.purge_expired_bin() as purged`,
        );
        const { rows } = await db.query<{ erased: number }>(
          `select private.erase_expired_leads() as erased`,
        );
        const erased = rows[0]?.erased ?? 0;
        const purged = bin.rows[0]?.purged ?? 0;
        if (erased > 0) log(`[retention] erased ${erased} lead(s) past the retention period`);
        if (purged > 0) log(`[retention] purged ${purged} request(s) in the bin for 30 days`);
        return erased;
      } catch (error) {
        log(`[retention] failed: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    });
    return running;
  };
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await running;
      stopped = true;
    },
  };
}
