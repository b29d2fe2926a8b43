import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUPPORTED_BROADCAST, UNSUPPORTED_V1 } from '../realtime-frames.ts';
import { client, startTestStack } from './helpers.ts';

/**
 * What the Realtime stand-in cannot serve is refused at once, not left to the client's timeout
 * (4–10 s): protocol 1.0.0's JSON-object frames (hosted Realtime's default when the URL names no
 * `vsn`; Supabase's "Realtime Protocol" page) and client broadcasts, which realtime-js sends over
 * protocol 2.0.0 as binary frames. Listed in docs/local-stack.md ("Conformance").
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.cleanup();
});

async function openSocket(vsn: string | null): Promise<WebSocket> {
  const query = `apikey=${stack.anonKey}${vsn ? `&vsn=${vsn}` : ''}`;
  const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`);
  await new Promise<void>((resolveOpen, rejectOpen) => {
    socket.addEventListener('open', () => resolveOpen());
    socket.addEventListener('error', () => rejectOpen(new Error('websocket refused')));
  });
  return socket;
}

function nextFrame(socket: WebSocket): Promise<unknown> {
  return new Promise((resolveFrame) =>
    socket.addEventListener(
      'message',
      (event) => resolveFrame(JSON.parse(String(event.data)) as unknown),
      { once: true },
    ),
  );
}

describe('Realtime conformance', () => {
  it('refuses protocol 1.0.0 frames at once, in their own format', async () => {
    for (const vsn of [null, '1.0.0']) {
      const socket = await openSocket(vsn);
      const started = performance.now();
      const answer = nextFrame(socket);
      socket.send(
        JSON.stringify({
          topic: 'realtime:room',
          event: 'phx_join',
          payload: { config: {} },
          ref: '1',
          join_ref: '1',
        }),
      );
      expect(await answer).toEqual({
        join_ref: '1',
        ref: '1',
        topic: 'realtime:room',
        event: 'phx_reply',
        payload: { status: 'error', response: { reason: UNSUPPORTED_V1 } },
      });
      expect(performance.now() - started).toBeLessThan(1000);
      socket.close();
    }
  });

  it('refuses a client broadcast (a binary frame) at once, by its ref', async () => {
    const visitor = client(stack);
    const channel = visitor.channel('room-broadcast', { config: { broadcast: { ack: true } } });
    await new Promise<void>((resolveJoin, rejectJoin) =>
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') resolveJoin();
        else if (status !== 'CLOSED') rejectJoin(new Error(status));
      }),
    );
    const started = performance.now();
    const sent = await channel.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } });
    expect(sent).toBe('error');
    expect(performance.now() - started).toBeLessThan(1000);

    // The frame itself, as the server answers it: a phx_reply error naming what is not served.
    const socket = await openSocket('2.0.0');
    const joined = nextFrame(socket);
    socket.send(JSON.stringify(['1', '1', 'realtime:room', 'phx_join', { config: {} }]));
    expect(((await joined) as unknown[])[4]).toMatchObject({ status: 'ok' });
    const refused = nextFrame(socket);
    const topic = Buffer.from('realtime:room');
    const event = Buffer.from('hello');
    const payload = Buffer.from('{"n":1}');
    socket.send(
      Buffer.concat([
        Buffer.from([3, 1, 1, topic.length, event.length, 0, 1]),
        Buffer.from('12'),
        topic,
        event,
        payload,
      ]),
    );
    expect(await refused).toEqual([
      '1',
      '2',
      'realtime:room',
      'phx_reply',
      { status: 'error', response: { reason: UNSUPPORTED_BROADCAST } },
    ]);
    socket.close();
    await visitor.removeAllChannels();
  });
});
