import type { IncomingMessage } from 'node:http';
import type { Database } from '../db.ts';
import type { JwtKeys } from '../jwt.ts';
import { BodyTooLarge, readBody } from '../http.ts';
import type { Bucket, ObjectMetadata } from './catalog.ts';
import { storageErrors } from './errors.ts';
import { etagOf, type ObjectFiles } from './files.ts';

/** What the Storage stand-in's handlers share. */
export interface StorageContext {
  db: Database;
  /** The project's JWT keys: callers' tokens verify with them, signed URLs are signed with them. */
  keys: JwtKeys;
  files: ObjectFiles;
  log: (line: string) => void;
  /** The project's upload limit when a bucket sets none (hosted Free plan: 50 MB). */
  globalFileSizeLimit: number;
}

export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** A JSON body of at most 1 MiB, as Storage's JSON routes read it. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let body: Buffer;
  try {
    body = await readBody(req, 1024 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw storageErrors.entityTooLarge();
    throw error;
  }
  if (body.length === 0) return {};
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Answered below.
  }
  throw storageErrors.invalidRequest('Body is not valid JSON');
}

/** The limit of one object in `bucket` (its own limit, never above the project's). */
export function sizeLimit(ctx: StorageContext, bucket: Bucket): number {
  const own = bucket.file_size_limit;
  return own && own > 0 ? Math.min(own, ctx.globalFileSizeLimit) : ctx.globalFileSizeLimit;
}

/** Refuses a content type the bucket does not allow (`image/*` style wildcards included). */
export function assertMimeAllowed(bucket: Bucket, mimetype: string): void {
  const allowed = bucket.allowed_mime_types;
  if (!allowed || allowed.length === 0) return;
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  const ok = allowed.some((pattern) => {
    const wanted = pattern.toLowerCase();
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted;
  });
  if (!ok) throw storageErrors.invalidMimeType(type);
}

export interface UploadedBody {
  data: Buffer;
  mimetype: string;
  cacheControl: string;
}

/**
 * The bytes of a standard upload: a multipart form (what storage-js sends for a Blob or File: a
 * `cacheControl` field and the file) or a raw body (Content-Type and Cache-Control headers), at
 * most `limit` bytes (EntityTooLarge beyond).
 */
export async function readUpload(req: IncomingMessage, limit: number): Promise<UploadedBody> {
  let body: Buffer;
  try {
    // A multipart envelope adds a few hundred bytes around the file.
    body = await readBody(req, limit + 64 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw storageErrors.entityTooLarge();
    throw error;
  }
  const contentType = String(req.headers['content-type'] ?? 'text/plain;charset=UTF-8');
  let upload: UploadedBody;
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    })
      .formData()
      .catch(() => null);
    const file = form && [...form.values()].find((value): value is File => value instanceof Blob);
    if (!form || !file) throw storageErrors.invalidRequest('The upload has no file');
    const cache = form.get('cacheControl');
    upload = {
      data: Buffer.from(await file.arrayBuffer()),
      mimetype: file.type || 'application/octet-stream',
      cacheControl: typeof cache === 'string' && cache ? `max-age=${cache}` : 'no-cache',
    };
  } else {
    upload = {
      data: body,
      mimetype: contentType,
      cacheControl: String(req.headers['cache-control'] ?? 'no-cache'),
    };
  }
  if (upload.data.length > limit) throw storageErrors.entityTooLarge();
  return upload;
}

/** The metadata Storage keeps with an object. */
export function metadataFor(
  data: Uint8Array,
  mimetype: string,
  cacheControl: string,
): ObjectMetadata {
  return {
    eTag: etagOf(data),
    size: data.length,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: data.length,
    httpStatusCode: 200,
  };
}
