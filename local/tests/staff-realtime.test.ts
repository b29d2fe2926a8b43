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
): Promise<{ status: string; states: string[]; received: Broadcast[]; channel: RealtimeChannel }> {
  clients.push(subscriber);
  await subscriber.realtime.setAuth();
  const received: Broadcast[] = [];
  const states: string[] = [];
  const channel = subscriber
    .channel(`staff:${table}`, { config: { private: isPrivate } })
    .on('broadcast', { event: '*' }, (message) => received.push(message as unknown as Broadcast));
  // The server's answer, however long a loaded machine takes to give it (supabase-js reports
  // TIMED_OUT after 10 s and joins again; a hang fails at the test's timeout).
  const status = await new Promise<string>((resolveStatus) => {
    channel.subscribe((state) => {
      states.push(state);
      if (state === 'SUBSCRIBED' || state === 'CHANNEL_ERROR') resolveStatus(state);
    });
  });
  return { status, states, received, channel };
}

/**
 * Waits for what `arrived` expects (a lost message fails at the test's timeout), then for every
 * change notified so far to be delivered, and a moment for anything that should not arrive.
 */
async function settle(arrived: () => boolean): Promise<void> {
  while (!arrived()) await sleep(20);
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
    // Staff change a request through update_request, over the version they saw (issue 41).
    const seen = Number(inbox.received[0]?.payload.record?.['version']);
    const saved = await admin.rpc('update_request', {
      _id: requestId,
      _expected_version: seen,
      _changes: { status: 'completed' },
    });
    expect(saved.error).toBeNull();
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

  it('stops a joined channel within seconds when the account is disabled, logged out or its session revoked', async () => {
    const live = await join(await adminClient(stack, 'still-here'), 'contact_requests');
    const disabled = await join(await adminClient(stack, 'disabled'), 'contact_requests');
    const loggedOutClient = await adminClient(stack, 'logged-out');
    const loggedOut = await join(loggedOutClient, 'contact_requests');
    const revokedClient = await adminClient(stack, 'revoked');
    const revoked = await join(revokedClient, 'contact_requests');
    const joined = [live, disabled, loggedOut, revoked];
    expect(joined.map((outcome) => outcome.status)).toEqual(Array(4).fill('SUBSCRIBED'));

    await stack.sql(`select private.set_admin_disabled('disabled', true)`);
    expect((await loggedOutClient.rpc('admin_logout')).error).toBeNull();
    // The auth session ended elsewhere (another device's global sign-out, an operator's revoke).
    const { data } = await revokedClient.auth.getSession();
    const sessionId = JSON.parse(atob(String(data.session?.access_token).split('.')[1] ?? ''))
      .session_id as string;
    await stack.sql(`delete from auth.sessions where id = $1`, [sessionId]);

    // Nothing more reaches them, even before their channels are closed.
    const row = lead();
    expect((await client(stack).from('offer_leads').insert(row)).error).toBeNull();
    await settle(() => live.received.length >= 1);
    expect(live.received.map((message) => message.payload.record?.['lead_id'])).toEqual([row.id]);
    for (const ended of [disabled, loggedOut, revoked]) expect(ended.received).toEqual([]);

    // And each ended channel is closed by the server at its next re-check (every 2 s; longer only
    // on a loaded machine; a channel never closed fails at the test's timeout).
    const closed = () =>
      [disabled, loggedOut, revoked].every((ended) => ended.states.at(-1) !== 'SUBSCRIBED');
    while (!closed()) await sleep(100);
    expect([disabled, loggedOut, revoked].map((ended) => ended.states.at(-1))).not.toContain(
      'SUBSCRIBED',
    );
    expect(live.states.at(-1)).toBe('SUBSCRIBED');
  });
});

describe('the Phoenix protocol, as far as the app uses it', () => {
  async function connect(apikey: string) {
    const socket = new WebSocket(
      `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`,
    );
    const frames: unknown[][] = [];
    socket.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data))));
    await new Promise<void>((resolveOpen, rejectOpen) => {
      socket.addEventListener('open', () => resolveOpen());
      socket.addEventListener('error', () => rejectOpen(new Error('websocket refused')));
    });
    /** The reply to `ref`, whenever it comes (a missing one fails at the test's timeout). */
    const next = async (ref: string) => {
      for (;;) {
        const found = frames.find((frame) => frame[1] === ref);
        if (found) return found;
        await sleep(10);
      }
    };
    return { socket, next };
  }

  it('answers heartbeats and leaves; refuses postgres_changes, client broadcast and a forged token', async () => {
    const { socket, next } = await connect(stack.anonKey);
    socket.send('this is not a frame');
    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await next('1')).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    const bindings = [{ event: '*', schema: 'public', table: 'contact_requests' }];
    socket.send(
      JSON.stringify([
        '2',
        '2',
        'realtime:x',
        'phx_join',
        { config: { postgres_changes: bindings } },
      ]),
    );
    expect((await next('2'))[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/^postgres_changes is not implemented/) },
    });
    socket.send(JSON.stringify(['3', '3', 'realtime:x', 'phx_join', { config: {} }]));
    expect((await next('3'))[4]).toMatchObject({ status: 'ok' });
    socket.send(JSON.stringify(['3', '4', 'realtime:x', 'broadcast', { event: 'x', payload: {} }]));
    expect((await next('4'))[4]).toMatchObject({ status: 'error' });
    socket.send(JSON.stringify(['3', '5', 'realtime:x', 'phx_leave', {}]));
    expect((await next('5'))[4]).toEqual({ status: 'ok', response: {} });
    const forged = { config: { private: true }, access_token: `${stack.anonKey}x` };
    socket.send(JSON.stringify(['6', '6', 'realtime:staff:offer_leads', 'phx_join', forged]));
    expect((await next('6'))[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/^Invalid JWT/) },
    });
    socket.close();
    await expect(connect('not-a-key')).rejects.toThrow('websocket refused');
  });
});
