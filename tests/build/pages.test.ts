/**
 * The list of pages the build writes is the committed list in tests/build/pages.txt: a change of
 * routing (one route file for both languages, a renamed page) must not move, add or drop a URL by
 * accident. When a page is added or removed on purpose, regenerate the list with
 * `UPDATE_PAGE_LIST=1 npx vitest run tests/build/pages.test.ts` and review its diff.
 * The partner clinics' own pages (/clinics/<slug>) follow the build's clinic snapshot, not this
 * list: tests/build/clinic-pages.test.ts checks them against it.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = process.env['SITE_DIST'] ?? '.data/e2e-dist';
const listFile = join(import.meta.dirname, 'pages.txt');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === '_astro' ? [] : htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

describe('the built page list', () => {
  it('is the committed one', () => {
    if (!existsSync(dist))
      throw new Error(`No build at ${dist}: run npm test (it builds first) or set SITE_DIST`);
    const built = htmlFiles(dist)
      .map((file) => relative(dist, file).split('\\').join('/'))
      .filter((file) => !/^(en\/)?clinics\/[^/]+\/index\.html$/.test(file))
      .sort();
    expect(built.length).toBeGreaterThan(50);
    if (process.env['UPDATE_PAGE_LIST']) writeFileSync(listFile, `${built.join('\n')}\n`);
    const committed = readFileSync(listFile, 'utf8').trim().split('\n');
    expect(built).toEqual(committed);
  });
});
