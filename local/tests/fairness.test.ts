import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throughHashGate } from '../hash-gate.ts';
import { MAX_RPC_BODY_BYTES } from '../http.ts';
import { lockFile, processStartTime, readLock } from '../index.ts';
import { jsonDepth, MAX_JSON_DEPTH } from '../json-depth.ts';
import { MAX_CHANNELS_PER_CONNECTION } from '../realtime.ts';
import { MAX_PENDING_CHECKS, MAX_REFUSED_JOINS_PER_MINUTE } from '../realtime-authorization.ts';
import { client, lead, startTestStack } from './helpers.ts';

/**
 * One visitor must not slow or block everyone on the local stack (issue 14, item 6): channels per
 * socket are capped as on Supabase, over-deep JSON is a 400, password hashing is one at a time,
 * and a stale data-dir lock (dead or reused PID) does not keep the server from starting.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.cleanup();
});

describe('realtime channels per connection', () => {
  it(`refuses the ${MAX_CHANNELS_PER_CONNECTION + 1}st channel on one socket; others still join`, async () => {
    const url = `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`;
    const socket = new WebSocket(url);
    const replies = new Map<string, { status: string; response: Record<string, unknown> }>();
    const waiting = new Map<string, () => void>();
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as unknown[];
      if (frame[3] !== 'phx_reply') return;
      replies.set(
        String(frame[1]),
        frame[4] as { status: string; response: Record<string, unknown> },
      );
      waiting.get(String(frame[1]))?.();
    });
    await new Promise<void>((resolveOpen, rejectOpen) => {
      socket.addEventListener('open', () => resolveOpen());
      socket.addEventListener('error', () => rejectOpen(new Error('websocket refused')));
    });
    const join = (ref: number, topic: string) =>
      new Promise<{ status: string; response: Record<string, unknown> }>((resolveReply) => {
        waiting.set(String(ref), () => resolveReply(replies.get(String(ref))!));
        socket.send(JSON.stringify([String(ref), String(ref), topic, 'phx_join', { config: {} }]));
      });
    for (let n = 1; n <= MAX_CHANNELS_PER_CONNECTION; n++) {
      expect((await join(n, `realtime:room-${n}`)).status).toBe('ok');
    }
    const refused = await join(1000, 'realtime:one-too-many');
    expect(refused.status).toBe('error');
    expect(String(refused.response['reason'])).toMatch(/^ChannelRateLimitReached/);
    // Joining a topic again is not a new channel.
    expect((await join(1001, 'realtime:room-1')).status).toBe('ok');
    socket.close();

    // Another socket is not affected by this one's channels.
    const other = new WebSocket(url);
    await new Promise<void>((resolveOpen) => other.addEventListener('open', () => resolveOpen()));
    const answer = new Promise<unknown[]>((resolveFrame) =>
      other.addEventListener('message', (event) =>
        resolveFrame(JSON.parse(String(event.data)) as unknown[]),
      ),
    );
    other.send(JSON.stringify(['1', '1', 'realtime:fresh', 'phx_join', { config: {} }]));
    expect(((await answer)[4] as { status: string }).status).toBe('ok');
    other.close();
  });
});

describe('refused private joins', () => {
  it('10,000 of them cost the database a bounded number of checks, and a lead goes through', async () => {
    const sockets = 10;
    const perSocket = 1000;
    const checksSoFar = async () =>
      Number(
        (
          await stack.sql<{ n: string }>(
            `select last_value::text as n from realtime.messages_id_seq`,
          )
        ).rows[0]?.n,
      );
    const before = await checksSoFar();
    const url = `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`;
    const refusals = await Promise.all(
      Array.from({ length: sockets }, async () => {
        const socket = new WebSocket(url);
        await new Promise<void>((resolveOpen) =>
          socket.addEventListener('open', () => resolveOpen()),
        );
        let answered = 0;
        const done = new Promise<void>((resolveDone) =>
          socket.addEventListener('message', (event) => {
            const frame = JSON.parse(String(event.data)) as unknown[];
            if (frame[3] === 'phx_reply' && (frame[4] as { status: string }).status === 'error')
              if (++answered === perSocket) resolveDone();
          }),
        );
        for (let n = 0; n < perSocket; n++) {
          const topic = `realtime:staff:contact_requests`;
          socket.send(
            JSON.stringify([
              String(n),
              String(n),
              topic,
              'phx_join',
              { config: { private: true } },
            ]),
          );
        }
        // A lead stored in the middle of the flood, with the public key, as a visitor would.
        const stored = await client(stack).from('offer_leads').insert(lead());
        await done;
        socket.close();
        return { answered, error: stored.error };
      }),
    );
    expect(refusals.map((outcome) => outcome.answered)).toEqual(Array(sockets).fill(perSocket));
    expect(refusals.map((outcome) => outcome.error)).toEqual(Array(sockets).fill(null));
    // Every join was refused, but only the first few per socket reached the database. The ids
    // count checks (their probe rows are rolled back) and the two staff broadcasts of each lead.
    const checks = (await checksSoFar()) - before - 2 * sockets;
    expect(checks).toBeGreaterThan(0);
    expect(checks).toBeLessThanOrEqual(sockets * MAX_REFUSED_JOINS_PER_MINUTE);
    expect(MAX_PENDING_CHECKS).toBeLessThan(sockets * perSocket);
  }, 120_000);
});

describe('over-deep JSON', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

  it('measures nesting without recursing, ignoring brackets inside strings', () => {
    expect(jsonDepth('{"a":[{"b":"[[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth(deep(200_000))).toBe(200_000);
  });

  it('is a 400 on every JSON path, not a 500', async () => {
    const body = JSON.stringify({
      ...lead(),
      campaign_params: JSON.parse(`{"a":${deep(MAX_JSON_DEPTH)}}`) as unknown,
    });
    const headers = {
      apikey: stack.anonKey,
      Authorization: `Bearer ${stack.anonKey}`,
      'Content-Type': 'application/json',
    };
    for (const [path, payload] of [
      ['/rest/v1/offer_leads', body],
      ['/rest/v1/rpc/is_admin', `{"check_user_id":${deep(20_000)}}`],
      ['/auth/v1/signup', `{"data":{"x":${deep(50_000)}}}`],
    ] as const) {
      const response = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers,
        body: payload,
      });
      expect(response.status, path).toBe(400);
    }
    // Nesting the app could send is fine.
    const ok = await fetch(`${stack.url}/rest/v1/offer_leads`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...lead(), campaign_params: { utm: { source: ['a'] } } }),
    });
    expect(ok.status).toBe(201);
  });
});

describe('password hashing', () => {
  it('runs one gated call at a time, in order, and survives a failing one', async () => {
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        throughHashGate(async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((resolveTick) => setImmediate(resolveTick));
          order.push(n);
          inside--;
          if (n === 3) throw new Error('a failed login');
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });
});

describe('oversized RPC bodies', () => {
  it('are refused with 413 before the database sees them; table writes keep the general limit', async () => {
    const headers = {
      apikey: stack.anonKey,
      Authorization: `Bearer ${stack.anonKey}`,
      'Content-Type': 'application/json',
    };
    const search = await fetch(`${stack.url}/rest/v1/rpc/fold_search_text`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ _text: 'x'.repeat(1024 * 1024) }),
    });
    expect(search.status).toBe(413);
    expect(await search.json()).toMatchObject({ code: 'PGRST413' });
    const small = await fetch(`${stack.url}/rest/v1/rpc/fold_search_text`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ _text: 'أحمد'.repeat((MAX_RPC_BODY_BYTES - 100) / 8) }),
    });
    expect(small.status).toBe(200);
    // A lead bigger than any RPC body still reaches the database (and its own size checks).
    const bigLead = await fetch(`${stack.url}/rest/v1/offer_leads`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...lead(), page_url: `https://rihla.care/?${'a'.repeat(70_000)}` }),
    });
    expect(bigLead.status).not.toBe(413);
  });
});

describe('password hashing from many addresses', () => {
  it('serves addresses that did not fail first: the admin waits for one guess, not for all', async () => {
    const order: string[] = [];
    const hash = (key: string, correct = false) =>
      throughHashGate(
        async () => {
          await new Promise((resolveTick) => setTimeout(resolveTick, 2));
          order.push(key);
          return correct;
        },
        key,
        (ok) => !ok,
      );
    // A first round of guesses from 3 addresses: all fail.
    await Promise.all(Array.from({ length: 3 }, (_, n) => hash(`198.51.100.${n}`)));
    // Then 12 more guesses queue before the admin's one sign-in.
    order.length = 0;
    const guesses = Array.from({ length: 12 }, (_, n) => hash(`198.51.100.${n % 3}`));
    const admin = hash('203.0.113.5', true);
    await Promise.all([...guesses, admin]);
    // First come first served, the admin would be 13th; it is served at the first turn.
    expect(order.indexOf('203.0.113.5')).toBe(0);
    // Among the guessing addresses, the least served goes next: they take turns.
    expect(order.slice(1)).toEqual(Array.from({ length: 12 }, (_, n) => `198.51.100.${n % 3}`));
  });
});

describe('the data-dir lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rihla-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const writeLock = (lock: Record<string, unknown>) =>
    writeFileSync(lockFile(dir), `${JSON.stringify(lock)}\n`);

  it('is held by a live process that started when the lock says', () => {
    const processStart = processStartTime(process.pid);
    writeLock({ pid: process.pid, url: null, startedAt: '', processStart });
    expect(readLock(dir)?.pid).toBe(process.pid);
  });

  it('is stale when its process is dead', () => {
    writeLock({ pid: 2 ** 22 + 12345, url: null, startedAt: '' });
    expect(readLock(dir)).toBeNull();
  });

  it('is stale when its PID now belongs to a process that started at another time', () => {
    if (processStartTime(process.pid) === undefined) return; // no /proc here
    writeLock({ pid: process.pid, url: null, startedAt: '', processStart: '1' });
    expect(readLock(dir)).toBeNull();
  });
});
