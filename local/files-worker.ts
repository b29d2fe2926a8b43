/**
 * The local stand-in for the production request-files worker (pg_cron + pg_net calling the
 * request-files function every minute, private.schedule_request_files_worker in
 * supabase/migrations/20261127100200_request_file_service.sql): a timer that runs the very same
 * handler's drain every `intervalMs` (unfinished checks, the deletion outbox, orphans), and with it
 * deletes the Storage stand-in's expired unfinished uploads (hosted Storage expires those itself).
 * Runs never overlap; failures are logged and retried by the next tick.
 */

export interface FilesWorker {
  /** Runs one drain now (after a running one); resolves to what the function answered. */
  drainNow(): Promise<{ status: number; checked: number; deleted: number; failed: number }>;
  /** The deletion pass alone (an erasure queued objects: NOTIFY storage_deletions). */
  deletionsNow(): Promise<void>;
  stop(): Promise<void>;
}

interface Drained {
  status: number;
  checked: number;
  deleted: number;
  failed: number;
}

export function startFilesWorker(options: {
  intervalMs: number;
  drain: () => Promise<Response>;
  deletions?: () => Promise<Response>;
  sweep: () => number;
  log: (line: string) => void;
}): FilesWorker {
  let running: Promise<Drained> = Promise.resolve({ status: 0, checked: 0, deleted: 0, failed: 0 });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const once = async (): Promise<Drained> => {
    try {
      const swept = options.sweep();
      if (swept > 0) options.log(`[files] deleted ${swept} expired unfinished upload(s)`);
      const response = await options.drain();
      const body = (await response.json().catch(() => ({}))) as Partial<Drained>;
      const result = {
        status: response.status,
        checked: body.checked ?? 0,
        deleted: body.deleted ?? 0,
        failed: body.failed ?? 0,
      };
      if (result.checked + result.deleted + result.failed > 0 || response.status >= 500) {
        options.log(
          `[files] drain: ${response.status} checked ${result.checked}, deleted ${result.deleted}, failed ${result.failed}`,
        );
      }
      return result;
    } catch (error) {
      options.log(
        `[files] drain failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { status: 0, checked: 0, deleted: 0, failed: 0 };
    }
  };
  const deletions = async () => {
    try {
      const response = await options.deletions?.();
      const body = (await response?.json().catch(() => ({}))) as Partial<Drained> | undefined;
      if ((body?.deleted ?? 0) + (body?.failed ?? 0) > 0) {
        options.log(
          `[files] deletions: deleted ${body?.deleted ?? 0}, failed ${body?.failed ?? 0}`,
        );
      }
    } catch (error) {
      options.log(
        `[files] deletions failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const deletionsNow = () => {
    const next = running.then(deletions, deletions);
    running = next.then(() => ({ status: 0, checked: 0, deleted: 0, failed: 0 }));
    return next;
  };
  const drainNow = () => {
    running = running.then(once, once);
    return running;
  };
  const tick = async () => {
    if (stopped) return;
    await drainNow();
    if (!stopped) {
      timer = setTimeout(() => void tick(), options.intervalMs);
      timer.unref();
    }
  };
  if (options.intervalMs > 0) {
    timer = setTimeout(() => void tick(), options.intervalMs);
    timer.unref();
  }
  return {
    drainNow,
    deletionsNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => {});
    },
  };
}
