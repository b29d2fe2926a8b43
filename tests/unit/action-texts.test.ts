import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringsFor } from '~/i18n/index.ts';
import { isActionText } from '~/lib/patient/action-texts.ts';

/**
 * The patient page's texts are split in two (src/lib/patient/action-texts.ts): the actions' own
 * messages travel with their section, the rest with the page. A key read by the wrong side would
 * show as its raw name, so every `patient.…` key the page's scripts name is checked against the
 * split: the actions' script may read both, every other script only the page's.
 */
const dir = 'src/scripts/patient';
const sources = [
  ...readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name)),
  'src/lib/patient/now-text.ts',
  'src/lib/patient/steps.ts',
];
const keysIn = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/['`](patient\.[A-Za-z.]+[A-Za-z])['`]/g)].map(
    (match) => match[1]!,
  );

describe('the patient page’s texts, split between the page and its actions', () => {
  const known = new Set(Object.keys(stringsFor('ar', ['patient.'])));

  it('gives the status’s scripts none of the actions’ own messages', () => {
    const misplaced = sources
      .filter((file) => !file.endsWith('/actions.ts'))
      .flatMap((file) => keysIn(file).map((key) => `${file}: ${key}`))
      .filter((entry) => isActionText(entry.split(': ')[1]!));
    expect(misplaced).toEqual([]);
  });

  it('finds every key the actions’ script names in one side or the other', () => {
    const keys = keysIn(join(dir, 'actions.ts'));
    expect(keys.filter(isActionText).length).toBeGreaterThan(5);
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
  });
});
