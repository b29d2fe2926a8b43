import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * The docs' commands run on the Node they document: the project's Node 24 (a dev dependency) runs
 * npm scripts and `npx node …`, while a bare `node file.ts` is the system's Node, which may be too
 * old for TypeScript files (Debian's 20 is). "`npm start` runs `node scripts/start.ts`" describes
 * an npm script and is allowed.
 */
const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];
const BARE_NODE = /(?<![\w/.-])(?<!npx )(?<!runs `)node (?:local|scripts|supabase|src)\/\S+\.ts/;

it('no documented command runs a .ts file on the system Node', () => {
  const bare = DOCS.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (BARE_NODE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(bare).toEqual([]);
});

// docs/decisions.md is the index of docs/decisions/, a record that may name a script a later
// decision removed (the folder is not read: DOCS holds docs/*.md only).
it('every `npm run <script>` the docs name exists in package.json', () => {
  const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts);
  const named = DOCS.filter((file) => file !== join('docs', 'decisions.md')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map(
      (m) => `${file}: ${m[1]}`,
    ),
  );
  expect(named.filter((entry) => !scripts.includes(entry.split(': ')[1]!))).toEqual([]);
});
