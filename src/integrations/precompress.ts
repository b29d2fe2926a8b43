/**
 * Every text file of the build precompressed (issue 48): `<file>.br` at Brotli 11 and `<file>.gz`
 * at gzip 9 beside it, written once at build time instead of compressing each response on the fly
 * at a CDN's quality (Brotli 4–5). The local site server (`local/static-site.ts`, so `npm start`,
 * the browser tests and the benches) sends the sibling for the encoding a client accepts; so does
 * any server with a "static precompressed" setting (nginx `brotli_static`/`gzip_static`, Caddy
 * `precompressed`). Netlify and Cloudflare Pages compress on their own and do not use the
 * siblings (docs/decisions/precompressed-responses.md).
 *
 * The last step of the build (astro.config.ts): every file it compresses is final.
 */
import type { AstroIntegration } from 'astro';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressDir } from './content-encoding.ts';

export default function precompress(options: { cacheDir?: string } = {}): AstroIntegration {
  return {
    name: 'rihla:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const cacheDir = options.cacheDir ?? join(process.cwd(), '.data', 'precompress-cache');
        const result = await precompressDir(fileURLToPath(dir), cacheDir);
        logger.info(
          `precompressed ${result.files} files (Brotli 11, gzip 9; ${result.compressed} new, the rest from ${cacheDir}): ` +
            `${Math.round(result.bytes / 1024)} KB → ${Math.round(result.brotliBytes / 1024)} KB Brotli in ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}
