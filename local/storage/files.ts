import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { storageErrors } from './errors.ts';

/**
 * Where the local Storage stand-in keeps object bytes: `<data dir>/storage/<bucket>/<name>`, one
 * file per object, written to a temporary file and renamed so a reader never sees half an object.
 * Unfinished resumable uploads live under `<data dir>/storage/.tus/`. Object keys follow hosted
 * Storage's character set (src/storage/limits.ts VALID_OBJECT_KEY); on top of it, a key with an
 * empty, `.` or `..` segment is refused here (InvalidKey), since on disk it would leave its folder.
 */

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const VALID_BUCKET = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;

export function assertValidKey(name: string): void {
  const segments = name.split('/');
  if (
    !VALID_OBJECT_KEY.test(name) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw storageErrors.invalidKey(name);
  }
}

export function assertValidBucket(bucket: string): void {
  if (!VALID_BUCKET.test(bucket) || bucket === '.' || bucket === '..') {
    throw storageErrors.noSuchBucket();
  }
}

export class ObjectFiles {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'storage');
  }

  /** The file of an object (checked to stay under the bucket's folder). */
  pathOf(bucket: string, name: string): string {
    assertValidBucket(bucket);
    assertValidKey(name);
    const base = join(this.root, bucket);
    const file = resolve(base, ...name.split('/'));
    if (relative(base, file).startsWith('..') || !file.startsWith(base + sep)) {
      throw storageErrors.invalidKey(name);
    }
    return file;
  }

  async write(bucket: string, name: string, data: Uint8Array): Promise<void> {
    const file = this.pathOf(bucket, name);
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temporary, data);
    renameSync(temporary, file);
  }

  /** Moves a finished upload's file into place. */
  adopt(bucket: string, name: string, from: string): void {
    const file = this.pathOf(bucket, name);
    mkdirSync(dirname(file), { recursive: true });
    renameSync(from, file);
  }

  read(bucket: string, name: string): Buffer | null {
    const file = this.pathOf(bucket, name);
    return existsSync(file) ? readFileSync(file) : null;
  }

  size(bucket: string, name: string): number | null {
    const file = this.pathOf(bucket, name);
    return existsSync(file) ? statSync(file).size : null;
  }

  remove(bucket: string, name: string): void {
    rmSync(this.pathOf(bucket, name), { force: true });
  }

  /** The folder of unfinished resumable uploads. */
  get tusDir(): string {
    const dir = join(this.root, '.tus');
    mkdirSync(dir, { recursive: true });
    return dir;
  }
}

/** An ETag as Storage stores it (the MD5 of the bytes, quoted). */
export function etagOf(data: Uint8Array): string {
  return `"${createHash('md5').update(data).digest('hex')}"`;
}
