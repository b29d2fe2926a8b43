import { describe, expect, it } from 'vitest';
import { MAX_LINES, oversizedFiles, sourceFiles } from '../../scripts/file-sizes.ts';

/**
 * No file under src/ is longer than a reader takes in at once (scripts/file-sizes.ts, also
 * `npm run check:size`).
 */

describe('file sizes under src/', () => {
  it(`has no file over ${MAX_LINES} lines except generated types and string tables`, () => {
    expect(oversizedFiles()).toEqual([]);
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
