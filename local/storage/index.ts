import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db.ts';
import type { JwtKeys } from '../jwt.ts';
import { notImplemented, send, sendJson } from '../http.ts';
import { storageCaller } from './auth.ts';
import { findBucket, visibleBuckets, type Bucket } from './catalog.ts';
import { GLOBAL_FILE_SIZE_LIMIT, type StorageContext } from './context.ts';
import { StorageError, sendStorageError, storageErrors } from './errors.ts';
import { ObjectFiles } from './files.ts';
import {
  authenticatedDownload,
  createSignedUploadUrl,
  createSignedUrl,
  createSignedUrls,
  removeObjects,
  signedDownload,
  uploadToSignedUrl,
} from './objects.ts';
import { handleTus, sweepExpiredUploads, TUS_HEADERS } from './tus.ts';

/**
 * /storage/v1: the subset of Supabase Storage this project uses, on the wire as
 * `@supabase/storage-js` sends it and hosted Storage answers (docs/local-stack.md, "Storage"):
 * buckets (read), signed upload URLs and the upload to one, resumable uploads (TUS, with a signed
 * upload token or a user), signed download URLs and their GET, authenticated and public downloads,
 * and remove. Every question of access goes to the database as the caller, so the RLS policies of
 * supabase/migrations decide here as they do in production. Anything else answers 501.
 */

export interface StorageService {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Deletes unfinished resumable uploads past their expiry; resolves to how many. */
  sweep(): number;
  readonly files: ObjectFiles;
}

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': [
    'authorization',
    'apikey',
    'content-type',
    'cache-control',
    'x-client-info',
    'x-supabase-api-version',
    'x-upsert',
    'x-metadata',
    'x-signature',
    'tus-resumable',
    'upload-length',
    'upload-metadata',
    'upload-offset',
    'upload-defer-length',
    'upload-concat',
    'x-requested-with',
    'x-http-method-override',
  ].join(', '),
  'Access-Control-Max-Age': '86400',
  'Tus-Version': '1.0.0',
  'Tus-Extension': 'creation,creation-with-upload,termination,expiration',
};

/** Splits `/<bucket>/<name…>` and decodes each segment (storage-js encodes them one by one). */
function bucketAndName(rest: string): { bucket: string; name: string } {
  const [bucket = '', ...parts] = rest.replace(/^\//, '').split('/');
  try {
    return {
      bucket: decodeURIComponent(bucket),
      name: parts.map((part) => decodeURIComponent(part)).join('/'),
    };
  } catch {
    throw storageErrors.invalidRequest('Invalid path encoding');
  }
}

function bucketJson(bucket: Bucket) {
  return { ...bucket, type: 'STANDARD' };
}

export function createStorage(options: {
  db: Database;
  keys: JwtKeys;
  dataDir: string;
  log: (line: string) => void;
}): StorageService {
  const ctx: StorageContext = {
    db: options.db,
    keys: options.keys,
    files: new ObjectFiles(options.dataDir),
    log: options.log,
    globalFileSizeLimit: GLOBAL_FILE_SIZE_LIMIT,
  };

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, path: string) {
    const method = req.method ?? 'GET';
    if (path === '/upload/resumable' || path.startsWith('/upload/resumable/')) {
      return handleTus(ctx, req, res, url, path.slice('/upload/resumable'.length));
    }
    // Signed routes: the token in the URL is the permission, no key or user needed.
    if (method === 'GET' && path.startsWith('/object/sign/')) {
      const { bucket, name } = bucketAndName(path.slice('/object/sign'.length));
      return signedDownload(ctx, req, res, url, bucket, name);
    }
    if (method === 'PUT' && path.startsWith('/object/upload/sign/')) {
      const { bucket, name } = bucketAndName(path.slice('/object/upload/sign'.length));
      return uploadToSignedUrl(ctx, req, res, url, bucket, name);
    }
    if ((method === 'GET' || method === 'HEAD') && path.startsWith('/object/public/')) {
      const { bucket, name } = bucketAndName(path.slice('/object/public'.length));
      const found = await findBucket(ctx.db, bucket);
      if (!found?.public) throw storageErrors.noSuchBucket();
      const service = {
        role: 'service_role',
        claims: { role: 'service_role' },
        token: '',
      } as const;
      return authenticatedDownload(ctx, req, res, url, service, bucket, name);
    }
    const auth = storageCaller(req, url, ctx.keys);
    if (method === 'POST' && path.startsWith('/object/upload/sign/')) {
      const { bucket, name } = bucketAndName(path.slice('/object/upload/sign'.length));
      return createSignedUploadUrl(ctx, req, res, auth, bucket, name);
    }
    if (method === 'POST' && path.startsWith('/object/sign/')) {
      const { bucket, name } = bucketAndName(path.slice('/object/sign'.length));
      if (name === '') return createSignedUrls(ctx, req, res, auth, bucket);
      return createSignedUrl(ctx, req, res, auth, bucket, name);
    }
    if ((method === 'GET' || method === 'HEAD') && path.startsWith('/object/')) {
      const rest = path.startsWith('/object/authenticated/')
        ? path.slice('/object/authenticated'.length)
        : path.slice('/object'.length);
      const { bucket, name } = bucketAndName(rest);
      if (name !== '') return authenticatedDownload(ctx, req, res, url, auth, bucket, name);
    }
    if (method === 'DELETE' && /^\/object\/[^/]+\/?$/.test(path)) {
      return removeObjects(ctx, req, res, auth, bucketAndName(path.slice('/object'.length)).bucket);
    }
    if (method === 'GET' && (path === '/bucket' || path === '/bucket/')) {
      return sendJson(res, 200, (await visibleBuckets(ctx.db, req, auth)).map(bucketJson));
    }
    if (method === 'GET' && /^\/bucket\/[^/]+$/.test(path)) {
      const id = decodeURIComponent(path.slice('/bucket/'.length));
      const [found] = await visibleBuckets(ctx.db, req, auth, id);
      if (!found) throw storageErrors.noSuchBucket();
      // getBucket sends the bucket's own columns only; `type` is listBuckets' (Storage's routes).
      return sendJson(res, 200, found);
    }
    throw notImplemented(`${method} /storage/v1${path}`);
  }

  return {
    files: ctx.files,
    sweep: () => sweepExpiredUploads(ctx),
    async handle(req, res, url) {
      const path = url.pathname.slice('/storage/v1'.length) || '/';
      for (const [name, value] of Object.entries(TUS_HEADERS)) {
        if (name.startsWith('Access-Control')) res.setHeader(name, value);
      }
      if (req.method === 'OPTIONS') {
        send(res, 204, null, {
          ...PREFLIGHT_HEADERS,
          'Tus-Resumable': '1.0.0',
          'Tus-Max-Size': String(ctx.globalFileSizeLimit),
        });
        return;
      }
      try {
        await route(req, res, url, path);
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        req.resume();
        sendStorageError(res, error);
      }
    },
  };
}
