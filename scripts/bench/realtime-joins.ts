import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createClient } from '@supabase/supabase-js';
import { startLocalStack, type LocalStack } from '../../local/index.ts';
import { MAX_REFUSED_JOINS_PER_MINUTE } from '../../local/realtime-authorization.ts';

/**
 * Refused Realtime joins must cost a visitor's lead nothing measurable (issue 49, item 5): the
 * lead-insert p95 on a quiet local stack, then the p95 of the leads sent while a burst of 5,000
 * private joins to the staff channel, without the right to, arrives (50 sockets at a time, each
 * sending as many joins as a socket may have checked, then a fresh socket taking its place, so
 * the joins reach the database check as far as the server lets them). Target: the p95 under the
 * burst within 2× the quiet one.
 *
 *   node scripts/bench/realtime-joins.ts      prints the figures as JSON
 */

export type RealtimeJoinsResult = {
  inserts: number;
  quiet: { p50Ms: number; p95Ms: number; maxMs: number };
  burst: {
    inserts: number;
    seconds: number;
    p50Ms: number;
    p95Ms: number;
    maxMs: number;
    refusedJoins: number;
    joinsPerSecond: number;
    sockets: number;
  };
  ratio: number;
  target: { ratio: number };
  pass: boolean;
};

const round = (value: number) => Math.round(value * 10) / 10;

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { p50Ms: round(at(50)), p95Ms: round(at(95)), maxMs: round(sorted.at(-1) ?? 0) };
}

let phone = 0;
async function insertLeads(stack: LocalStack, count: number): Promise<number[]> {
  const supabase = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const latencies: number[] = [];
  for (let n = 0; n < count; n++) {
    phone += 1;
    const begin = performance.now();
    const { error } = await supabase.from('offer_leads').insert({
      id: randomUUID(),
      name: 'Bench Lead',
      phone: `9665${String(20_000_000 + phone).padStart(8, '0')}`,
      country_code: '+966',
      service: 'hair-transplant',
      source: '/',
      language: 'ar',
    });
    if (error) throw new Error(`lead insert failed: ${error.code} ${error.message}`);
    latencies.push(performance.now() - begin);
    // A visitor's pace, not a loop: the burst gets the loop between inserts.
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
  return latencies;
}

/**
 * The flood, in a worker thread of its own (an attacker is another process, not the server's
 * event loop): `parallel` sockets at a time, each sending `joins` private joins to the staff
 * channel, waiting for their refusals, then closing for a fresh one, until `total` joins were
 * sent; then posts the refused count.
 */
const FLOOD = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, joins, parallel, total } = workerData;
let refused = 0;
let sockets = 0;
async function once() {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', () => reject(new Error('websocket refused')));
  });
  let answered = 0;
  await new Promise((resolve) => {
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame[3] === 'phx_reply' && frame[4].status === 'error' && ++answered === joins) resolve();
    });
    for (let n = 0; n < joins; n++)
      socket.send(JSON.stringify([String(n), String(n), 'realtime:staff:contact_requests', 'phx_join', { config: { private: true } }]));
  });
  socket.close();
  refused += answered;
}
Promise.all(Array.from({ length: parallel }, async () => {
  while (sockets * joins < total) { sockets++; await once(); }
})).then(() => parentPort.postMessage({ refused, sockets }));
`;

export async function benchRealtimeJoins(
  log: (message: string) => void = () => {},
  { inserts = 100, parallelSockets = 50, burstJoins = 5000 } = {},
): Promise<RealtimeJoinsResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rihla-bench-realtime-'));
  const stack = await startLocalStack({
    dataDir,
    inMemory: true,
    port: 0,
    log: false,
    leadLimits: {
      per_address_per_10_minutes: 1_000_000,
      global_per_10_minutes: 1_000_000,
      per_address_flood_per_10_minutes: 1_000_000,
    },
  });
  try {
    await insertLeads(stack, 10); // warm-up: first statements, schema cache
    log(`realtime joins: ${inserts} lead inserts on a quiet server…`);
    const quiet = summary(await insertLeads(stack, inserts));

    log(
      `realtime joins: the same inserts beside refused joins from ${parallelSockets} sockets at a time…`,
    );
    const url = `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`;
    const started = performance.now();
    const worker = new Worker(FLOOD, {
      eval: true,
      workerData: {
        url,
        joins: MAX_REFUSED_JOINS_PER_MINUTE,
        parallel: parallelSockets,
        total: burstJoins,
      },
    });
    const flood = new Promise<{ refused: number; sockets: number }>((resolveFlood, rejectFlood) => {
      worker.once('message', resolveFlood);
      worker.once('error', rejectFlood);
    });
    // Leads arrive at a visitor's pace for as long as the burst lasts.
    let flooding = true;
    const outcome = flood.finally(() => (flooding = false));
    const burstLatencies: number[] = [];
    while (flooding) burstLatencies.push(...(await insertLeads(stack, 1)));
    const { refused: refusedJoins, sockets } = await outcome;
    await worker.terminate();
    const seconds = (performance.now() - started) / 1000;
    const burst = {
      inserts: burstLatencies.length,
      seconds: round(seconds),
      ...summary(burstLatencies),
      refusedJoins,
      joinsPerSecond: Math.round(refusedJoins / seconds),
      sockets,
    };
    const ratio = round(burst.p95Ms / Math.max(quiet.p95Ms, 0.1));
    return { inserts, quiet, burst, ratio, target: { ratio: 2 }, pass: ratio <= 2 };
  } finally {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchRealtimeJoins((message) => console.error(message));
  console.log(JSON.stringify(result, null, 2));
}
