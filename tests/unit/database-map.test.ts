import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { databaseMap, MAP_FILE, readMap } from '../../scripts/docs/database-map.ts';

// docs/database-access.md is generated from supabase/schemas/ (itself checked against the
// migrations by supabase/tests/declarative-schema.test.ts): a table, grant, policy or function
// changed without the page fails here, naming the command.
it('docs/database-access.md is the map of supabase/schemas/', () => {
  expect(
    readFileSync(MAP_FILE, 'utf8'),
    'docs/database-access.md is stale: npm run schema:dump (or npx node scripts/docs/database-map.ts --write)',
  ).toBe(databaseMap());
});

it('reads row security, column grants, policies and function callers as the schema files state them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'database-map-'));
  writeFileSync(
    join(dir, 'L05-table-public.notes.sql'),
    [
      'CREATE TABLE public.notes (id uuid NOT NULL, body text);',
      'ALTER TABLE public.notes ENABLE ROW LEVEL SECURITY;',
      'GRANT SELECT ON TABLE public.notes TO authenticated;',
      'GRANT UPDATE(body) ON TABLE public.notes TO authenticated;',
      'GRANT ALL ON TABLE public.notes TO service_role;',
      'GRANT SELECT ON TABLE public.notes TO postgres;',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'L06-links-public.notes.sql'),
    'CREATE POLICY "Staff read notes" ON public.notes FOR SELECT TO authenticated USING (true);\n',
  );
  writeFileSync(
    join(dir, 'L05-table-public.open.sql'),
    'CREATE TABLE public.open (id uuid);\nGRANT SELECT,INSERT ON TABLE public.open TO anon;\n',
  );
  writeFileSync(
    join(dir, 'L01-function-public.read_note.sql'),
    [
      'CREATE OR REPLACE FUNCTION public.read_note(_id uuid, _limit integer DEFAULT 5) RETURNS text',
      '    LANGUAGE plpgsql SECURITY DEFINER',
      "    AS $$ begin return 'x'; end $$;",
      "COMMENT ON FUNCTION public.read_note(_id uuid, _limit integer) IS 'Staff: one note''s body. More text.';",
      'REVOKE ALL ON FUNCTION public.read_note(_id uuid, _limit integer) FROM PUBLIC;',
      'GRANT ALL ON FUNCTION public.read_note(_id uuid, _limit integer) TO authenticated;',
      '',
    ].join('\n'),
  );
  const { relations, routines } = readMap(dir);
  expect(relations.map((table) => [table.name, table.rls, table.policies.length])).toEqual([
    ['public.notes', true, 1],
    ['public.open', false, 0],
  ]);
  expect(routines).toEqual([
    {
      signature: 'public.read_note(_id uuid, _limit integer)',
      definer: true,
      callers: ['authenticated'],
      comment: "Staff: one note's body.",
    },
  ]);
  const map = databaseMap(dir);
  expect(map).toContain(
    '| `public.notes` | on | — | select, update (body) | all | select → authenticated: Staff read notes |',
  );
  // A table without row security is shown as such, and what the public key may do with it.
  expect(map).toContain('| `public.open` | **off** | select, insert | — | — | — |');
  expect(map).toContain('## Functions in `public` (1; 0 callable with the public key)');
});
