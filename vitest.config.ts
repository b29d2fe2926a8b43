import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/build/**/*.test.ts',
      'local/tests/**/*.test.ts',
      'supabase/tests/**/*.test.ts',
      'tests/load/**/*.test.ts',
    ],
    // Once per run, before any file: the migrated PGlite dump and the shared PostgreSQL with its
    // migrated template, which every SQL and local-stack test copies instead of migrating anew.
    globalSetup: ['supabase/tests/helpers/global-setup.ts'],
    // No retries: a test that needs one hides a bug. Workers stay at Vitest's default (CPUs - 1, so
    // one on the 2-core machine): the database suites then never compete with each other.
    retry: 0,
    // Sized for the shared 2-core machine under load (load average above 30): a database suite's
    // start (migrations on a fresh PGlite) and a types check took 40+ s there and failed at 30 s
    // though nothing was wrong. A hang still fails; a slow machine only makes the run longer.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
