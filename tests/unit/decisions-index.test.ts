import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { decisionsIndex, INDEX_FILE, readDecisions } from '../../scripts/docs/decisions-index.ts';

// docs/decisions/ holds one file per decision; docs/decisions.md indexes them by topic.
it('every decision file has its title and topic line, and the index lists each under its topic', () => {
  const decisions = readDecisions();
  expect(decisions.length).toBeGreaterThan(40);
  expect(
    readFileSync(INDEX_FILE, 'utf8'),
    'docs/decisions.md is stale: npx node scripts/docs/decisions-index.ts --write',
  ).toBe(decisionsIndex(decisions));
});
