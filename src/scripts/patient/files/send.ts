/**
 * Sending the files the patient chose, two at a time, each with its own row: prepared on the
 * phone (a photo resized and stripped, a PDF as it is), begun with public.patient_file_begin (the
 * limits), signed by the request-files function, uploaded (thumbnail, then the file, resumably),
 * and finished by the function's check. The row says each step; it says «وصل» only once the
 * server has checked the file, and the reason when it refused it. Loaded when the first file is
 * chosen, so the page itself stays small.
 */
import { noteEnded, noteUnderWay } from './interrupted.ts';
import { forgetKept, keep, keepLocation, type KeptFile } from './kept.ts';
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

/** Records the file with the server (the limits); resolves to its id. */
async function begin(
  token: string,
  slot: Pick<FileSlot, 'slot'>,
  name: string,
  prepared: Prepared,
  row: Row,
) {
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
    row.set('paused');
    await wait(3000);
  }
  if (!begun.ok)
    throw new Refused(begun.reason === 'rate-limited' ? 'rate-limited' : (begun.hint ?? 'failed'));
  const fileId = (begun.data as { file_id?: string } | null)?.file_id;
  if (!fileId) throw new Refused('failed');
  return fileId;
}

/**
 * Uploads and finishes a begun file (in this page load, or kept from an earlier one with the
 * address of its resumable upload); resolves to the check's outcome.
 */
async function deliver(
  token: string,
  fileId: string,
  prepared: Prepared,
  row: Row,
  location: string | undefined,
): Promise<{ state: string; reason?: string }> {
  const paused = () => row.set('paused');
  for (let round = 0; round < 3; round++) {
    const signed = await callFunction({ action: 'sign', token, file_id: fileId }, paused);
    if (signed.status === 409) {
      const state = signed.body['state'];
      return { state: typeof state === 'string' ? state : 'failed' };
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
            {
              at: location,
              onLocation: (made) => {
                location = made;
                void keepLocation(token, fileId, made);
              },
            },
          )
        : null,
    ]);
    row.progress(prepared.blob.size, prepared.blob.size);
    row.set('checking');
    const finished = await callFunction({ action: 'finish', token, file_id: fileId }, paused);
    if (finished.status === 200) return finished.body as { state: string; reason?: string };
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
  makeRow: (slot: FileSlot, file: { name: string }) => Row,
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
  /** Queues the sending of one file; `work` resolves to the check's outcome and the file's id. */
  const enqueue = (
    slot: FileSlot,
    name: string,
    row: Row,
    initialKind: 'image' | 'pdf',
    work: (
      setKind: (kind: 'image' | 'pdf') => void,
      setId: (id: string) => void,
    ) => Promise<{ state: string; reason?: string }>,
  ) => {
    waiting.push(async () => {
      let kind = initialKind;
      let fileId: string | undefined;
      try {
        const outcome = await work(
          (known) => (kind = known),
          (id) => (fileId = id),
        );
        if (outcome.state === 'ready') row.set('done');
        else row.fail(refusalMessage(context, currentView(), slot, outcome.reason, kind));
      } catch (error) {
        const code = error instanceof Refused ? error.code : 'failed';
        row.fail(refusalMessage(context, currentView(), slot, code, kind));
      }
      if (fileId) await forgetKept(token, fileId);
      noteEnded(slot.slot, name);
      // The slot's list catches up in the background; the next file does not wait for it.
      void refresh();
    });
    next();
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
      enqueue(
        slot,
        file.name,
        row,
        file.type === 'application/pdf' ? 'pdf' : 'image',
        async (setKind, setId) => {
          const ready = await prepared;
          setKind(ready.kind);
          const fileId = await begin(token, slot, file.name, ready, row);
          setId(fileId);
          // Kept on the device until it ends, so a reload resumes it (./kept.ts).
          await keep(token, { fileId, slot: slot.slot, name: file.name, ...ready });
          return deliver(token, fileId, ready, row, undefined);
        },
      );
    },
    /** Goes on with a file an earlier load of the page began (./kept.ts). */
    resume(slot: FileSlot, file: KeptFile) {
      const row = makeRow(slot, file);
      noteUnderWay(slot.slot, file.name);
      row.set('waiting');
      enqueue(slot, file.name, row, file.kind, (_setKind, setId) => {
        setId(file.fileId);
        return deliver(token, file.fileId, file, row, file.location);
      });
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
  try {
    const prepared = await prepare(file);
    const fileId = await begin(token, { slot }, file.name, prepared, row);
    const outcome = await deliver(token, fileId, prepared, row, undefined);
    if (outcome.state === 'ready') {
      row.set('done');
      return fileId;
    }
    throw new Refused(outcome.reason ?? 'failed');
  } catch (error) {
    throw new Error(error instanceof Refused ? error.code : 'failed', { cause: error });
  }
}
