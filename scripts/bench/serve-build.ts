/**
 * Serves an existing build with a fresh local backend for a bench section run alone
 * (`npm run bench:slow`, `npm run bench:lighthouse`), runs `work` against it and stops the server.
 */
import { spawn } from 'node:child_process';

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
        if (attempt > 300) throw new Error('the site server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    return await work(origin);
  } finally {
    server.kill('SIGTERM');
  }
}
