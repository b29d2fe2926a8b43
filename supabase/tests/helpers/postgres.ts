import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL server for the SQL behaviour tests, so the same assertions run on PGlite
 * and on a real PostgreSQL (Debian's PostgreSQL 15 on these machines). Robust in CI: a fresh clone,
 * running as root, no network. It starts a private cluster on a free port under /tmp with fsync off,
 * and stops it (and removes it) when the test process exits.
 *
 * Environment:
 *   RIHLA_TEST_POSTGRES_URL=postgres://user@host:port/db  use that server instead of starting one
 *   RIHLA_SKIP_POSTGRES=1                                  run the SQL tests on PGlite only
 *
 * Without PostgreSQL installed (no initdb/pg_ctl, or no 'postgres' user to run it as root) the
 * PostgreSQL half is skipped with a log line. A PostgreSQL that is installed but does not start, or
 * a given URL that does not answer, fails the tests instead.
 */

export interface PostgresServer {
  /**
   * Creates a database and returns its connection string: empty, or a copy of `template` (a
   * database nobody is connected to, see global-setup.ts).
   */
  createDatabase(template?: string): Promise<string>;
  description: string;
  /** The maintenance database's connection string (postgres://…/postgres). */
  url: string;
}

let started: Promise<PostgresServer | null> | undefined;
let stopCluster: (() => void) | undefined;

/**
 * Starts (once per test file) or reuses a private PostgreSQL server; null with a logged reason if
 * PostgreSQL is not installed (see above). For tests that change the server itself (SSL, settings,
 * roles): the SQL behaviour tests share one server instead (global-setup.ts).
 */
export function startTestPostgres(): Promise<PostgresServer | null> {
  started ??= start();
  return started;
}

/**
 * Starts a server that the caller stops with the returned function (global-setup.ts: one server
 * for the whole run).
 */
export async function startOwnPostgres(): Promise<{
  server: PostgresServer | null;
  stop: () => void;
}> {
  const server = await start();
  const stop = stopCluster ?? (() => {});
  stopCluster = undefined;
  process.once('exit', stop);
  return { server, stop };
}

/** A server someone else started and stops (the run's shared server, from global-setup.ts). */
export function postgresAt(url: string): Promise<PostgresServer | null> {
  return serverAt(url, `the shared test PostgreSQL`);
}

/** Stops the throwaway cluster now (call from afterAll); a watchdog stops it anyway if we die. */
export function stopTestPostgres(): void {
  stopCluster?.();
  stopCluster = undefined;
  started = undefined;
}

async function start(): Promise<PostgresServer | null> {
  if (process.env['RIHLA_SKIP_POSTGRES'] === '1') {
    return skip('RIHLA_SKIP_POSTGRES=1');
  }
  const given = process.env['RIHLA_TEST_POSTGRES_URL'];
  if (given) return serverAt(given, `RIHLA_TEST_POSTGRES_URL`);

  const bin = findPostgresBin();
  if (!bin) return skip('initdb/pg_ctl not found');
  const runAs = postgresRunner();
  if (!runAs) return skip("running as root and there is no 'postgres' user to run the server");

  const dir = mkdtempSync(join(tmpdir(), 'rihla-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  try {
    if (runAs.uid !== undefined) {
      chownSync(dir, runAs.uid, runAs.gid ?? runAs.uid);
      chmodSync(dir, 0o700);
    }
    const run = (file: string, args: string[]) => {
      const [command, ...rest] = [...runAs.command, file, ...args] as [string, ...string[]];
      return execFileSync(command, rest, { stdio: 'pipe', timeout: 60_000 });
    };
    run(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=50',
    ].join(' ');
    run(join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
    ]);
    const pgCtl = [...runAs.command, join(bin, 'pg_ctl')].map((part) => `'${part}'`).join(' ');
    stopCluster = () => {
      try {
        run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already gone; the directory is removed either way.
      }
      rmSync(dir, { recursive: true, force: true });
    };
    process.once('exit', () => stopCluster?.());
    // Test workers can be killed without an exit event: a detached watchdog stops the cluster
    // within a second of this process disappearing, whatever the cause.
    spawn(
      'sh',
      [
        '-c',
        `while kill -0 ${process.pid} 2>/dev/null && [ -d '${dataDir}' ]; do sleep 1; done; ` +
          `[ -d '${dataDir}' ] && ${pgCtl} -D '${dataDir}' -m immediate stop >/dev/null 2>&1; rm -rf '${dir}'`,
      ],
      { detached: true, stdio: 'ignore' },
    ).unref();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    // Installed but not starting is a failure, not a reason to test PGlite alone: a skip here
    // would let a loaded CI machine pass without the PostgreSQL half of the SQL tests.
    throw new Error(`could not start a throwaway PostgreSQL cluster: ${stderr || String(error)}`, {
      cause: error,
    });
  }
  return serverAt(`postgres://postgres@127.0.0.1:${port}/postgres`, `PostgreSQL on port ${port}`);
}

async function serverAt(url: string, description: string): Promise<PostgresServer | null> {
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`cannot connect to ${description}: ${String(error)}`, { cause: error });
  }
  await admin.end();
  let counter = 0;
  return {
    description,
    url,
    async createDatabase(template) {
      const name = `rihla_test_${process.pid}_${++counter}_${Date.now().toString(36)}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      } finally {
        await client.end();
      }
      const target = new URL(url);
      target.pathname = `/${name}`;
      return target.toString();
    },
  };
}

function skip(reason: string): null {
  console.log(`[sql-tests] real PostgreSQL run skipped: ${reason} (tests run on PGlite only)`);
  return null;
}

export function findPostgresBin(): string | null {
  const candidates = ['/usr/local/bin', '/usr/bin'];
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse()) {
      candidates.push(join('/usr/lib/postgresql', version, 'bin'));
    }
  }
  return (
    candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ??
    null
  );
}

/** PostgreSQL refuses to run as root: as root, run its tools as the `postgres` user. */
export function postgresRunner(): { command: string[]; uid?: number; gid?: number } | null {
  if (process.getuid?.() !== 0) return { command: [] };
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' }).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { stdio: 'pipe' }).toString().trim());
  } catch {
    return null;
  }
  if (
    existsSync('/usr/sbin/runuser') ||
    existsSync('/sbin/runuser') ||
    existsSync('/usr/bin/runuser')
  ) {
    return { command: ['runuser', '-u', 'postgres', '--'], uid, gid };
  }
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
