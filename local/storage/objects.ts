import type { IncomingMessage, ServerResponse } from 'node:http';
import { send, sendJson } from '../http.ts';
import type { RequestAuth } from '../request-auth.ts';
import {
  checkUploadAllowed,
  deleteObjects,
  findBucket,
  findObject,
  saveObject,
  visibleObjects,
  type ObjectRow,
} from './catalog.ts';
import {
  assertMimeAllowed,
  metadataFor,
  readJson,
  readUpload,
  sizeLimit,
  type StorageContext,
} from './context.ts';
import { storageErrors } from './errors.ts';
import { signDownloadToken, signUploadToken, verifyObjectToken } from './auth.ts';
import { assertValidKey } from './files.ts';

/**
 * The object routes the app uses, answering as hosted Storage does (supabase/storage
 * src/http/routes/object/*): signed upload URLs (create, and the upload to one), signed download
 * URLs (one, many, and the GET of one), an authenticated download, and remove.
 */

const MAX_OBJECTS_PER_REQUEST = 1000;

async function bucketOrFail(ctx: StorageContext, bucket: string) {
  const found = await findBucket(ctx.db, bucket);
  if (!found) throw storageErrors.noSuchBucket();
  return found;
}

function expiresInOf(body: Record<string, unknown>): number {
  const value = body['expiresIn'];
  if (value === undefined)
    throw storageErrors.invalidRequest("body must have required property 'expiresIn'");
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw storageErrors.invalidRequest('body/expiresIn must be >= 1');
  }
  return value;
}

/** POST /object/upload/sign/:bucket/*: the caller must be allowed to insert the object (RLS). */
export async function createSignedUploadUrl(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  auth: RequestAuth,
  bucket: string,
  name: string,
): Promise<void> {
  assertValidKey(name);
  await bucketOrFail(ctx, bucket);
  const upsert = req.headers['x-upsert'] === 'true';
  await checkUploadAllowed(ctx.db, req, auth, bucket, name, upsert);
  const owner = typeof auth.claims.sub === 'string' ? auth.claims.sub : undefined;
  const token = signUploadToken(`${bucket}/${name}`, { owner, upsert }, ctx.keys);
  sendJson(res, 200, { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token });
}

/** PUT /object/upload/sign/:bucket/*?token=: no key needed, the token is the permission. */
export async function uploadToSignedUrl(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  name: string,
): Promise<void> {
  const grant = verifyObjectToken(url.searchParams.get('token'), bucket, name, 'upload', ctx.keys);
  const found = await bucketOrFail(ctx, bucket);
  const upload = await readUpload(req, sizeLimit(ctx, found));
  assertMimeAllowed(found, upload.mimetype);
  // The row first: a name taken meanwhile is refused (ResourceAlreadyExists) before its bytes
  // are touched; readers never see a row whose file is missing for long (NoSuchKey meanwhile).
  await saveObject(
    ctx.db,
    bucket,
    name,
    grant.owner,
    metadataFor(upload.data, upload.mimetype, upload.cacheControl),
    grant.upsert,
  );
  await ctx.files.write(bucket, name, upload.data);
  sendJson(res, 200, { Key: `${bucket}/${name}` });
}

/** POST /object/sign/:bucket/*: a download URL for an object the caller may read. */
export async function createSignedUrl(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  auth: RequestAuth,
  bucket: string,
  name: string,
): Promise<void> {
  const expiresIn = expiresInOf(await readJson(req));
  const [row] = await visibleObjects(ctx.db, req, auth, bucket, [name]);
  if (!row) throw storageErrors.noSuchKey();
  const token = signDownloadToken(`${bucket}/${name}`, expiresIn, ctx.keys);
  sendJson(res, 200, { signedURL: `/object/sign/${bucket}/${name}?token=${token}` });
}

/** POST /object/sign/:bucket: one answer per path, with an error for those the caller cannot read. */
export async function createSignedUrls(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  auth: RequestAuth,
  bucket: string,
): Promise<void> {
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  const paths = body['paths'];
  if (
    !Array.isArray(paths) ||
    paths.length < 1 ||
    paths.length > MAX_OBJECTS_PER_REQUEST ||
    !paths.every((path) => typeof path === 'string')
  ) {
    throw storageErrors.invalidRequest(
      `body/paths must be an array of 1 to ${MAX_OBJECTS_PER_REQUEST} strings`,
    );
  }
  const visible = new Set(
    (await visibleObjects(ctx.db, req, auth, bucket, paths)).map((row) => row.name),
  );
  sendJson(
    res,
    200,
    paths.map((path) =>
      visible.has(path)
        ? {
            error: null,
            path,
            signedURL: `/object/sign/${bucket}/${path}?token=${signDownloadToken(`${bucket}/${path}`, expiresIn, ctx.keys)}`,
          }
        : {
            error: 'Either the object does not exist or you do not have access to it',
            path,
            signedURL: null,
          },
    ),
  );
}

function sendObject(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  row: ObjectRow,
  download: string | null,
): void {
  const data = ctx.files.read(row.bucket_id, row.name);
  if (!data) throw storageErrors.noSuchKey();
  const metadata = row.metadata;
  const headers: Record<string, string> = {
    'Content-Type': metadata?.mimetype ?? 'application/octet-stream',
    'Content-Length': String(data.length),
    'Cache-Control': metadata?.cacheControl ?? 'no-cache',
    ETag: metadata?.eTag ?? '',
    'Last-Modified': new Date(metadata?.lastModified ?? row.updated_at).toUTCString(),
  };
  if (download !== null) {
    const fileName = download || row.name.split('/').pop() || 'download';
    headers['Content-Disposition'] = `attachment; filename=${encodeURIComponent(fileName)};`;
  }
  send(res, 200, req.method === 'HEAD' ? null : data, headers);
}

/** GET /object/sign/:bucket/*?token=: the object, for whoever holds a live download token. */
export async function signedDownload(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  name: string,
): Promise<void> {
  verifyObjectToken(url.searchParams.get('token'), bucket, name, 'download', ctx.keys);
  const row = await findObject(ctx.db, bucket, name);
  if (!row) throw storageErrors.noSuchKey();
  sendObject(ctx, req, res, row, url.searchParams.get('download'));
}

/** GET /object/(authenticated/):bucket/*: the object, if the caller may read it (RLS). */
export async function authenticatedDownload(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  bucket: string,
  name: string,
): Promise<void> {
  const [row] = await visibleObjects(ctx.db, req, auth, bucket, [name]);
  if (!row) throw storageErrors.noSuchKey();
  sendObject(ctx, req, res, row, url.searchParams.get('download'));
}

/** DELETE /object/:bucket { prefixes }: deletes what the caller may delete; lists what went. */
export async function removeObjects(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  auth: RequestAuth,
  bucket: string,
): Promise<void> {
  const prefixes = (await readJson(req))['prefixes'];
  if (
    !Array.isArray(prefixes) ||
    prefixes.length < 1 ||
    prefixes.length > MAX_OBJECTS_PER_REQUEST ||
    !prefixes.every((prefix) => typeof prefix === 'string')
  ) {
    throw storageErrors.invalidRequest(
      `body/prefixes must be an array of 1 to ${MAX_OBJECTS_PER_REQUEST} strings`,
    );
  }
  const deleted = await deleteObjects(ctx.db, req, auth, bucket, prefixes);
  for (const row of deleted) ctx.files.remove(bucket, row.name);
  sendJson(res, 200, deleted);
}
