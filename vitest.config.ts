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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
