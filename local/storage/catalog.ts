import type { IncomingMessage } from 'node:http';
import { requestHeaders } from '../client-address.ts';
import type { Database, Queryable } from '../db.ts';
import { applyRoleStatementTimeout } from '../rest/transaction.ts';
import type { RequestAuth } from '../request-auth.ts';
import { fromDatabaseError, storageErrors } from './errors.ts';

/**
 * The local Storage stand-in's reads and writes of storage.buckets and storage.objects. As hosted
 * Storage does, every question of access is asked of the database as the caller (their role and
 * JWT claims, so the RLS policies the migrations write on storage.objects decide), and the rows of
 * an admitted upload or delete are then written as the service itself. Deletes set
 * `storage.allow_delete_query`, which the tables' protect_delete trigger requires (hosted: the
 * Storage API's own connection does the same).
 */

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
  owner: string | null;
}

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  owner: string | null;
  metadata: ObjectMetadata | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

const BUCKET_COLUMNS = `id, name, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
  created_at, updated_at, owner::text`;
const OBJECT_COLUMNS = `id::text, name, bucket_id, owner::text, metadata, created_at, updated_at,
  last_accessed_at`;

/** Runs `fn` in a transaction as the caller, as Storage's per-request connection does. */
export function asCaller<T>(
  db: Database,
  req: IncomingMessage,
  auth: RequestAuth,
  fn: (tx: Queryable) => Promise<T>,
  rollback = false,
): Promise<T> {
  const run = async (tx: Queryable) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.headers', $3, true)`,
      [auth.role, JSON.stringify(auth.claims), JSON.stringify(requestHeaders(req))],
    );
    if (db.kind === 'postgres') await applyRoleStatementTimeout(tx, auth.role);
    return fn(tx);
  };
  return rollback ? db.rollbackOnly(run) : db.transaction(run);
}

/** A bucket, as the service sees it (Storage reads buckets as its superuser for uploads). */
export async function findBucket(db: Queryable, id: string): Promise<Bucket | null> {
  const { rows } = await db.query<Bucket>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The buckets the caller may see (RLS on storage.buckets). */
export async function visibleBuckets(
  db: Database,
  req: IncomingMessage,
  auth: RequestAuth,
  id?: string,
): Promise<Bucket[]> {
  return asCaller(db, req, auth, async (tx) => {
    const { rows } = await tx.query<Bucket>(
      `select ${BUCKET_COLUMNS} from storage.buckets where $1::text is null or id = $1
       order by name`,
      [id ?? null],
    );
    return rows;
  });
}

/** The rows of `names` in `bucket` the caller may read (RLS select on storage.objects). */
export async function visibleObjects(
  db: Database,
  req: IncomingMessage,
  auth: RequestAuth,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  return asCaller(db, req, auth, async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = any($2::text[])`,
      [bucket, names],
    );
    return rows;
  });
}

/** One object as the service sees it, or null. */
export async function findObject(
  db: Queryable,
  bucket: string,
  name: string,
): Promise<ObjectRow | null> {
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows[0] ?? null;
}

/**
 * Storage's canUpload: the caller's insert of the object's row, tried and rolled back, so an RLS
 * refusal (AccessDenied) or an existing object (ResourceAlreadyExists) is known before any byte.
 */
export async function checkUploadAllowed(
  db: Database,
  req: IncomingMessage,
  auth: RequestAuth,
  bucket: string,
  name: string,
  upsert: boolean,
): Promise<void> {
  try {
    await asCaller(
      db,
      req,
      auth,
      (tx) =>
        tx.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, version)
           values ($1, $2, $3::uuid, $3::text, '1')
           ${upsert ? 'on conflict (bucket_id, name) do update set version = excluded.version' : ''}`,
          [bucket, name, typeof auth.claims.sub === 'string' ? auth.claims.sub : null],
        ),
      true,
    );
  } catch (error) {
    throw fromDatabaseError(error);
  }
}

/** Writes an uploaded object's row as the service; an existing one only with `upsert`. */
export async function saveObject(
  db: Database,
  bucket: string,
  name: string,
  owner: string | undefined,
  metadata: ObjectMetadata,
  upsert: boolean,
): Promise<ObjectRow> {
  const { rows } = await db.query<ObjectRow>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
     values ($1, $2, $3::uuid, $3::text, $4::jsonb, gen_random_uuid()::text)
     on conflict (bucket_id, name) do update
       set metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id,
           version = excluded.version, updated_at = now(), last_accessed_at = now()
       where $5
     returning ${OBJECT_COLUMNS}`,
    [bucket, name, owner ?? null, JSON.stringify(metadata), upsert],
  );
  if (!rows[0]) throw storageErrors.alreadyExists();
  return rows[0];
}

/**
 * Deletes the rows of `names` the caller may delete (RLS delete, which also needs select) and
 * returns them; the caller's transaction sets storage.allow_delete_query as Storage's does.
 */
export async function deleteObjects(
  db: Database,
  req: IncomingMessage,
  auth: RequestAuth,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  return asCaller(db, req, auth, async (tx) => {
    await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    const { rows } = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning ${OBJECT_COLUMNS}`,
      [bucket, names],
    );
    return rows;
  });
}
