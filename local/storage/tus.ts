import { randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../http.ts';
import { storageCaller, verifyObjectToken, type UploadGrant } from './auth.ts';
import { checkUploadAllowed, findBucket, findObject, saveObject } from './catalog.ts';
import { assertMimeAllowed, metadataFor, sizeLimit, type StorageContext } from './context.ts';
import { StorageError, storageErrors } from './errors.ts';
import { assertValidKey } from './files.ts';
import {
  files,
  load,
  offsetOf,
  parseMetadata,
  sweepExpiredUploads,
  TUS_EXPIRY_MS,
  TUS_HEADERS,
  TUS_VERSION,
  TusError,
  type TusUpload,
} from './tus-store.ts';

export { sweepExpiredUploads, TUS_EXPIRY_MS, TUS_HEADERS } from './tus-store.ts';

/**
 * Resumable uploads (TUS 1.0.0) at /storage/v1/upload/resumable, as hosted Storage serves them
 * with @tus/server (supabase/storage src/http/routes/tus): POST creates an upload from
 * Upload-Length and Upload-Metadata (bucketName, objectName, contentType, cacheControl, base64),
 * answering 201 with its Location (`…/upload/resumable[/sign]/<base64url of bucket/name/version>`);
 * HEAD tells the offset; PATCH appends at Upload-Offset (application/offset+octet-stream) and, at
 * the last byte, stores the object (204, Tus-Complete: 1); DELETE drops an unfinished upload.
 * Under `/sign` the signed upload token of createSignedUploadUrl in `x-signature` is the permission
 * (no user needed); otherwise the caller's JWT and the RLS insert check are. A PATCH cut off midway
 * keeps the bytes that arrived, so HEAD answers where to resume. Unfinished uploads expire after an
 * hour (Storage's TUS_URL_EXPIRY_MS default) and are deleted then. TUS errors are plain text with
 * the error's own status (403, 404, 409, 413, 415), as Storage's onResponseError renders them.
 */

const locks = new Map<string, Promise<void>>();

/** Who may write `bucket/name`: the x-signature token under /sign, else the caller (RLS). */
async function permission(
  ctx: StorageContext,
  req: IncomingMessage,
  url: URL,
  signed: boolean,
  bucket: string,
  name: string,
): Promise<UploadGrant> {
  if (signed) {
    const signature = req.headers['x-signature'];
    if (typeof signature !== 'string' || !signature) {
      throw storageErrors.invalidSignature('Missing x-signature header');
    }
    return verifyObjectToken(signature, bucket, name, 'upload', ctx.keys);
  }
  const auth = storageCaller(req, url, ctx.keys);
  const upsert = req.headers['x-upsert'] === 'true';
  await checkUploadAllowed(ctx.db, req, auth, bucket, name, upsert);
  return { owner: typeof auth.claims.sub === 'string' ? auth.claims.sub : undefined, upsert };
}

async function create(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  signed: boolean,
): Promise<void> {
  const length = Number(req.headers['upload-length']);
  if (req.headers['upload-length'] === undefined || !Number.isSafeInteger(length) || length < 0) {
    throw new TusError(400, 'Upload-Length or Upload-Defer-Length header required');
  }
  if (req.headers['upload-metadata'] === undefined)
    throw storageErrors.invalidRequest('Metadata header is required');
  const metadata = parseMetadata(String(req.headers['upload-metadata']));
  const bucket = metadata['bucketName'] ?? '';
  const name = metadata['objectName'] ?? '';
  assertValidKey(name);
  const found = await findBucket(ctx.db, bucket);
  if (!found) throw storageErrors.noSuchBucket();
  const grant = await permission(ctx, req, url, signed, bucket, name);
  const mimetype = metadata['contentType'] || 'application/octet-stream';
  assertMimeAllowed(found, mimetype);
  if (length > sizeLimit(ctx, found)) throw new TusError(413, 'Maximum size exceeded');
  if (!grant.upsert && (await findObject(ctx.db, bucket, name)))
    throw storageErrors.alreadyExists();
  const cache = metadata['cacheControl'] ?? '';
  const upload: TusUpload = {
    bucket,
    name,
    length,
    mimetype,
    cacheControl: /^-?\d+$/.test(cache) ? `max-age=${cache}` : 'no-cache',
    grant,
    signed,
    expiresAt: Date.now() + TUS_EXPIRY_MS,
  };
  const id = Buffer.from(`${bucket}/${name}/${randomUUID()}`).toString('base64url');
  const paths = files(ctx, id);
  await writeFile(paths.info, JSON.stringify(upload));
  await writeFile(paths.data, new Uint8Array());
  const host = req.headers.host ?? '127.0.0.1';
  send(res, 201, null, {
    ...TUS_HEADERS,
    Location: `http://${host}/storage/v1/upload/resumable${signed ? '/sign' : ''}/${id}`,
    'Upload-Expires': new Date(upload.expiresAt).toUTCString(),
  });
}

/** Appends the request body to the upload's file; resolves to the bytes written (all, or up to a cut). */
function append(req: IncomingMessage, file: string, room: number): Promise<number> {
  return new Promise((resolveWritten, reject) => {
    const out = createWriteStream(file, { flags: 'a' });
    let written = 0;
    let tooLong = false;
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      out.end(() =>
        tooLong ? reject(new TusError(413, 'Maximum size exceeded')) : resolveWritten(written),
      );
    };
    req.on('data', (chunk: Buffer) => {
      if (tooLong) return;
      const part = chunk.length > room - written ? chunk.subarray(0, room - written) : chunk;
      if (part.length < chunk.length) tooLong = true;
      written += part.length;
      out.write(part);
    });
    req.once('end', finish);
    // A cut connection: what arrived is kept, so the client resumes from there.
    req.once('close', finish);
    out.once('error', reject);
  });
}

async function patch(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  id: string,
): Promise<void> {
  const upload = load(ctx, id);
  await permission(ctx, req, url, upload.signed, upload.bucket, upload.name);
  if (String(req.headers['content-type'] ?? '') !== 'application/offset+octet-stream') {
    throw new TusError(415, 'Unsupported Media Type');
  }
  const paths = files(ctx, id);
  const offset = offsetOf(ctx, id);
  if (Number(req.headers['upload-offset']) !== offset)
    throw new TusError(409, 'Upload-Offset conflict');
  const written = await append(req, paths.data, upload.length - offset);
  const now = offset + written;
  const headers: Record<string, string> = { ...TUS_HEADERS, 'Upload-Offset': String(now) };
  if (now === upload.length) {
    const data = readFileSync(paths.data);
    await saveObject(
      ctx.db,
      upload.bucket,
      upload.name,
      upload.grant.owner,
      metadataFor(data, upload.mimetype, upload.cacheControl),
      upload.grant.upsert,
    );
    ctx.files.adopt(upload.bucket, upload.name, paths.data);
    rmSync(paths.info, { force: true });
    headers['Tus-Complete'] = '1';
  }
  send(res, 204, null, headers);
}

/** Routes one TUS request (`rest` is the path after /upload/resumable). */
export async function handleTus(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  rest: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  const signed = rest === '/sign' || rest.startsWith('/sign/');
  const id = (signed ? rest.slice('/sign'.length) : rest).replace(/^\//, '');
  try {
    sweepExpiredUploads(ctx);
    if (req.headers['tus-resumable'] !== TUS_VERSION) {
      throw new TusError(412, 'Unsupported version');
    }
    if (method === 'POST' && id === '') return await create(ctx, req, res, url, signed);
    if (id === '') throw new TusError(404, 'Not found');
    if (method === 'HEAD') {
      const upload = load(ctx, id);
      // As PATCH and DELETE: the upload's own credential (its signature, or the caller's key), on
      // whichever route the id is asked, so no HEAD answers without one (issue 42).
      await permission(ctx, req, url, upload.signed, upload.bucket, upload.name);
      send(res, 200, null, {
        ...TUS_HEADERS,
        'Upload-Offset': String(offsetOf(ctx, id)),
        'Upload-Length': String(upload.length),
        'Cache-Control': 'no-store',
      });
      return;
    }
    if (method === 'PATCH') {
      // One PATCH of an upload at a time: a retry waits for the cut request it follows.
      const previous = locks.get(id) ?? Promise.resolve();
      let release = () => {};
      const done = new Promise<void>((resolveLock) => (release = resolveLock));
      const chained = previous.then(() => done);
      locks.set(id, chained);
      await previous;
      try {
        return await patch(ctx, req, res, url, id);
      } finally {
        release();
        if (locks.get(id) === chained) locks.delete(id);
      }
    }
    if (method === 'DELETE') {
      const upload = load(ctx, id);
      await permission(ctx, req, url, upload.signed, upload.bucket, upload.name);
      const paths = files(ctx, id);
      rmSync(paths.info, { force: true });
      rmSync(paths.data, { force: true });
      send(res, 204, null, TUS_HEADERS);
      return;
    }
    throw new TusError(405, 'Method not allowed');
  } catch (error) {
    if (error instanceof TusError) {
      req.resume();
      send(res, error.status, `${error.message}\n`, {
        ...TUS_HEADERS,
        'Content-Type': 'text/plain',
      });
      return;
    }
    if (error instanceof StorageError) {
      req.resume();
      send(res, error.statusCode, error.message, { ...TUS_HEADERS, 'Content-Type': 'text/plain' });
      return;
    }
    throw error;
  }
}
