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
    // No retries: a test that needs one hides a bug. Workers stay at Vitest's default (CPUs - 1, so
    // one on the 2-core machine): the database suites then never compete with each other.
    retry: 0,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
