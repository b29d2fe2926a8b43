import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Folders a newcomer meets; each must be named in the README's folder map. */
function folders(): string[] {
  const ignored = new Set(['node_modules', 'reports', 'test-results', 'playwright-report', 'dist']);
  const top = readdirSync(ROOT, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('.') && !ignored.has(entry.name),
    )
    .map((entry) => entry.name);
  const inside = ['supabase', 'tests'].flatMap((parent) =>
    readdirSync(join(ROOT, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`),
  );
  return [...top.filter((name) => !['supabase', 'tests'].includes(name)), ...inside];
}

it("the README's folder map names every top-level folder and every folder of supabase/ and tests/", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const map = readme.slice(0, readme.indexOf('## Requirements'));
  const missing = folders().filter(
    (folder) => !map.includes(`\`${folder}/`) && !map.includes(`\`${folder}\``),
  );
  expect(missing, 'add a row for each to the folder map at the top of README.md').toEqual([]);
});
