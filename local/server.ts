import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { runAdminCommand, type AdminCommand } from './admin-accounts.ts';
import { handleAuth, JWKS_PATH, sendJwks, type AuthOptions } from './auth.ts';
import type { LocalConfig } from './config.ts';
import type { Database } from './db.ts';
import type { JwtKeys } from './jwt.ts';
import {
  FunctionsHost,
  KEYLESS_WEBHOOKS,
  LOCAL_GRAPH_PATH,
  LOCAL_WHATSAPP_ACCESS_TOKEN,
  LOCAL_WHATSAPP_APP_SECRET,
  LOCAL_WHATSAPP_PHONE_NUMBER_ID,
} from './functions.ts';
import { requestStarted } from './hash-gate.ts';
import { WORKER_CLIENT_INFO } from '../supabase/functions/send-form-notification/handler.ts';
import { FILES_CLIENT_INFO } from '../supabase/functions/request-files/handler.ts';
import { startFilesWorker, type FilesWorker } from './files-worker.ts';
import { createGraphStandIn, type GraphStandIn } from './graph-api.ts';
import {
  BodyTooLarge,
  ClientGone,
  CORS_HEADERS,
  HttpError,
  notImplemented,
  postgrestError,
  bodyLimitFor,
  readBody,
  send,
  sendJson,
} from './http.ts';
import { startNotificationWorker, type NotificationWorker } from './notification-worker.ts';
import { RateWindow } from './rate-window.ts';
import { RealtimeServer } from './realtime.ts';
import { authenticateRequest, requireApikey } from './request-auth.ts';
import { handleRest } from './rest.ts';
import type { SchemaCache } from './schema-cache.ts';
import { createStorage, type StorageService } from './storage/index.ts';

/**
 * The local Supabase-compatible HTTP server: one node:http server that routes /auth/v1, /rest/v1,
 * /functions/v1 and the /realtime/v1 websocket, answers CORS preflights, caps request bodies, logs
 * one line per request, and turns any failure into a JSON error so a bad request never takes the
 * server down. Anything outside the implemented subset answers 501.
 */

export interface ApiServerOptions {
  db: Database;
  schema: SchemaCache;
  config: LocalConfig;
  /** The JWT keys: the legacy HS256 secret and, when selected, the ES256 signing keys. */
  keys: JwtKeys;
  anonKey: string;
  serviceRoleKey: string;
  /** Public base URL (set once listening; used for JWT `iss` and the functions' SUPABASE_URL). */
  apiUrl: () => string;
  dataDir: string;
  log: (line: string) => void;
  maxBodyBytes?: number;
  /** How often the local notification worker drains the outbox; 0 only drains on request. */
  notificationIntervalMs?: number;
  /** How often the request-files worker runs (checks, deletions); 0 only on request. */
  filesIntervalMs?: number;
}

export interface ApiServer {
  server: Server;
  realtime: RealtimeServer;
  notifications: NotificationWorker;
  files: FilesWorker;
  storage: StorageService;
  /** The Graph API stand-in (media a test "sends", numbers that fail, what was sent). */
  graph: GraphStandIn;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export async function createApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const realtime = new RealtimeServer({
    db: options.db,
    keys: options.keys,
    log: options.log,
  });
  await realtime.start();
  const storage = createStorage({
    db: options.db,
    keys: options.keys,
    dataDir: options.dataDir,
    log: options.log,
  });
  let functions: FunctionsHost | undefined;
  const functionsHost = () =>
    (functions ??= new FunctionsHost({
      dataDir: options.dataDir,
      apiUrl: options.apiUrl(),
      anonKey: options.anonKey,
      serviceRoleKey: options.serviceRoleKey,
      keys: options.keys,
      log: options.log,
      skipJwtVerification: options.config.functionsWithoutJwt,
    }));
  const notifications = startNotificationWorker({
    intervalMs: options.notificationIntervalMs ?? 0,
    drain: () => functionsHost().call('send-form-notification', {}),
    // Production's pg_cron jobs 'escalate-uncontacted-requests' and 'schedule-patient-reminders',
    // run here beside each drain.
    queue: async () => {
      await options.db.query(`select private.escalate_uncontacted_requests()`);
      // Production's pg_cron job 'aftercare' (issue 44): steps from the trip's dates, check-ins due.
      await options.db.query(`select public.run_aftercare()`);
      await options.db.query(`select public.schedule_patient_reminders()`);
    },
    log: options.log,
  });
  const files = startFilesWorker({
    intervalMs: options.filesIntervalMs ?? 0,
    drain: () => functionsHost().call('request-files', { action: 'drain' }),
    deletions: () => functionsHost().call('request-files', { action: 'deletions' }),
    sweep: () => storage.sweep(),
    log: options.log,
  });
  // Production's pg_net call on every insert into the deletion outbox (migration
  // 20261203110000): here the trigger's NOTIFY, on which the deletion pass runs at once.
  const unlistenDeletions = options.db.listen('storage_deletions', () => {
    void files.deletionsNow();
  });
  // Meta's Graph API as the WhatsApp functions call it (local/graph-api.ts): its status webhooks
  // go to this server's whatsapp-webhook, signed with the local app secret.
  const graph = createGraphStandIn({
    token: LOCAL_WHATSAPP_ACCESS_TOKEN,
    phoneNumberId: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
    webhookUrl: () => `${options.apiUrl()}/functions/v1/whatsapp-webhook`,
    appSecret: LOCAL_WHATSAPP_APP_SECRET,
    log: options.log,
  });
  // Production's pg_cron call of the WhatsApp worker every minute: here with the files worker's
  // cadence (off in tests that drive it themselves).
  const whatsappTimer =
    (options.filesIntervalMs ?? 0) > 0
      ? setInterval(() => {
          functionsHost()
            .call('whatsapp-send', { action: 'drain' })
            .then((response) => response.arrayBuffer())
            .catch((error: unknown) =>
              options.log(
                `[whatsapp] drain failed: ${error instanceof Error ? error.message : String(error)}`,
              ),
            );
        }, options.filesIntervalMs)
      : undefined;
  // One window per server: config.toml's anonymous sign-ins per hour per client address.
  const anonymousLimit = new RateWindow(options.config.anonymousSignInsPerHour, 3_600_000);
  const authOptions = (): AuthOptions => ({
    db: options.db,
    keys: options.keys,
    apiUrl: options.apiUrl(),
    jwtExpirySeconds: options.config.jwtExpirySeconds,
    anonymousSignIns: options.config.anonymousSignIns,
    anonymousLimit,
    signups: options.config.emailSignups,
  });

  const server = createServer({
    requestTimeout: 30_000,
    headersTimeout: 15_000,
    // The server never closes an idle keep-alive connection; the client does (undici after 4 s,
    // browsers after their own limit), and close() ends what is left. An idle timer here cannot be
    // made safe: PGlite runs each statement synchronously on this event loop, so one long
    // statement (500 leads inserted at load average 20: 40 s) stalls the loop, and when it ends
    // the timers run before the loop reads the sockets. A request a client wrote on a pooled
    // connection during or just after the stall is then still unread when the timer drops the
    // socket, and the client gets ECONNRESET on a request the server never saw. With the former
    // 5 s hint + 25 s margin, local/tests/notifications.test.ts lost its nudges that way under
    // load, and local/tests/keep-alive.test.ts reproduces it with one 31 s stall.
    keepAliveTimeout: 0,
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    res.on('error', () => {});
    req.on('error', () => {});
    // Password hashing waits for requests in flight (local/hash-gate.ts).
    const finished = requestStarted();
    res.on('finish', finished);
    res.on('close', finished);
    let logged = false;
    const logLine = (suffix = '') => {
      if (logged) return;
      logged = true;
      // The notification worker's routine calls every few seconds would drown the log; failures stay.
      const caller = req.headers['x-client-info'];
      if ((caller === WORKER_CLIENT_INFO || caller === FILES_CLIENT_INFO) && res.statusCode < 400) {
        return;
      }
      options.log(
        `${req.method} ${path} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms${suffix}`,
      );
    };
    res.on('finish', () => logLine());
    res.on('close', () => logLine(res.writableFinished ? '' : ' (client went away)'));
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    // API answers carry people's data: never kept in a browser's or proxy's cache (a handler may
    // still set its own Cache-Control; an edge function's answer carries only its own headers).
    if (!path.startsWith('/functions/v1/')) res.setHeader('Cache-Control', 'no-store');
    dispatch(req, res).catch((error: unknown) => {
      if (error instanceof ClientGone) {
        res.destroy();
        return;
      }
      if (error instanceof BodyTooLarge) {
        sendJson(
          res,
          413,
          postgrestError('PGRST413', `Payload too large: the limit is ${error.limit} bytes`),
        );
        return;
      }
      if (error instanceof HttpError) {
        sendJson(res, error.status, error.body, error.headers);
        return;
      }
      options.log(
        `[server] unexpected error on ${req.method} ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendJson(
        res,
        500,
        postgrestError('LOCAL500', 'Internal error in the local Supabase stand-in (see its log)'),
      );
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    socket.on('error', () => socket.destroy());
    if (url.pathname === '/realtime/v1/websocket' || url.pathname === '/realtime/v1/websocket/') {
      const accepted = realtime.handleUpgrade(req, socket, head, url);
      options.log(`GET ${url.pathname} ${accepted ? '101 (websocket)' : '401'}`);
    } else {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    }
  });

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path === '/storage/v1' || path.startsWith('/storage/v1/')) {
      // Storage reads (and streams) its own bodies, up to each bucket's limit.
      await storage.handle(req, res, url);
      return;
    }
    if (method === 'OPTIONS' && path.startsWith('/functions/v1/')) {
      // Preflights go to the function itself (a browser sends no key with them), as on Supabase.
      await functionsHost().handle(req, res, url, Buffer.alloc(0));
      return;
    }
    if (method === 'OPTIONS') {
      send(res, 204, null);
      return;
    }
    const needsBody = method !== 'GET' && method !== 'HEAD';
    const body = needsBody ? await readBody(req, bodyLimitFor(path, maxBody)) : Buffer.alloc(0);

    if (path.startsWith('/rest/v1')) {
      const auth = authenticateRequest(req, url, options.keys);
      const rest = { db: options.db, schema: options.schema, maxRows: options.config.maxRows };
      await handleRest(rest, req, res, url, auth, body);
      return;
    }
    if (path === JWKS_PATH && (method === 'GET' || method === 'HEAD')) {
      // Open, like the hosted gateway's route for it: verifiers fetch it without a project key.
      sendJwks(res, options.keys);
      return;
    }
    if (path.startsWith('/auth/v1')) {
      // Auth endpoints only need a valid project key; each checks its bearer token itself.
      requireApikey(req, url, options.keys);
      await handleAuth(authOptions(), req, res, url, body);
      return;
    }
    if (path === LOCAL_GRAPH_PATH || path.startsWith(`${LOCAL_GRAPH_PATH}/`)) {
      graph.setBase(`${options.apiUrl()}${LOCAL_GRAPH_PATH}`);
      await graph.handle(req, res, path.slice(LOCAL_GRAPH_PATH.length), body);
      return;
    }
    if (path.startsWith('/functions/v1/')) {
      // A third party's signed webhook (Meta's) sends no project key, as the hosted gateway lets
      // a function without verify_jwt be called; the function checks the sender's signature.
      const name = path.slice('/functions/v1/'.length).split('/')[0] ?? '';
      if (!KEYLESS_WEBHOOKS.has(name)) requireApikey(req, url, options.keys);
      await functionsHost().handle(req, res, url, body);
      return;
    }
    if (path === '/local/v1/admin' && method === 'POST') {
      const auth = authenticateRequest(req, url, options.keys);
      if (auth.role !== 'service_role') {
        throw new HttpError(
          403,
          postgrestError('42501', 'The admin bridge needs the service_role key'),
        );
      }
      let command: AdminCommand;
      try {
        command = JSON.parse(body.toString('utf8')) as AdminCommand;
      } catch {
        throw new HttpError(400, postgrestError('PGRST102', 'Empty or invalid json'));
      }
      sendJson(res, 200, await runAdminCommand(options.db, command));
      return;
    }
    if (path === '/' || path === '/health') {
      sendJson(res, 200, {
        name: 'Rihla Care local Supabase-compatible server',
        database: options.db.description,
        services: [
          '/auth/v1',
          '/rest/v1',
          '/functions/v1',
          '/storage/v1',
          '/realtime/v1/websocket',
        ],
      });
      return;
    }
    if (path.startsWith('/realtime/v1')) {
      if (path.startsWith('/realtime/v1/websocket')) {
        throw new HttpError(426, { message: 'Upgrade Required: connect with a WebSocket' });
      }
      throw notImplemented(`${method} ${path} (realtime over HTTP, e.g. broadcast)`);
    }
    for (const service of ['/graphql/v1', '/pg', '/analytics']) {
      if (path.startsWith(service)) throw notImplemented(`the ${service} service`);
    }
    throw new HttpError(404, { message: 'no Route matched with those values' });
  }

  return {
    server,
    realtime,
    notifications,
    files,
    storage,
    graph,
    async close() {
      if (whatsappTimer) clearInterval(whatsappTimer);
      await notifications.stop();
      await (
        await unlistenDeletions
      )();
      await files.stop();
      await realtime.close();
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
