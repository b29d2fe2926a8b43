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
    // No retries: a test that needs one hides a bug.
    retry: 0,
    // Two files at a time on the 2-core machine (Vitest's default is CPUs - 1, one): most files
    // spend their time waiting on a database, a child process (the CLI suites) or a socket, so a
    // second worker took the run from 372 s to 253 s on an idle machine (docs/architecture.md,
    // "Tests and the gate"). Every database test has a database of its own, so files never share
    // state.
    maxWorkers: 2,
    // Sized for the shared 2-core machine under load (load average above 30): a database suite's
    // start (migrations on a fresh PGlite) and a types check took 40+ s there and failed at 30 s
    // though nothing was wrong. A hang still fails; a slow machine only makes the run longer.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
