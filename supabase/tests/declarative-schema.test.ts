import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../local/db.ts';
import { applyBootstrap, REPO_ROOT } from '../../local/migrate.ts';
import {
  SCHEMA_DUMP_COMMAND,
  SCHEMAS_DIR,
  schemaDifference,
  schemaDump,
} from '../../scripts/schema/schema.ts';
import { postgresAt } from './helpers/postgres.ts';

/**
 * supabase/schemas/ (Supabase's declarative layout, scripts/schema/schema.ts) is exactly what the
 * migrations make: a bootstrapped database with the schema files applied in name order dumps
 * (`pg_dump --schema-only`) to the same entries as a migrated one. Only the order of the dump's
 * entries is ignored (pg_dump breaks ties between objects by their creation order).
 */

function report(difference: { missing: string[]; extra: string[] }): string {
  const show = (title: string, entries: string[]) =>
    entries.length
      ? [
          `${title} (${entries.length}):`,
          ...entries.slice(0, 8).map((text) => `  ${text.split('\n')[0]}`),
        ]
      : [];
  return [
    `supabase/schemas/ does not match the migrations: run \`${SCHEMA_DUMP_COMMAND}\` and commit the files.`,
    'If the same object stays on both lists after that, PostgreSQL reads it back in another shape:',
    'a CHECK with nested ANDs (`x between 1 and 9 and y between 1 and 9`) is the usual one; write',
    'its conditions as one flat `and` list.',
    ...show('made by the migrations, missing from supabase/schemas/', difference.missing),
    ...show('in supabase/schemas/, not made by the migrations', difference.extra),
  ].join('\n');
}

describe('comparing schema dumps', () => {
  const dump = (...entries: [string, string][]) =>
    entries
      .map(
        ([name, sql]) =>
          `--\n-- Name: ${name}; Type: TABLE; Schema: public; Owner: -\n--\n\n${sql}\n\n`,
      )
      .join('');

  it('ignores the order of entries, and names what is missing or extra', () => {
    const a = dump(['a', 'CREATE TABLE public.a ();'], ['b', 'CREATE TABLE public.b ();']);
    const b = dump(['b', 'CREATE TABLE public.b ();'], ['a', 'CREATE TABLE public.a ();']);
    expect(schemaDifference(a, b)).toEqual({ missing: [], extra: [] });
    const changed = dump(['a', 'CREATE TABLE public.a (x int);']);
    const difference = schemaDifference(a, changed);
    expect(difference.missing).toHaveLength(2);
    expect(difference.extra).toEqual(['-- TABLE public.a\nCREATE TABLE public.a (x int);\n']);
    expect(report(difference)).toContain(SCHEMA_DUMP_COMMAND);
  });
});

const shared = inject('postgresTemplate');
const server = shared ? await postgresAt(shared.url) : null;

describe.runIf(server && shared)('supabase/schemas/ on PostgreSQL', () => {
  it('makes exactly the schema the migrations make', async () => {
    const migrated = schemaDump(await server!.createDatabase(shared!.template));
    const url = await server!.createDatabase();
    const db = await openPostgres(url);
    try {
      await applyBootstrap(db);
      const dir = join(REPO_ROOT, SCHEMAS_DIR);
      for (const name of readdirSync(dir)
        .filter((file) => file.endsWith('.sql'))
        .sort())
        await db.exec(readFileSync(join(dir, name), 'utf8'));
    } finally {
      await db.close();
    }
    const difference = schemaDifference(migrated, schemaDump(url));
    expect(difference, report(difference)).toEqual({ missing: [], extra: [] });
  });
});
