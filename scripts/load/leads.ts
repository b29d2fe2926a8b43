/**
 * Load and fault script for lead capture (issue 8, part 4). Many browsers send the public forms at
 * once against a real local server process (`node scripts/start.ts`), retrying the way the site's
 * `submitLead` does (one client-made id per submission, reused by every retry, exponential backoff,
 * bounded attempts and total time). Then, with the service role, it checks that every submission a
 * client saw succeed is stored exactly once in offer_leads and once in contact_requests.
 *
 *   node scripts/load/leads.ts                        500 concurrent submissions
 *   node scripts/load/leads.ts --kill-restart         SIGKILL the server mid-load, restart it on the
 *                                                     same data dir and port, clients keep retrying
 *   node scripts/load/leads.ts --notify-fail          every client also asks send-form-notification
 *                                                     for an e-mail, whose transport is broken
 *
 *   options: --clients N (default 500)  --data-dir DIR (default a fresh temp dir, removed after)
 *            --ramp-ms MS  --kill-after FRACTION (0.3)  --resend FRACTION (0.1)  --notify
 *            --attempts N (10)  --base-delay-ms MS (250): the retry policy (the site: 4 and 600)
 *            --timeout-ms MS (hard stop, default 300000)
 *
 * Prints the report as JSON on stdout (progress on stderr); exit code 0 when every check holds,
 * 1 when one fails, 2 on a usage error. Only ever talks to 127.0.0.1.
 *
 *   import { runLeadLoad } from './scripts/load/leads.ts'   the same, for tests (tests/load/)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types.ts';
import { LOCAL_ANON_KEY, LOCAL_HOST, LOCAL_SERVICE_ROLE_KEY } from '../../local/keys.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_SCRIPT = join(REPO_ROOT, 'scripts', 'start.ts');

export type LeadRow = Database['public']['Tables']['offer_leads']['Insert'] & { id: string };

/** What one simulated browser reports for one submission (all its attempts together). */
export interface SubmitResult {
  ok: boolean;
  /** 'network' (gave up retrying), 'rate-limited' or 'rejected' when not ok. */
  reason?: string;
  /** HTTP requests made, the first included. */
  attempts: number;
}

/** Sends one lead the way a browser does; the default is {@link browserLikeSubmit}. */
export type Submitter = (
  row: LeadRow,
  target: { url: string; anonKey: string },
) => Promise<SubmitResult>;

/** The browser's retry policy (src/lib/submit-lead.ts), with a per-attempt timeout and a deadline. */
export interface RetryPolicy {
  /** Attempts in all, the first included (the site uses 4). */
  attempts: number;
  /** Delay before the first retry, doubling each time (the site uses 600 ms)… */
  baseDelayMs: number;
  /** …up to this much. */
  maxDelayMs: number;
  /** One attempt is abandoned (and retried) after this long. */
  attemptTimeoutMs: number;
  /** No attempt starts later than this after the submission began. */
  deadlineMs: number;
}

/** Enough attempts to ride out a server restart of ~20 s, which the site's 4 attempts would not. */
export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 10,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  attemptTimeoutMs: 15_000,
  deadlineMs: 90_000,
};

export interface LoadOptions {
  /** Simulated browsers, one submission each (default 500). */
  clients?: number;
  /** SIGKILL the server once `killAfter` of the submissions are acknowledged, then restart it. */
  killRestart?: boolean;
  /** Share of acknowledged submissions that triggers the kill (default 0.3). */
  killAfter?: number;
  /** The server's data dir (default: a fresh temp dir, removed afterwards). */
  dataDir?: string;
  /** API port of the spawned server (default: any free port; a restart reuses it). */
  apiPort?: number;
  /** Use this running stack instead of spawning a server (no kill/restart then). */
  target?: { url: string; anonKey: string; serviceRoleKey: string };
  /** Submissions start spread over this many ms (default 0, or 2000 with killRestart). */
  rampMs?: number;
  /** Share of clients that send their acknowledged submission once more, as a lost-answer retry would (default 0.1). */
  resend?: number;
  /** Ask send-form-notification for an e-mail after each acknowledged submission, as the site does. */
  notify?: boolean;
  /** Make the spawned server's mail transport fail (its outbox cannot be created); implies notify. */
  failNotifications?: boolean;
  retry?: Partial<RetryPolicy>;
  /** How each browser sends its lead (tests pass the site's own submitLead). */
  submit?: Submitter;
  /** Progress lines. */
  log?: (line: string) => void;
  /** How long the spawned server may take to be ready (default 120 s, the machine may be busy). */
  startTimeoutMs?: number;
}

export interface LoadReport {
  scenario: 'load' | 'kill-restart';
  /** The run's tag, in every row's utm_campaign. */
  campaign: string;
  clients: number;
  /** Submissions started (one per client). */
  sent: number;
  /** Submissions a client saw succeed. */
  acknowledged: number;
  /** Submissions whose client gave up (or was refused). */
  failed: number;
  failures: Record<string, number>;
  /** HTTP attempts beyond the first, over all submissions. */
  retries: number;
  /** Acknowledged submissions sent again with the same id (must store nothing). */
  resent: number;
  resentFailed: number;
  stored: { offerLeads: number; contactRequests: number };
  /** Change of each table's total row count over the run (on a shared target, others' writes too). */
  tableDelta: { offerLeads: number; contactRequests: number };
  /** Rows of this run beyond one per submission (same phone or unknown id). */
  duplicates: number;
  /** Acknowledged submissions missing from either table. */
  lost: number;
  /** Leads without their inbox row, or inbox rows without their lead. */
  orphans: number;
  /** Stored although the client did not see it succeed (allowed: the answer was lost). */
  storedUnacknowledged: number;
  /** From a submission's first attempt to its acknowledgement, retries included. */
  latencyMs: { p50: number; p95: number; max: number };
  durationMs: number;
  kill?: {
    /** The server process killed, and the one started in its place. */
    pidKilled: number;
    pidRestarted: number;
    ackedBeforeKill: number;
    lostBeforeKill: number;
    /** From SIGKILL to the restarted server answering. */
    downtimeMs: number;
  };
  notifications?: {
    sent: number;
    delivered: number;
    failed: number;
    statuses: Record<string, number>;
  };
  serverStartMs?: number;
  ok: boolean;
  problems: string[];
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const round = (value: number) => Math.round(value * 10) / 10;

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    throw new Error(`refusing to load ${url}: this script only talks to 127.0.0.1`);
  }
}

function browserClient(url: string, key: string): SupabaseClient<Database> {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/**
 * The site's submitLead (src/lib/submit-lead.ts), reproduced without its bundler-only imports: one
 * upsert with ignoreDuplicates per attempt; network failures, 408, 429 and 5xx are retried with
 * doubling delays; a rate-limit refusal (PT429) or any other 4xx is final. Adds what a load test
 * needs on top: a timeout per attempt and a deadline for the whole submission.
 */
export function browserLikeSubmit(policy: Partial<RetryPolicy> = {}): Submitter {
  const retry = { ...DEFAULT_RETRY, ...policy };
  return async (row, target) => {
    const supabase = browserClient(target.url, target.anonKey);
    const started = performance.now();
    let reason = 'network';
    let attempts = 0;
    for (let attempt = 1; attempt <= retry.attempts; attempt++) {
      if (attempt > 1) {
        const delay = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 2));
        if (performance.now() - started + delay > retry.deadlineMs) break;
        await sleep(delay);
      }
      const left = retry.deadlineMs - (performance.now() - started);
      attempts++;
      const { error, status } = await supabase
        .from('offer_leads')
        .upsert(row, { onConflict: 'id', ignoreDuplicates: true })
        .abortSignal(AbortSignal.timeout(Math.max(1, Math.min(retry.attemptTimeoutMs, left))));
      if (!error) return { ok: true, attempts };
      if (error.code === 'PT429') return { ok: false, reason: 'rate-limited', attempts };
      const retryable = status === 0 || status >= 500 || status === 408 || status === 429;
      if (!retryable) return { ok: false, reason: `rejected ${status} ${error.code}`, attempts };
      reason = 'network';
    }
    return { ok: false, reason, attempts };
  };
}

/** A spawned `node scripts/start.ts` (the real server process), which can be killed and restarted. */
class ServerProcess {
  static readonly running = new Set<ChildProcess>();
  readonly child: ChildProcess;
  readonly url: string;
  /** The last lines the server printed (for diagnostics). */
  readonly output: string[];

  private constructor(child: ChildProcess, url: string, output: string[]) {
    this.child = child;
    this.url = url;
    this.output = output;
  }

  private get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  static async start(options: {
    dataDir: string;
    siteDir: string;
    port: number;
    timeoutMs: number;
  }): Promise<ServerProcess> {
    const env = { ...process.env };
    // Never a real database, never another project: PGlite in the data dir, on the loopback.
    delete env['DATABASE_URL'];
    delete env['PUBLIC_SUPABASE_URL'];
    delete env['PUBLIC_SUPABASE_ANON_KEY'];
    // Every simulated browser connects from 127.0.0.1: lift the per-address and global lead
    // limits (local/index.ts), which this load is not about.
    env['RIHLA_ANON_SIGNINS_PER_HOUR'] = '1000000';
    env['RIHLA_LEAD_LIMITS'] =
      'per_address_per_10_minutes=1000000,global_per_10_minutes=1000000,per_address_flood_per_10_minutes=1000000';
    const child = spawn(
      process.execPath,
      [
        START_SCRIPT,
        '--no-build',
        '--dist',
        options.siteDir,
        '--data-dir',
        options.dataDir,
        '--host',
        LOCAL_HOST,
        '--api-port',
        String(options.port),
        '--site-port',
        '0',
      ],
      { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    ServerProcess.running.add(child);
    child.on('exit', () => ServerProcess.running.delete(child));
    const output: string[] = [];
    const keep = (chunk: Buffer) => {
      output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (output.length > 400) output.splice(0, output.length - 400);
    };
    child.stderr?.on('data', keep);
    const url = await new Promise<string>((resolveReady, rejectReady) => {
      let seen = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        rejectReady(
          new Error(
            `server not ready within ${options.timeoutMs} ms:\n${output.slice(-20).join('\n')}`,
          ),
        );
      }, options.timeoutMs);
      const onData = (chunk: Buffer) => {
        keep(chunk);
        seen += chunk.toString('utf8');
        const ready = /Supabase API ready at (http:\/\/\S+)/.exec(seen);
        if (ready) {
          clearTimeout(timer);
          child.off('exit', onExit);
          child.stdout?.off('data', onData);
          child.stdout?.on('data', keep);
          resolveReady(ready[1] as string);
        }
      };
      const onExit = (code: number | null, signal: string | null) => {
        clearTimeout(timer);
        rejectReady(
          new Error(
            `server exited before ready (code ${code}, signal ${signal}):\n${output.slice(-20).join('\n')}`,
          ),
        );
      };
      child.stdout?.on('data', onData);
      child.once('exit', onExit);
    });
    return new ServerProcess(child, url, output);
  }

  /** SIGKILL: no shutdown hook runs, exactly like a crash or an OOM kill. */
  async kill(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((done) => this.child.once('exit', () => done()));
    this.child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM (the documented clean stop), then SIGKILL if it takes more than 10 s. */
  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((done) => this.child.once('exit', () => done()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

process.on('exit', () => {
  for (const child of ServerProcess.running) child.kill('SIGKILL');
});

interface ServiceTarget {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

function serviceHeaders(target: ServiceTarget): Record<string, string> {
  return { apikey: target.serviceRoleKey, Authorization: `Bearer ${target.serviceRoleKey}` };
}

async function tableCount(target: ServiceTarget, table: string): Promise<number> {
  const response = await fetch(`${target.url}/rest/v1/${table}?select=id`, {
    method: 'HEAD',
    headers: { ...serviceHeaders(target), Prefer: 'count=exact' },
    signal: AbortSignal.timeout(30_000),
  });
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
  if (!response.ok || total === undefined) {
    throw new Error(`counting ${table} failed: HTTP ${response.status}`);
  }
  return Number(total);
}

/** Every row of `table` tagged with this run (utm_campaign), as the service role, page by page. */
async function rowsOfRun<Row>(
  target: ServiceTarget,
  table: string,
  columns: string,
  campaign: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  const pageSize = 1000;
  for (let offset = 0; ; offset += pageSize) {
    const query = new URLSearchParams({
      select: columns,
      utm_campaign: `eq.${campaign}`,
      order: 'id',
      limit: String(pageSize),
      offset: String(offset),
    });
    const response = await fetch(`${target.url}/rest/v1/${table}?${query}`, {
      headers: serviceHeaders(target),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`reading ${table} failed: HTTP ${response.status}`);
    const page = (await response.json()) as Row[];
    rows.push(...page);
    if (page.length < pageSize) return rows;
  }
}

const FIRST_NAMES = ['محمد', 'Layla', 'فاطمة', 'Omar', 'نورة', 'Yusuf', 'سارة', 'Hana'];
const SERVICES = ['hair-transplant', 'dental-implants', 'hollywood-smile', 'ivf', 'other'] as const;

/**
 * One lead per client, alternating the consultation form's row and the offer dialog's row. Every
 * phone is distinct (the database allows 5 leads per phone per hour) and every row carries the
 * run's tag in utm_campaign, so the run's rows can be found again in both tables.
 */
function makeRows(clients: number, campaign: string, runDigits: string): LeadRow[] {
  return Array.from({ length: clients }, (_, index) => {
    const serial = String(index).padStart(5, '0');
    const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${index}`;
    const common = {
      id: crypto.randomUUID(),
      name,
      page_url: `http://${LOCAL_HOST}/load/${campaign}`,
      language: index % 4 < 2 ? ('ar' as const) : ('en' as const),
      utm_source: 'load-test',
      utm_medium: 'script',
      utm_campaign: campaign,
    };
    if (index % 2 === 0) {
      return {
        ...common,
        phone: `9665${runDigits}${serial}`,
        country_code: '+966',
        country: 'السعودية',
        email: `lead${index}@example.com`,
        service: SERVICES[(index / 2) % SERVICES.length] as (typeof SERVICES)[number],
        notes: index % 3 === 0 ? 'أرغب في معرفة التكلفة والمدة' : null,
        preferred_countries: index % 5 === 0 ? ['turkey', 'egypt'] : [],
        ready_to_travel: 'yes' as const,
        appointment_time: 'thisMonth' as const,
        source: '/',
      };
    }
    return {
      ...common,
      phone: `9715${runDigits}${serial}`,
      country_code: '+971',
      country: 'الإمارات',
      source: 'hair-transplant-offer-page',
      campaign_params: { utm_campaign: campaign, gclid: `g${index}` },
    };
  });
}

export async function runLeadLoad(options: LoadOptions = {}): Promise<LoadReport> {
  const clients = options.clients ?? 500;
  if (!Number.isInteger(clients) || clients < 1 || clients > 99_999) {
    throw new Error('clients must be an integer from 1 to 99999');
  }
  if (options.killRestart && options.target) {
    throw new Error('killRestart needs a server this script spawns (no target)');
  }
  const log = options.log ?? (() => {});
  const notify = Boolean(options.notify || options.failNotifications);
  const killAfter = options.killAfter ?? 0.3;
  const rampMs = options.rampMs ?? (options.killRestart ? 2000 : 0);
  const resendEvery = (options.resend ?? 0.1) > 0 ? Math.round(1 / (options.resend ?? 0.1)) : 0;
  const submit = options.submit ?? browserLikeSubmit(options.retry);
  const problems: string[] = [];

  const scratch = mkdtempSync(join(tmpdir(), 'rihla-load-'));
  let server: ServerProcess | undefined;
  let serverStartMs: number | undefined;
  try {
    let target: ServiceTarget;
    let dataDir: string | undefined;
    const siteDir = join(scratch, 'site');
    if (options.target) {
      target = options.target;
    } else {
      dataDir = options.dataDir ? resolve(options.dataDir) : join(scratch, 'data');
      mkdirSync(siteDir, { recursive: true });
      writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>load test</title>\n');
      if (options.failNotifications) {
        // The local mail transport writes one file per message under <data dir>/outbox/; a plain
        // file in its place makes every delivery throw, as a provider outage would.
        mkdirSync(dataDir, { recursive: true });
        rmSync(join(dataDir, 'outbox'), { recursive: true, force: true });
        writeFileSync(join(dataDir, 'outbox'), 'not a directory: mail delivery fails\n');
      }
      const t0 = performance.now();
      server = await ServerProcess.start({
        dataDir,
        siteDir,
        port: options.apiPort ?? 0,
        timeoutMs: options.startTimeoutMs ?? 120_000,
      });
      serverStartMs = Math.round(performance.now() - t0);
      log(`server ready at ${server.url} in ${serverStartMs} ms (data dir ${dataDir})`);
      target = { url: server.url, anonKey: LOCAL_ANON_KEY, serviceRoleKey: LOCAL_SERVICE_ROLE_KEY };
    }
    assertLoopback(target.url);

    const before = {
      offerLeads: await tableCount(target, 'offer_leads'),
      contactRequests: await tableCount(target, 'contact_requests'),
    };
    const runDigits = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    const campaign = `load-${Date.now().toString(36)}-${runDigits}`;
    const rows = makeRows(clients, campaign, runDigits);

    const acknowledged = new Set<string>();
    const latencies: number[] = [];
    const failures: Record<string, number> = {};
    let retries = 0;
    let resent = 0;
    let resentFailed = 0;
    const notifications = {
      sent: 0,
      delivered: 0,
      failed: 0,
      statuses: {} as Record<string, number>,
    };
    const notifier = notify ? browserClient(target.url, target.anonKey) : undefined;

    interface KillState {
      pidKilled: number;
      pidRestarted: number;
      ackedBeforeKill: string[];
      downtimeMs: number;
      done: Promise<void>;
    }
    let kill: KillState | undefined;
    const killAt = Math.max(1, Math.floor(clients * killAfter));
    const maybeKill = () => {
      if (!options.killRestart || kill || !server || acknowledged.size < killAt) return;
      const victim = server;
      const state: KillState = {
        pidKilled: victim.child.pid ?? 0,
        pidRestarted: 0,
        ackedBeforeKill: [...acknowledged],
        downtimeMs: 0,
        done: Promise.resolve(),
      };
      kill = state;
      state.done = (async () => {
        const t0 = performance.now();
        await victim.kill();
        log(`SIGKILL after ${state.ackedBeforeKill.length} acknowledged submissions`);
        server = await ServerProcess.start({
          dataDir: dataDir as string,
          siteDir,
          port: Number(new URL(victim.url).port),
          timeoutMs: options.startTimeoutMs ?? 120_000,
        });
        state.downtimeMs = Math.round(performance.now() - t0);
        state.pidRestarted = server.child.pid ?? 0;
        log(`restarted on the same data dir and port after ${state.downtimeMs} ms`);
      })();
      // Awaited after the clients finish; marked handled so a failed restart is reported there.
      state.done.catch(() => {});
    };

    const started = performance.now();
    await Promise.all(
      rows.map(async (row, index) => {
        if (rampMs > 0) await sleep((index / clients) * rampMs);
        const t0 = performance.now();
        let result: SubmitResult;
        try {
          result = await submit(row, target);
        } catch (error) {
          result = { ok: false, reason: `threw: ${String(error)}`, attempts: 1 };
        }
        retries += Math.max(0, result.attempts - 1);
        if (!result.ok) {
          const reason = result.reason ?? 'unknown';
          failures[reason] = (failures[reason] ?? 0) + 1;
          return;
        }
        latencies.push(performance.now() - t0);
        acknowledged.add(row.id);
        maybeKill();
        if (resendEvery && index % resendEvery === 0) {
          resent++;
          const again = await submit(row, target);
          retries += Math.max(0, again.attempts - 1);
          if (!again.ok) resentFailed++;
        }
        if (notifier) {
          notifications.sent++;
          let timer: NodeJS.Timeout | undefined;
          const { error } = await Promise.race([
            notifier.functions.invoke('send-form-notification', {
              // As the site does: the id only; the mail is built from the stored lead.
              body: { lead_id: row.id },
            }),
            new Promise<{ error: Error }>((done) => {
              timer = setTimeout(() => done({ error: new Error('timeout') }), 15_000);
            }),
          ]);
          clearTimeout(timer);
          const status =
            error === null
              ? '202'
              : error instanceof FunctionsHttpError
                ? String((error.context as Response).status)
                : error.message;
          notifications.statuses[status] = (notifications.statuses[status] ?? 0) + 1;
          if (error) notifications.failed++;
          else notifications.delivered++;
        }
      }),
    );
    const durationMs = performance.now() - started;
    const killState = kill;
    if (killState) await killState.done;
    else if (options.killRestart) problems.push('the server was never killed');

    // Verification, as the service role, after the (restarted) server is up.
    const leads = await rowsOfRun<{ id: string; phone: string }>(
      target,
      'offer_leads',
      'id,phone',
      campaign,
    );
    const requests = await rowsOfRun<{ lead_id: string; phone: string }>(
      target,
      'contact_requests',
      'lead_id,phone',
      campaign,
    );
    const after = {
      offerLeads: await tableCount(target, 'offer_leads'),
      contactRequests: await tableCount(target, 'contact_requests'),
    };
    const ids = new Set(rows.map((row) => row.id));
    const leadIds = new Set(leads.map((lead) => lead.id));
    const requestLeadIds = new Set(requests.map((request) => request.lead_id));
    const duplicates =
      leads.length -
      new Set(leads.map((lead) => lead.phone)).size +
      leads.filter((lead) => !ids.has(lead.id)).length +
      requests.length -
      requestLeadIds.size;
    const orphans =
      leads.filter((lead) => !requestLeadIds.has(lead.id)).length +
      requests.filter((request) => !leadIds.has(request.lead_id)).length;
    const lostIds = [...acknowledged].filter((id) => !leadIds.has(id) || !requestLeadIds.has(id));
    const storedUnacknowledged = leads.filter(
      (lead) => ids.has(lead.id) && !acknowledged.has(lead.id),
    ).length;
    const tableDelta = {
      offerLeads: after.offerLeads - before.offerLeads,
      contactRequests: after.contactRequests - before.contactRequests,
    };

    const failed = clients - acknowledged.size;
    if (failed) problems.push(`${failed} submissions never succeeded: ${JSON.stringify(failures)}`);
    if (lostIds.length) problems.push(`${lostIds.length} acknowledged submissions are missing`);
    if (duplicates) problems.push(`${duplicates} duplicate rows`);
    if (orphans) problems.push(`${orphans} leads or requests without their pair`);
    if (resentFailed) problems.push(`${resentFailed} resent submissions failed`);
    if (leads.length !== acknowledged.size + storedUnacknowledged) {
      problems.push(`stored ${leads.length} leads for ${acknowledged.size} acknowledged`);
    }
    if (!options.target) {
      if (
        tableDelta.offerLeads !== leads.length ||
        tableDelta.contactRequests !== requests.length
      ) {
        problems.push(
          `table counts changed by ${JSON.stringify(tableDelta)}, not by this run's rows`,
        );
      }
    }
    const lostBeforeKill = killState
      ? killState.ackedBeforeKill.filter((id) => !leadIds.has(id)).length
      : 0;
    if (lostBeforeKill)
      problems.push(`${lostBeforeKill} leads acknowledged before the kill are gone`);
    if (options.failNotifications && notifications.delivered) {
      problems.push('notifications were delivered although the transport was broken');
    }

    const sorted = [...latencies].sort((a, b) => a - b);
    const report: LoadReport = {
      scenario: options.killRestart ? 'kill-restart' : 'load',
      campaign,
      clients,
      sent: clients,
      acknowledged: acknowledged.size,
      failed,
      failures,
      retries,
      resent,
      resentFailed,
      stored: { offerLeads: leads.length, contactRequests: requests.length },
      tableDelta,
      duplicates,
      lost: lostIds.length,
      orphans,
      storedUnacknowledged,
      latencyMs: {
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        max: round(sorted.at(-1) ?? 0),
      },
      durationMs: Math.round(durationMs),
      ...(killState
        ? {
            kill: {
              pidKilled: killState.pidKilled,
              pidRestarted: killState.pidRestarted,
              ackedBeforeKill: killState.ackedBeforeKill.length,
              lostBeforeKill,
              downtimeMs: killState.downtimeMs,
            },
          }
        : {}),
      ...(notify ? { notifications } : {}),
      ...(serverStartMs === undefined ? {} : { serverStartMs }),
      ok: problems.length === 0,
      problems,
    };
    return report;
  } finally {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const usage = `Usage: node scripts/load/leads.ts [--clients 500] [--kill-restart] [--data-dir DIR]
       [--notify | --notify-fail] [--ramp-ms MS] [--kill-after 0.3] [--resend 0.1]
       [--attempts 10] [--base-delay-ms 250] [--timeout-ms 300000]`;

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        clients: { type: 'string', default: '500' },
        'kill-restart': { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
        notify: { type: 'boolean', default: false },
        'notify-fail': { type: 'boolean', default: false },
        'ramp-ms': { type: 'string' },
        'kill-after': { type: 'string' },
        resend: { type: 'string' },
        attempts: { type: 'string' },
        'base-delay-ms': { type: 'string' },
        'timeout-ms': { type: 'string', default: '300000' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const number = (value: string | undefined, name: string): number | undefined => {
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < 0) {
      console.error(`${name} must be a non-negative number\n${usage}`);
      process.exit(2);
    }
    return parsed;
  };
  const timeoutMs = number(values['timeout-ms'], '--timeout-ms') as number;
  // A hard stop, whatever happens: the servers are killed by the exit handler above.
  setTimeout(() => {
    console.error(`load test did not finish within ${timeoutMs} ms; stopping`);
    process.exit(1);
  }, timeoutMs).unref();

  const clients = number(values.clients, '--clients') as number;
  if (!Number.isInteger(clients) || clients < 1 || clients > 99_999) {
    console.error(`--clients must be an integer from 1 to 99999\n${usage}`);
    process.exit(2);
  }
  const options: LoadOptions = {
    clients,
    killRestart: values['kill-restart'],
    notify: values.notify,
    failNotifications: values['notify-fail'],
    log: (line) => console.error(`[load] ${line}`),
  };
  const dataDir = values['data-dir'];
  const rampMs = number(values['ramp-ms'], '--ramp-ms');
  const killAfter = number(values['kill-after'], '--kill-after');
  const resend = number(values.resend, '--resend');
  if (dataDir !== undefined) options.dataDir = dataDir;
  if (rampMs !== undefined) options.rampMs = rampMs;
  if (killAfter !== undefined) options.killAfter = killAfter;
  if (resend !== undefined) options.resend = resend;
  const attempts = number(values.attempts, '--attempts');
  const baseDelayMs = number(values['base-delay-ms'], '--base-delay-ms');
  const retry: Partial<RetryPolicy> = {};
  if (attempts !== undefined) retry.attempts = Math.max(1, Math.floor(attempts));
  if (baseDelayMs !== undefined) retry.baseDelayMs = baseDelayMs;
  options.retry = retry;
  const report = await runLeadLoad(options);
  console.log(JSON.stringify(report, null, 2));
  console.error(
    `[load] ${report.ok ? 'PASS' : 'FAIL'}: ${report.acknowledged}/${report.sent} acknowledged, ` +
      `${report.stored.offerLeads} leads + ${report.stored.contactRequests} requests stored, ` +
      `${report.duplicates} duplicates, ${report.lost} lost, ${report.retries} retries, ` +
      `p50 ${report.latencyMs.p50} ms, p95 ${report.latencyMs.p95} ms, ${report.durationMs} ms` +
      (report.problems.length ? `\n  ${report.problems.join('\n  ')}` : ''),
  );
  process.exit(report.ok ? 0 : 1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
