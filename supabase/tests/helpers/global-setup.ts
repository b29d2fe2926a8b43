import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPostgres } from '../../../local/db.ts';
import { prepareDatabase } from '../../../local/migrate.ts';
import { migratedPgliteSnapshot } from './snapshot.ts';
import { startOwnPostgres } from './postgres.ts';

/**
 * Runs once before any test file (vitest.config.ts, globalSetup): the migrated databases every SQL
 * behaviour test starts from are made here once, instead of once per file and backend.
 *
 * - PGlite: a dump of a freshly migrated data directory (snapshot.ts), cached across runs.
 * - PostgreSQL: one throwaway server for the whole run with a migrated template database; each
 *   test database is `create database … template …`, a file copy. Tests that change the server
 *   itself (SSL, role settings) keep starting their own (postgres.ts, startTestPostgres).
 *
 * Both are handed to the test files with `provide` and read by harness.ts with `inject`.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite dump (snapshot.ts). */
    pgliteSnapshot: string;
    /** The shared server and its migrated template; null when PostgreSQL is not available. */
    postgresTemplate: { url: string; template: string } | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [snapshot, shared] = await Promise.all([migratedPgliteSnapshot(), sharedPostgres()]);
  project.provide('pgliteSnapshot', snapshot);
  project.provide(
    'postgresTemplate',
    shared ? { url: shared.url, template: shared.template } : null,
  );
  return async () => {
    await shared?.stop();
  };
}

async function sharedPostgres(): Promise<{
  url: string;
  template: string;
  stop: () => Promise<void>;
} | null> {
  const { server, stop } = await startOwnPostgres();
  if (!server) return null;
  let template: string;
  try {
    const url = await server.createDatabase();
    template = new URL(url).pathname.slice(1);
    const db = await openPostgres(url);
    try {
      await prepareDatabase(db);
    } finally {
      // No connection may stay open: PostgreSQL copies only a template nobody is connected to.
      await db.close();
    }
  } catch (error) {
    stop();
    throw error;
  }
  return {
    url: server.url,
    template,
    async stop() {
      // A server given by RIHLA_TEST_POSTGRES_URL outlives the run: drop what we made there.
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect().catch(() => {});
      await admin.query(`drop database if exists ${template}`).catch(() => {});
      await admin.end().catch(() => {});
      stop();
    },
  };
}
