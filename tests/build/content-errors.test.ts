/**
 * Editors' safety net (docs/content.md): a content file with a wrong or missing field stops the build
 * with a message that names the file and the field.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const broken = 'src/content/services/zz-test-broken.yaml';

function syncWith(content: string): string {
  writeFileSync(broken, content);
  try {
    const result = spawnSync('npx', ['astro', 'sync'], {
      encoding: 'utf8',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    expect(result.status).not.toBe(0);
    return `${result.stdout}\n${result.stderr}`;
  } finally {
    rmSync(broken, { force: true });
  }
}

describe('content validation', () => {
  const valid = readFileSync('src/content/services/ivf.yaml', 'utf8');

  it('names the file and the field of a wrong value', () => {
    const output = syncWith(valid.replace(/^order: .*$/m, 'order: eleven'));
    expect(output).toContain('zz-test-broken.yaml');
    expect(output).toMatch(/order/);
  }, 60_000);

  it('names the file and the field of a missing value', () => {
    const output = syncWith(valid.replace(/^path: .*$/m, ''));
    expect(output).toContain('zz-test-broken.yaml');
    expect(output).toMatch(/path/);
  }, 60_000);
});
