import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateFromMigrations, TYPES_FILE } from '../../local/gen-types.ts';

/** src/lib/database.types.ts must describe exactly what the migrations create. */
describe('Database types', () => {
  it('are in step with supabase/migrations (regenerate with `npm run gen-types -- --write`)', async () => {
    const generated = await generateFromMigrations();
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(generated);
    // A fresh PGlite with every migration: about 30 s on a loaded 2-core machine.
  }, 120_000);
});
