import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * Comments say why in the code's own terms or cite what is in the repository (docs/, content/,
 * another file), never a document a reader of the repository cannot open: the design notes and the
 * product spec live outside it, so "spec 2.4" or "ARCHITECTURE.md" is a dead end that drifts.
 */
const OUTSIDE = [
  /\bspec(?:\s+(?:section\s+)?\d|\s*§)/i,
  /product-spec|\/work\/shared/,
  // The design notes (upper case; docs/architecture.md is the repository's own).
  /\b(?:ARCHITECTURE|CONVENTIONS|STACK-NOTES)\.md/,
];
const ROOTS = ['src', 'local', 'scripts', 'supabase/functions', 'eslint', 'tests'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|js|css)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

it('no source file cites a document outside the repository', () => {
  const cited = ROOTS.flatMap(files).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        OUTSIDE.some((pattern) => pattern.test(line)) && !import.meta.filename.endsWith(file)
          ? [`${file}:${i + 1}: ${line.trim()}`]
          : [],
      ),
  );
  expect(cited).toEqual([]);
});
