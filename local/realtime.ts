import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Database } from './db.ts';
import type { JwtClaims, JwtKeys } from './jwt.ts';
import { admissionRefusal, ChannelAuthorizer, tokenClaims } from './realtime-authorization.ts';
import { apikeyClaims } from './request-auth.ts';
import {
  binaryPushHead,
  isV1Frame,
  UNSUPPORTED_BROADCAST,
  UNSUPPORTED_V1,
  type V1Frame,
} from './realtime-frames.ts';

/**
 * Supabase Realtime as the app uses it: private channels under Realtime Authorization receiving
 * database broadcasts, over the Phoenix protocol (vsn 2.0.0: frames [join_ref, ref, topic, event,
 * payload]). postgres_changes, client broadcast and presence are refused with a reason. Access is
 * checked at join, before every broadcast and every few seconds, so a disabled, logged-out or revoked
 * session stops receiving at once and its channel closes within seconds (realtime-authorization.ts).
 */

/** NOTIFY channel of database broadcasts (local/bootstrap.sql). */
export const BROADCAST_CHANNEL = '_local_broadcast';
const HEARTBEAT_TIMEOUT_MS = 60_000;

/** Channels one socket may join at once (Supabase's documented quota on every plan). */
export const MAX_CHANNELS_PER_CONNECTION = 100;

interface Channel {
  topic: string;
  joinRef: string | null;
  claims: JwtClaims;
  private: boolean;
}

interface Connection {
  socket: WebSocket;
  channels: Map<string, Channel>;
  apikeyClaims: JwtClaims;
  lastSeen: number;
  refusals: number[];
  checking: Promise<unknown>;
  /** Private joins of this socket still waiting for their check. */
  inFlight: number;
}

export interface RealtimeOptions {
  db: Database;
  /** The project's JWT keys: the legacy secret and any ES256 signing keys. */
  keys: JwtKeys;
  log: (line: string) => void;
  /** How often joined private channels are authorized again (ms; default 2000). */
  reauthorizeMs?: number;
}

export class RealtimeServer {
  private readonly options: RealtimeOptions;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly connections = new Set<Connection>();
  private queue: Promise<void> = Promise.resolve();
  private unlistenBroadcast: (() => Promise<void>) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private reauthorizing = false;
  private readonly authorizer: ChannelAuthorizer;

  constructor(options: RealtimeOptions) {
    this.options = options;
    this.authorizer = new ChannelAuthorizer(options.db, options.log);
  }

  async start(): Promise<void> {
    this.unlistenBroadcast = await this.options.db.listen(BROADCAST_CHANNEL, (payload) => {
      this.enqueue(() => this.fanOutBroadcast(payload), 'broadcast');
    });
    const sweeper = setInterval(() => {
      const cutoff = Date.now() - HEARTBEAT_TIMEOUT_MS;
      for (const connection of this.connections)
        if (connection.lastSeen < cutoff) connection.socket.terminate();
    }, 15_000);
    const reauthorizer = setInterval(() => {
      if (this.reauthorizing) return; // the previous pass is still queued
      this.reauthorizing = true;
      this.enqueue(
        () => this.reauthorizeAll().finally(() => (this.reauthorizing = false)),
        'reauthorization',
      );
    }, this.options.reauthorizeMs ?? 2000);
    for (const timer of [sweeper, reauthorizer]) timer.unref();
    this.timers = [sweeper, reauthorizer];
  }

  private enqueue(task: () => Promise<void>, what: string): void {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      this.options.log(
        `[realtime] ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  /** Waits until every broadcast notified so far has been delivered (tests, shutdown). */
  idle = (): Promise<void> => this.queue;

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    for (const connection of this.connections) connection.socket.terminate();
    this.wss.close();
    await this.unlistenBroadcast?.();
    await this.queue;
    await this.authorizer.idle();
  }

  /** Handles an HTTP upgrade on /realtime/v1/websocket; the apikey must be a valid project key. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean {
    const apikey = url.searchParams.get('apikey') ?? String(req.headers['apikey'] ?? '');
    const claims = apikeyClaims(apikey, this.options.keys);
    if (!claims) {
      socket.end(
        'HTTP/1.1 401 Unauthorized\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nInvalid API key\n',
      );
      return false;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, claims));
    return true;
  }

  private accept(socket: WebSocket, apikeyClaims: JwtClaims): void {
    const connection: Connection = {
      socket,
      channels: new Map(),
      apikeyClaims,
      lastSeen: Date.now(),
      refusals: [],
      checking: Promise.resolve(),
      inFlight: 0,
    };
    this.connections.add(connection);
    socket.on('message', (data, isBinary) => {
      connection.lastSeen = Date.now();
      const bytes = Buffer.isBuffer(data)
        ? data
        : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
      // Binary frames are client broadcasts (vsn 2.0.0's user broadcast push): refused at once.
      if (isBinary) return this.refuseBinary(connection, bytes);
      this.onMessage(connection, bytes.toString('utf8'));
    });
    socket.on('close', () => this.connections.delete(connection));
    socket.on('error', () => socket.terminate());
  }

  private send(connection: Connection, frame: unknown[]): void {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(frame));
  }

  private reply(connection: Connection, frame: (string | null)[], status: string, response = {}) {
    const [joinRef, ref, topic] = frame;
    this.send(connection, [joinRef, ref, topic, 'phx_reply', { status, response }]);
  }

  /**
   * A binary frame: realtime-js sends client broadcasts this way (kind 3, user broadcast push:
   * lengths of join_ref, ref, topic, event and metadata, then the encoding, then those fields).
   * Client broadcast is not served here, so the push is refused at once, by its ref, instead of
   * being left to time out; a frame too short to name a ref has no one to answer.
   */
  private refuseBinary(connection: Connection, bytes: Buffer): void {
    const head = binaryPushHead(bytes);
    if (!head) return;
    this.reply(connection, head, 'error', { reason: UNSUPPORTED_BROADCAST });
  }

  private onMessage(connection: Connection, text: string): void {
    let frame: unknown = null;
    try {
      frame = JSON.parse(text);
    } catch {
      // not a frame: ignored, as Phoenix does
    }
    if (isV1Frame(frame)) return this.refuseV1(connection, frame);
    if (!Array.isArray(frame) || frame.length !== 5) return;
    const [joinRef, ref, topic, event, payload] = frame as [
      string | null,
      string | null,
      string,
      string,
      Record<string, unknown> | null,
    ];
    if (typeof topic !== 'string' || typeof event !== 'string') return;
    const head = [joinRef, ref, topic];
    if (topic === 'phoenix' && event === 'heartbeat') return this.reply(connection, head, 'ok');
    switch (event) {
      case 'phx_join':
        return this.join(connection, head, payload ?? {});
      case 'access_token':
        return this.updateToken(connection, topic, payload ?? {});
      case 'phx_leave':
        connection.channels.delete(topic);
        this.reply(connection, head, 'ok');
        this.send(connection, [joinRef, ref, topic, 'phx_close', {}]);
        return;
      default:
        this.reply(connection, head, 'error', {
          reason: `"${event}" is not supported by the local Supabase stand-in (database broadcasts only)`,
        });
    }
  }

  /**
   * Protocol 1.0.0 (JSON objects; hosted Realtime's default when the URL names no `vsn`) is not
   * served: every frame is answered at once, in its own format, with an error naming vsn=2.0.0.
   */
  private refuseV1(connection: Connection, frame: V1Frame): void {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.socket.send(
      JSON.stringify({
        join_ref: frame.join_ref ?? null,
        ref: frame.ref ?? null,
        topic: frame.topic,
        event: 'phx_reply',
        payload: { status: 'error', response: { reason: UNSUPPORTED_V1 } },
      }),
    );
  }

  private join(connection: Connection, head: (string | null)[], payload: Record<string, unknown>) {
    const topic = head[2] as string;
    if (
      !connection.channels.has(topic) &&
      connection.channels.size >= MAX_CHANNELS_PER_CONNECTION
    ) {
      return this.reply(connection, head, 'error', {
        reason: `ChannelRateLimitReached: Too many channels (at most ${MAX_CHANNELS_PER_CONNECTION} per connection)`,
      });
    }
    const claims = tokenClaims(payload['access_token'], connection.apikeyClaims, this.options.keys);
    if (typeof claims === 'string')
      return this.reply(connection, head, 'error', { reason: claims });
    const config = (payload['config'] ?? {}) as Record<string, unknown>;
    const changes = config['postgres_changes'];
    if (Array.isArray(changes) && changes.length > 0) {
      return this.reply(connection, head, 'error', {
        reason:
          'postgres_changes is not implemented by the local Supabase stand-in (use private channels with database broadcasts)',
      });
    }
    if (config['private'] !== true) {
      connection.channels.set(topic, { topic, joinRef: head[0] ?? null, claims, private: false });
      return this.reply(connection, head, 'ok', { postgres_changes: [] });
    }
    void this.joinPrivate(connection, head, claims);
  }

  private async joinPrivate(connection: Connection, head: (string | null)[], claims: JwtClaims) {
    const topic = head[2] as string;
    const refuse = (reason: string) => {
      connection.refusals.push(Date.now());
      this.reply(connection, head, 'error', { reason });
    };
    const busy = admissionRefusal(
      connection,
      this.authorizer.pending,
      this.authorizer.joinsThisSecond,
    );
    if (busy) return refuse(busy);
    // One check at a time per socket, and one at a time for the whole server.
    connection.inFlight++;
    const turn = connection.checking.then(() =>
      this.authorizer.check(topic, claims, { yieldToRequests: true }),
    );
    connection.checking = turn.catch(() => false);
    const allowed = await turn.finally(() => connection.inFlight--);
    if (!allowed) {
      return refuse(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic.replace(/^realtime:/, '')}`,
      );
    }
    connection.channels.set(topic, { topic, joinRef: head[0] ?? null, claims, private: true });
    this.reply(connection, head, 'ok', { postgres_changes: [] });
  }

  /** Closes a private channel whose authorization lapsed, telling the client why. */
  private revoke(connection: Connection, { topic, joinRef }: Channel): void {
    connection.channels.delete(topic);
    const channel = topic.replace(/^realtime:/, '');
    const message = 'Unauthorized: access to this channel has ended';
    const notice = { channel, extension: 'system', message, status: 'error' };
    this.send(connection, [joinRef, null, topic, 'system', notice]);
    this.send(connection, [joinRef, null, topic, 'phx_close', {}]);
  }

  private async reauthorizeAll(): Promise<void> {
    for (const connection of this.connections) {
      for (const channel of [...connection.channels.values()]) {
        if (channel.private && !(await this.authorizer.check(channel.topic, channel.claims)))
          this.revoke(connection, channel);
      }
    }
  }

  /** Sends one database broadcast to the channels joined on its topic, each authorized again. */
  private async fanOutBroadcast(id: string): Promise<void> {
    type Message = { topic: string; event: string | null; payload: unknown; private: boolean };
    const { rows } = await this.options.db.query<Message>(
      `delete from realtime.messages where id = $1::bigint returning topic, event, payload, private`,
      [id],
    );
    const message = rows[0];
    if (!message) return;
    for (const connection of this.connections) {
      const channel = connection.channels.get(`realtime:${message.topic}`);
      if (!channel || channel.private !== Boolean(message.private)) continue;
      if (channel.private && !(await this.authorizer.check(channel.topic, channel.claims))) {
        this.revoke(connection, channel);
        continue;
      }
      this.send(connection, [
        channel.joinRef,
        null,
        channel.topic,
        'broadcast',
        { type: 'broadcast', event: message.event, payload: message.payload },
      ]);
    }
  }

  private updateToken(connection: Connection, topic: string, payload: Record<string, unknown>) {
    const channel = connection.channels.get(topic);
    if (!channel || typeof payload['access_token'] !== 'string') return;
    const claims = tokenClaims(payload['access_token'], connection.apikeyClaims, this.options.keys);
    // A token that does not verify ends the channel, as an expired one does.
    if (typeof claims === 'string') this.revoke(connection, channel);
    else channel.claims = claims;
  }
}
