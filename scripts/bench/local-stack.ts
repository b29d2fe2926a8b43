import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { startLocalStack } from '../../local/index.ts';

/**
 * Benchmark of the local stack, through the unchanged supabase-js, as the public forms use it:
 * cold start (fresh and reopened data dir), lead-insert throughput and latency sequentially and with
 * 50 concurrent clients, then a row count proving no lead was lost or stored twice (every insert
 * carries a client id and 5% are sent twice, as retries would be).
 *
 *   node scripts/bench/local-stack.ts            prints the figures as JSON
 *   import { benchLocalStack } from …            returns them as a plain object
 */

export type LatencyFigures = {
  requests: number;
  seconds: number;
  throughputPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  errors: number;
};

export type LocalStackBenchResult = {
  coldStart: { freshMs: number; reopenMs: number };
  sequential: LatencyFigures;
  concurrent: LatencyFigures & { clients: number };
  rows: {
    expected: number;
    offerLeads: number;
    contactRequests: number;
    lost: number;
    duplicates: number;
    retriesSent: number;
  };
  targets: { reopenMs: number; concurrentP95Ms: number };
  pass: boolean;
};

export interface BenchOptions {
  sequentialInserts?: number;
  concurrentInserts?: number;
  clients?: number;
  /** Share of concurrent inserts sent a second time with the same id. */
  retryShare?: number;
  /** Progress messages (the bench runner passes its logger). */
  log?: (message: string) => void;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function figures(latencies: number[], seconds: number, errors: number): LatencyFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    requests: latencies.length,
    seconds: round(seconds),
    throughputPerSecond: round(latencies.length / seconds),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted.at(-1) ?? 0),
    errors,
  };
}

let phoneCounter = 0;
function leadRow(id: string) {
  phoneCounter += 1;
  return {
    id,
    name: 'Bench Lead',
    // A distinct phone per lead keeps the per-phone rate limit out of the measurement.
    phone: `9665${String(10_000_000 + phoneCounter).padStart(8, '0')}`,
    country_code: '+966',
    country: 'Saudi Arabia',
    service: 'hair-transplant' as const,
    notes: 'Benchmark',
    source: '/',
    language: 'ar' as const,
  };
}

export async function benchLocalStack(
  optionsOrLog: BenchOptions | ((message: string) => void) = {},
): Promise<LocalStackBenchResult> {
  const options = typeof optionsOrLog === 'function' ? { log: optionsOrLog } : optionsOrLog;
  const log = options.log ?? (() => {});
  const sequentialInserts = options.sequentialInserts ?? 200;
  const concurrentInserts = options.concurrentInserts ?? 2000;
  const clients = options.clients ?? 50;
  const retryShare = options.retryShare ?? 0.05;
  const dataDir = mkdtempSync(join(tmpdir(), 'rihla-bench-'));
  try {
    log('local stack: cold start on a fresh data dir…');
    let started = performance.now();
    const fresh = await startLocalStack({ dataDir, port: 0, log: false });
    const freshMs = performance.now() - started;
    await fresh.close();

    log('local stack: reopening the data dir…');
    started = performance.now();
    // The bench measures speed, not abuse limits: all its traffic comes from 127.0.0.1.
    const stack = await startLocalStack({
      dataDir,
      port: 0,
      log: false,
      anonymousSignInsPerHour: 1_000_000,
      leadLimits: {
        per_address_per_10_minutes: 1_000_000,
        global_per_10_minutes: 1_000_000,
        per_address_flood_per_10_minutes: 1_000_000,
      },
    });
    const reopenMs = performance.now() - started;
    const client = () =>
      createClient(stack.url, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      });

    const insert = async (supabase: ReturnType<typeof client>, id: string, latencies: number[]) => {
      const begin = performance.now();
      const { error } = await supabase.from('offer_leads').insert(leadRow(id));
      latencies.push(performance.now() - begin);
      return error ? 1 : 0;
    };

    const sentIds = new Set<string>();
    const sequentialLatencies: number[] = [];
    let sequentialErrors = 0;
    log(`local stack: ${sequentialInserts} sequential lead inserts…`);
    const single = client();
    started = performance.now();
    for (let i = 0; i < sequentialInserts; i++) {
      const id = randomUUID();
      sentIds.add(id);
      sequentialErrors += await insert(single, id, sequentialLatencies);
    }
    const sequential = figures(
      sequentialLatencies,
      (performance.now() - started) / 1000,
      sequentialErrors,
    );

    const ids = Array.from({ length: concurrentInserts }, () => randomUUID());
    const retries = ids.filter((_, index) => index % Math.round(1 / retryShare) === 0);
    const queue = [...ids, ...retries];
    const concurrentLatencies: number[] = [];
    let concurrentErrors = 0;
    let next = 0;
    log(`local stack: ${queue.length} lead inserts from ${clients} concurrent clients…`);
    started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        const supabase = client();
        while (next < queue.length) {
          const id = queue[next++] as string;
          sentIds.add(id);
          concurrentErrors += await insert(supabase, id, concurrentLatencies);
        }
      }),
    );
    const concurrent = {
      clients,
      ...figures(concurrentLatencies, (performance.now() - started) / 1000, concurrentErrors),
    };

    const { rows } = await stack.sql<{ leads: number; requests: number; matched: number }>(
      `select (select count(*)::int from public.offer_leads) as leads,
              (select count(*)::int from public.contact_requests) as requests,
              (select count(*)::int from public.offer_leads where id = any($1::uuid[])) as matched`,
      [`{${[...sentIds].join(',')}}`],
    );
    const counts = rows[0] as { leads: number; requests: number; matched: number };
    await stack.close();
    const expected = sentIds.size;
    const result: LocalStackBenchResult = {
      coldStart: { freshMs: Math.round(freshMs), reopenMs: Math.round(reopenMs) },
      sequential,
      concurrent,
      rows: {
        expected,
        offerLeads: counts.leads,
        contactRequests: counts.requests,
        lost: expected - counts.matched,
        duplicates: Math.max(0, counts.leads - expected) + Math.abs(counts.requests - counts.leads),
        retriesSent: retries.length,
      },
      targets: { reopenMs: 1000, concurrentP95Ms: 200 },
      pass: false,
    };
    result.pass =
      result.coldStart.reopenMs <= result.targets.reopenMs &&
      result.concurrent.p95Ms <= result.targets.concurrentP95Ms &&
      result.rows.lost === 0 &&
      result.rows.duplicates === 0 &&
      sequential.errors === 0 &&
      concurrent.errors === 0;
    return result;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchLocalStack();
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.pass ? 0 : 1);
}
