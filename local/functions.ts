import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  FunctionRuntime,
  HandlerFactory,
  IndexingSubmitter,
  MailTransport,
} from '../supabase/functions/_shared/runtime.ts';
import { CORS_HEADERS, send, sendJson } from './http.ts';
import { publicJwks, verifyJwt, type JwtKeys } from './jwt.ts';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from './keys.ts';
import { REPO_ROOT } from './migrate.ts';
import { headerValue } from './request-auth.ts';

/**
 * /functions/v1/<name>: runs the very handler.ts the Deno entry deploys, in Node, with a local
 * runtime: mail goes to an outbox under the data dir, indexing requests are recorded there, and
 * SUPABASE_URL points back at this server. As on Supabase, the caller's JWT is verified first
 * unless config.toml sets `verify_jwt = false` for the function; that check reads only the
 * `Authorization` header, so an opaque `sb_publishable_…` key there fails it as it does in production.
 * Preflights reach the handler, and its answers go out with its own headers only: the functions'
 * CORS is what the browser tests exercise.
 */

/**
 * Functions a third party calls with its own signature and no project key (config.toml sets
 * `verify_jwt = false` for them, and the hosted gateway then asks no key, as Supabase's Stripe
 * webhook example relies on): the local server lets them through without an `apikey` too.
 */
export const KEYLESS_WEBHOOKS = new Set(['whatsapp-webhook']);

/** The app secret the local webhook checks signatures with (never a production value). */
export const LOCAL_WHATSAPP_APP_SECRET = 'local-whatsapp-app-secret';
/** The Graph API stand-in's path on the local server, its token and the business number it serves. */
export const LOCAL_GRAPH_PATH = '/local/graph';
export const LOCAL_WHATSAPP_ACCESS_TOKEN = 'local-whatsapp-access-token';
export const LOCAL_WHATSAPP_PHONE_NUMBER_ID = '106540352242922';

export const FUNCTIONS_DIR = join(REPO_ROOT, 'supabase', 'functions');
const HANDLER_TIMEOUT_MS = 30_000;

export interface FunctionsOptions {
  dataDir: string;
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The project's JWT keys: the platform check verifies either signing style with them. */
  keys: JwtKeys;
  log: (line: string) => void;
  /** Functions whose config.toml section says `verify_jwt = false`. */
  skipJwtVerification: Set<string>;
  functionsDir?: string;
}

/** A local runtime: outbox mail, recorded indexing, env from supabase/functions/.env and the process. */
export function createLocalRuntime(options: FunctionsOptions): FunctionRuntime {
  const fileEnv = readDotEnv(join(options.functionsDir ?? FUNCTIONS_DIR, '.env'));
  const pinned: Record<string, string> = {
    SUPABASE_URL: options.apiUrl,
    SUPABASE_ANON_KEY: options.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: options.serviceRoleKey,
    // The new-style keys as hosted functions receive them: JSON objects of named keys.
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: LOCAL_PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: LOCAL_SECRET_KEY }),
    // The public keys of the project's JWT signing keys, as the platform provisions them (an empty
    // set on the legacy secret alone); _shared/caller.ts also reads the discovery endpoint.
    SUPABASE_JWKS: JSON.stringify(publicJwks(options.keys)),
  };
  const defaults: Record<string, string> = {
    NOTIFY_EMAIL_TO: 'care@rihla.care',
    NOTIFY_EMAIL_FROM: 'Rihla Care (local) <notifications@localhost>',
    // The WhatsApp webhook's secrets under `npm start` (issue 46; docs/local-stack.md "WhatsApp"):
    // local values only, so a notification signed with them reaches the local database.
    WHATSAPP_APP_SECRET: LOCAL_WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'local-whatsapp-verify-token',
    // Sending and media go to the Graph API stand-in this server serves (local/graph-api.ts),
    // never to Meta: docs/local-stack.md "Graph API stand-in".
    WHATSAPP_GRAPH_URL: `${options.apiUrl}${LOCAL_GRAPH_PATH}`,
    WHATSAPP_ACCESS_TOKEN: LOCAL_WHATSAPP_ACCESS_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
  };
  const env = (name: string) =>
    pinned[name] ?? fileEnv[name] ?? process.env[name] ?? defaults[name];
  return {
    env,
    fetch: globalThis.fetch.bind(globalThis),
    mail: createOutboxTransport(join(options.dataDir, 'outbox'), options.log),
    indexing: createIndexingRecorder(join(options.dataDir, 'indexing'), options.log),
  };
}

/**
 * Local mail: one JSON file per message under the outbox, and one log line. Like Resend, a message
 * whose idempotency key was already delivered is not written again (its first id is returned).
 */
export function createOutboxTransport(dir: string, log: (line: string) => void): MailTransport {
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const keyTag = message.idempotencyKey
        ? createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 16)
        : null;
      if (keyTag) {
        const earlier = readdirSync(dir).find((name) => name.endsWith(`-${keyTag}.json`));
        if (earlier) return { id: earlier.slice(0, -'.json'.length) };
      }
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${keyTag ?? randomBytes(3).toString('hex')}`;
      const file = join(dir, `${id}.json`);
      writeFileSync(
        file,
        `${JSON.stringify({ id, createdAt: new Date().toISOString(), ...message }, null, 2)}\n`,
      );
      log(`[mail] outbox: "${message.subject}" to ${message.to} (${displayPath(file)})`);
      return { id };
    },
  };
}

/** Local indexing: the submission is recorded, nothing leaves the machine. */
export function createIndexingRecorder(
  dir: string,
  log: (line: string) => void,
): IndexingSubmitter {
  return {
    async submit(urls) {
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      writeFileSync(
        file,
        `${JSON.stringify({ submittedAt: new Date().toISOString(), urls }, null, 2)}\n`,
      );
      log(`[indexing] recorded ${urls.length} URL(s) (${displayPath(file)})`);
      return urls.map((url) => ({ url, service: 'local' as const, ok: true }));
    },
  };
}

export class FunctionsHost {
  private readonly options: FunctionsOptions;
  private readonly runtime: FunctionRuntime;
  private readonly handlers = new Map<
    string,
    Promise<((request: Request) => Promise<Response>) | null>
  >();

  constructor(options: FunctionsOptions) {
    this.options = options;
    this.runtime = createLocalRuntime(options);
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): Promise<void> {
    const name = url.pathname.replace(/^\/functions\/v1\/?/, '').split('/')[0] ?? '';
    const handler = /^[a-z0-9][a-z0-9_-]*$/.test(name) ? await this.load(name) : null;
    if (!handler) {
      sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      return;
    }
    if (!this.options.skipJwtVerification.has(name) && req.method !== 'OPTIONS') {
      // The platform's check reads only the Authorization header: missing, or an opaque key there
      // (not a JWT), is a 401 before the function runs (supabase.com/docs/guides/functions/auth-headers).
      // It validates legacy HS256 JWTs and JWTs of the asymmetric signing keys alike.
      const token = /^Bearer\s+(.+)$/i.exec(headerValue(req, 'authorization') ?? '')?.[1]?.trim();
      if (!token || !verifyJwt(token, this.options.keys).ok) {
        sendJson(res, 401, { code: 401, message: 'Invalid JWT' });
        return;
      }
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(key, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    }
    // From here on only the function's own headers reach the browser (none when it crashes).
    for (const header of Object.keys(CORS_HEADERS)) res.removeHeader(header);
    const method = req.method ?? 'GET';
    const request = new Request(url, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      const response = await Promise.race([
        handler(request),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), HANDLER_TIMEOUT_MS);
        }),
      ]);
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, key) => (responseHeaders[key] = value));
      send(res, response.status, Buffer.from(await response.arrayBuffer()), responseHeaders);
    } catch (error) {
      const timedOut = error instanceof Error && error.message === 'timeout';
      this.options.log(
        `[functions] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendJson(
        res,
        timedOut ? 504 : 500,
        timedOut
          ? {
              code: 'WORKER_TIMEOUT',
              message: `Function ${name} did not answer within ${HANDLER_TIMEOUT_MS / 1000}s`,
            }
          : {
              code: 'WORKER_ERROR',
              message: 'Function exited due to an error (please check logs)',
            },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Runs a function's handler directly (no HTTP), as the service role: the local notification
   * worker's timer (local/notification-worker.ts) calls send-form-notification this way, as
   * pg_cron + pg_net do in production.
   */
  async call(name: string, body: unknown): Promise<Response> {
    const handler = await this.load(name);
    if (!handler) throw new Error(`no function named ${name}`);
    return handler(
      new Request(`${this.options.apiUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          apikey: this.options.serviceRoleKey,
          Authorization: `Bearer ${this.options.serviceRoleKey}`,
        },
        body: JSON.stringify(body),
      }),
    );
  }

  private load(name: string): Promise<((request: Request) => Promise<Response>) | null> {
    let loading = this.handlers.get(name);
    if (!loading) {
      const file = join(this.options.functionsDir ?? FUNCTIONS_DIR, name, 'handler.ts');
      loading = existsSync(file)
        ? import(pathToFileURL(file).href).then((module: { createHandler?: HandlerFactory }) =>
            module.createHandler ? module.createHandler(this.runtime) : null,
          )
        : Promise.resolve(null);
      this.handlers.set(name, loading);
    }
    return loading;
  }
}

function readDotEnv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (match) values[match[1] as string] = (match[2] as string).replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}
