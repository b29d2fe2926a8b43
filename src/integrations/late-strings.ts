/**
 * The texts of the parts a page shows only after its first view (the patient page's quotes, trip,
 * photos and documents, and its actions' messages: `data-strings-late` on their section) leave
 * the document for a file of their own (issue 48): after the build each such attribute becomes
 * `data-strings-src`, the address of `/_astro/strings.<hash>.json` holding the same JSON. The file
 * is named by its content, so hosts and the service worker keep it like the page's scripts
 * (cache-first under `/_astro/`), and the same texts in many pages are one file. The page's script
 * fetches it while the part's module loads (src/scripts/patient/part-strings.ts); `astro dev`
 * keeps the texts inline, which the script reads as well. On the patient page this took 3.3 KB
 * (Brotli; 17.1 → 13.8 KB) out of the document the first round trip carries.
 *
 * Runs before the CSP, the service worker and the precompression read the pages.
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { htmlFiles } from './html-files.ts';

const LATE = / data-strings-late="([^"]*)"/g;

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#34;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

/** An attribute value as the browser reads it (the entities Astro writes into attributes). */
export function attributeText(value: string): string {
  return value.replace(/&(?:quot|#34|#39|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * The page with each late part's texts replaced by the address of their file; `write` receives
 * each file's name (under /_astro/) and content once per distinct content.
 */
export function moveLateStrings(html: string, write: (name: string, json: string) => void): string {
  return html.replace(LATE, (_, value: string) => {
    const json = attributeText(value);
    // Checked here, so a broken attribute fails the build rather than the patient's page.
    JSON.parse(json);
    const name = `strings.${createHash('sha256').update(json).digest('base64url').slice(0, 10)}.json`;
    write(name, json);
    return ` data-strings-src="/_astro/${name}"`;
  });
}

export default function lateStrings(): AstroIntegration {
  return {
    name: 'rihla:late-strings',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const files = new Map<string, string>();
        let pages = 0;
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          if (!html.includes(' data-strings-late="')) continue;
          writeFileSync(
            file,
            moveLateStrings(html, (name, json) => files.set(name, json)),
          );
          pages++;
        }
        mkdirSync(join(root, '_astro'), { recursive: true });
        for (const [name, json] of files) writeFileSync(join(root, '_astro', name), json);
        logger.info(`late texts of ${pages} pages moved into ${files.size} cached files`);
      },
    },
  };
}
