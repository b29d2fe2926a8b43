/**
 * `npm run check:size`: lists the files under src/ longer than 300 lines, the size a reader takes
 * in at once (docs/architecture.md, "Files a reader takes in at once"), and exits 1 if there are
 * any. Generated types and the string tables are exempt: one is written by node local/gen-types.ts,
 * the others are flat lists of keys. tests/unit/file-sizes.test.ts runs the same check in the gate.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const MAX_LINES = 300;

/** Exempt for good: generated, or a table of strings. */
export const EXEMPT = [/^src\/lib\/database\.types\.ts$/, /^src\/i18n\/ui\/[^/]+\.ts$/];

const ROOT = resolve(import.meta.dirname, '..');

/** Every file under src/ with its line count, paths relative to the repository root. */
export function sourceFiles(dir = join(ROOT, 'src')): { path: string; lines: number }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = join(entry.parentPath, entry.name);
      const text = readFileSync(full, 'utf8');
      const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      return { path: relative(ROOT, full).split('\\').join('/'), lines };
    })
    .sort((a, b) => b.lines - a.lines);
}

/** The files over MAX_LINES that are not exempt, longest first. */
export function oversizedFiles(): { path: string; lines: number }[] {
  return sourceFiles().filter(
    (file) => file.lines > MAX_LINES && !EXEMPT.some((pattern) => pattern.test(file.path)),
  );
}

if (import.meta.filename === process.argv[1]) {
  const over = oversizedFiles();
  for (const file of over) console.log(`${String(file.lines).padStart(5)}  ${file.path}`);
  console.log(
    over.length === 0
      ? `no file under src/ is over ${MAX_LINES} lines (generated types and string tables exempt)`
      : `${over.length} file(s) under src/ over ${MAX_LINES} lines`,
  );
  process.exit(over.length === 0 ? 0 : 1);
}
