/**
 * The built site ships no source map (issue 42): Workbox writes sw.js.map beside the service
 * worker unless told not to, and a map publishes the worker's source and the build machine's paths.
 * Reads SITE_DIST (default .data/e2e-dist, as `npm test` builds it).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = process.env['SITE_DIST'] ?? '.data/e2e-dist';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

describe('the built site', () => {
  it('has a service worker and no source map, nor a reference to one', () => {
    expect(existsSync(join(dist, 'sw.js'))).toBe(true);
    const all = files(dist).map((file) => relative(dist, file).split('\\').join('/'));
    expect(all.filter((file) => file.endsWith('.map'))).toEqual([]);
    const scripts = all.filter((file) => file.endsWith('.js') || file.endsWith('.mjs'));
    expect(
      scripts.filter((file) =>
        /\/\/# sourceMappingURL=/.test(readFileSync(join(dist, file), 'utf8')),
      ),
    ).toEqual([]);
  });
});
