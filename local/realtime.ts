import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { isPgError, quoteIdent, type Database, type Queryable } from './db.ts';
import { verifyJwt, type JwtClaims } from './jwt.ts';
import { apikeyClaims } from './request-auth.ts';
import type { SchemaCache, TableInfo } from './schema-cache.ts';

/**
 * Supabase Realtime's `postgres_changes` over the Phoenix protocol (vsn 2.0.0: every frame is the
 * array [join_ref, ref, topic, event, payload]). A trigger on each published table sends a tiny
 * NOTIFY (table, type, primary key) and parks the row as it was at the change in
 * `_local.change_rows` (local/bootstrap.sql); for every subscribed channel the server puts that row
 * image back in a rolled-back transaction and selects it as the subscriber (their role and JWT
 * claims), so RLS decides who receives what, on the row the change carried, even when a later
 * statement has already changed or deleted it (Supabase reads the same image from the WAL). For a
 * DELETE only the primary key is sent, as Supabase does. Broadcast and presence are outside the
 * subset and are refused with a clear reason.
 */

export const REALTIME_CHANNEL = '_local_realtime';
/** NOTIFY channel of database broadcasts (realtime.send, realtime.broadcast_changes; local/bootstrap.sql). */
export const BROADCAST_CHANNEL = '_local_broadcast';
const HEARTBEAT_TIMEOUT_MS = 60_000;

type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

interface Binding {
  id: number;
  event: '*' | ChangeType;
  schema: string;
  table: string;
  filter?: string;
  parsedFilter?: { column: string; operator: string; values: string[] };
  /** Echoed back in the join reply exactly as the client sent it (plus the id). */
  echo: Record<string, unknown>;
}

interface Channel {
  topic: string;
  joinRef: string | null;
  bindings: Binding[];
  role: string;
  claims: JwtClaims;
  /** A private channel: joined after Realtime Authorization, receives database broadcasts. */
  private?: boolean;
}

interface Connection {
  socket: WebSocket;
  channels: Map<string, Channel>;
  apikeyClaims: JwtClaims;
  lastSeen: number;
}

interface Change {
  schema: string;
  table: string;
  type: ChangeType;
  pk: Record<string, unknown>;
  /** Id of the row image in `_local.change_rows`. */
  row: number | null;
  ts: string;
}

/**
 * The database errors that mean "this subscriber may not see this change", and only those:
 * - 42501 insufficient_privilege: the subscriber's role has no SELECT on the table (anon on
 *   contact_requests), so Postgres refuses before RLS is even asked.
 * - 23505 unique_violation: putting the row image back collides with a newer row holding the same
 *   unique value (for example a lead re-sent after its first copy was deleted); that old image is
 *   not visible to anyone any more.
 * Every other error (a policy function that raises, a lost connection, a timeout) is a fault: it is
 * logged and the subscriber is told with a `system` error message rather than silently missing a
 * change (local/tests/realtime.test.ts).
 */
export const NOT_VISIBLE_CODES: ReadonlySet<string> = new Set(['42501', '23505']);

export interface RealtimeOptions {
  db: Database;
  schema: SchemaCache;
  secret: string;
  log: (line: string) => void;
}

const FILTER_OPERATORS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  in: 'in',
};

/** Channels one socket may join at once (Supabase's documented quota on every plan). */
export const MAX_CHANNELS_PER_CONNECTION = 100;

export class RealtimeServer {
  private readonly options: RealtimeOptions;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly connections = new Set<Connection>();
  private queue: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;
  private unlistenBroadcast: (() => Promise<void>) | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private nextBindingId = 10_000_000 + Math.floor(Math.random() * 1_000_000);

  constructor(options: RealtimeOptions) {
    this.options = options;
  }

  async start(): Promise<void> {
    await this.options.db.query(`delete from _local.change_rows`).catch(() => {});
    this.unlisten = await this.options.db.listen(REALTIME_CHANNEL, (payload) => {
      // One change at a time, in commit order.
      this.queue = this.queue
        .then(() => this.fanOut(payload))
        .catch((error: unknown) => {
          this.options.log(
            `[realtime] delivery failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
    });
    this.unlistenBroadcast = await this.options.db.listen(BROADCAST_CHANNEL, (payload) => {
      this.queue = this.queue
        .then(() => this.fanOutBroadcast(payload))
        .catch((error: unknown) => {
          this.options.log(
            `[realtime] broadcast failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
    });
    this.sweeper = setInterval(() => {
      const cutoff = Date.now() - HEARTBEAT_TIMEOUT_MS;
      for (const connection of this.connections)
        if (connection.lastSeen < cutoff) connection.socket.terminate();
    }, 15_000);
    this.sweeper.unref();
  }

  /** Waits until every change notified so far has been delivered (tests, shutdown). */
  async idle(): Promise<void> {
    await this.queue;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const connection of this.connections) connection.socket.terminate();
    this.wss.close();
    await this.unlisten?.();
    await this.unlistenBroadcast?.();
    await this.queue;
  }

  /** Handles an HTTP upgrade on /realtime/v1/websocket; the apikey must be a valid project key. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean {
    const apikey = url.searchParams.get('apikey') ?? String(req.headers['apikey'] ?? '');
    const claims = apikeyClaims(apikey, this.options.secret);
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
    };
    this.connections.add(connection);
    this.options.log(`[realtime] client connected (${this.connections.size} open)`);
    socket.on('message', (data, isBinary) => {
      connection.lastSeen = Date.now();
      if (isBinary) return; // binary frames carry broadcasts, which are outside the subset
      this.onMessage(connection, data.toString()).catch((error: unknown) => {
        this.options.log(
          `[realtime] bad message: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    });
    socket.on('close', () => {
      this.connections.delete(connection);
      this.options.log(`[realtime] client disconnected (${this.connections.size} open)`);
    });
    socket.on('error', () => socket.terminate());
  }

  private send(connection: Connection, frame: unknown[]): void {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(frame));
  }

  private reply(
    connection: Connection,
    joinRef: string | null,
    ref: string | null,
    topic: string,
    status: 'ok' | 'error',
    response: Record<string, unknown>,
  ) {
    this.send(connection, [joinRef, ref, topic, 'phx_reply', { status, response }]);
  }

  private async onMessage(connection: Connection, text: string): Promise<void> {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (!Array.isArray(frame) || frame.length !== 5) return;
    const [joinRef, ref, topic, event, payload] = frame as [
      string | null,
      string | null,
      string,
      string,
      Record<string, unknown> | null,
    ];
    if (typeof topic !== 'string' || typeof event !== 'string') return;

    if (topic === 'phoenix' && event === 'heartbeat') {
      this.reply(connection, null, ref, 'phoenix', 'ok', {});
      return;
    }
    switch (event) {
      case 'phx_join':
        this.join(connection, joinRef, ref, topic, payload ?? {});
        return;
      case 'access_token':
        this.updateToken(connection, joinRef, ref, topic, payload ?? {});
        return;
      case 'phx_leave':
        connection.channels.delete(topic);
        this.reply(connection, joinRef, ref, topic, 'ok', {});
        this.send(connection, [joinRef, ref, topic, 'phx_close', {}]);
        return;
      default:
        this.reply(connection, joinRef, ref, topic, 'error', {
          reason: `"${event}" is not supported by the local Supabase stand-in (postgres_changes only)`,
        });
    }
  }

  /**
   * Supabase Realtime's quota of 100 channels per connection (supabase.com/docs/guides/realtime/limits,
   * "Channels per connection"): a join beyond it is refused with the hosted service's reason, so one
   * socket cannot make every change fan out thousands of RLS checks. Re-joining a topic the
   * connection already has does not count twice. Answers and returns true when refused.
   */
  private refusesTooManyChannels(
    connection: Connection,
    joinRef: string | null,
    ref: string | null,
    topic: string,
  ): boolean {
    if (connection.channels.has(topic) || connection.channels.size < MAX_CHANNELS_PER_CONNECTION) {
      return false;
    }
    this.reply(connection, joinRef, ref, topic, 'error', {
      reason: `ChannelRateLimitReached: Too many channels (at most ${MAX_CHANNELS_PER_CONNECTION} per connection)`,
    });
    return true;
  }

  private join(
    connection: Connection,
    joinRef: string | null,
    ref: string | null,
    topic: string,
    payload: Record<string, unknown>,
  ) {
    if (this.refusesTooManyChannels(connection, joinRef, ref, topic)) return;
    const token = typeof payload['access_token'] === 'string' ? payload['access_token'] : null;
    let claims = connection.apikeyClaims;
    // supabase-js sends the project key as the access token before anyone signs in.
    const keyClaims =
      token && !token.includes('.') ? apikeyClaims(token, this.options.secret) : null;
    if (keyClaims) claims = keyClaims;
    else if (token) {
      const check = verifyJwt(token, this.options.secret);
      if (!check.ok) {
        this.reply(connection, joinRef, ref, topic, 'error', {
          reason: `Invalid JWT: ${check.reason}`,
        });
        return;
      }
      claims = check.claims;
    }
    const config = (payload['config'] ?? {}) as Record<string, unknown>;
    if (config['private'] === true) {
      void this.joinPrivate(connection, joinRef, ref, topic, claims);
      return;
    }
    const requested = Array.isArray(config['postgres_changes'])
      ? (config['postgres_changes'] as Record<string, unknown>[])
      : [];
    const bindings: Binding[] = [];
    for (const binding of requested) {
      const event = String(binding['event'] ?? '*').toUpperCase();
      if (event !== '*' && event !== 'INSERT' && event !== 'UPDATE' && event !== 'DELETE') {
        this.reply(connection, joinRef, ref, topic, 'error', {
          reason: `invalid event "${String(binding['event'])}"`,
        });
        return;
      }
      const filter =
        typeof binding['filter'] === 'string' && binding['filter'] !== ''
          ? binding['filter']
          : undefined;
      let parsedFilter: Binding['parsedFilter'];
      if (filter) {
        const match = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/.exec(filter);
        if (!match) {
          this.reply(connection, joinRef, ref, topic, 'error', {
            reason: `invalid filter "${filter}"`,
          });
          return;
        }
        const [, column, operator, value] = match as unknown as [string, string, string, string];
        const values =
          operator === 'in'
            ? value
                .replace(/^\(|\)$/g, '')
                .split(',')
                .map((item) => item.trim())
            : [value];
        parsedFilter = { column, operator, values };
      }
      const id = this.nextBindingId++;
      bindings.push({
        id,
        event: event as Binding['event'],
        schema: String(binding['schema'] ?? 'public'),
        table: String(binding['table'] ?? '*'),
        ...(filter ? { filter } : {}),
        ...(parsedFilter ? { parsedFilter } : {}),
        echo: { ...binding, id },
      });
    }
    connection.channels.set(topic, {
      topic,
      joinRef,
      bindings,
      role: String(claims.role ?? 'anon'),
      claims,
    });
    this.reply(connection, joinRef, ref, topic, 'ok', {
      postgres_changes: bindings.map((binding) => binding.echo),
    });
    if (bindings.length) {
      this.send(connection, [
        joinRef,
        null,
        topic,
        'system',
        {
          channel: topic.replace(/^realtime:/, ''),
          extension: 'postgres_changes',
          message: 'Subscribed to PostgreSQL',
          status: 'ok',
        },
      ]);
    }
  }

  /**
   * Realtime Authorization, as hosted Realtime does it: a probe message for the topic is written and,
   * as the joining user (role, JWT claims, realtime.topic()), read back under the RLS policies of
   * realtime.messages, then everything is rolled back. Readable means the user may join and receive.
   */
  private async joinPrivate(
    connection: Connection,
    joinRef: string | null,
    ref: string | null,
    topic: string,
    claims: JwtClaims,
  ): Promise<void> {
    const subTopic = topic.replace(/^realtime:/, '');
    const role = String(claims.role ?? 'anon');
    let allowed = false;
    try {
      allowed = await this.options.db.rollbackOnly(async (tx) => {
        const probe = await tx.query<{ id: string }>(
          `insert into realtime.messages (topic, extension, private, event, payload)
           values ($1, 'broadcast', true, '_local_check', '{}') returning id::text`,
          [subTopic],
        );
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('realtime.topic', $3, true)`,
          [role, JSON.stringify(claims), subTopic],
        );
        const { rows } = await tx.query<{ n: number }>(
          `select count(*)::int as n from realtime.messages where id = $1::bigint`,
          [probe.rows[0]?.id],
        );
        return (rows[0]?.n ?? 0) > 0;
      });
    } catch (error) {
      this.options.log(
        `[realtime] authorization of ${subTopic} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!allowed) {
      this.reply(connection, joinRef, ref, topic, 'error', {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
      });
      return;
    }
    connection.channels.set(topic, { topic, joinRef, bindings: [], role, claims, private: true });
    this.reply(connection, joinRef, ref, topic, 'ok', { postgres_changes: [] });
  }

  /** Sends one database broadcast to the private channels joined on its topic, then drops it. */
  private async fanOutBroadcast(id: string): Promise<void> {
    const { rows } = await this.options.db.query<{
      topic: string;
      event: string | null;
      payload: unknown;
      private: boolean | null;
    }>(
      `delete from realtime.messages where id = $1::bigint returning topic, event, payload, private`,
      [id],
    );
    const message = rows[0];
    if (!message) return;
    for (const connection of this.connections) {
      for (const channel of connection.channels.values()) {
        if (channel.topic !== `realtime:${message.topic}`) continue;
        if (Boolean(channel.private) !== Boolean(message.private)) continue;
        this.send(connection, [
          channel.joinRef,
          null,
          channel.topic,
          'broadcast',
          { type: 'broadcast', event: message.event, payload: message.payload },
        ]);
      }
    }
  }

  private updateToken(
    connection: Connection,
    joinRef: string | null,
    ref: string | null,
    topic: string,
    payload: Record<string, unknown>,
  ) {
    const channel = connection.channels.get(topic);
    const token = payload['access_token'];
    if (!channel || typeof token !== 'string') return;
    const keyClaims = token.includes('.') ? null : apikeyClaims(token, this.options.secret);
    if (keyClaims) {
      channel.claims = keyClaims;
      channel.role = String(keyClaims.role);
      return;
    }
    const check = verifyJwt(token, this.options.secret);
    if (!check.ok) {
      this.reply(connection, joinRef, ref, topic, 'error', {
        reason: `Invalid JWT: ${check.reason}`,
      });
      return;
    }
    channel.claims = check.claims;
    channel.role = String(check.claims.role ?? 'anon');
  }

  private async fanOut(payload: string): Promise<void> {
    const change = JSON.parse(payload) as Change;
    try {
      const table = this.options.schema.tables.get(change.table);
      if (!table || change.schema !== table.schema) return;
      for (const connection of this.connections) {
        for (const channel of connection.channels.values()) {
          const candidates = channel.bindings.filter(
            (binding) =>
              (binding.schema === '*' || binding.schema === change.schema) &&
              (binding.table === '*' || binding.table === change.table) &&
              (binding.event === '*' || binding.event === change.type),
          );
          if (candidates.length === 0) continue;
          const exp = channel.claims.exp;
          if (typeof exp === 'number' && exp <= Date.now() / 1000) {
            this.send(connection, [
              channel.joinRef,
              null,
              channel.topic,
              'system',
              {
                channel: channel.topic.replace(/^realtime:/, ''),
                extension: 'system',
                message: 'Token has expired',
                status: 'error',
              },
            ]);
            this.send(connection, [channel.joinRef, null, channel.topic, 'phx_close', {}]);
            connection.channels.delete(channel.topic);
            continue;
          }
          let visible: { ids: number[]; record: unknown };
          try {
            visible = await this.visibleTo(channel, table, change, candidates);
          } catch (error) {
            this.reportFault(connection, channel, change, error);
            continue;
          }
          if (visible.ids.length === 0) continue;
          const columns = [...table.columns.values()].map((column) => ({
            name: column.name,
            type: column.udt,
          }));
          const data: Record<string, unknown> = {
            schema: change.schema,
            table: change.table,
            commit_timestamp: new Date(change.ts).toISOString(),
            type: change.type,
            columns,
            errors: null,
          };
          if (change.type !== 'DELETE') data['record'] = visible.record;
          if (change.type !== 'INSERT') data['old_record'] = change.pk;
          this.send(connection, [
            null,
            null,
            channel.topic,
            'postgres_changes',
            { ids: visible.ids, data },
          ]);
        }
      }
    } finally {
      if (change.row !== null) {
        await this.options.db.query(`delete from _local.change_rows where id = $1`, [change.row]);
      }
    }
  }

  /**
   * A change that could not be checked for one subscriber: logged with the database's reason, and
   * the channel gets the `system` message Supabase Realtime sends when postgres_changes fails
   * (status "error", extension "postgres_changes"), which supabase-js hands to `.on('system', …)`.
   * The subscriber's channel stays open: the next change may well be deliverable.
   */
  private reportFault(connection: Connection, channel: Channel, change: Change, error: unknown) {
    const reason = isPgError(error)
      ? `${error.code} ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
    this.options.log(
      `[realtime] ${change.type} on ${change.schema}.${change.table} not delivered to ${channel.topic} (role ${channel.role}): ${reason}`,
    );
    this.send(connection, [
      channel.joinRef,
      null,
      channel.topic,
      'system',
      {
        channel: channel.topic.replace(/^realtime:/, ''),
        extension: 'postgres_changes',
        message: `A ${change.type} on ${change.schema}.${change.table} could not be checked for this subscriber and was not delivered`,
        status: 'error',
      },
    ]);
  }

  /**
   * Which of the channel's bindings may see this change, judged as the subscriber. The row image of
   * the change replaces whatever the table holds under that key now, inside a transaction that is
   * always rolled back (triggers off), so the subscriber's SELECT policies decide on exactly the
   * row the change carried. Throws on any database error except NOT_VISIBLE_CODES.
   */
  private async visibleTo(
    channel: Channel,
    table: TableInfo,
    change: Change,
    bindings: Binding[],
  ): Promise<{ ids: number[]; record: unknown }> {
    const keyColumns = table.primaryKey;
    if (keyColumns.length === 0) return { ids: [], record: null };
    const params: unknown[] = [];
    const bind = (value: unknown, type: string) => {
      params.push(value === null || value === undefined ? null : String(value));
      return `$${params.length}::${type}`;
    };
    const ref = `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
    const where = keyColumns
      .map(
        (column) =>
          `${quoteIdent(column)} = ${bind(change.pk[column], table.columns.get(column)?.type ?? 'text')}`,
      )
      .join(' and ');
    const matches = bindings.map((binding, index) => {
      const filter = binding.parsedFilter;
      const column = filter ? table.columns.get(filter.column) : undefined;
      if (!filter) return `true as m${index}`;
      if (!column) return `false as m${index}`;
      const operator = FILTER_OPERATORS[filter.operator] as string;
      const rhs =
        operator === 'in'
          ? `(${filter.values.map((value) => bind(value, column.type)).join(', ')})`
          : bind(filter.values[0], column.type);
      return `coalesce(${quoteIdent(column.name)} ${operator} ${rhs}, false) as m${index}`;
    });
    const sql = `select row_to_json(pgrst_row)::text as record, ${matches.join(', ')}
      from ${ref} pgrst_row where ${where}`;
    const asSubscriber = async (tx: Queryable) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
        [channel.role, JSON.stringify(channel.claims)],
      );
      const { rows } = await tx.query<Record<string, unknown>>(sql, params);
      return rows[0];
    };
    if (change.row === null) return { ids: [], record: null };
    const keyCount = keyColumns.length;
    let row: Record<string, unknown> | undefined;
    try {
      row = await this.options.db.rollbackOnly(async (tx) => {
        await tx.query(`set local session_replication_role = replica`);
        // The key parameters come first in `params`, so the same numbering serves this delete.
        await tx.query(`delete from ${ref} where ${where}`, params.slice(0, keyCount));
        // Generated columns (e.g. contact_requests.phone_key) are computed again, not copied.
        const { rows: stored } = await tx.query<{ columns: string }>(
          `select string_agg(quote_ident(attname), ', ' order by attnum) as columns
           from pg_attribute
           where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
          [ref],
        );
        const columns = stored[0]?.columns ?? '*';
        await tx.query(
          `insert into ${ref} (${columns}) overriding system value
           select ${columns} from jsonb_populate_record(null::${ref}, (select row_data from _local.change_rows where id = $1))`,
          [change.row],
        );
        return asSubscriber(tx);
      });
    } catch (error) {
      if (isPgError(error) && NOT_VISIBLE_CODES.has(error.code)) return { ids: [], record: null };
      throw error;
    }
    if (!row) return { ids: [], record: null };
    const ids = bindings
      .filter((_, index) => row[`m${index}`] === true)
      .map((binding) => binding.id);
    return { ids, record: JSON.parse(String(row['record'])) };
  }
}
