/**
 * `npm run schema:dump`: writes supabase/schemas/ (./schema.ts says what it holds) from the current
 * migrations, on a throwaway PostgreSQL (the test suite's, supabase/tests/helpers/postgres.ts).
 * Run it after adding or merging a migration; supabase/tests/declarative-schema.test.ts fails until
 * the files match the migrations again.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgres, type Database } from '../../local/db.ts';
import { applyBootstrap, prepareDatabase, REPO_ROOT } from '../../local/migrate.ts';
import { startOwnPostgres } from '../../supabase/tests/helpers/postgres.ts';
import { databaseMap, MAP_FILE } from '../docs/database-map.ts';
import {
  applyLevels,
  groupEntries,
  namedFiles,
  schemaDump,
  schemaEntries,
  SCHEMAS_DIR,
} from './schema.ts';

async function withDatabase<T>(url: string, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openPostgres(url);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const { server, stop } = await startOwnPostgres();
if (!server) throw new Error('schema:dump needs PostgreSQL (initdb, pg_ctl and pg_dump)');
try {
  const bootstrapped = await server.createDatabase();
  await withDatabase(bootstrapped, (db) => applyBootstrap(db));
  const migrated = await server.createDatabase();
  await withDatabase(migrated, (db) => prepareDatabase(db));
  const files = groupEntries(schemaEntries(schemaDump(bootstrapped), schemaDump(migrated)));
  const scratch = await server.createDatabase();
  const levels = await withDatabase(scratch, async (db) => {
    await applyBootstrap(db);
    return applyLevels(db, files);
  });
  const dir = join(REPO_ROOT, SCHEMAS_DIR);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (name.endsWith('.sql')) rmSync(join(dir, name));
  const named = namedFiles(levels, files);
  for (const [name, text] of named) writeFileSync(join(dir, name), text);
  console.log(`${SCHEMAS_DIR}: ${named.size} files written`);
  // The access map is read from these files; rewriting it here keeps one routine after a migration.
  writeFileSync(MAP_FILE, databaseMap());
  console.log('docs/database-access.md: written');
} finally {
  stop();
}
