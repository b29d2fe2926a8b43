import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMigrations, REPO_ROOT } from '../migrate.ts';

/**
 * docs/local-stack.md promises what the stand-in does and names the test behind each promise, and
 * lists every migration. Both lists are checked against the repository here, so the document
 * cannot drift from the code (as its migration table and test count once did).
 */

const doc = readFileSync(join(REPO_ROOT, 'docs', 'local-stack.md'), 'utf8');

/** The rows of the markdown table that follows `heading`, as arrays of trimmed cells. */
function tableAfter(heading: string): string[][] {
  const start = doc.indexOf(heading);
  expect(start, heading).toBeGreaterThan(-1);
  const lines = doc.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** Test titles declared with it('…') or it(`…`) in a file (template titles are skipped). */
function testTitles(file: string): string[] {
  const source = readFileSync(join(REPO_ROOT, file), 'utf8');
  return [...source.matchAll(/\bit\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)].map((match) =>
    (match[2] as string).replace(/\\(['"])/g, '$1'),
  );
}

describe('docs/local-stack.md', () => {
  const conformance = tableAfter('### Conformance');

  it('names, for each promised behaviour, a test that exists', () => {
    expect(conformance.length).toBeGreaterThan(10);
    for (const [behaviour, pinned] of conformance) {
      const match = /^`([^`]+)` › (.+)$/.exec(pinned ?? '');
      expect(match, `${behaviour}: "${pinned}"`).not.toBeNull();
      const [, file, title] = match as RegExpExecArray;
      expect(testTitles(file as string), `${file} has no test "${title}"`).toContain(title);
    }
  });

  it('lists every conformance test', () => {
    const listed = conformance.map(([, pinned]) => pinned);
    const files = readdirSync(join(REPO_ROOT, 'local', 'tests')).filter((name) =>
      /^conformance.*\.test\.ts$/.test(name),
    );
    expect(files.length).toBeGreaterThan(2);
    for (const name of files) {
      const file = `local/tests/${name}`;
      for (const title of testTitles(file)) {
        expect(listed, title).toContain(`\`${file}\` › ${title}`);
      }
    }
  });

  it('names, for each Storage behaviour, a test that exists, and lists every Storage test', () => {
    const storage = tableAfter('### Storage: what the stand-in answers');
    expect(storage.length).toBeGreaterThan(10);
    for (const [behaviour, pinned] of storage) {
      const match = /^`([^`]+)` › (.+)$/.exec(pinned ?? '');
      expect(match, `${behaviour}: "${pinned}"`).not.toBeNull();
      const [, file, title] = match as RegExpExecArray;
      expect(testTitles(file as string), `${file} has no test "${title}"`).toContain(title);
    }
    const listed = storage.map(([, pinned]) => pinned);
    for (const title of testTitles('local/tests/storage.test.ts')) {
      expect(listed, title).toContain(`\`local/tests/storage.test.ts\` › ${title}`);
    }
  });

  it('lists every migration once, in the order they apply', () => {
    const listed = tableAfter('## The database (supabase/migrations)').map(([name]) =>
      (name ?? '').replace(/`/g, ''),
    );
    expect(listed).toEqual(readMigrations().map(({ version, name }) => `${version}_${name}.sql`));
  });
});
