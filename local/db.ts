import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ConnectionOptions } from 'node:tls';
import pg from 'pg';

/**
 * One small interface over the two databases the local stack runs on: embedded PGlite (the default,
 * a data dir under `.data/`) and any real PostgreSQL given by `DATABASE_URL`. Everything above this
 * file (server, migrations, tests, admin CLI) is written once against it.
 */

export interface QueryResult<Row> {
  rows: Row[];
  affectedRows: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs one or more statements without parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Human-readable location, for logs ("PGlite at .data/pglite", "postgres://…@host/db"). */
  readonly description: string;
  /** Runs `fn` in a transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs `fn` in a transaction that is always rolled back (probes that must leave no trace). */
  rollbackOnly<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on `channel`; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The fields both drivers put on a server error (SQLSTATE, message, detail, hint, constraint). */
export interface PgError {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
  constraint?: string | undefined;
}

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** PGlite opened by openPglite(): a Database that can also dump its data directory. */
export interface PgliteDatabase extends Database {
  /** The whole data directory as a tarball, for openPglite's `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Opens PGlite with pgcrypto and pg_trgm (the dashboard's search index); `dataDir` null keeps the database in memory (tests). `loadDataDir`
 * starts it from a dump (dumpDataDir()): the tests start from one migrated database instead of
 * migrating a new one each time (supabase/tests/helpers/snapshot.ts).
 */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir === null ? {} : { dataDir }),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pgcrypto, pg_trgm },
  });
  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await target.query<Row>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const root = wrap(db);
  return {
    kind: 'pglite',
    description: dataDir === null ? 'PGlite (in memory)' : `PGlite at ${dataDir}`,
    query: root.query,
    exec: root.exec,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    rollbackOnly: (fn) =>
      db.transaction(async (tx) => {
        try {
          return await fn(wrap(tx));
        } finally {
          await tx.rollback();
        }
      }),
    async listen(channel, onPayload) {
      const unlisten = await db.listen(channel, onPayload);
      return () => unlisten();
    },
    dumpDataDir: () => db.dumpDataDir('none'),
    close: () => db.close(),
  };
}

/** Connects to a real PostgreSQL server (a pool for requests, one client for LISTEN). */
export async function openPostgres(
  connectionString: string,
  ssl?: ConnectionOptions | false,
): Promise<Database> {
  // `ssl` given explicitly (the admin CLI's verify-full settings) wins over the URL's sslmode.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 10_000,
    ...(ssl === undefined ? {} : { ssl }),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await pool.query('select 1');
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  const root = wrap(pool);
  const inTransaction = async <T>(fn: (tx: Queryable) => Promise<T>, commit: boolean) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      try {
        const result = await fn(wrap(client));
        await client.query(commit ? 'commit' : 'rollback');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      }
    } finally {
      client.release(broken);
    }
  };
  const listeners: pg.Client[] = [];
  const url = new URL(connectionString);
  if (url.password) url.password = '***';
  return {
    kind: 'postgres',
    description: url.toString(),
    query: root.query,
    exec: root.exec,
    transaction: (fn) => inTransaction(fn, true),
    rollbackOnly: (fn) => inTransaction(fn, false),
    async listen(channel, onPayload) {
      const client = new pg.Client({ connectionString });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      await client.query(`listen ${quoteIdent(channel)}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => {});
      };
    },
    async close() {
      await Promise.all(listeners.splice(0).map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** Quotes an SQL identifier (table, column, role or channel name). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Quotes an SQL string literal (only for values that cannot be bound as parameters). */
export function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
