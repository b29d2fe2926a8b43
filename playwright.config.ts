import { defineConfig } from '@playwright/test';

/** Chromium from Debian (see scripts/ensure-chromium.sh); Playwright never downloads a browser here. */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const sitePort = Number(process.env['E2E_SITE_PORT'] ?? 4329);
const apiPort = Number(process.env['E2E_API_PORT'] ?? 54329);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${sitePort}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node scripts/start.ts --no-build --fresh --data-dir .data/e2e --dist .data/e2e-dist --site-port ${sitePort} --api-port ${apiPort}`,
    url: `http://127.0.0.1:${sitePort}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Every browser test sends its forms from 127.0.0.1: lift the per-address and global lead
    // limits there (local/index.ts); the abuse tests in supabase/tests and local/tests keep them.
    env: { RIHLA_LEAD_LIMITS: 'per_address_per_10_minutes=100000,global_per_10_minutes=100000' },
  },
});
