/**
 * The local stand-in for the production notification worker (pg_cron + pg_net calling
 * send-form-notification every minute, supabase/migrations/20261123140300_notification_outbox.sql):
 * a timer that runs the very same handler with an empty body (a drain) every `intervalMs`. Runs
 * never overlap. Failures are logged and retried by the next tick; they never stop the server.
 */

export interface NotificationWorker {
  /** Runs one drain now (waits for a running one first); resolves to its HTTP status. */
  drainNow(): Promise<number>;
  stop(): Promise<void>;
}

export function startNotificationWorker(options: {
  intervalMs: number;
  drain: () => Promise<Response>;
  /** Runs before each drain; a failure is logged and the drain goes on. */
  queue?: () => Promise<void>;
  log: (line: string) => void;
}): NotificationWorker {
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const once = async (): Promise<number> => {
    try {
      await options.queue?.();
    } catch (error) {
      options.log(
        `[notifications] queue failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    try {
      const response = await options.drain();
      const body = (await response.json().catch(() => ({}))) as { sent?: number; failed?: number };
      if ((body.sent ?? 0) + (body.failed ?? 0) > 0 || response.status >= 500) {
        options.log(
          `[notifications] drain: ${response.status} sent ${body.sent ?? 0}, failed ${body.failed ?? 0}`,
        );
      }
      return response.status;
    } catch (error) {
      options.log(
        `[notifications] drain failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
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
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => {});
    },
  };
}
