import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, client, lead, sleep, startTestStack, type Client } from './helpers.ts';

/**
 * The staff's live lists over Realtime Authorization, as on a hosted project: every change of a lead
 * table is broadcast from the database to a private topic (staff:<table>) and only a live admin
 * session may join it. Deletions in particular reach nobody else: hosted Realtime does not apply
 * RLS to postgres_changes DELETE events, so the tables are no longer published at all.
 */

interface Broadcast {
  event: string;
  payload: {
    operation: string;
    table: string;
    record: Record<string, unknown> | null;
    old_record: Record<string, unknown> | null;
  };
}

let stack: Awaited<ReturnType<typeof startTestStack>>;
const clients: Client[] = [];

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  for (const each of clients) await each.removeAllChannels();
  await stack.cleanup();
});

/** Joins `staff:<table>` (private unless said otherwise); resolves with the join outcome. */
async function join(
  subscriber: Client,
  table: 'contact_requests' | 'offer_leads',
  isPrivate = true,
): Promise<{ status: string; received: Broadcast[]; channel: RealtimeChannel }> {
  clients.push(subscriber);
  await subscriber.realtime.setAuth();
  const received: Broadcast[] = [];
  const channel = subscriber
    .channel(`staff:${table}`, { config: { private: isPrivate } })
    .on('broadcast', { event: '*' }, (message) => received.push(message as unknown as Broadcast));
  const status = await new Promise<string>((resolveStatus) => {
    const timer = setTimeout(() => resolveStatus('TIMED_OUT'), 15_000);
    channel.subscribe((state) => {
      if (state === 'SUBSCRIBED' || state === 'CHANNEL_ERROR') {
        clearTimeout(timer);
        resolveStatus(state);
      }
    });
  });
  return { status, received, channel };
}

async function settle(arrived: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!arrived() && Date.now() < deadline) await sleep(20);
  await stack.realtimeIdle();
  await sleep(150);
}

describe('staff topics (private channels)', () => {
  it('the lead tables are not published: their changes travel only as private broadcasts', async () => {
    const { rows } = await stack.sql<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime'
         and schemaname = 'public' and tablename in ('contact_requests', 'offer_leads')`,
    );
    expect(rows).toEqual([]);
  });

  it('an admin receives inserts, updates and deletes; nobody else may even join', async () => {
    const admin = await adminClient(stack);
    const inbox = await join(admin, 'contact_requests');
    const leads = await join(await adminClient(stack, 'second'), 'offer_leads');
    expect([inbox.status, leads.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);

    const visitor = client(stack);
    await visitor.auth.signInAnonymously();
    const formerAdmin = await adminClient(stack, 'former');
    await stack.sql(`update private.admin_sessions s set expires_at = now() - interval '1 second'
                     from private.admin_users a where a.id = s.admin_id and a.username = 'former'`);
    const refused = await Promise.all([
      join(client(stack), 'contact_requests'),
      join(visitor, 'contact_requests'),
      join(formerAdmin, 'contact_requests'),
    ]);
    expect(refused.map((outcome) => outcome.status)).toEqual([
      'CHANNEL_ERROR',
      'CHANNEL_ERROR',
      'CHANNEL_ERROR',
    ]);
    // A public channel of the same name is another channel: it never gets the private broadcasts.
    const lookalike = client(stack);
    await lookalike.auth.signInAnonymously();
    const publicTwin = await join(lookalike, 'contact_requests', false);
    expect(publicTwin.status).toBe('SUBSCRIBED');

    const row = lead({ service: 'lasik' });
    expect((await client(stack).from('offer_leads').insert(row)).error).toBeNull();
    await settle(() => inbox.received.length >= 1 && leads.received.length >= 1);
    expect(inbox.received).toHaveLength(1);
    expect(inbox.received[0]).toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', table: 'contact_requests', old_record: null },
    });
    expect(inbox.received[0]?.payload.record).toMatchObject({ lead_id: row.id, status: 'new' });
    expect(leads.received.map((message) => message.payload.record?.['id'])).toEqual([row.id]);

    const requestId = String(inbox.received[0]?.payload.record?.['id']);
    await admin.from('contact_requests').update({ status: 'completed' }).eq('id', requestId);
    await admin.from('contact_requests').delete().eq('id', requestId);
    await settle(() => inbox.received.length >= 3);
    expect(inbox.received.map((message) => message.event)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(inbox.received[1]?.payload.record).toMatchObject({ id: requestId, status: 'completed' });
    expect(inbox.received[2]?.payload).toMatchObject({
      record: null,
      old_record: { id: requestId },
    });

    for (const outcome of [...refused, publicTwin]) expect(outcome.received).toEqual([]);
    // Delivered broadcasts do not pile up locally.
    const { rows } = await stack.sql<{ n: number }>(
      `select count(*)::int as n from realtime.messages`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
