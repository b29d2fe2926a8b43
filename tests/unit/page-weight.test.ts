import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  islandOnDemand,
  islandOnTopOfPage,
  measurePages,
} from '../../scripts/bench/page-weight.ts';

/** The bench's page weights (`npm run bench`): what an island adds beyond what the page loads. */
describe('islandOnTopOfPage', () => {
  let dist: string;
  const files: Record<string, string> = {
    '_astro/client.js': `import "./react.js"; export const render = ${'1 + '.repeat(200)}1;`,
    '_astro/react.js': `export const react = "${'r'.repeat(3000)}";`,
    '_astro/Header.js': `import "./react.js"; export default "header";`,
    '_astro/Form.js': `import "./react.js"; import "./submit.js"; export default "form";`,
    '_astro/submit.js': `import "./react.js"; export const submit = "${'s'.repeat(2000)}"; export const client = () => import(\`./client-api.js\`);`,
    '_astro/client-api.js': `import "./react.js"; import "./shared.js"; export const api = "${'a'.repeat(1500)}";`,
    '_astro/shared.js': `export const shared = "${'h'.repeat(700)}";`,
  };
  const island = (component: string, directive: string) =>
    `<astro-island component-url="/_astro/${component}.js" renderer-url="/_astro/client.js" client="${directive}"></astro-island>`;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'rihla-weight-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(dist, path, '..'), { recursive: true });
      writeFileSync(join(dist, path), content);
    }
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html>${island('Header', 'afterload')}${island('Form', 'afterload')}`,
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('counts only the files the island alone loads, not React or shared chunks', () => {
    const gzip = (name: string) => gzipSync(files[name]!, { level: 9 }).length;
    const form = islandOnTopOfPage(dist, '/', 'Form');
    expect(form.gzip).toBe(gzip('_astro/Form.js') + gzip('_astro/submit.js'));
    expect(form.raw).toBe(files['_astro/Form.js']!.length + files['_astro/submit.js']!.length);
    // An island that hydrates after load is in the page's JavaScript before interaction as well.
    const [page] = measurePages(dist);
    expect(page!.js.gzip).toBeGreaterThan(form.gzip + gzip('_astro/react.js'));
  });

  it('names a missing island instead of reporting 0 KB', () => {
    expect(() => islandOnTopOfPage(dist, '/', 'LeadForm')).toThrow('/ has no LeadForm island');
    expect(() => islandOnDemand(dist, '/', 'LeadForm')).toThrow('/ has no LeadForm island');
  });

  it('weighs what the island imports on demand (the backend client), less what the page has', () => {
    const gzip = (name: string) => gzipSync(files[name]!, { level: 9 }).length;
    expect(islandOnDemand(dist, '/', 'Form').gzip).toBe(
      gzip('_astro/client-api.js') + gzip('_astro/shared.js'),
    );
    expect(islandOnDemand(dist, '/', 'Header').gzip).toBe(0);
  });
});

describe('JavaScript before interaction (issue 33)', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'rihla-weight-late-'));
    mkdirSync(join(dist, '_astro'));
    writeFileSync(join(dist, '_astro/late.js'), `import "./dep.js"; export const x = 1;`);
    writeFileSync(join(dist, '_astro/dep.js'), `export const dep = "${'d'.repeat(500)}";`);
    writeFileSync(join(dist, '_astro/Form.js'), `export default "${'f'.repeat(4000)}";`);
    writeFileSync(join(dist, '_astro/client.js'), `export default 1;`);
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><body data-late-modules="/_astro/late.js"><astro-island component-url="/_astro/Form.js" renderer-url="/_astro/client.js" client="interact"></astro-island></body>`,
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('counts the modules requested after the first paint, not a form waiting for a touch', () => {
    const [page] = measurePages(dist);
    const gzip = (name: string) => gzipSync(readFileSync(join(dist, name)), { level: 9 }).length;
    expect(page!.js.gzip).toBe(gzip('_astro/late.js') + gzip('_astro/dep.js'));
    // The form (and its renderer) load on the visitor's first touch.
    expect(page!.jsTotal.gzip).toBe(
      page!.js.gzip + gzip('_astro/Form.js') + gzip('_astro/client.js'),
    );
  });
});
