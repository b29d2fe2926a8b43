import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, stopTestPostgres } from '../../supabase/tests/helpers/postgres.ts';
import { startLocalStack, type LocalStack } from '../index.ts';
import { adminClient, client, lead, sleep, type Client } from './helpers.ts';

/**
 * The same server on a real PostgreSQL (DATABASE_URL mode): pooled transactions, LISTEN on its own
 * connection, and the private staff channels (Realtime Authorization), end to end with supabase-js. Skipped with a log line
 * only where PostgreSQL is not installed (supabase/tests/helpers/postgres.ts); one that is installed
 * but does not start fails the file.
 */

const server = await startTestPostgres();
let stack: LocalStack | undefined;
let dataDir: string;

beforeAll(async () => {
  if (!server) return;
  dataDir = mkdtempSync(join(tmpdir(), 'rihla-pg-stack-'));
  stack = await startLocalStack({
    dataDir,
    databaseUrl: await server.createDatabase(),
    port: 0,
    log: false,
  });
});
afterAll(async () => {
  await stack?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  stopTestPostgres();
});

/** Resolves once `done()` holds; a lost event fails at the test's timeout. */
async function arrived(done: () => boolean): Promise<void> {
  while (!done()) await sleep(20);
}

interface Change {
  operation: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

/** Joins the private staff topic of contact_requests; resolves with the join status. */
async function staffChannel(subscriber: Client, changes: Change[]): Promise<string> {
  await subscriber.realtime.setAuth();
  const channel = subscriber
    .channel('staff:contact_requests', { config: { private: true } })
    .on('broadcast', { event: '*' }, ({ payload }) => changes.push(payload as Change));
  return new Promise<string>((resolveStatus) =>
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR') resolveStatus(status);
    }),
  );
}

describe.skipIf(!server)('the local server on a real PostgreSQL', () => {
  it('stores leads, serves the admin and delivers realtime changes to admins only', async () => {
    const live = stack as LocalStack;
    const admin = await adminClient(live);
    const adminChanges: Change[] = [];
    const publicChanges: Change[] = [];
    const visitor = client(live);
    expect(await staffChannel(admin, adminChanges)).toBe('SUBSCRIBED');
    expect(await staffChannel(visitor, publicChanges)).toBe('CHANNEL_ERROR');

    const row = lead();
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await visitor.from('offer_leads').insert(row)).error).toBeNull();
    }
    const { data: requests } = await admin
      .from('contact_requests')
      .select('id, lead_id, service')
      .order('created_at', { ascending: false });
    expect(requests).toEqual([{ id: expect.any(String), lead_id: row.id, service: 'dental' }]);
    const requestId = requests?.[0]?.id ?? '';
    // Each step waits for the event it depends on (not for a fixed time), so a loaded machine only
    // makes this slower.
    await arrived(() => adminChanges.length >= 1);
    // An erasure (the CLI's erase, the retention) is a DELETE. An owner's delete from the dashboard
    // moves the request to the bin instead (supabase/tests/roles-and-bin.test.ts).
    await live.sql(`delete from public.contact_requests where id = $1`, [requestId]);
    await arrived(() => adminChanges.length >= 2);
    await live.realtimeIdle();
    await sleep(200);
    expect(adminChanges.map((change) => change.operation)).toEqual(['INSERT', 'DELETE']);
    expect(adminChanges[1]?.old_record).toMatchObject({ id: requestId });
    expect(publicChanges).toEqual([]);
    const { rows } = await live.sql<{ n: number }>(
      `select count(*)::int as n from public.offer_leads`,
    );
    expect(rows[0]?.n).toBe(0);
    await admin.removeAllChannels();
    await visitor.removeAllChannels();
  }, 120_000);

  it('delivers each change of one transaction with its own row, though the row is gone by then', async () => {
    const live = stack as LocalStack;
    const admin = await adminClient(live);
    const changes: Change[] = [];
    expect(await staffChannel(admin, changes)).toBe('SUBSCRIBED');
    const leadId = crypto.randomUUID();
    await live.sql(`do $$
      begin
        insert into public.offer_leads (id, name, phone, service)
          values ('${leadId}', 'Salma', '966500000002', 'lasik');
        delete from public.contact_requests where lead_id = '${leadId}';
      end $$`);
    await arrived(() => changes.length >= 2);
    expect(changes.map((change) => change.operation)).toEqual(['INSERT', 'DELETE']);
    expect(changes[0]?.record).toMatchObject({ lead_id: leadId, service: 'lasik' });
    await admin.removeAllChannels();
  }, 120_000);
});
