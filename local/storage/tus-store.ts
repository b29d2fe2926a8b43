import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { UploadGrant } from './auth.ts';
import type { StorageContext } from './context.ts';

/**
 * The records of unfinished resumable uploads (local/storage/tus.ts): `<id>.json` (bucket, name,
 * length, type, who may write it, expiry) and `<id>.bin` (the bytes so far, whose size is the
 * offset) under `<data dir>/storage/.tus/`.
 */

export const TUS_VERSION = '1.0.0';
export const TUS_EXPIRY_MS = 60 * 60 * 1000;

export const TUS_HEADERS = {
  'Tus-Resumable': TUS_VERSION,
  'Access-Control-Expose-Headers':
    'Location, Tus-Extension, Tus-Max-Size, Tus-Resumable, Tus-Version, Upload-Length, Upload-Metadata, Upload-Offset, Upload-Expires, Tus-Complete',
};

export interface TusUpload {
  bucket: string;
  name: string;
  length: number;
  mimetype: string;
  cacheControl: string;
  grant: UploadGrant;
  signed: boolean;
  expiresAt: number;
}

/** A TUS failure: plain text with its status. */
export class TusError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function parseMetadata(header: string | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) values[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return values;
}

export function files(ctx: StorageContext, id: string) {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(id)) throw new TusError(404, 'Upload not found');
  const dir = ctx.files.tusDir;
  const safe = Buffer.from(id).toString('hex').slice(0, 200);
  return { info: join(dir, `${safe}.json`), data: join(dir, `${safe}.bin`) };
}

export function load(ctx: StorageContext, id: string): TusUpload {
  const { info, data } = files(ctx, id);
  if (!existsSync(info)) throw new TusError(404, 'Upload not found');
  const upload = JSON.parse(readFileSync(info, 'utf8')) as TusUpload;
  if (upload.expiresAt < Date.now()) {
    rmSync(info, { force: true });
    rmSync(data, { force: true });
    throw new TusError(410, 'The file for this url no longer exists');
  }
  return upload;
}

export function offsetOf(ctx: StorageContext, id: string): number {
  const { data } = files(ctx, id);
  return existsSync(data) ? statSync(data).size : 0;
}

/** Deletes expired unfinished uploads (their bytes are a person's data too). */
export function sweepExpiredUploads(ctx: StorageContext): number {
  const dir = ctx.files.tusDir;
  let removed = 0;
  for (const entry of readdirSync(dir)) {
    if (!entry.endsWith('.json')) continue;
    const info = join(dir, entry);
    try {
      const upload = JSON.parse(readFileSync(info, 'utf8')) as TusUpload;
      if (upload.expiresAt >= Date.now()) continue;
    } catch {
      // An unreadable record is dropped with its bytes.
    }
    rmSync(info, { force: true });
    rmSync(info.replace(/\.json$/, '.bin'), { force: true });
    removed++;
  }
  return removed;
}
