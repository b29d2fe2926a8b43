import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaticSiteServer,
  headersFor,
  parseHeadersFile,
  resolveFile,
} from '../static-site.ts';
import { withHttpsSite } from '../../scripts/bench/https-site.ts';
import { writeFixtureSite } from './helpers.ts';

/** The static server of `npm start`: production headers, pretty URLs, localized 404s, no escapes. */

describe('_headers parsing', () => {
  const rules = parseHeadersFile(
    [
      '/*',
      '  X-Frame-Options: DENY',
      '  Link: </a.css>; rel=preload',
      '/blog/:slug',
      '  X-Blog: yes',
      '/en/*',
      '  Link: </b.css>; rel=preload',
      '  ! X-Frame-Options',
    ].join('\n'),
  );

  it('applies every matching rule in order, joining repeated headers', () => {
    expect(headersFor(rules, '/')).toEqual({
      'X-Frame-Options': 'DENY',
      Link: '</a.css>; rel=preload',
    });
    expect(headersFor(rules, '/blog/dhi-technique-guide')).toMatchObject({ 'X-Blog': 'yes' });
    expect(headersFor(rules, '/blog/a/b')).not.toHaveProperty('X-Blog');
    expect(headersFor(rules, '/en/about')).toEqual({
      Link: '</a.css>; rel=preload, </b.css>; rel=preload',
    });
  });

  it('reads the repository’s own public/_headers', async () => {
    const { readFileSync } = await import('node:fs');
    const own = parseHeadersFile(
      readFileSync(join(import.meta.dirname, '..', '..', 'public', '_headers'), 'utf8'),
    );
    expect(Object.keys(headersFor(own, '/')).length).toBeGreaterThan(0);
  });
});

describe('file resolution', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'rihla-site-'));
    writeFixtureSite(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('maps pretty URLs and falls back to the localized 404 page', () => {
    expect(resolveFile(root, '/hair-transplant-turkey')).toMatchObject({
      status: 200,
      file: join(root, 'hair-transplant-turkey', 'index.html'),
    });
    expect(resolveFile(root, '/hair-transplant-turkey/')).toMatchObject({ status: 200 });
    expect(resolveFile(root, '/en/unknown')).toMatchObject({
      status: 404,
      file: join(root, 'en', '404.html'),
    });
    expect(resolveFile(root, '/unknown')).toMatchObject({
      status: 404,
      file: join(root, '404.html'),
    });
    expect(resolveFile(root, '/_headers')).toMatchObject({ status: 404 });
  });

  it('never leaves the root', () => {
    for (const attempt of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/a/../../etc/passwd',
      '/%00',
      '/..\\secret',
    ]) {
      const resolved = resolveFile(root, attempt);
      if (resolved !== 'bad-request' && resolved !== null) {
        expect(resolved.file.startsWith(root), attempt).toBe(true);
        expect(resolved.status, attempt).toBe(404);
      }
    }
    expect(resolveFile(root, '/%E0%A4%A')).toBe('bad-request');
  });
});

describe('the server', () => {
  let root: string;
  let origin: string;
  let server: ReturnType<typeof createStaticSiteServer>;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'rihla-site-'));
    writeFixtureSite(root);
    server = createStaticSiteServer({ root });
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolveClose) => server.close(resolveClose));
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the _headers on pages, assets and 404s, with the right content types', async () => {
    const page = await fetch(`${origin}/hair-transplant-turkey`, {
      headers: { 'Accept-Encoding': 'gzip, deflate' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const asset = await fetch(`${origin}/_astro/app.Ab12.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${origin}/favicon.svg`)).headers.get('content-type')).toBe(
      'image/svg+xml',
    );
    expect((await fetch(`${origin}/sitemap-index.xml`)).headers.get('content-type')).toBe(
      'application/xml; charset=utf-8',
    );
    const missing = await fetch(`${origin}/en/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('en 404');
    expect(missing.headers.get('x-frame-options')).toBe('DENY');
  });

  it("follows the build's _redirects where no file answers (retired clinics), never over a page", async () => {
    writeFileSync(
      join(root, '_redirects'),
      '# retired\n/clinics/gone /clinics/#gone 302\n/hair-transplant-turkey /elsewhere 302\n/x/* /y 302\n',
    );
    const gone = await fetch(`${origin}/clinics/gone`, { redirect: 'manual' });
    expect(gone.status).toBe(302);
    expect(gone.headers.get('location')).toBe('/clinics/#gone');
    expect((await fetch(`${origin}/hair-transplant-turkey`, { redirect: 'manual' })).status).toBe(
      200,
    );
    expect((await fetch(`${origin}/x/z`, { redirect: 'manual' })).status).toBe(404);
    rmSync(join(root, '_redirects'));
  });

  it('compresses as the hosts do: Brotli when offered, else gzip, nothing when neither is', async () => {
    /** One request with exactly this Accept-Encoding, the body as it came over the wire. */
    const raw = (path: string, acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolveGet, rejectGet) => {
        const request = httpRequest(
          `${origin}${path}`,
          { headers: { 'accept-encoding': acceptEncoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolveGet({
                encoding: response.headers['content-encoding'],
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        request.on('error', rejectGet);
        request.end();
      });
    const plain = await raw('/hair-transplant-turkey', 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain('<title>hair</title>');
    const br = await raw('/hair-transplant-turkey', 'gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await raw('/hair-transplant-turkey', 'gzip, br;q=0');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect((await raw('/hair-transplant-turkey', '*')).encoding).toBe('gzip');
    expect((await raw('/hair-transplant-turkey', '')).encoding).toBeUndefined();
  });

  it('answers conditional requests, HEAD and refuses other methods', async () => {
    const first = await fetch(`${origin}/`);
    const etag = first.headers.get('etag') ?? '';
    expect((await fetch(`${origin}/`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const head = await fetch(`${origin}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${origin}/`, { method: 'POST' })).status).toBe(405);
  });
});

describe('the same site over HTTPS with HTTP/2 (the Lighthouse bench)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'rihla-site-h2-'));
    writeFixtureSite(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** One HTTP/2 request; the certificate is the bench's self-signed one for 127.0.0.1. */
  function get(origin: string, path: string) {
    return new Promise<{
      alpn: string | undefined;
      headers: Record<string, unknown>;
      body: Buffer;
    }>((resolveGet, rejectGet) => {
      const session = connect(origin, { rejectUnauthorized: false });
      session.on('error', rejectGet);
      // What Chromium offers over HTTPS.
      const request = session.request({
        ':path': path,
        'accept-encoding': 'gzip, deflate, br, zstd',
      });
      const chunks: Buffer[] = [];
      let headers: Record<string, unknown> = {};
      request.on('response', (received) => (headers = received));
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const alpn = session.alpnProtocol;
        session.close();
        resolveGet({ alpn, headers, body: Buffer.concat(chunks) });
      });
      request.on('error', rejectGet);
      request.end();
    });
  }

  it('serves the pages, headers and 404s of the HTTP/1.1 server on one HTTP/2 connection', async () => {
    await withHttpsSite(root, 0, async (origin) => {
      expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const page = await get(origin, '/hair-transplant-turkey');
      expect(page.alpn).toBe('h2');
      expect(page.headers[':status']).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.body).toString()).toContain('<title>hair</title>');
      const asset = await get(origin, '/_astro/app.Ab12.js');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.body.toString()).toBe('console.log("island")');
      const missing = await get(origin, '/en/nothing-here');
      expect(missing.headers[':status']).toBe(404);
      expect(missing.body.toString()).toContain('en 404');
    });
  });
});
