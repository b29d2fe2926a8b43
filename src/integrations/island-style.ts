/**
 * Astro writes the one-line stylesheet of its islands (`astro-island{display:contents}`) into
 * <body>, just before the first island, where the HTML standard does not allow a <style> (the Nu HTML
 * checker in tests/build/seo.test.ts reports it on every page). After the build this moves that
 * exact element into <head>; browsers apply it the same way, and its CSP hash is unchanged (the
 * content is the same). Runs before the service worker and CSP integrations read the pages.
 */
import type { AstroIntegration } from 'astro';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { htmlFiles } from './html-files.ts';

const islandStyle = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/;

/** The page with the island stylesheet in its head (unchanged when there is none in the body). */
export function moveIslandStyle(html: string): string {
  const bodyStart = html.indexOf('<body');
  const match = islandStyle.exec(html.slice(bodyStart));
  if (bodyStart < 0 || !match) return html;
  const at = bodyStart + match.index;
  const without = html.slice(0, at) + html.slice(at + match[0].length);
  return without.replace('</head>', `${match[0]}</head>`);
}

export default function islandStyleInHead(): AstroIntegration {
  return {
    name: 'rihla:island-style-in-head',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        let moved = 0;
        for (const file of htmlFiles(fileURLToPath(dir))) {
          const html = readFileSync(file, 'utf8');
          const fixed = moveIslandStyle(html);
          if (fixed !== html) {
            writeFileSync(file, fixed);
            moved++;
          }
        }
        logger.info(`island stylesheet moved into <head> on ${moved} pages`);
      },
    },
  };
}
