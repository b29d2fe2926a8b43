/**
 * Serves a build over HTTPS with HTTP/2 on the loopback address, for Lighthouse: the production
 * hosts (Netlify, Cloudflare Pages; docs/local-stack.md) serve every page that way, and the
 * local site server speaks plain HTTP/1.1.
 *
 * The difference matters to Lighthouse's simulated throttling: it replays the requests of a fast
 * observed load on the connections they used. Over HTTP/1.1 Chromium opens a new connection for
 * each request it sends while the others are busy (the blog listings' card images, for one), and
 * the simulation charges each new connection a handshake on a 150 ms round trip, so a few small
 * images finishing just before the first paint put the largest paint 150–225 ms after it. Over
 * HTTP/2 everything shares one connection, as it does for a visitor (docs/decisions.md,
 * "Lighthouse LCP ≤ FCP + 150 ms").
 *
 * The certificate is self-signed for 127.0.0.1, made by `openssl` into a temporary directory for
 * each run; the Chromium that audits the pages is told to accept it (`--ignore-certificate-errors`
 * in lighthouse.ts), which is only ever pointed at this loopback server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staticSiteHandler } from '../../local/static-site.ts';

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'rihla-bench-tls-'));
  try {
    const result = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    if (result.error || result.status !== 0) {
      throw new Error(
        `openssl could not make the bench's loopback certificate (${result.error?.message ?? result.stderr.toString().trim()}); on Debian: apt-get install openssl`,
      );
    }
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `work` with `https://127.0.0.1:<port>` serving `dist` (port 0: any free one), then stops the server. */
export async function withHttpsSite<T>(
  dist: string,
  port: number,
  work: (origin: string) => Promise<T>,
): Promise<T> {
  const handler = staticSiteHandler({ root: dist });
  const server = createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    // The handler uses only what the HTTP/1.1 and HTTP/2 compatibility APIs share (headers,
    // writeHead, end, piping a file stream); their TypeScript types are distinct classes.
    (req: Http2ServerRequest, res: Http2ServerResponse) =>
      handler(req as unknown as IncomingMessage, res as unknown as ServerResponse),
  );
  const sessions = new Set<{ destroy(): void }>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: listening } = server.address() as AddressInfo;
  try {
    return await work(`https://127.0.0.1:${listening}`);
  } finally {
    for (const session of sessions) session.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
