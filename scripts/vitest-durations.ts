import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A Vitest reporter that writes each test file's time by phase (Vitest's setup, import and collect,
 * tests and hooks) to the file named by DURATIONS_OUT, slowest first, to find where the gate's time
 * goes (docs/architecture.md, "Tests and the gate"). The gate writes reports/vitest-durations.txt.
 * By hand: DURATIONS_OUT=.data/durations.txt npx vitest run --reporter=default
 * --reporter=./scripts/vitest-durations.ts
 */
export default class DurationsReporter implements Reporter {
  private rows: { file: string; collect: number; tests: number; setup: number }[] = [];
  private started = Date.now();

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    this.rows.push({
      file: module.moduleId.replace(`${process.cwd()}/`, ''),
      collect: d.collectDuration,
      tests: d.duration,
      setup: d.environmentSetupDuration + d.prepareDuration + d.setupDuration,
    });
  }

  onTestRunEnd(): void {
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
    const rows = [...this.rows].sort((a, b) => b.collect + b.tests - (a.collect + a.tests));
    const lines = rows.map((r) => `${s(r.setup)} ${s(r.collect)} ${s(r.tests)}  ${r.file}`);
    const sum = (key: 'setup' | 'collect' | 'tests') => rows.reduce((t, r) => t + r[key], 0);
    const out = process.env['DURATIONS_OUT'] ?? '.data/vitest-durations.txt';
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      [
        `  setup collect   tests  file (seconds; wall ${((Date.now() - this.started) / 1000).toFixed(1)} s)`,
        ...lines,
        `${s(sum('setup'))} ${s(sum('collect'))} ${s(sum('tests'))}  total`,
        '',
      ].join('\n'),
    );
  }
}
