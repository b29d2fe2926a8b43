import { describe, expect, it } from 'vitest';
import { MAX_LINES, oversizedFiles, sourceFiles } from '../../scripts/file-sizes.ts';

/**
 * No file under src/ is longer than a reader takes in at once (scripts/file-sizes.ts, also
 * `npm run check:size`).
 */

/**
 * Files being split on other branches while this check landed (issue 13's dashboard and request
 * dialog, issue 12's offer registration). Temporary: once they are split this list must be emptied,
 * and the second test fails until it is, so it cannot quietly outlive its reason.
 */
const BEING_SPLIT = [
  'src/islands/admin/DashboardApp.tsx',
  'src/islands/admin/RequestDialog.tsx',
  'src/islands/admin/OfferLeadsApp.tsx',
  'src/islands/offer/OfferRegistration.tsx',
];

describe('file sizes under src/', () => {
  it(`has no file over ${MAX_LINES} lines except generated types and string tables`, () => {
    const over = oversizedFiles().filter((file) => !BEING_SPLIT.includes(file.path));
    expect(over).toEqual([]);
  });

  it('allows only files that exist and are still over the limit', () => {
    const lines = new Map(sourceFiles().map((file) => [file.path, file.lines]));
    const stale = BEING_SPLIT.filter((path) => (lines.get(path) ?? 0) <= MAX_LINES);
    expect(stale, 'split now: remove from BEING_SPLIT').toEqual([]);
  });

  it('counts lines as wc -l does and finds a long file', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    // The generated types are long and exempt: found, and not reported.
    expect(files.find((file) => file.path === 'src/lib/database.types.ts')?.lines).toBeGreaterThan(
      MAX_LINES,
    );
    expect(oversizedFiles().map((file) => file.path)).not.toContain('src/lib/database.types.ts');
  });
});
