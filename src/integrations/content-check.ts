/**
 * Runs the editors' content check (scripts/check-content/index.ts) before every `astro build`,
 * however the build is started (npm run build, npm test, the e2e build), so content the check refuses
 * never reaches a built site. In `astro dev` the problems are printed as warnings at start and again
 * after every save in the content folder, and the server keeps running, so an editor sees at once
 * why a page did not change. It runs as a child process because the checker loads
 * src/content.config.ts in plain Node, outside Vite.
 */
import type { AstroIntegration } from 'astro';
import { execFile, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function contentCheck(options: { contentDir: string }): AstroIntegration {
  let root = process.cwd();
  const script = () => resolve(root, 'scripts/check-content/index.ts');
  return {
    name: 'rihla:content-check',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        root = fileURLToPath(config.root);
        if (command !== 'build' && command !== 'dev') return;
        const result = spawnSync(process.execPath, [script()], { cwd: root, encoding: 'utf8' });
        const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
        if (result.status === 0) {
          logger.info(output);
          return;
        }
        if (command === 'dev') {
          logger.warn(`\n${output}`);
          return;
        }
        throw new Error(`The content check refused the content; nothing was built.\n\n${output}`);
      },
      'astro:server:setup': ({ server, logger }) => {
        const dir = resolve(root, options.contentDir);
        let timer: ReturnType<typeof setTimeout> | undefined;
        server.watcher.on('all', (_event, file) => {
          if (!resolve(file).startsWith(dir)) return;
          // One run after a burst of saves (editors often save several files at once).
          clearTimeout(timer);
          timer = setTimeout(() => {
            execFile(process.execPath, [script()], { cwd: root }, (error, stdout, stderr) => {
              const output = `${stdout}${stderr}`.trim();
              if (error) logger.warn(`\n${output}`);
              else logger.info(output);
            });
          }, 300);
        });
      },
    },
  };
}
