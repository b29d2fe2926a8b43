import { createServer } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runLeadLoad, type Submitter } from '../../scripts/load/leads.ts';

/**
 * The kill-and-restart run of scripts/load/leads.ts (issue 8, part 4) at `npm test` size: the real
 * server process (`node scripts/start.ts` on a fresh PGlite data dir) is SIGKILLed while 60 browsers
 * are submitting, then started again on the same data dir and port. The browsers run the site's own
 * submitLead (src/lib/submit-lead.ts), the same id for every retry, with more attempts than the
 * site's 4 so that they outlast the restart.
 */

afterAll(() => {
  vi.unstubAllEnvs();
});

/** A port nobody listens on right now, on the loopback. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, rejectPort) => {
    const server = createServer();
    server.once('error', rejectPort);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : rejectPort(new Error('no port')),
      );
    });
  });
}

describe('the server killed and restarted during the load', () => {
  it('every acknowledged lead is stored exactly once and every client finishes', async () => {
    const port = await freePort();
    // The site's supabase client is built from PUBLIC_SUPABASE_URL when first imported.
    vi.stubEnv('PUBLIC_SUPABASE_URL', `http://127.0.0.1:${port}`);
    const { submitLead } = await import('~/lib/submit-lead.ts');
    const siteSubmit: Submitter = async (row) => {
      let attempts = 1;
      const outcome = await submitLead(row, {
        attempts: 9,
        baseDelayMs: 250,
        onRetry: (attempt) => (attempts = attempt),
      });
      return outcome.ok ? { ok: true, attempts } : { ok: false, reason: outcome.reason, attempts };
    };
    const log: string[] = [];
    const report = await runLeadLoad({
      clients: 60,
      killRestart: true,
      apiPort: port,
      rampMs: 1500,
      submit: siteSubmit,
      log: (line) => log.push(line),
    });

    expect(report.problems, log.join('\n')).toEqual([]);
    expect(report).toMatchObject({
      scenario: 'kill-restart',
      sent: 60,
      acknowledged: 60,
      failed: 0,
      stored: { offerLeads: 60, contactRequests: 60 },
      tableDelta: { offerLeads: 60, contactRequests: 60 },
      duplicates: 0,
      lost: 0,
      orphans: 0,
      ok: true,
    });
    // The kill was real and happened mid-load: a new process, leads acknowledged before it (all
    // still there), and submissions that had to retry across the outage.
    const kill = report.kill!;
    expect(kill.pidRestarted).toBeGreaterThan(0);
    expect(kill.pidRestarted).not.toBe(kill.pidKilled);
    expect(kill.ackedBeforeKill).toBeGreaterThanOrEqual(18);
    expect(kill.ackedBeforeKill).toBeLessThan(60);
    expect(kill.lostBeforeKill).toBe(0);
    expect(report.retries).toBeGreaterThan(0);
    expect(log.some((line) => line.startsWith('SIGKILL after'))).toBe(true);
  }, 180_000);
});
