import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, readLock, startLocalStack, type LocalStack } from '../local/index.ts';
import { LOCAL_ANON_KEY, LOCAL_API_PORT, LOCAL_HOST, LOCAL_SITE_PORT } from '../local/keys.ts';
import { REPO_ROOT } from '../local/migrate.ts';
import { createStaticSiteServer } from '../local/static-site.ts';

/**
 * `npm start`: the whole product on one machine, no account and no Docker. Builds the site when
 * needed, starts the local Supabase-compatible server (PGlite in .data/, or DATABASE_URL) and serves
 * dist/ with the production security headers; `--dev` runs Astro's dev server instead.
 *
 *   node scripts/start.ts [--no-build] [--data-dir DIR] [--fresh] [--seed] [--dev] [--dist DIR]
 *                         [--api-port 54321] [--site-port 4321] [--host 127.0.0.1] [--verbose]
 *
 * Prints "Site ready at <url>" and "Supabase API ready at <url>" once both listen, stops cleanly on
 * SIGINT/SIGTERM (exit code 0) and keeps data across restarts (`--fresh` wipes the data dir first).
 */

const usage = `Usage: node scripts/start.ts [options]

  --no-build         serve dist/ as it is (never run astro build)
  --data-dir DIR     local data (PGlite database, mail outbox); default .data
  --fresh            wipe the data dir first
  --seed             load supabase/seed.sql demo data into an empty database
  --dev              run Astro's dev server instead of serving dist/
  --api-port PORT    local Supabase API port (default ${LOCAL_API_PORT})
  --site-port PORT   site port (default ${LOCAL_SITE_PORT})
  --host HOST        interface to listen on (default ${LOCAL_HOST})
  --dist DIR         serve this build directory instead of dist/ (never built)
  --verbose          also log every site request

Environment: DATABASE_URL (use a real PostgreSQL), PUBLIC_SUPABASE_URL and
PUBLIC_SUPABASE_ANON_KEY (build the site against another Supabase project).`;

interface Options {
  build: boolean;
  dataDir: string;
  fresh: boolean;
  seed: boolean;
  dev: boolean;
  apiPort: number;
  sitePort: number;
  host: string;
  verbose: boolean;
  /** Another build directory to serve as it is (tests). */
  dist: string | null;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      'no-build': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      fresh: { type: 'boolean', default: false },
      seed: { type: 'boolean', default: false },
      dev: { type: 'boolean', default: false },
      'api-port': { type: 'string' },
      'site-port': { type: 'string' },
      host: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      dist: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const port = (value: string | undefined, fallback: number, name: string) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
      throw new Error(`${name} must be a port number`);
    return parsed;
  };
  return {
    build: !values['no-build'],
    dataDir: resolve(values['data-dir'] ?? DEFAULT_DATA_DIR),
    fresh: values.fresh,
    seed: values.seed,
    dev: values.dev,
    apiPort: port(values['api-port'], LOCAL_API_PORT, '--api-port'),
    sitePort: port(values['site-port'], LOCAL_SITE_PORT, '--site-port'),
    host: values.host ?? LOCAL_HOST,
    verbose: values.verbose,
    dist: values.dist === undefined ? null : resolve(values.dist),
  };
}

const DIST = join(REPO_ROOT, 'dist');
const BUILD_STAMP = join(DIST, '.local-build.json');
const BUILD_INPUTS = ['src', 'public', 'astro.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is current for this Supabase URL and key. */
function buildReason(supabaseUrl: string, anonKey: string): string | null {
  const index = join(DIST, 'index.html');
  if (!existsSync(index)) return 'dist/ is missing';
  const builtAt = statSync(index).mtimeMs;
  const sourcesAt = Math.max(...BUILD_INPUTS.map((input) => newestMtime(join(REPO_ROOT, input))));
  if (sourcesAt > builtAt) return 'the sources changed since the last build';
  const wanted = { supabaseUrl, anonKey };
  if (existsSync(BUILD_STAMP)) {
    const stamp = JSON.parse(readFileSync(BUILD_STAMP, 'utf8')) as typeof wanted;
    if (stamp.supabaseUrl !== wanted.supabaseUrl || stamp.anonKey !== wanted.anonKey) {
      return 'the last build targeted another Supabase URL or key';
    }
  } else if (
    supabaseUrl !== `http://${LOCAL_HOST}:${LOCAL_API_PORT}` ||
    anonKey !== LOCAL_ANON_KEY
  ) {
    return 'the last build may target another Supabase URL or key';
  }
  return null;
}

function astro(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(
    process.execPath,
    [join(REPO_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), ...args],
    {
      cwd: REPO_ROOT,
      env,
      stdio: 'inherit',
    },
  );
}

async function buildSite(
  env: NodeJS.ProcessEnv,
  supabaseUrl: string,
  anonKey: string,
): Promise<void> {
  const code = await new Promise<number | null>((resolveExit) =>
    astro(['build'], env).on('exit', resolveExit),
  );
  if (code !== 0) throw new Error(`astro build failed (exit code ${code})`);
  writeFileSync(
    BUILD_STAMP,
    `${JSON.stringify({ supabaseUrl, anonKey, builtAt: new Date().toISOString() })}\n`,
  );
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, host, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
}

function portMessage(error: unknown, port: number, what: string): string {
  return (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
    ? `Port ${port} is in use, so the ${what} cannot start (is another \`npm start\` running?). Pick another with --${what === 'site' ? 'site' : 'api'}-port.`
    : `The ${what} could not start: ${error instanceof Error ? error.message : String(error)}`;
}

async function main(): Promise<void> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
  const databaseUrl = process.env['DATABASE_URL'];
  if (options.fresh) {
    const holder = readLock(options.dataDir);
    if (holder)
      throw new Error(`Cannot wipe ${options.dataDir}: process ${holder.pid} is using it.`);
    rmSync(options.dataDir, { recursive: true, force: true });
  }

  const supabaseUrl =
    process.env['PUBLIC_SUPABASE_URL'] ?? `http://${options.host}:${options.apiPort}`;
  const anonKey = process.env['PUBLIC_SUPABASE_ANON_KEY'] ?? LOCAL_ANON_KEY;
  const siteEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PUBLIC_SUPABASE_URL: supabaseUrl,
    PUBLIC_SUPABASE_ANON_KEY: anonKey,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const dist = options.dist ?? DIST;
  if (!options.dev && options.build && !options.dist) {
    const reason = buildReason(supabaseUrl, anonKey);
    if (reason) {
      console.log(`Building the site (${reason})…`);
      await buildSite(siteEnv, supabaseUrl, anonKey);
    }
  }
  if (!options.dev && !existsSync(join(dist, 'index.html'))) {
    throw new Error(
      `${dist} has no index.html: run without --no-build, or \`npm run build\` first.`,
    );
  }

  // SITE_URL (the patients' links, google-indexing's host) is set below once the site listens.
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      dataDir: options.dataDir,
      port: options.apiPort,
      host: options.host,
      seed: options.seed,
      ...(databaseUrl ? { databaseUrl } : {}),
    });
  } catch (error) {
    throw new Error(portMessage(error, options.apiPort, 'api'), { cause: error });
  }

  let site: Server | undefined;
  let devServer: ChildProcess | undefined;
  let siteUrl = `http://${options.host}:${options.sitePort}`;
  let stopping = false;
  async function stop(code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    devServer?.kill('SIGTERM');
    await new Promise<void>((resolveClose) =>
      site ? site.close(() => resolveClose()) : resolveClose(),
    );
    site?.closeAllConnections();
    await stack.close();
    process.exit(code);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      void stop(0);
    });
  }
  try {
    if (options.dev) {
      devServer = astro(
        ['dev', '--port', String(options.sitePort), '--host', options.host, '--ignore-lock'],
        siteEnv,
      );
      devServer.on('exit', (code) => {
        if (!stopping) {
          console.error(`astro dev exited (code ${code}); stopping.`);
          void stop(1);
        }
      });
    } else {
      site = createStaticSiteServer({
        root: dist,
        ...(options.verbose ? { log: (line: string) => console.log(line) } : {}),
      });
      await listen(site, options.sitePort, options.host);
      const address = site.address();
      if (typeof address === 'object' && address)
        siteUrl = `http://${options.host}:${address.port}`;
    }
  } catch (error) {
    await stack.close();
    throw new Error(portMessage(error, options.sitePort, 'site'), { cause: error });
  }

  process.env['SITE_URL'] ??= siteUrl.replace('//0.0.0.0:', '//127.0.0.1:');
  // The built pages name their production address (astro.config.ts, PUBLIC_SITE_URL), and those are
  // the addresses the IndexNow page sends: google-indexing checks them against that host, not this one.
  process.env['INDEXING_SITE_URL'] ??= (
    process.env['PUBLIC_SITE_URL'] ?? 'https://rihla.care'
  ).replace(/\/$/, '');
  const dataDir = relative(process.cwd(), options.dataDir) || '.';
  console.log(
    [
      '',
      'Rihla Care is running locally.',
      `  Site ready at ${siteUrl}${options.dev ? ' (astro dev)' : ''}`,
      `  Supabase API ready at ${stack.url}`,
      `  Database: ${databaseUrl ? 'DATABASE_URL' : `PGlite in ${dataDir}/pglite (kept across restarts)`}`,
      `  Mail outbox: ${dataDir}/outbox/ (the patients' links go to ${process.env['SITE_URL']})`,
      `  API keys: publishable ${stack.publishableKey} (or the legacy anon JWT),`,
      `            secret ${stack.secretKey} (or the legacy service_role JWT); local/keys.ts`,
      '',
      'Create an admin:  npm run admin -- create <username>',
      'Then sign in at   ' + `${siteUrl}/admin/login`,
      'Stop with Ctrl-C.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
