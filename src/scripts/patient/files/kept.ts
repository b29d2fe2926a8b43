/**
 * Files on their way, kept on this device until the server has checked them (issue 43): a reload,
 * a closed tab or a phone that killed the browser mid-upload no longer loses the photo. Once a
 * file is begun (the server gave it an id), the prepared bytes (the photo already resized and
 * stripped of its metadata, or the PDF) and its thumbnail are stored in IndexedDB with the
 * resumable upload's address; the next load of the page sends the rest from where the server
 * stopped, without the patient choosing the file again.
 *
 * One database per link, named by a digest of the token (never the token itself), so that a dead
 * or withdrawn link's files go with its other copies (../cache.ts, `forgetLink`). An entry leaves
 * as soon as its file arrives or is refused, and any entry older than a day is dropped unread (the
 * server expires unfinished uploads long before). Without IndexedDB (a private window in some
 * browsers) nothing is kept and a cut-off upload is named in its slot instead (./interrupted.ts).
 */
import { uploadsDatabaseName } from '../cache.ts';

export interface KeptFile {
  fileId: string;
  slot: string;
  name: string;
  kind: 'image' | 'pdf';
  blob: Blob;
  thumb: Blob | null;
  /** The resumable upload's address, once the server made one. */
  location?: string;
  keptAt: number;
}

const STORE = 'files';
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const opened = new Map<string, Promise<IDBDatabase | null>>();

function open(token: string): Promise<IDBDatabase | null> {
  let database = opened.get(token);
  if (!database) {
    database = uploadsDatabaseName(token).then(
      (name) =>
        new Promise<IDBDatabase | null>((resolveOpen) => {
          try {
            const request = indexedDB.open(name, 1);
            request.onupgradeneeded = () =>
              request.result.createObjectStore(STORE, { keyPath: 'fileId' });
            request.onsuccess = () => {
              // The link's data is being deleted (../cache.ts, `forgetLink`): let it go.
              request.result.onversionchange = () => {
                request.result.close();
                opened.delete(token);
              };
              resolveOpen(request.result);
            };
            request.onerror = () => resolveOpen(null);
            request.onblocked = () => resolveOpen(null);
          } catch {
            resolveOpen(null);
          }
        }),
    );
    opened.set(token, database);
  }
  return database;
}

function run<T>(
  token: string,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  return open(token).then(
    (database) =>
      new Promise<T | undefined>((resolveRun) => {
        if (!database) return resolveRun(undefined);
        try {
          const transaction = database.transaction(STORE, mode);
          const request = act(transaction.objectStore(STORE));
          transaction.oncomplete = () => resolveRun(request ? request.result : undefined);
          transaction.onerror = () => resolveRun(undefined);
          transaction.onabort = () => resolveRun(undefined);
        } catch {
          // Storage full or gone: the upload goes on, only a reload cannot resume it.
          resolveRun(undefined);
        }
      }),
  );
}

/** Keeps a begun file's bytes until it ends; resolves to whether they were kept. */
export async function keep(token: string, file: Omit<KeptFile, 'keptAt'>): Promise<boolean> {
  const stored = await run(token, 'readwrite', (store) =>
    store.put({ ...file, keptAt: Date.now() }),
  );
  return stored !== undefined;
}

/** Notes the resumable upload's address, so a later load asks it where to go on. */
export async function keepLocation(token: string, fileId: string, location: string) {
  const entry = await run<KeptFile>(token, 'readonly', (store) => store.get(fileId));
  if (entry) await run(token, 'readwrite', (store) => store.put({ ...entry, location }));
}

/** The file arrived, was refused or cannot be resumed: its bytes leave the device. */
export async function forgetKept(token: string, fileId: string) {
  await run(token, 'readwrite', (store) => store.delete(fileId));
}

/** The files an earlier load left on their way, oldest first; older than a day: dropped. */
export async function keptFiles(token: string): Promise<KeptFile[]> {
  const all = (await run<KeptFile[]>(token, 'readonly', (store) => store.getAll())) ?? [];
  const fresh = all.filter((file) => Date.now() - file.keptAt < MAX_AGE_MS);
  for (const stale of all.filter((file) => !fresh.includes(file)))
    await forgetKept(token, stale.fileId);
  return fresh.sort((a, b) => a.keptAt - b.keptAt);
}
