import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database } from './db.ts';

/** Repository root, resolved from this file so scripts work from any working directory. */
export const REPO_ROOT = resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = join(REPO_ROOT, 'supabase', 'migrations');
export const SEED_FILE = join(REPO_ROOT, 'supabase', 'seed.sql');
const BOOTSTRAP_FILE = join(import.meta.dirname, 'bootstrap.sql');

export interface MigrationFile {
  /** The timestamp prefix, as the Supabase CLI records it. */
  version: string;
  name: string;
  sql: string;
}

/** Migration files in the order the Supabase CLI applies them (by version). */
export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const match = /^(\d+)_(.+)\.sql$/.exec(file) as RegExpExecArray;
      return {
        version: match[1] as string,
        name: match[2] as string,
        sql: readFileSync(join(dir, file), 'utf8'),
      };
    });
}

/**
 * True for a database run by Supabase (hosted, or `supabase start`): it already has everything the
 * bootstrap provides, and its migrations belong to `supabase db push`, so the local stack must not
 * touch its schema.
 */
export async function isSupabaseManaged(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ managed: boolean }>(
    `select exists (select 1 from pg_roles where rolname = 'supabase_admin') as managed`,
  );
  return rows[0]?.managed === true;
}

/**
 * Applies local/bootstrap.sql (roles, auth schema, extensions, publication). It is idempotent; its
 * hash is remembered so a reopened data dir skips it and starts faster.
 */
export async function applyBootstrap(db: Database): Promise<'applied' | 'unchanged'> {
  const sql = readFileSync(BOOTSTRAP_FILE, 'utf8');
  const hash = createHash('sha256').update(sql).digest('hex');
  const { rows: state } = await db.query<{ exists: boolean }>(
    `select to_regclass('_local.bootstrap_state') is not null as exists`,
  );
  if (state[0]?.exists === true) {
    const { rows } = await db.query<{ hash: string }>(`select hash from _local.bootstrap_state`);
    if (rows[0]?.hash === hash) return 'unchanged';
  }
  await db.transaction(async (tx) => {
    await tx.exec(sql);
    await tx.exec(`create table if not exists _local.bootstrap_state (hash text not null)`);
    await tx.query(`delete from _local.bootstrap_state`);
    await tx.query(`insert into _local.bootstrap_state (hash) values ($1)`, [hash]);
  });
  return 'applied';
}

export interface MigrateResult {
  applied: string[];
  /** Recorded versions whose file changed since it was applied (migrations are append-only). */
  changed: string[];
}

/**
 * Applies every migration not yet recorded in supabase_migrations.schema_migrations, in order, each
 * in its own transaction together with its record (the same table the Supabase CLI uses).
 */
export async function applyMigrations(
  db: Database,
  migrations = readMigrations(),
): Promise<MigrateResult> {
  const { rows } = await db.query<{ version: string; statements: string[] | null }>(
    `select version, statements from supabase_migrations.schema_migrations`,
  );
  const recorded = new Map(rows.map((row) => [row.version, row.statements?.join('\n') ?? null]));
  const applied: string[] = [];
  const changed: string[] = [];
  for (const migration of migrations) {
    if (recorded.has(migration.version)) {
      const previous = recorded.get(migration.version);
      if (previous !== null && previous !== undefined && previous !== migration.sql) {
        changed.push(`${migration.version}_${migration.name}`);
      }
      continue;
    }
    await db.transaction(async (tx) => {
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`migration ${migration.version}_${migration.name}.sql failed: ${reason}`, {
          cause: error,
        });
      }
      await tx.query(
        `insert into supabase_migrations.schema_migrations (version, name, statements)
         values ($1, $2, array[$3::text])`,
        [migration.version, migration.name, migration.sql],
      );
    });
    applied.push(`${migration.version}_${migration.name}`);
  }
  return { applied, changed };
}

export interface PrepareResult extends MigrateResult {
  bootstrap: 'applied' | 'unchanged' | 'skipped';
  supabaseManaged: boolean;
}

/** Everything a database needs before the local server can serve it. */
export async function prepareDatabase(db: Database): Promise<PrepareResult> {
  if (await isSupabaseManaged(db)) {
    return { bootstrap: 'skipped', supabaseManaged: true, applied: [], changed: [] };
  }
  const bootstrap = await applyBootstrap(db);
  const result = await applyMigrations(db);
  return { bootstrap, supabaseManaged: false, ...result };
}

/** Loads supabase/seed.sql (demo data) once: only into a database that has no leads yet. */
export async function applySeed(db: Database, file = SEED_FILE): Promise<boolean> {
  if (!existsSync(file)) return false;
  const { rows } = await db.query<{ empty: boolean }>(
    `select not exists (select 1 from public.offer_leads) as empty`,
  );
  if (rows[0]?.empty !== true) return false;
  const sql = readFileSync(file, 'utf8');
  await db.transaction((tx) => tx.exec(sql));
  return true;
}
