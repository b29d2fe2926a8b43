import { createReadStream, existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import {
  chooseEncoding,
  compress,
  COMPRESSIBLE_EXTENSIONS,
  MIN_COMPRESSED_BYTES,
  precompressedFile,
} from '../src/integrations/content-encoding.ts';

/**
 * Serves the built site (`dist/`) the way the production static host does: pretty URLs
 * (/foo → foo/index.html), the localized 404 page with status 404, and the security headers of
 * `public/_headers` (Netlify/Cloudflare format) on every response, so the local site is tested
 * with the production CSP and headers. A text file goes out compressed as the client accepts:
 * the build's Brotli 11 / gzip 9 sibling (`index.html.br`, src/integrations/precompress.ts), or
 * compressed on the fly at a CDN's level for a file without one.
 */

export interface HeaderRule {
  pattern: string;
  matcher: RegExp;
  headers: [string, string][];
  /** Cloudflare's `! Header-Name` lines remove a header set by an earlier rule. */
  removals: string[];
}

/** Parses a `_headers` file: a path line, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    if (rawLine.trim() === '' || rawLine.trim().startsWith('#')) continue;
    if (!/^\s/.test(rawLine)) {
      const pattern = rawLine.trim();
      current = { pattern, matcher: patternToRegExp(pattern), headers: [], removals: [] };
      rules.push(current);
      continue;
    }
    if (!current) continue;
    const line = rawLine.trim();
    if (line.startsWith('!')) {
      current.removals.push(line.slice(1).trim().toLowerCase());
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

function patternToRegExp(pattern: string): RegExp {
  const path = pattern.replace(/^https?:\/\/[^/]+/, '');
  const source = path
    .split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source.replace(/\/$/, '')}/?$`);
}

/** The headers for a path: every matching rule in order; repeated names are joined with ", ". */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const headers = new Map<string, { name: string; values: string[] }>();
  for (const rule of rules) {
    if (!rule.matcher.test(pathname)) continue;
    for (const removed of rule.removals) headers.delete(removed);
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const entry = headers.get(key) ?? { name, values: [] };
      if (!entry.values.includes(value)) entry.values.push(value);
      headers.set(key, entry);
    }
  }
  return Object.fromEntries(
    [...headers.values()].map(({ name, values }) => [name, values.join(', ')]),
  );
}

/**
 * The static redirects of a `_redirects` file (Netlify/Cloudflare format: `from to status`), the
 * ones the build writes for partner clinics no longer active (src/integrations/clinic-pages.ts).
 * Only exact paths with a redirect status; splats, placeholders and rewrites are not read.
 */
export function parseRedirectsFile(text: string): Map<string, { to: string; status: number }> {
  const redirects = new Map<string, { to: string; status: number }>();
  for (const line of text.split(/\r?\n/)) {
    const [from, to, code = '301', ...rest] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#') || rest.length > 0) continue;
    const status = Number(code);
    if (![301, 302, 303, 307, 308].includes(status) || /[*:]/.test(from)) continue;
    if (!redirects.has(from)) redirects.set(from, { to, status });
  }
  return redirects;
}

/** The redirects of `file`, read again when it changes (none without the file). */
function redirectsLoader(file: string): () => Map<string, { to: string; status: number }> {
  let redirects = new Map<string, { to: string; status: number }>();
  let mtime = -1;
  return () => {
    const stats = statIfFile(file);
    if (!stats) return (redirects = new Map());
    if (stats.mtimeMs !== mtime) {
      redirects = parseRedirectsFile(readFileSync(file, 'utf8'));
      mtime = stats.mtimeMs;
    }
    return redirects;
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticSiteOptions {
  /** The built site, usually dist/. */
  root: string;
  /** The `_headers` file; default `<root>/_headers`, else public/_headers next to it. */
  headersFile?: string;
  log?: (line: string) => void;
}

interface Resolved {
  file: string;
  stats: Stats;
  status: number;
}

export function resolveFile(root: string, pathname: string): Resolved | 'bad-request' | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return 'bad-request';
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return 'bad-request';
  const normalized = normalize(decoded);
  const base = resolve(root);
  const target = resolve(base, `.${normalized.startsWith('/') ? normalized : `/${normalized}`}`);
  if (target !== base && !target.startsWith(base + sep)) return 'bad-request';
  // Host configuration files are read by the host, never served (as on Netlify/Cloudflare).
  const hidden = normalized === '/_headers' || normalized === '/_redirects';
  const candidates = hidden
    ? []
    : decoded.endsWith('/')
      ? [join(target, 'index.html')]
      : [target, join(target, 'index.html'), `${target}.html`];
  for (const candidate of candidates) {
    const stats = statIfFile(candidate);
    if (stats) return { file: candidate, stats, status: 200 };
  }
  const localized = /^\/(en)(\/|$)/.exec(decoded)?.[1];
  // Astro writes the English 404 as en/404/index.html (directory format), the default one as 404.html.
  for (const candidate of [
    localized ? join(base, localized, '404.html') : null,
    localized ? join(base, localized, '404', 'index.html') : null,
    join(base, '404.html'),
  ]) {
    if (!candidate) continue;
    const stats = statIfFile(candidate);
    if (stats) return { file: candidate, stats, status: 404 };
  }
  return null;
}

function statIfFile(file: string): Stats | null {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * The request listener behind createStaticSiteServer. It uses only what Node's HTTP/1.1 and
 * HTTP/2 compatibility APIs share, so the Lighthouse bench serves the same files and headers over
 * HTTPS with HTTP/2, as the production host does (scripts/bench/https-site.ts).
 */
export function staticSiteHandler(
  options: StaticSiteOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const root = resolve(options.root);
  const headersFile =
    options.headersFile ??
    (existsSync(join(root, '_headers'))
      ? join(root, '_headers')
      : join(root, '..', 'public', '_headers'));
  let rules: HeaderRule[] = [];
  let rulesMtime = -1;
  const loadRules = () => {
    const stats = statIfFile(headersFile);
    if (!stats) return (rules = []);
    if (stats.mtimeMs !== rulesMtime) {
      rules = parseHeadersFile(readFileSync(headersFile, 'utf8'));
      rulesMtime = stats.mtimeMs;
    }
    return rules;
  };
  const compressedCache = new Map<string, Buffer>();
  const loadRedirects = redirectsLoader(join(root, '_redirects'));

  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    res.on('error', () => {});
    res.on('finish', () =>
      options.log?.(
        `[site] ${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`,
      ),
    );
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const security = headersFor(loadRules(), pathname);
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Method Not Allowed\n');
      return;
    }
    const resolved = resolveFile(root, pathname);
    // As on Netlify, a redirect applies where no file answers.
    const redirect =
      resolved === null || (resolved !== 'bad-request' && resolved.status === 404)
        ? loadRedirects().get(pathname)
        : undefined;
    if (redirect) {
      res.writeHead(redirect.status, { Location: redirect.to }).end();
      return;
    }
    if (resolved === 'bad-request') {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request\n');
      return;
    }
    if (resolved === null) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    const extension = extname(resolved.file).toLowerCase();
    const etag = `W/"${resolved.stats.size.toString(16)}-${Math.floor(resolved.stats.mtimeMs).toString(16)}"`;
    const defaults: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': pathname.startsWith('/_astro/')
        ? 'public, max-age=31536000, immutable'
        : extension === '.html'
          ? 'no-cache'
          : 'public, max-age=3600',
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    for (const [name, value] of Object.entries(defaults)) {
      if (!res.hasHeader(name)) res.setHeader(name, value);
    }
    if (resolved.status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    const encoding =
      COMPRESSIBLE_EXTENSIONS.has(extension) && resolved.stats.size > MIN_COMPRESSED_BYTES
        ? chooseEncoding(String(req.headers['accept-encoding'] ?? ''))
        : null;
    const sibling = encoding && precompressedFile(resolved.file, encoding, resolved.stats.mtimeMs);
    if (encoding && sibling) {
      res.writeHead(resolved.status, {
        'Content-Encoding': encoding,
        'Content-Length': String(sibling.size),
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(sibling.file)
        .on('error', () => res.destroy())
        .pipe(res);
      return;
    }
    if (encoding) {
      const key = `${encoding}:${resolved.file}:${etag}`;
      let compressed = compressedCache.get(key);
      if (!compressed) {
        compressed = compress(readFileSync(resolved.file), encoding);
        if (compressedCache.size > 500) compressedCache.clear();
        compressedCache.set(key, compressed);
      }
      res.writeHead(resolved.status, {
        'Content-Encoding': encoding,
        'Content-Length': String(compressed.length),
      });
      res.end(req.method === 'HEAD' ? undefined : compressed);
      return;
    }
    res.writeHead(resolved.status, { 'Content-Length': String(resolved.stats.size) });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(resolved.file)
      .on('error', () => res.destroy())
      .pipe(res);
  };
}

export function createStaticSiteServer(options: StaticSiteOptions): Server {
  const server = createServer(staticSiteHandler(options));
  server.on('clientError', (_error, socket) => socket.destroy());
  return server;
}
