/**
 * `npm run check:lockfile`: the committed package-lock.json is exactly what `npm install` writes
 * for the committed package.json, on every platform. An incomplete lockfile (say, without the
 * macOS or Windows builds of an optional native package) is rewritten by a newcomer's first
 * `npm install`, leaving their tree dirty and their platform's packages unpinned.
 *
 * It checks the last commit (HEAD), not the working tree, so a developer halfway through a
 * dependency change is never stopped by it; and it works in a throwaway directory, so the
 * project's node_modules is never touched. `npm install --package-lock-only` writes the same file
 * as a full install (checked on 26 Nov 2026 on both the incomplete and the complete lockfile),
 * in seconds, from npm's cache when it can.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The files npm reads to write the lockfile; .npmrc keeps `resolved` URLs out for everyone. */
const FILES = ['package.json', 'package-lock.json', '.npmrc'];

/** Package paths whose entries differ between two lockfiles (added, removed or changed). */
export function lockfileChanges(before: string, after: string): string[] {
  const packages = (text: string): Record<string, unknown> =>
    (JSON.parse(text) as { packages?: Record<string, unknown> }).packages ?? {};
  const a = packages(before);
  const b = packages(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((key) => `${key in a ? (key in b ? 'changed' : 'removed') : 'added'}: ${key || '(root)'}`);
}

function committed(file: string): string {
  return execFileSync('git', ['show', `HEAD:${file}`], { encoding: 'utf8' });
}

if (import.meta.main) {
  const dir = mkdtempSync(join(tmpdir(), 'lockfile-check-'));
  try {
    for (const file of FILES) writeFileSync(join(dir, file), committed(file));
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--package-lock-only',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    if (npm.status !== 0) {
      console.error(npm.stderr);
      throw new Error('npm install --package-lock-only failed');
    }
    const before = committed('package-lock.json');
    const after = readFileSync(join(dir, 'package-lock.json'), 'utf8');
    if (before === after) {
      console.log('package-lock.json is what npm install writes (HEAD).');
    } else {
      const changes = lockfileChanges(before, after);
      console.error(
        `package-lock.json at HEAD is not what npm install writes (${changes.length} entries):\n  ` +
          changes.slice(0, 20).join('\n  ') +
          (changes.length > 20 ? '\n  …' : '') +
          '\nFix: run `npm install --package-lock-only` and commit package-lock.json.',
      );
      process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
