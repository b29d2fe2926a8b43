import { resolve } from 'node:path';
import { readLock } from '../local/index.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../local/keys.ts';
import type { PersonData } from '../local/person-data.ts';
import {
  dataDirReader,
  storageApiReader,
  writePersonFiles,
  type ObjectReader,
} from '../local/person-files.ts';

/**
 * The admin CLI's part about a person's files (issue 30): `export --phone <n> --files <dir>` writes
 * the files the export lists, read from Storage (hosted: SUPABASE_URL and the secret key; the
 * running local server; or the local data dir itself), and `erase` says that the objects of the
 * erased files are queued for the request-files worker.
 */

/** Where the export's files are read from, for the CLI's target (DATABASE_URL or the data dir). */
function readerFor(dataDir: string): ObjectReader {
  if (process.env['DATABASE_URL']) {
    const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
    const key = process.env['SUPABASE_SECRET_KEY'] ?? process.env['SUPABASE_SERVICE_ROLE_KEY'];
    if (!url || !key) {
      throw new Error(
        '--files against DATABASE_URL reads the files from Storage: set SUPABASE_URL (https://<ref>.supabase.co) and SUPABASE_SECRET_KEY (sb_secret_…).',
      );
    }
    return storageApiReader(url, key);
  }
  const holder = readLock(dataDir);
  return holder?.url
    ? storageApiReader(holder.url, LOCAL_SERVICE_ROLE_KEY)
    : dataDirReader(dataDir);
}

/** Writes the files of an export (the JSON the export command printed) into `dir`; a summary line. */
export async function exportFiles(
  exportJson: string,
  dataDir: string,
  dir: string,
): Promise<string> {
  const data = JSON.parse(exportJson) as PersonData;
  const target = resolve(dir);
  const { written, missing } = await writePersonFiles(data, readerFor(dataDir), target);
  return [
    `Wrote ${written.length} file${written.length === 1 ? '' : 's'} to ${target}.`,
    ...missing.map((path) => `Missing in Storage (listed, not written): ${path}`),
  ].join('\n');
}

/** The line `erase` adds when the person had files. */
export function erasedFilesNote(counts: Record<string, number> | undefined): string {
  const files = counts?.['private.request_files'] ?? 0;
  if (files === 0) return '';
  return `\nTheir ${files} file${files === 1 ? ' is' : 's are'} queued for deletion from Storage with ${files === 1 ? 'its' : 'their'} thumbnails: the request-files worker removes them within a minute (npm start: within seconds).`;
}
