import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * The encoding the production hosts would send for an `Accept-Encoding` header: Brotli when the
 * client takes it (Cloudflare and Netlify send `br` to the browsers that offer it, as Chromium
 * does over HTTPS: the Lighthouse bench's pages weigh what a visitor downloads), else gzip.
 * A coding listed with `q=0` is refused.
 */
export function chooseEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Brotli at quality 5, the level of a CDN's on-the-fly compression (not the 11 of a build step:
 * the bench must not flatter the pages), and gzip at 6.
 */
export function compress(data: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(data, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
      })
    : gzipSync(data, { level: 6 });
}
