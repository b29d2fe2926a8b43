/**
 * The page's uploads to Supabase Storage, on the wire as storage-js and tus-js-client send them,
 * without either library (the page stays a few kilobytes):
 * - the thumbnail through `uploadToSignedUrl`'s request (PUT /object/upload/sign/… with a form);
 * - the file resumably (TUS 1.0.0 at /upload/resumable/sign with the signed upload token in
 *   `x-signature`, the documented way for signed uploads), in 6 MB chunks (Supabase's chunk
 *   size), with XHR for the progress bar. A cut connection keeps what arrived: after it the page
 *   asks the server for the offset (HEAD) and sends the rest, once the phone is online again.
 * An upload ends only when the server has every byte; nothing is half-done silently.
 */
import { apiBase, apiKey } from '~/lib/patient/api.ts';

const CHUNK = 6 * 1024 * 1024;
const DELAYS = [1000, 2000, 4000, 8000, 15000];

/** A refusal that retrying will not change (wrong token, file too large…). */
export class TransferRefused extends Error {}

const keyHeaders = (): Record<string, string> =>
  apiKey.startsWith('sb_')
    ? { apikey: apiKey }
    : { apikey: apiKey, Authorization: `Bearer ${apiKey}` };

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

function pause(ms: number): Promise<void> {
  return new Promise((resolveWait) => {
    const go = () => {
      window.removeEventListener('online', go);
      resolveWait();
    };
    // Back online: at once; offline: wait for the network, however long.
    if (navigator.onLine) setTimeout(go, ms);
    window.addEventListener('online', go);
  });
}

/** Runs `attempt` until it succeeds or refuses; `onPause` says a retry is waiting. */
async function persist<T>(attempt: () => Promise<T>, onPause: () => void): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof TransferRefused) throw error;
      onPause();
      await pause(DELAYS[Math.min(tries, DELAYS.length - 1)]!);
    }
  }
}

/** PUT of the thumbnail to its signed upload URL, as storage-js' uploadToSignedUrl sends a Blob. */
export async function uploadSigned(
  bucket: string,
  path: string,
  token: string,
  blob: Blob,
  onPause: () => void,
): Promise<void> {
  await persist(async () => {
    const form = new FormData();
    form.append('cacheControl', '0');
    form.append('', blob);
    const response = await fetch(
      `${apiBase}/storage/v1/object/upload/sign/${encodePath(`${bucket}/${path}`)}?token=${encodeURIComponent(token)}`,
      {
        method: 'PUT',
        headers: { ...keyHeaders(), 'x-upsert': 'false' },
        body: form,
        referrerPolicy: 'no-referrer',
      },
    );
    // 409 in the body: stored already (a retry after a lost answer).
    if (response.ok) return;
    const body = await response.text();
    if (body.includes('"409"')) return;
    if (response.status < 500) throw new TransferRefused(body);
    throw new Error(body);
  }, onPause);
}

function tusHeaders(signature: string): Record<string, string> {
  return { ...keyHeaders(), 'Tus-Resumable': '1.0.0', 'x-signature': signature };
}

/** The upload's URL, or null when the object is stored already (a retry after a lost answer). */
async function create(
  bucket: string,
  path: string,
  signature: string,
  blob: Blob,
): Promise<string | null> {
  const metadata = {
    bucketName: bucket,
    objectName: path,
    contentType: blob.type,
    cacheControl: '0',
  };
  const response = await fetch(`${apiBase}/storage/v1/upload/resumable/sign`, {
    method: 'POST',
    headers: {
      ...tusHeaders(signature),
      'Upload-Length': String(blob.size),
      'Upload-Metadata': Object.entries(metadata)
        .map(([key, value]) => `${key} ${btoa(value)}`)
        .join(','),
    },
    referrerPolicy: 'no-referrer',
  });
  const location = response.headers.get('location');
  if (response.status === 201 && location) return location;
  if (response.status === 409) return null;
  const text = await response.text();
  if (response.status < 500) throw new TransferRefused(text);
  throw new Error(text);
}

async function offsetAt(location: string, signature: string): Promise<number> {
  const response = await fetch(location, {
    method: 'HEAD',
    headers: tusHeaders(signature),
    referrerPolicy: 'no-referrer',
  });
  // Gone, expired or no longer this signature's (a later page load signs again): start again.
  if (response.status >= 400 && response.status < 500) throw new TransferRefused('expired');
  if (!response.ok) throw new Error(`HEAD ${response.status}`);
  return Number(response.headers.get('upload-offset') ?? '0');
}

/** One PATCH with XHR (fetch reports no upload progress); resolves to the new offset. */
function patch(
  location: string,
  signature: string,
  offset: number,
  chunk: Blob,
  onSent: (bytes: number) => void,
): Promise<number> {
  return new Promise((resolveOffset, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PATCH', location);
    for (const [name, value] of Object.entries(tusHeaders(signature)))
      xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Upload-Offset', String(offset));
    xhr.setRequestHeader('Content-Type', 'application/offset+octet-stream');
    xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => {
      if (xhr.status === 204)
        resolveOffset(Number(xhr.getResponseHeader('upload-offset') ?? offset));
      else if (xhr.status === 409 || xhr.status >= 500) reject(new Error(`PATCH ${xhr.status}`));
      else if (xhr.status === 404 || xhr.status === 410) reject(new TransferRefused('expired'));
      else reject(new TransferRefused(xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.send(chunk);
  });
}

const expired = (error: unknown) => error instanceof TransferRefused && error.message === 'expired';

/** Where an upload an earlier page load began stands, and where to note a new one's address. */
export interface Resumption {
  at?: string | undefined;
  onLocation(location: string): void;
}

/**
 * Sends `blob` resumably; `onProgress(sent, total)`, `onPause()` while waiting to resume. With
 * `resume.at` (an upload an earlier load of the page began), it asks the server how much it holds
 * and sends the rest; an upload the server no longer knows starts again.
 */
export async function uploadResumable(
  bucket: string,
  path: string,
  signature: string,
  blob: Blob,
  onProgress: (sent: number, total: number) => void,
  onPause: () => void,
  resume?: Resumption,
): Promise<void> {
  const start = async () => {
    const made = await persist(() => create(bucket, path, signature, blob), onPause);
    if (made) resume?.onLocation(made);
    return made;
  };
  let location: string | null = resume?.at ?? null;
  let offset = 0;
  if (location) {
    const at = location;
    try {
      offset = await persist(() => offsetAt(at, signature), onPause);
      onProgress(offset, blob.size);
    } catch (error) {
      if (!expired(error)) throw error;
      location = await start();
    }
  } else location = await start();
  for (let tries = 0; location !== null && offset < blob.size;) {
    const at: string = location;
    try {
      const from = offset;
      offset = await patch(at, signature, from, blob.slice(from, from + CHUNK), (sent) =>
        onProgress(from + sent, blob.size),
      );
      onProgress(offset, blob.size);
      tries = 0;
      continue;
    } catch (error) {
      if (error instanceof TransferRefused && !expired(error)) throw error;
      if (!expired(error)) {
        onPause();
        await pause(DELAYS[Math.min(tries++, DELAYS.length - 1)]!);
        try {
          offset = await persist(() => offsetAt(at, signature), onPause);
          onProgress(offset, blob.size);
          continue;
        } catch (headError) {
          if (!expired(headError)) throw headError;
        }
      }
    }
    // The unfinished upload expired on the server (after an hour): start it again.
    location = await start();
    offset = 0;
  }
}
