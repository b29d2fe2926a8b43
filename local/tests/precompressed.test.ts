import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../src/integrations/content-encoding.ts';
import { createStaticSiteServer } from '../static-site.ts';
import { writeFixtureSite } from './helpers.ts';

/** Issue 48: the build's Brotli 11 / gzip 9 siblings, and the local server sending them. */

const PAGE = 'hair-transplant-turkey/index.html';

function get(origin: string, path: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; length: string | undefined; body: Buffer }>(
    (resolveGet, rejectGet) => {
      const request = httpRequest(
        `${origin}${path}`,
        { headers: { 'accept-encoding': acceptEncoding } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolveGet({
              encoding: response.headers['content-encoding'],
              length: response.headers['content-length'],
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on('error', rejectGet);
      request.end();
    },
  );
}

describe('precompressed files', () => {
  let root: string;
  let cache: string;
  let origin: string;
  let server: ReturnType<typeof createStaticSiteServer>;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'rihla-precompressed-'));
    cache = mkdtempSync(join(tmpdir(), 'rihla-precompress-cache-'));
    writeFixtureSite(root);
    server = createStaticSiteServer({ root });
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolveClose) => server.close(resolveClose));
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it('writes Brotli 11 and gzip siblings of the text files over 1 KB, and reuses them by content', async () => {
    const first = await precompressDir(root, cache);
    // Only the long page passes 1 KB in the fixture site.
    expect(first).toMatchObject({ files: 1, compressed: 1 });
    const page = readFileSync(join(root, PAGE));
    const br = readFileSync(join(root, `${PAGE}.br`));
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gunzipSync(readFileSync(join(root, `${PAGE}.gz`))).equals(page)).toBe(true);
    const quality11 = brotliCompressSync(page, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    expect(br.length).toBe(quality11.length);
    expect(() => statSync(join(root, 'index.html.br'))).toThrow();
    const again = await precompressDir(root, cache);
    expect(again).toMatchObject({ files: 1, compressed: 0 });
  });

  it('sends the sibling for the encoding the client takes, and on-the-fly only for a file newer than it', async () => {
    // A sibling with a mark of its own, so the response shows which one was sent.
    const marked = Buffer.from(`${readFileSync(join(root, PAGE), 'utf8')}<!-- sibling -->`);
    writeFileSync(join(root, `${PAGE}.br`), brotliCompressSync(marked));
    const br = await get(origin, '/hair-transplant-turkey/', 'gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('<!-- sibling -->');
    expect(br.length).toBe(String(statSync(join(root, `${PAGE}.br`)).size));
    const gzip = await get(origin, '/hair-transplant-turkey/', 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(readFileSync(join(root, PAGE)))).toBe(true);
    // The page rewritten after the build: its stale sibling is not sent.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, PAGE), later, later);
    const fresh = await get(origin, '/hair-transplant-turkey/', 'br');
    expect(brotliDecompressSync(fresh.body).toString()).not.toContain('<!-- sibling -->');
    expect(brotliDecompressSync(fresh.body).equals(readFileSync(join(root, PAGE)))).toBe(true);
  });
});
