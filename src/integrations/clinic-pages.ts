/**
 * The clinic pages' part of the build (issue 45): says at the start where the clinic pages come
 * from (the snapshot file and its export time, or that there is none and the build has no clinic
 * pages), and at the end writes the redirects of retired clinics into `_redirects`, which Netlify,
 * Cloudflare Pages and the local server of `npm start` read: `/clinics/<slug>` of a clinic that is
 * no longer active answers 302 to `/clinics/#<slug>`, the list's live profile, which says it is no
 * longer a partner (docs/decisions/clinic-pages-from-a-snapshot.md). A snapshot that is not one
 * fails the build, naming the file.
 */
import type { AstroIntegration } from 'astro';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSnapshot, snapshotSummary, type SnapshotRead } from '../lib/clinics/snapshot.ts';

/** The `_redirects` lines of the retired clinics, Arabic and English addresses. */
export function retiredRedirects(read: SnapshotRead): string[] {
  return (read.snapshot?.retired ?? []).flatMap((slug) =>
    ['', '/en'].flatMap((prefix) => [
      `${prefix}/clinics/${slug} ${prefix}/clinics/#${slug} 302`,
      `${prefix}/clinics/${slug}/ ${prefix}/clinics/#${slug} 302`,
    ]),
  );
}

export default function clinicPages(): AstroIntegration {
  return {
    name: 'rihla-clinic-pages',
    hooks: {
      'astro:build:start': ({ logger }) => {
        const read = readSnapshot();
        if (read.status === 'missing') logger.warn(snapshotSummary(read));
        else logger.info(snapshotSummary(read));
      },
      'astro:build:done': ({ dir, logger }) => {
        const lines = retiredRedirects(readSnapshot());
        if (lines.length === 0) return;
        const file = join(fileURLToPath(dir), '_redirects');
        const block = `# Partner clinics no longer active (src/integrations/clinic-pages.ts)\n${lines.join('\n')}\n`;
        if (existsSync(file)) {
          const text = readFileSync(file, 'utf8');
          appendFileSync(file, `${text.endsWith('\n') || text === '' ? '' : '\n'}${block}`);
        } else writeFileSync(file, block);
        logger.info(`${lines.length / 4} retired clinic address(es) redirected in _redirects`);
      },
    },
  };
}
