import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  client,
  lead,
  publishLeadTables,
  sleep,
  startTestStack,
  type Client,
} from './helpers.ts';

/**
 * Realtime postgres_changes with the unchanged supabase-js: the admin dashboard's subscription gets
 * every change, re-checked against RLS for each subscriber, so the public and non-admin sessions get
 * nothing. Also the raw Phoenix frames (vsn 2.0.0) the protocol depends on.
 */

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

let stack: Awaited<ReturnType<typeof startTestStack>>;
const clients: Client[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  await publishLeadTables(stack);
});
afterAll(async () => {
  for (const each of clients) await each.removeAllChannels();
  await stack.cleanup();
});

async function subscribe(
  subscriber: Client,
  table: 'contact_requests' | 'offer_leads',
  options: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string } = {},
): Promise<{ changes: Change[]; channel: RealtimeChannel }> {
  clients.push(subscriber);
  const changes: Change[] = [];
  const channel = subscriber.channel(`test-${crypto.randomUUID()}`).on(
    'postgres_changes',
    {
      event: options.event ?? '*',
      schema: 'public',
      table,
      ...(options.filter ? { filter: options.filter } : {}),
    } as never,
    (payload: Change) => changes.push(payload),
  );
  await new Promise<void>((resolveSubscribed, rejectSubscribed) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolveSubscribed();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
        rejectSubscribed(error ?? new Error(status));
    });
  });
  return { changes, channel };
}

/**
 * Waits until the expected deliveries arrived (the positive control), then a little longer so any
 * delivery that should not happen would have had time to arrive too.
 */
async function settle(arrived: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!arrived() && Date.now() < deadline) await sleep(20);
  await stack.realtimeIdle();
  await sleep(150);
}

describe('postgres_changes through supabase-js', () => {
  it('delivers inserts, updates and deletes to an admin and nothing to others', async () => {
    const admin = await adminClient(stack);
    const adminFeed = await subscribe(admin, 'contact_requests');
    const adminLeads = await subscribe(admin, 'offer_leads', { event: 'INSERT' });
    const completedOnly = await subscribe(await adminClient(stack), 'contact_requests', {
      event: 'UPDATE',
      filter: 'status=eq.completed',
    });
    const publicFeed = await subscribe(client(stack), 'contact_requests');
    const visitor = client(stack);
    await visitor.auth.signInAnonymously();
    const visitorFeed = await subscribe(visitor, 'contact_requests');
    const formerAdmin = await adminClient(stack, 'former');
    await stack.sql(`update private.admin_sessions s set expires_at = now() - interval '1 second'
                     from private.admin_users a where a.id = s.admin_id and a.username = 'former'`);
    const expiredFeed = await subscribe(formerAdmin, 'contact_requests');

    const row = lead({ service: 'lasik' });
    expect((await client(stack).from('offer_leads').insert(row)).error).toBeNull();
    await settle(() => adminFeed.changes.length >= 1 && adminLeads.changes.length >= 1);
    expect(adminFeed.changes).toHaveLength(1);
    const inserted = adminFeed.changes[0] as Change;
    expect(inserted).toMatchObject({
      eventType: 'INSERT',
      schema: 'public',
      table: 'contact_requests',
    });
    expect(inserted.new).toMatchObject({
      lead_id: row.id,
      service: 'lasik',
      status: 'new',
      preferred_countries: [],
    });
    expect(typeof inserted.commit_timestamp).toBe('string');
    expect(adminLeads.changes.map((change) => (change.new as { id: string }).id)).toEqual([row.id]);

    const requestId = (inserted.new as { id: string }).id;
    expect(
      (await admin.from('contact_requests').update({ status: 'completed' }).eq('id', requestId))
        .error,
    ).toBeNull();
    await settle(() => adminFeed.changes.length >= 2 && completedOnly.changes.length >= 1);
    expect(adminFeed.changes[1]).toMatchObject({
      eventType: 'UPDATE',
      new: { id: requestId, status: 'completed' },
      old: { id: requestId },
    });
    expect(completedOnly.changes.map((change) => change.eventType)).toEqual(['UPDATE']);

    // An erasure (the CLI's erase, the retention) is a DELETE. An owner's delete from the dashboard
    // moves the request to the bin instead (supabase/tests/roles-and-bin.test.ts).
    await stack.sql(`delete from public.contact_requests where id = $1`, [requestId]);
    await settle(() => adminFeed.changes.length >= 3);
    expect(adminFeed.changes[2]).toMatchObject({
      eventType: 'DELETE',
      old: { id: requestId },
      new: {},
    });
    expect(adminFeed.changes).toHaveLength(3);

    // The control group saw nothing at all: no anon key, no plain session, no expired admin.
    expect(publicFeed.changes).toEqual([]);
    expect(visitorFeed.changes).toEqual([]);
    expect(expiredFeed.changes).toEqual([]);
  });

  it('stops delivering once the admin logs out', async () => {
    const admin = await adminClient(stack);
    const feed = await subscribe(admin, 'contact_requests');
    await client(stack).from('offer_leads').insert(lead());
    await settle(() => feed.changes.length >= 1);
    expect(feed.changes).toHaveLength(1);
    await admin.rpc('admin_logout');
    await client(stack).from('offer_leads').insert(lead());
    await settle();
    expect(feed.changes).toHaveLength(1);
  });
});

describe('changes the table no longer shows by their turn', () => {
  it('delivers an insert, update and delete made in one transaction, each with its own row', async () => {
    const admin = await adminClient(stack);
    const feed = await subscribe(admin, 'contact_requests');
    const leadId = crypto.randomUUID();
    // One transaction: when the server gets to the INSERT, the row is already deleted. Supabase
    // reads each change's row from the WAL, so the subscriber still gets all three.
    await stack.sql(`do $$
      declare request_id uuid;
      begin
        insert into public.offer_leads (id, name, phone, service)
          values ('${leadId}', 'Salma', '966500000001', 'lasik');
        select id into request_id from public.contact_requests where lead_id = '${leadId}';
        update public.contact_requests set status = 'completed' where id = request_id;
        delete from public.contact_requests where id = request_id;
      end $$`);
    await settle(() => feed.changes.length >= 3);
    expect(feed.changes.map((change) => change.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(feed.changes[0]?.new).toMatchObject({ lead_id: leadId, status: 'new' });
    expect(feed.changes[1]?.new).toMatchObject({ lead_id: leadId, status: 'completed' });
    expect(feed.changes[2]?.old).toEqual({ id: (feed.changes[0]?.new as { id: string }).id });
  });
});

describe('a change that cannot be checked', () => {
  it('is logged and reported to the subscriber as a system error, and later changes still arrive', async () => {
    const admin = await adminClient(stack);
    const feed = await subscribe(admin, 'contact_requests');
    const systemMessages: Record<string, unknown>[] = [];
    feed.channel.on('system', {}, (payload: Record<string, unknown>) =>
      systemMessages.push(payload),
    );
    // A policy whose function fails for one service: the server's check errors with P0001, which
    // is not one of the "not visible" codes and so must not pass silently.
    await stack.sql(`create function public.test_realtime_fault(service text) returns boolean
                       language plpgsql as $$
                       begin
                         if service = 'lasik' then raise exception 'policy check failed'; end if;
                         return true;
                       end $$`);
    await stack.sql(`create policy test_realtime_fault on public.contact_requests as restrictive
                       for select to authenticated using (public.test_realtime_fault(service::text))`);
    try {
      expect(
        (
          await client(stack)
            .from('offer_leads')
            .insert(lead({ service: 'lasik' }))
        ).error,
      ).toBeNull();
      await settle(() => systemMessages.some((message) => message['status'] === 'error'));
      expect(systemMessages).toContainEqual(
        expect.objectContaining({ extension: 'postgres_changes', status: 'error' }),
      );
      expect(feed.changes).toEqual([]);
      expect(stack.logs.join('\n')).toMatch(
        /\[realtime\] INSERT on public\.contact_requests not delivered to .*: P0001 policy check failed/,
      );
    } finally {
      await stack.sql(`drop policy test_realtime_fault on public.contact_requests`);
      await stack.sql(`drop function public.test_realtime_fault(text)`);
    }
    expect((await client(stack).from('offer_leads').insert(lead())).error).toBeNull();
    await settle(() => feed.changes.length >= 1);
    expect(feed.changes.map((change) => change.eventType)).toEqual(['INSERT']);
  });
});

describe('Phoenix frames (vsn 2.0.0)', () => {
  function connect(apikey: string): Promise<{
    socket: WebSocket;
    frames: unknown[][];
    next(match: (frame: unknown[]) => boolean): Promise<unknown[]>;
  }> {
    const socket = new WebSocket(
      `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`,
    );
    const frames: unknown[][] = [];
    const waiters: { match: (frame: unknown[]) => boolean; resolve: (frame: unknown[]) => void }[] =
      [];
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as unknown[];
      frames.push(frame);
      for (const waiter of [...waiters]) {
        if (waiter.match(frame)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
    const next = (match: (frame: unknown[]) => boolean) =>
      new Promise<unknown[]>((resolveFrame, rejectFrame) => {
        const found = frames.find(match);
        if (found) return resolveFrame(found);
        waiters.push({ match, resolve: resolveFrame });
        // Generous: a loaded 2-core machine can take seconds to answer; a match resolves at once.
        setTimeout(() => rejectFrame(new Error('no matching frame')), 15_000);
      });
    return new Promise((resolveOpen, rejectOpen) => {
      socket.addEventListener('open', () => resolveOpen({ socket, frames, next }));
      socket.addEventListener('error', () => rejectOpen(new Error('websocket refused')));
    });
  }

  it('answers heartbeats, echoes bindings in order with ids, refuses broadcast, and leaves cleanly', async () => {
    const { socket, next } = await connect(stack.anonKey);
    socket.send('this is not a frame');
    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await next((frame) => frame[1] === '1')).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);

    const bindings = [
      { event: '*', schema: 'public', table: 'contact_requests' },
      { event: 'UPDATE', schema: 'public', table: 'offer_leads', filter: 'id=eq.42' },
    ];
    socket.send(
      JSON.stringify([
        '3',
        '3',
        'realtime:frames',
        'phx_join',
        {
          config: {
            broadcast: { self: false },
            presence: { key: '' },
            postgres_changes: bindings,
            private: false,
          },
        },
      ]),
    );
    const reply = (await next((frame) => frame[1] === '3')) as [
      string,
      string,
      string,
      string,
      { status: string; response: { postgres_changes: Record<string, unknown>[] } },
    ];
    expect(reply[3]).toBe('phx_reply');
    expect(reply[4].status).toBe('ok');
    const echoed = reply[4].response.postgres_changes;
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(bindings);
    expect(echoed.every((binding) => typeof binding['id'] === 'number')).toBe(true);
    expect(new Set(echoed.map((binding) => binding['id'])).size).toBe(2);

    socket.send(
      JSON.stringify([
        '3',
        '4',
        'realtime:frames',
        'broadcast',
        { type: 'broadcast', event: 'x', payload: {} },
      ]),
    );
    expect(((await next((frame) => frame[1] === '4'))[4] as { status: string }).status).toBe(
      'error',
    );

    socket.send(JSON.stringify(['3', '5', 'realtime:frames', 'phx_leave', {}]));
    expect((await next((frame) => frame[1] === '5'))[4]).toEqual({ status: 'ok', response: {} });
    expect(await next((frame) => frame[3] === 'phx_close')).toEqual([
      '3',
      '5',
      'realtime:frames',
      'phx_close',
      {},
    ]);
    socket.close();
  });

  it('refuses a join with a forged token and a socket without a valid apikey', async () => {
    const { socket, next } = await connect(stack.anonKey);
    socket.send(
      JSON.stringify([
        '1',
        '1',
        'realtime:forged',
        'phx_join',
        { config: { postgres_changes: [] }, access_token: `${stack.anonKey}x` },
      ]),
    );
    expect(((await next((frame) => frame[1] === '1'))[4] as { status: string }).status).toBe(
      'error',
    );
    socket.close();
    await expect(connect('not-a-key')).rejects.toThrow('websocket refused');
  });
});
