/**
 * The pages' own inline scripts, minified after the build (issue 33: lighter pages). Astro bundles
 * and minifies the scripts it processes, but the `is:inline` ones (the head's attribution and the
 * patient page's early request, the language offer, the forms before their islands, the floating
 * button) went out as written, comments and indentation included: 0.2–2.5 KB gzip of every
 * page's HTML, downloaded on every page view.
 *
 * Only classic scripts are touched: JSON-LD and other data blocks, module scripts (Vite minified
 * them already) and external scripts are left as they are. The minifier is Vite's (Oxc, the one
 * that minifies the bundles), in script mode, so top-level names keep their meaning across a page's
 * scripts. A script it cannot parse fails the build; one whose minified text would read as markup
 * (`</script`, `<!--`) keeps its original text.
 *
 * Runs before the service worker's precache and the Content-Security-Policy's hashes read the pages
 * (astro.config.ts).
 */
import type { AstroIntegration } from 'astro';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifySync } from 'vite';
import { htmlFiles } from './html-files.ts';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** A classic script: no `src`, and no `type` other than JavaScript's. */
function isClassicInline(attributes: string): boolean {
  if (/\bsrc\s*=/.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'text/javascript' || type === 'application/javascript';
}

/** `code` minified as a classic script; throws when it does not parse. */
export function minifyScript(code: string, where = 'inline script'): string {
  const result = minifySync(`${where}.js`, code, { module: false, compress: true, mangle: true });
  if (result.errors.length) {
    throw new Error(`${where}: ${result.errors.map((error) => error.message).join('; ')}`);
  }
  const minified = result.code.trim();
  return /<\/script|<!--/i.test(minified) ? code : minified;
}

/** The page with every classic inline script minified (see above). */
export function minifyInlineScripts(html: string, where = 'page'): string {
  return html.replace(SCRIPT, (whole, attributes: string, code: string) =>
    code.trim() && isClassicInline(attributes)
      ? `<script${attributes}>${minifyScript(code, where)}</script>`
      : whole,
  );
}

export default function inlineScripts(): AstroIntegration {
  return {
    name: 'rihla:inline-scripts',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let before = 0;
        let after = 0;
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const minified = minifyInlineScripts(html, file.slice(root.length));
          before += html.length;
          after += minified.length;
          if (minified !== html) writeFileSync(file, minified);
        }
        logger.info(`inline scripts minified: ${Math.round((before - after) / 1024)} KB less HTML`);
      },
    },
  };
}
