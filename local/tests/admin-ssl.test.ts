import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminConnection, explainSslError, SslSetupError } from '../../scripts/admin-ssl.ts';
import { openPostgres } from '../db.ts';
import { prepareDatabase } from '../migrate.ts';
import {
  startTestPostgres,
  stopTestPostgres,
  type PostgresServer,
} from '../../supabase/tests/helpers/postgres.ts';

/**
 * The admin CLI against a database that, like Supabase's, presents a certificate from its own CA: a
 * throwaway PostgreSQL with TLS turned on and a certificate for "localhost" made here with openssl.
 * With the right CA file the connection is verified (verify-full: chain and host name) and works;
 * with another CA, or under another host name, it fails with a sentence saying what to do.
 */

const repo = resolve(import.meta.dirname, '..', '..');
let dir: string;
let server: PostgresServer | null = null;
let databaseUrl = '';
let port = '';

function openssl(...args: string[]) {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** A CA, and a server certificate for DNS:localhost signed by it. */
function makeCa(name: string) {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rihla-ssl-'));
  server = await startTestPostgres();
  if (!server) return;
  makeCa('test-ca');
  makeCa('other-ca');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=DNS:localhost\n');
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'test-ca.crt',
    '-CAkey',
    'test-ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'server.ext',
    '-out',
    'server.crt',
  );
  // The server reads its key as the `postgres` user and refuses a key others can read.
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
    for (const file of ['server.key', 'server.crt']) chownSync(join(dir, file), uid, gid);
  }
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'server.key'), 0o600);

  const plain = await server.createDatabase();
  const admin = new pg.Client({ connectionString: plain });
  await admin.connect();
  await admin.query(`alter system set ssl_cert_file = '${join(dir, 'server.crt')}'`);
  await admin.query(`alter system set ssl_key_file = '${join(dir, 'server.key')}'`);
  await admin.query(`alter system set ssl = on`);
  await admin.query('select pg_reload_conf()');
  await admin.end();
  const db = await openPostgres(plain);
  await prepareDatabase(db);
  await db.close();
  const url = new URL(plain);
  port = url.port;
  url.hostname = 'localhost';
  databaseUrl = url.toString();
});

afterAll(() => {
  stopTestPostgres();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The admin CLI in a child process, without blocking this one: a hung CLI fails at the test's
 * timeout, and a slow machine only makes the test longer.
 */
function runAdmin(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolveRun) => {
    const child = execFile(
      process.execPath,
      ['scripts/admin.ts', ...args],
      { cwd: repo, env: { ...process.env, ...env }, encoding: 'utf8' },
      (_error, _stdout, stderr) => resolveRun({ status: child.exitCode, stderr }),
    );
    child.stdin?.end();
  });
}

describe('admin CLI TLS (sslmode=verify-full with a given CA)', () => {
  it('asks for the CA file of a hosted database before connecting, and says where to get it', async () => {
    const hosted =
      'postgresql://postgres:pw@db.abcdefghijklmnopqrst.supabase.co:5432/postgres?sslmode=require';
    expect(() => adminConnection(hosted, { env: {} })).toThrow(SslSetupError);
    expect(() => adminConnection(hosted, { env: {} })).toThrow(
      /--ca FILE or PGSSLROOTCERT.*|SSL Configuration/,
    );
    expect(() => adminConnection(hosted.replace('require', 'disable'), { env: {} })).toThrow(
      /sslmode=disable is refused/,
    );
    const cli = await runAdmin({ DATABASE_URL: hosted, PGSSLROOTCERT: '' }, 'list');
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('Download the CA certificate in the Supabase dashboard');
  });

  it('keeps a plain connection to a database on this machine unless TLS is asked for', () => {
    expect(adminConnection('postgres://postgres@127.0.0.1:5432/x', { env: {} }).ssl).toBe(false);
    expect(() =>
      adminConnection('postgres://u@localhost:1/x?sslmode=require&sslrootcert=/nope', { env: {} }),
    ).toThrow(/CA file \/nope does not exist/);
  });

  it('verifies the certificate against the given CA and the host name', async (context) => {
    if (!server) return context.skip();
    const good = adminConnection(databaseUrl, { caFile: join(dir, 'test-ca.crt'), env: {} });
    expect(good.description).toMatch(/verify-full/);
    const db = await openPostgres(good.connectionString, good.ssl);
    const { rows } = await db.query<{ ssl: boolean }>(
      'select ssl from pg_stat_ssl where pid = pg_backend_pid()',
    );
    await db.close();
    expect(rows[0]?.ssl).toBe(true);

    const wrong = adminConnection(databaseUrl, { caFile: join(dir, 'other-ca.crt'), env: {} });
    const refused = await openPostgres(wrong.connectionString, wrong.ssl).catch(
      (error: unknown) => error,
    );
    expect(explainSslError(refused, wrong)).toMatch(/could not be verified.*SSL Configuration/);

    // Right CA, wrong name: the certificate is for "localhost", not for 127.0.0.1.
    const byAddress = adminConnection(databaseUrl.replace('localhost', '127.0.0.1'), {
      caFile: join(dir, 'test-ca.crt'),
      env: {},
    });
    const mismatch = await openPostgres(byAddress.connectionString, byAddress.ssl).catch(
      (error: unknown) => error,
    );
    expect(String(mismatch)).toMatch(/IP: 127\.0\.0\.1 is not in the cert's list|altnames/i);
  });

  it('the CLI works with --ca or PGSSLROOTCERT and fails clearly with another CA', async (context) => {
    if (!server) return context.skip();
    const ok = await runAdmin(
      { DATABASE_URL: `${databaseUrl}?sslmode=verify-full` },
      'list',
      '--ca',
      join(dir, 'test-ca.crt'),
    );
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const viaEnv = await runAdmin(
      { DATABASE_URL: databaseUrl, PGSSLROOTCERT: join(dir, 'test-ca.crt') },
      'list',
    );
    expect(viaEnv.status).toBe(0);
    const wrong = await runAdmin(
      { DATABASE_URL: databaseUrl, PGSSLROOTCERT: join(dir, 'other-ca.crt') },
      'list',
    );
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/certificate could not be verified/);
    expect(port).not.toBe('');
  });
});
