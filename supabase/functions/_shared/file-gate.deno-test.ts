/**
 * The file gate under Deno, as the request-files function runs it there (Supabase Edge Runtime):
 * the crafted corpus of tests/fixtures/crafted/ (README.md: each file and why), with Deno's own
 * DecompressionStream inflating the PDFs' object streams. Run by `npm run check:functions`:
 *
 *   deno test --no-config --no-remote --no-npm --allow-read=tests/fixtures/crafted \
 *     supabase/functions/_shared/file-gate.deno-test.ts
 *
 * No imports but the gate (only relative imports under supabase/functions, and none from npm).
 */
import { gateFile, IMAGE_BOUNDS } from './file-gate.ts';

// Deno's globals, as far as this file uses them (the repository's TypeScript sees Node's types).
declare const Deno: {
  test(name: string, fn: () => Promise<void>): void;
  readFile(path: string | URL): Promise<Uint8Array>;
  readTextFile(path: string | URL): Promise<string>;
};

const crafted = new URL('../../../tests/fixtures/crafted/', import.meta.url);

function assertEqual(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: got ${JSON.stringify(actual)}, wanted ${JSON.stringify(expected)}`);
  }
}

Deno.test('the crafted corpus is answered as its README says', async () => {
  const corpus = JSON.parse(await Deno.readTextFile(new URL('corpus.json', crafted))) as {
    file: string;
    declared: string;
    stored?: string;
    expect: string;
    why: string;
  }[];
  if (corpus.length < 30) throw new Error(`only ${corpus.length} crafted files`);
  const failures: string[] = [];
  for (const entry of corpus) {
    const bytes = await Deno.readFile(new URL(entry.file, crafted));
    const result = await gateFile(bytes, entry.declared, entry.stored ?? entry.declared);
    const got = result.ok ? 'ok' : result.reason;
    if (got !== entry.expect) failures.push(`${entry.file} → ${got}, wanted ${entry.expect}`);
  }
  if (failures.length) throw new Error(failures.join('\n'));
});

Deno.test('a clean JPEG passes with its size; stored with parameters it does not', async () => {
  const jpeg = await Deno.readFile(new URL('clean.jpg', crafted));
  assertEqual(
    await gateFile(jpeg, 'image/jpeg', 'image/jpeg'),
    { ok: true, type: 'image/jpeg', width: 40, height: 30 },
    'clean.jpg',
  );
  assertEqual(
    await gateFile(jpeg, 'image/jpeg', 'image/jpeg;text/html'),
    { ok: false, reason: 'content_type' },
    'stored as image/jpeg;text/html',
  );
  if (IMAGE_BOUNDS.maxSide >= 65500) throw new Error('the bounds let a 65500 px side through');
});
