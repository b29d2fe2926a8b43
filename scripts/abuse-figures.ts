/**
 * The figures of docs/reliability.md "Abuse": the attacks of issues 14 and 27 (scripts/abuse/)
 * replayed against a fresh in-memory local stack with the production limits, distinct clients
 * being sockets bound to distinct loopback addresses (127.0.x.y). Prints one JSON object.
 *
 *   node scripts/abuse-figures.ts
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../local/index.ts';
import { issue27Attacks } from './abuse/issue-27.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'rihla-abuse-'));
const stack = await startLocalStack({
  dataDir,
  inMemory: true,
  port: 0,
  log: false,
  leadLimits: {},
  notificationIntervalMs: 0,
});
const port = new URL(stack.url).port;

/** One HTTP request from `address`; resolves to the status and body. */
function call(
  address: string,
  method: string,
  path: string,
  body: unknown,
  token = stack.anonKey,
): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        localAddress: address,
        agent: false,
        headers: {
          apikey: stack.anonKey,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'X-Forwarded-For': '203.0.113.1',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

let serial = 0;
const leadBody = (name = 'Flood Bot', phone?: string) => ({
  id: crypto.randomUUID(),
  name,
  phone: phone ?? `96650${String(1_000_000 + serial++).padStart(7, '0')}`,
  country_code: '+966',
  source: '/',
});
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;

try {
  await stack.sql(`select private.create_admin('staff', 'correct horse battery')`);

  // 1. Lead flood from one address for 30 s (new phone each time, forged X-Forwarded-For).
  const floodStart = performance.now();
  const floodStatuses: Record<number, number> = {};
  while (performance.now() - floodStart < 30_000) {
    const { status } = await call('127.0.0.2', 'POST', '/rest/v1/offer_leads', leadBody());
    floodStatuses[status] = (floodStatuses[status] ?? 0) + 1;
  }
  const patient = await call('127.0.0.3', 'POST', '/rest/v1/offer_leads', leadBody('Patient'));

  // 2. Admin lockout attempt: 5 wrong passwords from one address, then the admin elsewhere.
  const signIn = async (address: string) =>
    (
      JSON.parse((await call(address, 'POST', '/auth/v1/signup', {})).body) as {
        access_token: string;
      }
    ).access_token;
  const attackerToken = await signIn('127.0.0.4');
  const attackerStatuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    attackerStatuses.push(
      (
        await call(
          '127.0.0.4',
          'POST',
          '/rest/v1/rpc/admin_login',
          {
            _username: 'staff',
            _password: `guess ${i}`,
          },
          attackerToken,
        )
      ).status,
    );
  }
  const adminToken = await signIn('127.0.0.5');
  const adminLogin = await call(
    '127.0.0.5',
    'POST',
    '/rest/v1/rpc/admin_login',
    { _username: 'staff', _password: 'correct horse battery' },
    adminToken,
  );

  // 3. Lead latency from a patient while 30 clients (own addresses) loop admin_login for 10 s.
  //    (Each insert comes from a new address; the global ceiling is lifted so all are stored.)
  await stack.sql(`update private.lead_limit_settings set global_per_10_minutes = 100000`);
  const timedInserts = async (ms: number, from: number) => {
    const latencies: number[] = [];
    const start = performance.now();
    let address = from;
    while (performance.now() - start < ms || latencies.length < 5) {
      const started = performance.now();
      await call(`127.0.2.${address++ % 250}`, 'POST', '/rest/v1/offer_leads', leadBody('Patient'));
      latencies.push(performance.now() - started);
    }
    return latencies;
  };
  const quiet = await timedInserts(5_000, 10);
  const loopTokens = await Promise.all(
    Array.from({ length: 30 }, (_, i) => signIn(`127.0.1.${i + 1}`)),
  );
  let looping = true;
  let loginCalls = 0;
  const loops = loopTokens.map(async (token, i) => {
    while (looping) {
      await call(
        `127.0.1.${i + 1}`,
        'POST',
        '/rest/v1/rpc/admin_login',
        {
          _username: 'staff',
          _password: 'wrong password!',
        },
        token,
      );
      loginCalls++;
    }
  });
  const latencies = await timedInserts(10_000, 100);
  looping = false;
  await Promise.all(loops);

  // 4. Mail relay attempt: 200 forged notification requests, then one real lead nudged.
  const before = existsSync(join(dataDir, 'outbox'))
    ? readdirSync(join(dataDir, 'outbox')).length
    : 0;
  const relayStart = performance.now();
  for (let i = 0; i < 200; i++) {
    await call('127.0.0.6', 'POST', '/functions/v1/send-form-notification', {
      name: 'Agency Billing',
      phone: '966500000000',
      subject: `Invoice ${i}`,
      message: 'Pay here',
      lead_id: crypto.randomUUID(),
    });
  }
  const relayMs = performance.now() - relayStart;
  const forgedMails =
    (existsSync(join(dataDir, 'outbox')) ? readdirSync(join(dataDir, 'outbox')).length : 0) -
    before;

  const issue27 = await issue27Attacks({
    call,
    sql: <T>(text: string) => stack.sql<T>(text),
    leadBody,
    signIn,
  });

  console.log(
    JSON.stringify(
      {
        flood: {
          seconds: 30,
          statuses: floodStatuses,
          storedFromFloodingAddress: (
            await stack.sql<{ held: string | null; n: number }>(
              `select held_reason as held, count(*)::int as n from offer_leads
               where name = 'Flood Bot' group by 1 order by 1`,
            )
          ).rows,
          patientElsewhere: patient.status,
        },
        lockout: { attackerStatuses, adminFromOtherAddress: adminLogin.body },
        loginStorm: {
          quietLeadMsP50: Math.round(percentile(quiet, 0.5)),
          quietLeadMsMax: Math.round(Math.max(...quiet)),
          loginCalls,
          leadInserts: latencies.length,
          leadMsP50: Math.round(percentile(latencies, 0.5)),
          leadMsP95: Math.round(percentile(latencies, 0.95)),
          leadMsMax: Math.round(Math.max(...latencies)),
        },
        relay: { forgedRequests: 200, mailsWritten: forgedMails, ms: Math.round(relayMs) },
        issue27,
        loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
      },
      null,
      2,
    ),
  );
} finally {
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
}
