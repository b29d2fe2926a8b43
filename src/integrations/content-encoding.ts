import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';

/** The text files worth compressing (images, fonts and video are compressed already). */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.webmanifest',
  '.xml',
  '.txt',
  '.svg',
  '.map',
]);
/** Below this size a compressed response saves less than its headers cost. */
export const MIN_COMPRESSED_BYTES = 1024;

export type Encoding = 'br' | 'gzip';
/** The sibling file a build writes for each encoding (`index.html.br`, `index.html.gz`). */
export const PRECOMPRESSED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encoding the production hosts would send for an `Accept-Encoding` header: Brotli when the
 * client takes it (Cloudflare and Netlify send `br` to the browsers that offer it, as Chromium
 * does over HTTPS: the Lighthouse bench's pages weigh what a visitor downloads), else gzip.
 * A coding listed with `q=0` is refused.
 */
export function chooseEncoding(acceptEncoding: string): Encoding | null {
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
 * On-the-fly compression, for a file the build did not precompress (one put into `dist/` by hand):
 * Brotli at quality 5, the level of a CDN's on-the-fly compression, and gzip at 6.
 */
export function compress(data: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(data, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
      })
    : gzipSync(data, { level: 6 });
}

/**
 * The build's precompressed sibling of `file` for `encoding`, when there is one at least as new as
 * the file itself (a file rewritten after the build is compressed on the fly instead).
 */
export function precompressedFile(file: string, encoding: Encoding, mtimeMs: number) {
  const sibling = file + PRECOMPRESSED_SUFFIX[encoding];
  try {
    const stats = statSync(sibling);
    return stats.isFile() && stats.mtimeMs >= mtimeMs ? { file: sibling, size: stats.size } : null;
  } catch {
    return null;
  }
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli at its highest quality and gzip at 9: what a build can afford once per file. */
async function compressFully(data: Buffer): Promise<Record<Encoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotliAsync(data, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

function compressibleFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (COMPRESSIBLE_EXTENSIONS.has(extname(entry.name).toLowerCase())) files.push(path);
    }
  };
  walk(root);
  return files.filter((file) => statSync(file).size > MIN_COMPRESSED_BYTES);
}

/** Cache entries unused for this long are removed. */
const CACHE_DAYS = 7;

/**
 * Writes `<file>.br` (Brotli 11) and `<file>.gz` (gzip 9) beside every compressible file of a
 * build. Brotli 11 costs about 25 s of CPU for a whole build, so results are kept in `cacheDir` by
 * the content's SHA-256: a rebuild compresses only what changed (the hashed `_astro/` files almost
 * never do). Returns the counts, for the build's log.
 */
export async function precompressDir(
  root: string,
  cacheDir: string,
): Promise<{ files: number; compressed: number; bytes: number; brotliBytes: number }> {
  mkdirSync(cacheDir, { recursive: true });
  const files = compressibleFiles(root);
  let compressed = 0;
  let bytes = 0;
  let brotliBytes = 0;
  const now = new Date();
  // A few at a time: each compression runs on libuv's thread pool.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const data = readFileSync(file);
      const key = createHash('sha256').update(data).digest('hex');
      const cached = (encoding: Encoding) => join(cacheDir, key + PRECOMPRESSED_SUFFIX[encoding]);
      let out: Record<Encoding, Buffer>;
      if (existsSync(cached('br')) && existsSync(cached('gzip'))) {
        out = { br: readFileSync(cached('br')), gzip: readFileSync(cached('gzip')) };
        for (const encoding of ['br', 'gzip'] as const) utimesSync(cached(encoding), now, now);
      } else {
        out = await compressFully(data);
        // Written aside and renamed: another build may read the same entry meanwhile.
        for (const encoding of ['br', 'gzip'] as const) {
          const aside = `${cached(encoding)}.${process.pid}.tmp`;
          writeFileSync(aside, out[encoding]);
          renameSync(aside, cached(encoding));
        }
        compressed++;
      }
      for (const encoding of ['br', 'gzip'] as const)
        writeFileSync(file + PRECOMPRESSED_SUFFIX[encoding], out[encoding]);
      bytes += data.length;
      brotliBytes += out.br.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const stale = now.getTime() - CACHE_DAYS * 86_400_000;
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    if ((statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < stale)
      rmSync(path, { force: true });
  }
  return { files: files.length, compressed, bytes, brotliBytes };
}
