import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PersonData } from './person-data.ts';
import { ObjectFiles } from './storage/files.ts';

/**
 * The files of a person's export (`npm run admin -- export --phone <n> --files <dir>`): the export
 * already lists every file row (private.request_files, found through its request like every other
 * table); this writes each checked file's bytes to `<dir>/<request reference>/<slot>-<n>.<ext>`,
 * read through the Storage API with the service key (hosted, or the running local server), or
 * straight from a local data dir when no server holds it. Thumbnails are derived copies and are not
 * written; the rows list them.
 */

export interface ObjectReader {
  read(bucket: string, path: string): Promise<Uint8Array | null>;
}

const BUCKET = 'request-files';

/** Reads objects through the Storage API (`GET /storage/v1/object/authenticated/…`). */
export function storageApiReader(url: string, serviceKey: string): ObjectReader {
  const headers: Record<string, string> = { apikey: serviceKey };
  if (!serviceKey.startsWith('sb_')) headers['Authorization'] = `Bearer ${serviceKey}`;
  return {
    async read(bucket, path) {
      const encoded = [bucket, ...path.split('/')].map(encodeURIComponent).join('/');
      const response = await fetch(
        `${url.replace(/\/$/, '')}/storage/v1/object/authenticated/${encoded}`,
        {
          headers,
        },
      );
      if (response.ok) return new Uint8Array(await response.arrayBuffer());
      const body = await response.text();
      if (body.includes('"404"')) return null;
      throw new Error(`Storage answered ${response.status} for ${path}: ${body.slice(0, 200)}`);
    },
  };
}

/** Reads objects from a local data dir (the Storage stand-in's layout), when no server holds it. */
export function dataDirReader(dataDir: string): ObjectReader {
  const files = new ObjectFiles(dataDir);
  return { read: async (bucket, path) => files.read(bucket, path) };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Writes the person's checked files under `dir`; resolves to the files written and the paths missing. */
export async function writePersonFiles(
  data: PersonData,
  reader: ObjectReader,
  dir: string,
): Promise<{ written: string[]; missing: string[] }> {
  const references = new Map(
    (data.tables['public.contact_requests'] ?? []).map((row) => [
      String(row['id']),
      String(row['reference'] ?? row['id']),
    ]),
  );
  const files = (data.tables['private.request_files'] ?? [])
    .filter((row) => row['state'] === 'ready')
    .sort((a, b) => String(a['created_at']).localeCompare(String(b['created_at'])));
  const written: string[] = [];
  const missing: string[] = [];
  const counters = new Map<string, number>();
  for (const row of files) {
    const path = String(row['object_path']);
    const bytes = await reader.read(BUCKET, path);
    if (!bytes) {
      missing.push(path);
      continue;
    }
    const reference = references.get(String(row['request_id'])) ?? String(row['request_id']);
    const key = `${reference}/${String(row['slot'])}`;
    const number = (counters.get(key) ?? 0) + 1;
    counters.set(key, number);
    const folder = join(dir, reference.replace(/[^A-Za-z0-9-]/g, '_'));
    mkdirSync(folder, { recursive: true });
    const file = join(
      folder,
      `${String(row['slot'])}-${number}.${EXTENSIONS[String(row['content_type'])] ?? 'bin'}`,
    );
    writeFileSync(file, bytes);
    written.push(file);
  }
  return { written, missing };
}
