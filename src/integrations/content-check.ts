/**
 * Runs the editors' content check (scripts/check-content/index.ts) before every `astro build`,
 * however the build is started (npm run build, npm test, the e2e build), so content the check refuses
 * never reaches a built site. In `astro dev` the problems are printed as warnings and the server keeps
 * running, so an editor sees them without losing the preview. It runs as a child process because the
 * checker loads src/content.config.ts in plain Node, outside Vite.
 */
import type { AstroIntegration } from 'astro';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function contentCheck(): AstroIntegration {
  return {
    name: 'rihla:content-check',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        if (command !== 'build' && command !== 'dev') return;
        const script = fileURLToPath(new URL('scripts/check-content/index.ts', config.root));
        const result = spawnSync(process.execPath, [script], {
          cwd: fileURLToPath(config.root),
          encoding: 'utf8',
        });
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
    },
  };
}
