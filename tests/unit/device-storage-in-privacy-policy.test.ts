/**
 * The privacy policy's section 9 says what the public site keeps on the visitor's device; this
 * test keeps it true. Every storage key a public script, component or library names (a
 * `rihla:`/`rihla-` string in a file that uses localStorage, sessionStorage or IndexedDB, or
 * exported as a storage key) must appear in both languages' policy. The staff pages are covered by
 * the policy's one sentence on the sign-in session and are left out. A new key without its line
 * fails here, naming the file that uses it and the two policy files to change.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const policies = ['content/legal/ar/privacy.mdx', 'content/legal/en/privacy.mdx'].map((path) => ({
  path,
  text: readFileSync(join(root, path), 'utf8'),
}));

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      // Staff-only screens: the back office and the search-engine page (src/pages/index-now.astro).
      if (name !== 'admin' && name !== 'index-now') yield* sourceFiles(path);
    } else if (/\.(ts|tsx|astro)$/.test(name)) yield path;
  }
}

const STORAGE = /\b(localStorage|sessionStorage|indexedDB)\b|StorageKey\b|storage-key/;
// A key as the policy writes it: the literal up to its variable part (`rihla:patient-view:…`).
const KEY = /['"`](rihla[:-][a-z][a-z0-9:-]*)['"`]/g;

function storageKeys(): { key: string; file: string }[] {
  const found: { key: string; file: string }[] = [];
  for (const path of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(path, 'utf8');
    if (!STORAGE.test(text)) continue;
    for (const match of text.matchAll(KEY)) {
      const key = match[1]!;
      // Names of events and messages between scripts, not stored anywhere.
      if (key === 'rihla:drawn') continue;
      found.push({ key, file: relative(root, path) });
    }
  }
  return found;
}

describe('what the site keeps on the device is in the privacy policy', () => {
  const keys = storageKeys();

  it('finds the keys the patient page and the forms use', () => {
    const names = new Set(keys.map(({ key }) => key));
    for (const known of [
      'rihla:lang',
      'rihla:patient-view:',
      'rihla-uploads-',
      'rihla:attribution',
    ])
      expect(names).toContain(known);
  });

  for (const policy of policies) {
    it(`${policy.path} names every key`, () => {
      const missing = keys
        .filter(({ key }) => !policy.text.includes(`\`${key}`))
        .map(({ key, file }) => `${key} (used in ${file})`);
      expect(missing, `add each to section 9 of ${policy.path}`).toEqual([]);
    });
  }
});
