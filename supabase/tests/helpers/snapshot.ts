import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  existsSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../../../local/db.ts';
import {
  MIGRATIONS_DIR,
  prepareDatabase,
  readMigrations,
  REPO_ROOT,
} from '../../../local/migrate.ts';

/**
 * A migrated PGlite, made once and cached: every SQL and local-stack test used to apply the
 * bootstrap and all migrations to a fresh in-memory PGlite (several seconds each on the loaded
 * 2-core machine, twice or more per file). The data directory of a freshly migrated PGlite is
 * dumped to `.data/test-cache/` under a name that hashes everything that shapes it, so a changed
 * migration, bootstrap, `local/db.ts` or PGlite version makes a new one. Each test still opens its own database
 * from it (loadDataDir) and still runs prepareDatabase(), which then finds nothing to apply.
 */

export const TEST_CACHE_DIR = join(REPO_ROOT, '.data', 'test-cache');

/**
 * Hash of what a migrated database is made of: bootstrap, migrations, how PGlite is opened (its
 * extensions, in local/db.ts), PGlite's version.
 */
export function migratedSchemaHash(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(REPO_ROOT, 'local', 'bootstrap.sql')));
  hash.update(readFileSync(join(REPO_ROOT, 'local', 'db.ts')));
  for (const migration of readMigrations(MIGRATIONS_DIR)) {
    hash.update(`\0${migration.version}_${migration.name}\0${migration.sql}`);
  }
  const pglite = JSON.parse(
    readFileSync(
      join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ) as { version: string };
  hash.update(`\0pglite ${pglite.version}`);
  return hash.digest('hex').slice(0, 16);
}

/** Path of the migrated PGlite dump for the current schema, made now if it is not cached yet. */
export async function migratedPgliteSnapshot(): Promise<string> {
  const name = `pglite-${migratedSchemaHash()}.tar`;
  const path = join(TEST_CACHE_DIR, name);
  if (existsSync(path)) return path;
  mkdirSync(TEST_CACHE_DIR, { recursive: true });
  const db = await openPglite(null);
  try {
    await prepareDatabase(db);
    const dump = await db.dumpDataDir();
    // Written aside and renamed, so a concurrent run never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await db.close();
  }
  // Older dumps (from other schemas) go; only the current one is kept.
  for (const file of readdirSync(TEST_CACHE_DIR)) {
    if (file.startsWith('pglite-') && file !== name && !file.endsWith('.partial')) {
      rmSync(join(TEST_CACHE_DIR, file), { force: true });
    }
  }
  return path;
}
