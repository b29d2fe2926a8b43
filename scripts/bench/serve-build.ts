/**
 * Builds the site for the bench and serves a build with a fresh local backend (`npm run bench` and
 * its sections run alone: `npm run bench:slow`, `npm run bench:lighthouse`).
 */
import { spawn, spawnSync } from 'node:child_process';

/** `astro build` into `dist`, its pages pointed at the local API on `apiPort`; `env` adds to it. */
export function buildSite(dist: string, apiPort: string, env: Record<string, string> = {}): void {
  const result = spawnSync('npx', ['astro', 'build', '--outDir', dist], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      PUBLIC_SUPABASE_URL: `http://127.0.0.1:${apiPort}`,
      ...env,
    },
  });
  if (result.status !== 0) throw new Error('astro build failed');
}

/** Serves an existing build with a fresh local backend, runs `work` against it, stops the server. */
export async function withBuildServer<T>(
  options: { dist: string; dataDir: string; sitePort: string; apiPort: string },
  work: (origin: string) => Promise<T>,
): Promise<T> {
  // The same Node as the caller (the project's Node 24), whatever `node` is on the PATH.
  const server = spawn(
    process.execPath,
    [
      'scripts/start.ts',
      '--no-build',
      '--fresh',
      '--data-dir',
      options.dataDir,
      '--dist',
      options.dist,
      '--site-port',
      options.sitePort,
      '--api-port',
      options.apiPort,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const origin = `http://127.0.0.1:${options.sitePort}`;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(origin)).ok) break;
      } catch {
        // A fresh database migrates first: about 10 s idle, over a minute on a loaded machine.
        if (attempt > 1500) throw new Error('the site server did not start within 5 minutes');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    return await work(origin);
  } finally {
    server.kill('SIGTERM');
  }
}
