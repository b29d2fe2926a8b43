/**
 * Sending the files the patient chose, two at a time, each with its own row: prepared on the
 * phone (a photo resized and stripped, a PDF as it is), begun with public.patient_file_begin (the
 * limits), signed by the request-files function, uploaded (thumbnail, then the file, resumably),
 * and finished by the function's check. The row says each step; it says «وصل» only once the
 * server has checked the file, and the reason when it refused it. Loaded when the first file is
 * chosen, so the page itself stays small.
 */
import { noteEnded, noteUnderWay } from './interrupted.ts';
import { apiBase, apiKey, callRpc } from '~/lib/patient/api.ts';
import { looksLikePdf, prepareImage } from './image.ts';
import { refusalMessage, type FileSlot, type FilesContext, type FilesView } from './model.ts';
import { uploadResumable, uploadSigned } from './transfer.ts';

interface Row {
  set(phase: 'waiting' | 'preparing' | 'sending' | 'paused' | 'checking' | 'done'): void;
  progress(sent: number, total: number): void;
  fail(message: string): void;
}

interface Prepared {
  kind: 'image' | 'pdf';
  blob: Blob;
  thumb: Blob | null;
}

class Refused extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

const wait = (ms: number) => new Promise((resolveWait) => setTimeout(resolveWait, ms));

async function prepare(file: File): Promise<Prepared> {
  if (file.type === 'application/pdf' || /\.pdf$/i.test(file.name)) {
    if (!(await looksLikePdf(file))) throw new Refused('not_pdf');
    return { kind: 'pdf', blob: file.slice(0, file.size, 'application/pdf'), thumb: null };
  }
  try {
    const image = await prepareImage(file);
    return { kind: 'image', blob: image.blob, thumb: image.thumb };
  } catch {
    throw new Refused('decode');
  }
}

/** Calls the request-files function, retrying network failures; resolves to status and body. */
async function callFunction(
  body: Record<string, unknown>,
  onPause: () => void,
): Promise<{ status: number; body: Record<string, unknown> }> {
  for (let tries = 0; ; tries++) {
    try {
      const headers: Record<string, string> = {
        apikey: apiKey,
        'Content-Type': 'application/json',
      };
      if (!apiKey.startsWith('sb_')) headers['Authorization'] = `Bearer ${apiKey}`;
      const response = await fetch(`${apiBase}/functions/v1/request-files`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
      });
      if (response.status >= 500) throw new Error(String(response.status));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } catch {
      onPause();
      await wait(Math.min(15_000, 1000 * 2 ** tries));
    }
  }
}

interface Signed {
  bucket: string;
  object: { path: string; token?: string; exists?: boolean };
  thumb: { path: string; token?: string; exists?: boolean } | null;
}

/** Begins, uploads and finishes one prepared file; resolves to the check's outcome. */
async function transfer(
  token: string,
  slot: Pick<FileSlot, 'slot'>,
  name: string,
  prepared: Prepared,
  row: Row,
): Promise<{ state: string; reason?: string; fileId?: string }> {
  const paused = () => row.set('paused');
  let begun;
  for (;;) {
    begun = await callRpc('patient_file_begin', {
      _token: token,
      _slot: slot.slot,
      _content_type: prepared.blob.type,
      _bytes: prepared.blob.size,
      _file_name: name.slice(0, 120),
      _with_thumb: prepared.thumb !== null,
    });
    if (begun.ok || begun.reason !== 'network') break;
    paused();
    await wait(3000);
  }
  if (!begun.ok)
    throw new Refused(begun.reason === 'rate-limited' ? 'rate-limited' : (begun.hint ?? 'failed'));
  const fileId = (begun.data as { file_id?: string } | null)?.file_id;
  if (!fileId) throw new Refused('failed');
  for (let round = 0; round < 3; round++) {
    const signed = await callFunction({ action: 'sign', token, file_id: fileId }, paused);
    if (signed.status === 409) {
      const state = signed.body['state'];
      return { state: typeof state === 'string' ? state : 'failed', fileId };
    }
    if (signed.status !== 200) throw new Refused('failed');
    const { bucket, object, thumb } = signed.body as unknown as Signed;
    row.set('sending');
    // The thumbnail and the file go up side by side: the thumbnail's round trips hide in the
    // file's transfer.
    await Promise.all([
      thumb?.token && prepared.thumb
        ? uploadSigned(bucket, thumb.path, thumb.token, prepared.thumb, paused)
        : null,
      object.token
        ? uploadResumable(
            bucket,
            object.path,
            object.token,
            prepared.blob,
            (sent, total) => {
              row.set('sending');
              row.progress(sent, total);
            },
            paused,
          )
        : null,
    ]);
    row.progress(prepared.blob.size, prepared.blob.size);
    row.set('checking');
    const finished = await callFunction({ action: 'finish', token, file_id: fileId }, paused);
    if (finished.status === 200)
      return { ...(finished.body as { state: string; reason?: string }), fileId };
    if (finished.status !== 409) throw new Refused('failed');
  }
  throw new Refused('failed');
}

/** Files sent at once: a second one's round trips (begin, sign, preflights) overlap the first's bytes. */
const LANES = 2;

/**
 * A queue of files to send, two at a time; each file is prepared (decoded, resized, encoded) ahead
 * of its turn, one preparation at a time so a phone never holds more than one decoded photo.
 */
export function createSender(
  context: FilesContext,
  token: string,
  currentView: () => FilesView | null,
  makeRow: (slot: FileSlot, file: File) => Row,
  refresh: () => Promise<void>,
) {
  let preparing: Promise<unknown> = Promise.resolve();
  const waiting: (() => Promise<void>)[] = [];
  let active = 0;
  const next = () => {
    while (active < LANES && waiting.length) {
      const job = waiting.shift()!;
      active++;
      void job().finally(() => {
        active--;
        next();
      });
    }
  };
  return {
    add(slot: FileSlot, file: File) {
      const row = makeRow(slot, file);
      noteUnderWay(slot.slot, file.name);
      row.set('waiting');
      const prepared = preparing.then(() => {
        row.set('preparing');
        return prepare(file);
      });
      // The next file's preparation waits for this one's, whatever its outcome.
      preparing = prepared.then(
        () => row.set('waiting'),
        () => {},
      );
      waiting.push(async () => {
        let kind: 'image' | 'pdf' = file.type === 'application/pdf' ? 'pdf' : 'image';
        try {
          const ready = await prepared;
          kind = ready.kind;
          const outcome = await transfer(token, slot, file.name, ready, row);
          if (outcome.state === 'ready') row.set('done');
          else row.fail(refusalMessage(context, currentView(), slot, outcome.reason, kind));
        } catch (error) {
          const code = error instanceof Refused ? error.code : 'failed';
          row.fail(refusalMessage(context, currentView(), slot, code, kind));
        }
        noteEnded(slot.slot, file.name);
        // The slot's list catches up in the background; the next file does not wait for it.
        void refresh();
      });
      next();
    },
  };
}

/**
 * Sends one photo through the same gate (issue 44: the photo of an after-care concern, into the
 * request's `slot`); resolves to its file id once the server checked it, or throws the refusal's
 * code (as refusalMessage names it).
 */
export async function sendOnePhoto(
  token: string,
  slot: string,
  file: File,
  row: Row,
): Promise<string> {
  row.set('preparing');
  let prepared: Prepared;
  try {
    prepared = await prepare(file);
  } catch (error) {
    throw new Error(error instanceof Refused ? error.code : 'failed', { cause: error });
  }
  try {
    const outcome = await transfer(token, { slot }, file.name, prepared, row);
    if (outcome.state === 'ready' && outcome.fileId) {
      row.set('done');
      return outcome.fileId;
    }
    throw new Error(outcome.reason ?? 'failed');
  } catch (error) {
    throw new Error(error instanceof Refused ? error.code : (error as Error).message || 'failed', {
      cause: error,
    });
  }
}
