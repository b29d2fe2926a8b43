import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { readLocalConfig, type LocalConfig } from './config.ts';
import { openPglite, openPostgres, type Database, type QueryResult } from './db.ts';
import { signJwt, type JwtClaims, type JwtKeyring } from './jwt.ts';
import {
  LOCAL_ANON_KEY,
  LOCAL_HOST,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from './keys.ts';
import { applySeed, prepareDatabase, REPO_ROOT } from './migrate.ts';
import { SchemaCache } from './schema-cache.ts';
import { createApiServer, type ApiServer } from './server.ts';
import { applyFirstContactSettings, parseFirstContactSettings } from './first-contact-settings.ts';
import { applyLimits, parseLimits } from './limit-settings.ts';
import {
  applyPatientNoticeSettings,
  parsePatientNoticeSettings,
} from './patient-notice-settings.ts';
import { startRetentionTimer, type RetentionTimer } from './retention.ts';
import { localKeyring, parseJwtSigning, type JwtSigning } from './signing-keys.ts';

/**
 * Starts the local Supabase-compatible stack in-process: the database (PGlite in
 * `<dataDir>/pglite`, or DATABASE_URL), bootstrap and migrations, and the API server. Used by
 * `npm start`, the admin CLI's bridge, tests, Playwright and the benchmark.
 */

export {
  LOCAL_ANON_KEY,
  LOCAL_API_PORT,
  LOCAL_API_URL,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from './keys.ts';

export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data');

export interface LocalStackOptions {
  /** Root of the local data: `pglite/` (database), `outbox/` (mail), `indexing/`. Default `.data`. */
  dataDir?: string;
  /** Keep the PGlite database in memory (tests); mail and indexing records still go to dataDir. */
  inMemory?: boolean;
  /**
   * With `inMemory`: start the database from this PGlite dump (`dumpDataDir()`) instead of empty.
   * The tests pass the run's migrated dump (supabase/tests/helpers/snapshot.ts), so a stack starts
   * in seconds instead of applying every migration; `prepareDatabase()` still runs and finds
   * nothing to apply.
   */
  loadDataDir?: Blob;
  /** A real PostgreSQL instead of PGlite (also read from DATABASE_URL by the CLI scripts). */
  databaseUrl?: string;
  /** API port; 0 picks a free one. Default 54321. */
  port?: number;
  host?: string;
  /** Load supabase/seed.sql into an empty database. */
  seed?: boolean;
  /** One line per request and event; `false` silences the server. Default console.log. */
  log?: ((line: string) => void) | false;
  maxBodyBytes?: number;
  /**
   * Overrides of the lead limits in private.lead_limit_settings (column name → number), applied at
   * start; default from RIHLA_LEAD_LIMITS ("per_address_per_10_minutes=1000,…"). Browser tests
   * send every form from 127.0.0.1 and relax the per-address limit this way; the abuse tests keep
   * the migration's defaults.
   */
  leadLimits?: Record<string, number>;
  /**
   * Anonymous sign-ins per client address and hour; default config.toml's `anonymous_users` (30,
   * as hosted), or RIHLA_ANON_SIGNINS_PER_HOUR. Tests and the browser suite, all on 127.0.0.1,
   * raise it; the sign-in limit tests keep the configured one.
   */
  anonymousSignInsPerHour?: number;
  /**
   * E-mail/password sign-ups; default config.toml's (off for this product). The GoTrue conformance
   * tests turn them on to see what a sign-up gets.
   */
  emailSignups?: boolean;
  /**
   * How often the local notification worker mails due leads from the outbox (ms). Default 5000
   * (production: every minute by pg_cron); 0 disables the timer, e.g. for tests that drain with
   * `drainNotifications()` themselves.
   */
  notificationIntervalMs?: number;
  /**
   * How often the request-files worker runs (the local stand-in for its pg_cron job): uploads left
   * unchecked, the deletion outbox, orphans (ms). Default 5000; 0 disables the timer, for tests
   * that run it with `drainFiles()`.
   */
  filesIntervalMs?: number;
  /**
   * How Auth signs access tokens: 'HS256' with the legacy secret (the CLI's demo secret), or
   * 'ES256' with an asymmetric signing key published at /auth/v1/.well-known/jwks.json (what a
   * project on Supabase's JWT signing keys does). Default RIHLA_JWT_SIGNING, else 'ES256' when
   * config.toml sets `[auth] signing_keys_path`, else 'HS256'. Either way both styles verify.
   */
  jwtSigning?: JwtSigning;
  /**
   * False: the legacy secret is revoked, so HS256 tokens (the legacy anon and service_role keys
   * included) are refused and only the opaque keys and ES256 tokens work. Needs 'ES256'.
   */
  legacyJwtSecret?: boolean;
}

export interface LocalStack {
  url: string;
  port: number;
  /** Legacy JWT keys (anon, service_role) and the new opaque keys standing for the same roles. */
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
  /** The algorithm Auth signs access tokens with, and every key the stack trusts. */
  jwtSigning: JwtSigning;
  jwtKeys: JwtKeyring;
  /** Signs claims as this project's Auth would (the current key): tests mint tokens with it. */
  signJwt(claims: JwtClaims): string;
  dataDir: string;
  db: Database;
  /** Runs SQL as the database owner (bypasses RLS): fixtures, assertions, benchmarks. */
  sql<Row = Record<string, unknown>>(query: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Resolves once every realtime change notified so far has been delivered. */
  realtimeIdle(): Promise<void>;
  /** Runs one drain of the notification outbox now; resolves to the handler's HTTP status. */
  drainNotifications(): Promise<number>;
  /** Runs the request-files worker now; resolves to what it checked and deleted. */
  drainFiles(): Promise<{ status: number; checked: number; deleted: number; failed: number }>;
  close(): Promise<void>;
}

/** Written while a server holds a PGlite data dir, so a second process does not open it too. */
export interface DataDirLock {
  pid: number;
  url: string | null;
  startedAt: string;
  /**
   * When the holding process started, as the kernel counts it (/proc/<pid>/stat, field 22). After a
   * crash the PID may be reused by an unrelated process; a different start time shows the lock is
   * stale. Absent where /proc is not available.
   */
  processStart?: string;
}

/** The kernel's start time of process `pid` (clock ticks since boot), or undefined if unreadable. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

export function lockFile(dataDir: string): string {
  return join(dataDir, 'local-stack.lock');
}

/**
 * The live process holding the data dir, if any. A lock is stale (ignored) when its process is
 * gone, or when its PID now belongs to a process that started at another time (a reused PID).
 */
export function readLock(dataDir: string): DataDirLock | null {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8')) as DataDirLock;
    process.kill(lock.pid, 0);
    if (lock.processStart !== undefined) {
      const now = processStartTime(lock.pid);
      if (now !== undefined && now !== lock.processStart) return null;
    }
    return lock;
  } catch {
    return null;
  }
}

export function acquireLock(dataDir: string, url: string | null): void {
  const holder = readLock(dataDir);
  if (holder && holder.pid !== process.pid) {
    throw new Error(
      `The data dir ${dataDir} is in use by process ${holder.pid}${holder.url ? ` (${holder.url})` : ''}. ` +
        'Stop it first, or use another --data-dir.',
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const processStart = processStartTime(process.pid);
  const lock: DataDirLock = {
    pid: process.pid,
    url,
    startedAt: new Date().toISOString(),
    ...(processStart === undefined ? {} : { processStart }),
  };
  writeFileSync(lockFile(dataDir), `${JSON.stringify(lock)}\n`);
}

export function releaseLock(dataDir: string): void {
  const holder = readLock(dataDir);
  if (holder?.pid === process.pid) rmSync(lockFile(dataDir), { force: true });
}

/** Opens the database the options point at (PGlite data dir, memory, or DATABASE_URL). */
export async function openDatabase(options: {
  dataDir: string;
  inMemory?: boolean;
  databaseUrl?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.inMemory) {
    return openPglite(null, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  return openPglite(join(options.dataDir, 'pglite'));
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const log =
    options.log === false ? () => {} : (options.log ?? ((line: string) => console.log(line)));
  const usesDataDirDatabase = !options.databaseUrl && !options.inMemory;
  mkdirSync(dataDir, { recursive: true });
  if (usesDataDirDatabase) acquireLock(dataDir, null);

  let db: Database | undefined;
  let api: ApiServer | undefined;
  try {
    db = await openDatabase({
      dataDir,
      ...(options.inMemory ? { inMemory: true } : {}),
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const prepared = await prepareDatabase(db);
    if (prepared.supabaseManaged) {
      log(
        '[db] Supabase-managed database: bootstrap and migrations skipped (use supabase db push)',
      );
    }
    if (prepared.applied.length) log(`[db] applied migrations: ${prepared.applied.join(', ')}`);
    for (const changed of prepared.changed) {
      log(
        `[db] warning: migration ${changed}.sql changed after it was applied; migrations are append-only`,
      );
    }
    if (options.seed && (await applySeed(db))) log('[db] loaded supabase/seed.sql');
    if (!prepared.supabaseManaged) {
      // Meta's approval of the WhatsApp templates is the Graph API stand-in's here
      // (local/graph-api.ts accepts every template): the submitted ones count as approved.
      await db.query(`update private.whatsapp_templates set approved = true where not approved`);
    }
    const leadLimits =
      options.leadLimits ?? parseLimits('RIHLA_LEAD_LIMITS', process.env['RIHLA_LEAD_LIMITS']);
    if (!prepared.supabaseManaged && Object.keys(leadLimits).length) {
      await applyLimits(db, 'RIHLA_LEAD_LIMITS', leadLimits);
      log(`[db] lead limits: ${JSON.stringify(leadLimits)}`);
    }
    const firstContact = parseFirstContactSettings(process.env['RIHLA_FIRST_CONTACT']);
    if (!prepared.supabaseManaged && Object.keys(firstContact).length) {
      await applyFirstContactSettings(db, firstContact);
      log(`[db] first-contact thresholds: ${JSON.stringify(firstContact)}`);
    }
    const patientPageLimits = parseLimits(
      'RIHLA_PATIENT_PAGE_LIMITS',
      process.env['RIHLA_PATIENT_PAGE_LIMITS'],
    );
    if (!prepared.supabaseManaged && Object.keys(patientPageLimits).length) {
      await applyLimits(db, 'RIHLA_PATIENT_PAGE_LIMITS', patientPageLimits);
      log(`[db] patient page limits: ${JSON.stringify(patientPageLimits)}`);
    }
    const patientNotices = parsePatientNoticeSettings(process.env['RIHLA_PATIENT_NOTICES']);
    if (!prepared.supabaseManaged && Object.keys(patientNotices).length) {
      await applyPatientNoticeSettings(db, patientNotices);
      log(`[db] patient notices: ${JSON.stringify(patientNotices)}`);
    }

    const schema = new SchemaCache();
    await schema.load(db);
    const configured = withAnonymousLimit(readLocalConfig(), options.anonymousSignInsPerHour);
    const config =
      options.emailSignups === undefined
        ? configured
        : { ...configured, emailSignups: options.emailSignups };
    const jwtSigning =
      options.jwtSigning ??
      parseJwtSigning(process.env['RIHLA_JWT_SIGNING']) ??
      (config.signingKeysPath ? 'ES256' : 'HS256');
    const jwtKeys = localKeyring({
      signing: jwtSigning,
      legacySecret: options.legacyJwtSecret === false ? null : LOCAL_JWT_SECRET,
      keysFile: config.signingKeysPath ?? join(dataDir, 'signing_keys.json'),
    });
    if (jwtSigning === 'ES256')
      log(`[auth] signing access tokens with ES256 (kid ${jwtKeys.current?.kid})`);
    let url = '';
    api = await createApiServer({
      db,
      schema,
      config,
      keys: jwtKeys,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
      apiUrl: () => url,
      dataDir,
      log,
      ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
      notificationIntervalMs: options.notificationIntervalMs ?? 5000,
      filesIntervalMs: options.filesIntervalMs ?? 5000,
    });
    const server = api.server;
    const host = options.host ?? LOCAL_HOST;
    await new Promise<void>((resolveListen, rejectListen) => {
      server.once('error', rejectListen);
      server.listen(options.port ?? 54321, host, () => {
        server.off('error', rejectListen);
        resolveListen();
      });
    });
    const port = (server.address() as AddressInfo).port;
    url = `http://${host}:${port}`;
    if (usesDataDirDatabase) acquireLock(dataDir, url);
    // Production's pg_cron job runs the retention there; this server runs it for its own database.
    // The first run completes before the stack is handed out, so it never races the caller's writes.
    const retention: RetentionTimer | undefined = prepared.supabaseManaged
      ? undefined
      : startRetentionTimer(db, log);
    await retention?.runNow();

    const openDb = db;
    const openApi = api;
    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
      publishableKey: LOCAL_PUBLISHABLE_KEY,
      secretKey: LOCAL_SECRET_KEY,
      jwtSecret: LOCAL_JWT_SECRET,
      jwtSigning,
      jwtKeys,
      signJwt: (claims) => signJwt(claims, jwtKeys),
      dataDir,
      db: openDb,
      sql: (query, params) => openDb.query(query, params),
      realtimeIdle: () => openApi.realtime.idle(),
      drainNotifications: () => openApi.notifications.drainNow(),
      drainFiles: () => openApi.files.drainNow(),
      close() {
        closing ??= (async () => {
          await retention?.stop();
          await openApi.close();
          await openDb.close();
          if (usesDataDirDatabase) releaseLock(dataDir);
        })();
        return closing;
      },
    };
  } catch (error) {
    await api?.close().catch(() => {});
    await db?.close().catch(() => {});
    if (usesDataDirDatabase) releaseLock(dataDir);
    throw error;
  }
}

function withAnonymousLimit(config: LocalConfig, override: number | undefined): LocalConfig {
  const fromEnv = Number(process.env['RIHLA_ANON_SIGNINS_PER_HOUR']);
  const limit = override ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined);
  return limit === undefined ? config : { ...config, anonymousSignInsPerHour: limit };
}
