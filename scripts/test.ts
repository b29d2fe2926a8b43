/**
 * `npm test`: the whole quality gate, in order, stopping at the first failure. Content check, the
 * lockfile (scripts/check-lockfile.ts), type check, format check, lint (eslint.config.js), the edge
 * functions under Deno, a build of the site against the test backend, unit/SQL/protocol/build-output tests, then the browser tests (behaviour,
 * the CSP and axe scan of every page). Ends with one "N passed, N failed, N skipped" line summing
 * every runner. Nothing is retried, and a flaky result (should someone pass --retries) fails the gate.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const E2E_API_PORT = process.env['E2E_API_PORT'] ?? '54329';
const E2E_SITE_DIR = '.data/e2e-dist';
/** A second build with the real date, for the build-output checks of ended offers. */
const E2E_TODAY_DIR = '.data/e2e-dist-today';
/** The build's "now" for offers; see the build step. */
const OFFERS_NOW = '2025-10-25T12:00:00Z';
/** The clinic snapshot of the gate's builds (src/lib/clinics/snapshot.ts). */
const CLINICS_SNAPSHOT = 'tests/build/clinics-snapshot.json';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

const steps: Step[] = [
  // First and fast: an editor's content mistake is named in seconds, before any slower gate.
  {
    name: 'content check (npm run check:content)',
    command: ['node', 'scripts/check-content/index.ts'],
  },
  // The committed lockfile is what `npm install` writes on every platform (HEAD only, so work in
  // progress never fails it): a newcomer's first install leaves the tree clean.
  {
    name: 'lockfile complete (npm run check:lockfile)',
    command: ['node', 'scripts/check-lockfile.ts'],
  },
  {
    name: 'type check (astro check)',
    command: ['npx', 'astro', 'check', '--minimumSeverity', 'warning'],
  },
  { name: 'format check (prettier)', command: ['npx', 'prettier', '--check', '.'] },
  { name: 'lint (eslint, zero warnings)', command: ['npm', 'run', '--silent', 'lint'] },
  {
    name: 'edge functions under Deno (deno check, each entry served and called)',
    command: ['node', 'scripts/check-functions.ts'],
  },
  {
    name: 'build the site against the test backend',
    command: ['npx', 'astro', 'build', '--outDir', E2E_SITE_DIR],
    // Built as if during the hair-transplant offer (it ended 28 Oct 2025): the browser tests need the
    // running page (tests/e2e/offer.spec.ts) and end it by the browser's clock
    // (tests/e2e/offer-ended.spec.ts). src/lib/offers.ts reads OFFERS_NOW.
    // The clinic pages from made-up clinics (tests/build/clinic-pages.test.ts), never real ones.
    env: {
      PUBLIC_SUPABASE_URL: `http://127.0.0.1:${E2E_API_PORT}`,
      OFFERS_NOW,
      CLINICS_SNAPSHOT,
    },
  },
  {
    name: 'unit, SQL, protocol, load and build-output tests (vitest)',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile=reports/vitest.json',
      // Each file's time by phase, slowest first: where the gate's time goes.
      '--reporter=./scripts/vitest-durations.ts',
    ],
    env: { DURATIONS_OUT: 'reports/vitest-durations.txt', CLINICS_SNAPSHOT },
  },
  {
    name: 'component tests (Astro container API, npm run test:components)',
    command: ['npm', 'run', '--silent', 'test:components'],
  },
  // The same build as of today, as production builds it: an offer that has ended must be out of the
  // sitemap, noindex and linked from nowhere (tests/build/site.test.ts, "offers").
  {
    name: 'build the site as of today (ended offers)',
    command: ['npx', 'astro', 'build', '--outDir', E2E_TODAY_DIR],
    env: { PUBLIC_SUPABASE_URL: `http://127.0.0.1:${E2E_API_PORT}`, CLINICS_SNAPSHOT },
  },
  {
    name: 'build-output tests on the build as of today (vitest)',
    command: ['npx', 'vitest', 'run', 'tests/build/site.test.ts'],
    env: { SITE_DIST: E2E_TODAY_DIR, CLINICS_SNAPSHOT },
  },
  { name: 'browser tests (playwright)', command: ['npx', 'playwright', 'test'] },
];

rmSync('reports', { recursive: true, force: true });
const started = Date.now();
let failedStep: string | undefined;
for (const step of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${step.name}`);
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...step.env },
  });
  console.log(
    `  ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    failedStep = step.name;
    break;
  }
}

/** Test counts from the runners' JSON reports (absent when a runner did not get to run). */
function counts(): { passed: number; failed: number; flaky: number; skipped: number } {
  const total = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
  if (existsSync('reports/vitest.json')) {
    const report = JSON.parse(readFileSync('reports/vitest.json', 'utf8'));
    total.passed += report.numPassedTests ?? 0;
    total.failed += report.numFailedTests ?? 0;
    total.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  if (existsSync('reports/playwright.json')) {
    const stats = JSON.parse(readFileSync('reports/playwright.json', 'utf8')).stats ?? {};
    // A flaky test (passed only on a retry) is not a pass: it fails the gate and is counted apart.
    total.passed += stats.expected ?? 0;
    total.flaky += stats.flaky ?? 0;
    total.failed += stats.unexpected ?? 0;
    total.skipped += stats.skipped ?? 0;
  }
  return total;
}

const { passed, failed, flaky, skipped } = counts();
if (!failedStep && flaky > 0) failedStep = `browser tests (playwright): ${flaky} flaky`;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\nnpm test ${failedStep ? `failed at: ${failedStep}` : 'passed every gate'} (${minutes} min)`,
);
if (flaky > 0) console.log(`${flaky} flaky (passed only on a retry; counted as failed below)`);
// The closing line CI reads: "N passed, N failed, N skipped" alone on its line.
console.log(
  `${passed} passed, ${failed + flaky + (failedStep && failed === 0 && flaky === 0 ? 1 : 0)} failed, ${skipped} skipped`,
);
process.exit(failedStep ? 1 : 0);
