import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db.ts';
import { lockFile, startLocalStack } from '../index.ts';
import { prepareDatabase } from '../migrate.ts';
import { startTestPostgres, stopTestPostgres } from '../../supabase/tests/helpers/postgres.ts';
import { lead, writeFixtureSite } from './helpers.ts';

/**
 * The command-line contracts other parts of the project rely on: `node scripts/start.ts` (flags,
 * printed URLs, headers, clean stop, data kept across restarts) and `npm run admin` against a data
 * dir, through a running server, and against a real PostgreSQL.
 */

const repo = resolve(import.meta.dirname, '..', '..');

/**
 * Each CLI call is a new Node process opening the database: about 0.5 s on an idle machine, but
 * 8 s (22 s when it applies the migrations) measured on the shared 2-core machine under load. The
 * limits below are sized for that, so a slow machine makes the tests slower, never red; a hang
 * still fails.
 */
const PROCESS_LIMIT_MS = 120_000;
/** A test that runs `calls` CLI processes one after another. */
const budget = (calls: number) => calls * 30_000 + 60_000;
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'rihla-cli-'));
});
afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
  stopTestPostgres();
});

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  siteUrl: string;
  apiUrl: string;
}

async function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [join(repo, 'scripts', 'start.ts'), ...args], {
    cwd: repo,
    env: { ...process.env, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + PROCESS_LIMIT_MS;
  while (!/Supabase API ready at (\S+)/.test(output) || !/Site ready at (\S+)/.test(output)) {
    if (child.exitCode !== null) throw new Error(`start.ts exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`start.ts did not become ready:\n${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return {
    child,
    output: () => output,
    siteUrl: /Site ready at (\S+)/.exec(output)?.[1] ?? '',
    apiUrl: /Supabase API ready at (\S+)/.exec(output)?.[1] ?? '',
  };
}

function stop(started: Started, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  return new Promise((resolveExit) => {
    started.child.once('exit', (code) => resolveExit(code));
    started.child.kill(signal);
  });
}

/** Runs the admin CLI without blocking this process (an in-process server may have to answer it). */
function admin(
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [join(repo, 'scripts', 'admin.ts'), ...args], {
      cwd: repo,
      env: { ...process.env, DATABASE_URL: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_LIMIT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolveRun({ code, out });
    });
  });
}

describe('scripts/start.ts', () => {
  it(
    'serves the site and the API, stops cleanly on SIGINT, and keeps data across restarts',
    async () => {
      const dist = join(workDir, 'dist');
      writeFixtureSite(dist);
      const dataDir = join(workDir, 'data');
      const [apiPort, sitePort] = [await freePort(), await freePort()];
      const args = [
        '--no-build',
        '--dist',
        dist,
        '--data-dir',
        dataDir,
        '--api-port',
        String(apiPort),
        '--site-port',
        String(sitePort),
      ];

      const first = await start(args);
      expect(first.siteUrl).toBe(`http://127.0.0.1:${sitePort}`);
      expect(first.apiUrl).toBe(`http://127.0.0.1:${apiPort}`);
      expect(first.output()).toContain('npm run admin -- create <username>');
      const page = await fetch(`${first.siteUrl}/hair-transplant-turkey`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect((await fetch(`${first.siteUrl}/en/missing`)).status).toBe(404);
      const supabase = createClient(
        first.apiUrl,
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
        {
          auth: { persistSession: false, autoRefreshToken: false },
        },
      );
      const row = lead();
      expect((await supabase.from('offer_leads').insert(row)).error).toBeNull();
      expect(existsSync(lockFile(dataDir))).toBe(true);
      expect(await stop(first)).toBe(0);
      expect(existsSync(lockFile(dataDir))).toBe(false);

      const second = await start(args);
      expect(
        (await admin(['create', 'keeper', '--password', 'long enough pass', '--data-dir', dataDir]))
          .code,
      ).toBe(0);
      const stack = await fetch(`${second.apiUrl}/rest/v1/offer_leads?select=id`, {
        headers: { apikey: 'x' },
      });
      expect(stack.status).toBe(401);
      expect(await stop(second, 'SIGTERM')).toBe(0);

      const reopened = await startLocalStack({ dataDir, port: 0, log: false });
      const { rows } = await reopened.sql<{ id: string }>(
        `select id::text from public.offer_leads`,
      );
      const admins = await reopened.sql<{ username: string }>(
        `select username from private.admin_users`,
      );
      await reopened.close();
      expect(rows).toEqual([{ id: row.id }]);
      expect(admins.rows).toEqual([{ username: 'keeper' }]);

      const fresh = await start([...args, '--fresh']);
      expect(await stop(fresh)).toBe(0);
      const wiped = await startLocalStack({ dataDir, port: 0, log: false });
      expect((await wiped.sql(`select 1 from public.offer_leads`)).rows).toEqual([]);
      await wiped.close();
    },
    budget(6),
  );

  it(
    'refuses a busy port and bad flags with a clear message',
    async () => {
      const blocker = createServer().listen(0, '127.0.0.1');
      await new Promise((resolveListen) => blocker.once('listening', resolveListen));
      const busy = (blocker.address() as { port: number }).port;
      const dist = join(workDir, 'dist');
      writeFixtureSite(dist);
      const result = spawnSync(
        process.execPath,
        [
          join(repo, 'scripts', 'start.ts'),
          '--no-build',
          '--dist',
          dist,
          '--data-dir',
          join(workDir, 'busy'),
          '--api-port',
          String(busy),
        ],
        {
          cwd: repo,
          encoding: 'utf8',
          timeout: PROCESS_LIMIT_MS,
        },
      );
      blocker.close();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Port ${busy} is in use`);
      const bad = spawnSync(
        process.execPath,
        [join(repo, 'scripts', 'start.ts'), '--api-port', 'eleven'],
        { cwd: repo, encoding: 'utf8' },
      );
      expect(bad.status).toBe(2);
    },
    budget(2),
  );
});

describe('npm run admin', () => {
  it(
    'creates, lists, disables, enables and resets admins in a data dir',
    async () => {
      const dataDir = join(workDir, 'admin-data');
      const created = await admin([
        'create',
        'Alice',
        '--password',
        'a fine passphrase',
        '--data-dir',
        dataDir,
      ]);
      // The first account is an owner, the next ones coordinators unless --role says otherwise.
      expect(created).toEqual({ code: 0, out: 'Created owner "alice".\n' });
      expect(
        (
          await admin([
            'create',
            'alice',
            '--password',
            'another passphrase',
            '--data-dir',
            dataDir,
          ])
        ).code,
      ).toBe(1);
      const short = await admin(['create', 'bob', '--password', 'short', '--data-dir', dataDir]);
      expect(short.code).toBe(1);
      expect(short.out).toContain('at least 10 characters');
      expect(
        (await admin(['create', 'bob', '--data-dir', dataDir], { input: 'typed in stdin\n' })).code,
      ).toBe(0);
      expect((await admin(['disable', 'bob', '--data-dir', dataDir])).code).toBe(0);
      const listed = await admin(['list', '--data-dir', dataDir]);
      expect(listed.code).toBe(0);
      expect(listed.out).toMatch(
        /^USERNAME\s+ROLE\s+CREATED\s+LAST LOGIN\s+STATUS\s+SESSIONS\nalice +owner .* active +0\nbob +coordinator .* disabled +0\n$/,
      );
      expect((await admin(['enable', 'bob', '--data-dir', dataDir])).code).toBe(0);
      // Roles: the last enabled owner stays one; a role is owner or coordinator.
      const lastOwner = await admin(['role', 'alice', 'coordinator', '--data-dir', dataDir]);
      expect(lastOwner.code).toBe(1);
      expect(lastOwner.out).toContain('last owner');
      expect((await admin(['role', 'bob', 'boss', '--data-dir', dataDir])).code).toBe(2);
      expect((await admin(['role', 'bob', '--data-dir', dataDir])).code).toBe(2);
      expect(await admin(['role', 'bob', 'owner', '--data-dir', dataDir])).toEqual({
        code: 0,
        out: '"bob" is now an owner.\n',
      });
      expect((await admin(['role', 'alice', 'coordinator', '--data-dir', dataDir])).code).toBe(0);
      expect(
        await admin([
          'create',
          'erin',
          '--role',
          'owner',
          '--password',
          'erin passphrase',
          '--data-dir',
          dataDir,
        ]),
      ).toEqual({ code: 0, out: 'Created owner "erin".\n' });
      expect((await admin(['list', '--data-dir', dataDir])).out).toMatch(
        /\nalice +coordinator .*\nbob +owner .*\nerin +owner /,
      );
      expect(await admin(['purges', '--data-dir', dataDir])).toEqual({
        code: 0,
        out: 'No request has been purged from the bin.\n',
      });
      expect(
        (
          await admin([
            'reset-password',
            'bob',
            '--password',
            'a newer passphrase',
            '--data-dir',
            dataDir,
          ])
        ).code,
      ).toBe(0);
      expect(
        (
          await admin([
            'reset-password',
            'nobody',
            '--password',
            'a newer passphrase',
            '--data-dir',
            dataDir,
          ])
        ).code,
      ).toBe(1);
      expect((await admin(['frobnicate', 'x', '--data-dir', dataDir])).code).toBe(2);
      expect((await admin([])).code).toBe(2);
    },
    budget(19),
  );

  it(
    'goes through the running server when the data dir is in use, and the new admin can log in',
    async () => {
      const dataDir = join(workDir, 'bridge-data');
      const stack = await startLocalStack({ dataDir, port: 0, log: false });
      try {
        const result = await admin([
          'create',
          'carol',
          '--password',
          'carol passphrase',
          '--data-dir',
          dataDir,
        ]);
        expect(result).toEqual({ code: 0, out: 'Created owner "carol".\n' });
        const browser = createClient(stack.url, stack.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
        });
        await browser.auth.signInAnonymously();
        expect(
          (await browser.rpc('admin_login', { _username: 'carol', _password: 'carol passphrase' }))
            .data,
        ).toBe(true);
      } finally {
        await stack.close();
      }
    },
    budget(2),
  );

  it(
    'works against a real PostgreSQL given by DATABASE_URL',
    async (context) => {
      const server = await startTestPostgres();
      if (!server) {
        context.skip();
        return;
      }
      const url = await server.createDatabase();
      const db = await openPostgres(url);
      await prepareDatabase(db);
      await db.close();
      const env = { DATABASE_URL: url };
      expect((await admin(['create', 'dora', '--password', 'dora passphrase'], { env })).code).toBe(
        0,
      );
      expect((await admin(['list'], { env })).out).toMatch(/^dora .* active/m);
      const fresh = await server.createDatabase();
      const missing = await admin(['list'], { env: { DATABASE_URL: fresh } });
      expect(missing.code).toBe(1);
      expect(missing.out).toContain('apply the migrations first');
    },
    budget(3),
  );
});
