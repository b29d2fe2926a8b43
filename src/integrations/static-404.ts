/**
 * The English 404 on every documented static host. Astro writes it as `en/404/index.html`
 * (directory format). Each host finds it differently:
 *   - Netlify: the `/en/*` → `/en/404/` rule with status 404 in netlify.toml (not in _redirects,
 *     whose 404 status Cloudflare Pages rejects as an invalid rule);
 *   - Cloudflare Pages: has no 404 rewrites; it serves the nearest `404.html` up the path, so
 *     `en/404.html` is written here;
 *   - a plain static server (nginx, Caddy, the local static server of `npm start`): the same
 *     `en/404.html`, named in its error-page setting (docs/local-stack.md shows nginx's).
 */
import type { AstroIntegration } from 'astro';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function static404(): AstroIntegration {
  return {
    name: 'rihla-static-404',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const built = join(root, 'en', '404', 'index.html');
        if (!existsSync(built)) {
          throw new Error('The English 404 page (en/404/index.html) was not built');
        }
        copyFileSync(built, join(root, 'en', '404.html'));
        logger.info('English 404 also written as en/404.html (Cloudflare Pages, plain servers)');
      },
    },
  };
}
