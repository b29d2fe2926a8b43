import { execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Database } from '../../../local/db.ts';
import { applyMigrations, REPO_ROOT } from '../../../local/migrate.ts';
import { freePort, postgresRunner } from './postgres.ts';

/**
 * A PostgreSQL 15 shaped like a hosted Supabase project, with Debian's real pg_cron, for the
 * production rehearsal (supabase/tests/production-rehearsal.test.ts):
 *
 * - the server is a private copy of Debian's PostgreSQL 15 (its binaries copied into a temporary
 *   prefix, its libraries and share files linked), with pg_cron's files from
 *   `scripts/ensure-pg-cron.sh` (.data/pg-cron) added there, never to the system's PostgreSQL;
 *   started with `shared_preload_libraries = pg_cron`, `cron.database_name = postgres`, as hosted;
 * - supabase_admin is the superuser; postgres is not one (roles.sql); local/bootstrap.sql then
 *   provides what the platform does before the first migration, with hosted ownership and grants
 *   (after-bootstrap.sql, including the event trigger that gives postgres the cron schema);
 * - pg_cron is marked trusted in the private copy, so postgres may create it as supautils lets it
 *   on hosted projects; pg_net and Vault, which Debian does not package, are stand-ins with the
 *   same SQL interface (pg_net.control, vault.sql), and nothing pretends they send or encrypt;
 * - the migrations are applied as postgres, each in one transaction, recorded where
 *   `supabase db push` records them.
 *
 * Null (with a log line) when Debian's PostgreSQL 15 or the unpacked pg_cron is missing.
 */

const PG_BIN = '/usr/lib/postgresql/15/bin';
const PG_LIB = '/usr/lib/postgresql/15/lib';
const PG_SHARE = '/usr/share/postgresql/15';
const CRON_DIR = join(REPO_ROOT, '.data', 'pg-cron', 'usr');
const HOSTED_DIR = join(import.meta.dirname, 'hosted');

export interface HostedPostgres {
  /** The operator's connection (postgres, not a superuser), database `postgres`. */
  url: string;
  /** supabase_admin's connection (the platform itself: pg_net's worker, for instance). */
  adminUrl: string;
  migrations: string[];
  stop(): void;
}

function skip(reason: string): null {
  console.log(`[production-rehearsal] skipped: ${reason}`);
  return null;
}

/** A PostgreSQL prefix whose extension and library directories also hold pg_cron and pg_net. */
function buildPrefix(root: string): string {
  const bin = join(root, 'lib', 'postgresql', '15', 'bin');
  const lib = join(root, 'lib', 'postgresql', '15', 'lib');
  const share = join(root, 'share', 'postgresql', '15');
  const extension = join(share, 'extension');
  for (const dir of [bin, lib, extension]) mkdirSync(dir, { recursive: true });
  // The server finds share/ and lib/ relative to its own binary, so the binaries are copies.
  for (const tool of ['postgres', 'pg_ctl', 'initdb']) {
    copyFileSync(join(PG_BIN, tool), join(bin, tool));
    chmodSync(join(bin, tool), 0o755);
  }
  for (const name of readdirSync(PG_LIB)) symlinkSync(join(PG_LIB, name), join(lib, name));
  for (const name of readdirSync(PG_SHARE)) {
    if (name !== 'extension') symlinkSync(join(PG_SHARE, name), join(share, name));
  }
  for (const name of readdirSync(join(PG_SHARE, 'extension'))) {
    symlinkSync(join(PG_SHARE, 'extension', name), join(extension, name));
  }
  copyFileSync(join(CRON_DIR, 'lib/postgresql/15/lib/pg_cron.so'), join(lib, 'pg_cron.so'));
  const cronShare = join(CRON_DIR, 'share/postgresql/15/extension');
  for (const name of readdirSync(cronShare)) {
    copyFileSync(join(cronShare, name), join(extension, name));
  }
  // supautils lets postgres create pg_cron on hosted projects; a trusted extension is the same here.
  appendFileSync(join(extension, 'pg_cron.control'), '\ntrusted = true\n');
  for (const name of ['pg_net.control', 'pg_net--rehearsal.sql']) {
    copyFileSync(join(HOSTED_DIR, name), join(extension, name));
  }
  return bin;
}

/**
 * Why the rehearsal cannot run on this machine, or null when it can: PostgreSQL's tests are
 * switched off, Debian's PostgreSQL 15 is not installed, or (as root) there is no user to run it.
 * A missing pg_cron is not such a reason: `npm test`'s pretest unpacks it.
 */
export function rehearsalUnavailable(): string | null {
  if (process.env['RIHLA_SKIP_POSTGRES'] === '1') return 'RIHLA_SKIP_POSTGRES=1';
  if (!existsSync(join(PG_BIN, 'postgres'))) return `no PostgreSQL 15 in ${PG_BIN}`;
  if (!postgresRunner()) return "running as root and there is no 'postgres' user to run the server";
  return null;
}

export async function startHostedPostgres(): Promise<HostedPostgres | null> {
  const unavailable = rehearsalUnavailable();
  if (unavailable) return skip(unavailable);
  if (!existsSync(join(CRON_DIR, 'lib/postgresql/15/lib/pg_cron.so'))) {
    return skip('pg_cron is not unpacked in .data/pg-cron (bash scripts/ensure-pg-cron.sh)');
  }
  const runAs = postgresRunner()!;
  const root = mkdtempSync(join(tmpdir(), 'rihla-hosted-'));
  const stopServer = () => {
    try {
      run(join(root, 'lib/postgresql/15/bin/pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    } catch {
      // Already stopped.
    }
    rmSync(root, { recursive: true, force: true });
  };
  const dataDir = join(root, 'data');
  const run = (file: string, args: string[]) => {
    const [command, ...rest] = [...runAs.command, file, ...args] as [string, ...string[]];
    return execFileSync(command, rest, { stdio: 'pipe', timeout: 120_000 });
  };
  try {
    const bin = buildPrefix(root);
    if (runAs.uid !== undefined) execFileSync('chown', ['-R', `${runAs.uid}:${runAs.gid}`, root]);
    else chownSync(root, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
    const port = await freePort();
    run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'supabase_admin', '-A', 'trust', '-E', 'UTF8']);
    const options = [
      `-p ${port}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c shared_preload_libraries=pg_cron',
      '-c cron.database_name=postgres',
      '-c cron.use_background_workers=on',
      '-c max_worker_processes=16',
    ].join(' ');
    run(join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      join(root, 'log'),
      '-w',
      'start',
    ]);
    // Stop the server if this process dies without an exit event (as postgres.ts does).
    spawn(
      'sh',
      [
        '-c',
        `while kill -0 ${process.pid} 2>/dev/null && [ -d '${dataDir}' ]; do sleep 1; done; ` +
          `[ -d '${dataDir}' ] && ${[...runAs.command, join(bin, 'pg_ctl')].join(' ')} -D '${dataDir}' -m immediate stop >/dev/null 2>&1; rm -rf '${root}'`,
      ],
      { detached: true, stdio: 'ignore' },
    ).unref();
    const adminUrl = `postgres://supabase_admin@127.0.0.1:${port}/postgres`;
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const admin = await openPostgres(adminUrl);
    try {
      await admin.exec(readFileSync(join(HOSTED_DIR, 'roles.sql'), 'utf8'));
      await admin.exec(readFileSync(join(REPO_ROOT, 'local', 'bootstrap.sql'), 'utf8'));
      await admin.exec(readFileSync(join(HOSTED_DIR, 'after-bootstrap.sql'), 'utf8'));
      await admin.exec(readFileSync(join(HOSTED_DIR, 'vault.sql'), 'utf8'));
    } finally {
      await admin.close();
    }
    const operator = await openPostgres(url);
    let migrations: string[];
    try {
      migrations = (await applyMigrations(operator)).applied;
    } finally {
      await operator.close();
    }
    process.once('exit', stopServer);
    return { url, adminUrl, migrations, stop: stopServer };
  } catch (error) {
    const log = existsSync(join(root, 'log')) ? readFileSync(join(root, 'log'), 'utf8') : '';
    stopServer();
    throw new Error(`the hosted-shaped PostgreSQL did not come up: ${String(error)}\n${log}`, {
      cause: error,
    });
  }
}

/** Opens a connection as the operator (postgres). */
export function operator(hosted: HostedPostgres): Promise<Database> {
  return openPostgres(hosted.url);
}
