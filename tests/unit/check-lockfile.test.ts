import { expect, test } from 'vitest';
import { lockfileChanges } from '../../scripts/check-lockfile.ts';

const lock = (packages: Record<string, unknown>) =>
  JSON.stringify({ name: 'x', lockfileVersion: 3, packages });

test('names the packages npm would add, drop or change, and nothing when it would write the same', () => {
  const before = lock({
    '': { name: 'x' },
    'node_modules/a': { version: '1.0.0' },
    'node_modules/b': { version: '1.0.0' },
  });
  const after = lock({
    '': { name: 'x' },
    'node_modules/a': { version: '1.0.1' },
    'node_modules/c-darwin-arm64': { version: '1.0.0', optional: true },
  });
  expect(lockfileChanges(before, after)).toEqual([
    'changed: node_modules/a',
    'removed: node_modules/b',
    'added: node_modules/c-darwin-arm64',
  ]);
  expect(lockfileChanges(before, before)).toEqual([]);
});
