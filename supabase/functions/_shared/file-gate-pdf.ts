/**
 * The PDF half of the file gate (./file-gate.ts, whose comment says what passes): names read with
 * their `#xx` escapes decoded, outside stream bodies and inside object streams, which are decoded
 * (FlateDecode with DecompressionStream, ASCIIHexDecode, ASCII85Decode, chained as the dictionary
 * says). An object stream in any other filter, or an encrypted file, cannot be read: refused.
 */
import { latin1, refuse, type GateResult } from './file-gate.ts';

/** What the object streams of one PDF may inflate to, together. */
export const PDF_MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** Names that make a PDF do something when opened or clicked, or carry another file. */
export const PDF_ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'SubmitForm',
  'ImportData',
  'ResetForm',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'XFA',
  'GoToE',
  'GoToR',
  'Sound',
  'Movie',
  'Rendition',
  'Encrypt',
]);

const NAME = /\/([^\s()<>[\]{}/%]*)/g;

const decodeName = (name: string) =>
  name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The names in `text`, `#xx` escapes decoded (`/J#61vaScript` is /JavaScript). */
export function pdfNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(NAME)) names.add(decodeName(match[1]!));
  return names;
}

/**
 * True when `text` names active content. An /OpenAction that is a destination array (`[3 0 R
 * /Fit]`: which page to show, as LaTeX and others write it), directly or by reference, only sets
 * the view and passes; one that names an action (a dictionary) does not. `object` answers an
 * object's text by number (null when the file holds none).
 */
function hasActiveName(text: string, object: (number: number) => string | null): boolean {
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1]!);
    if (!PDF_ACTIVE_NAMES.has(name)) continue;
    if (name === 'OpenAction') {
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 200);
      if (onlyShowsAPage(after)) continue;
      const reference = /^\s*(\d+)\s+\d+\s+R/.exec(after);
      if (reference && onlyShowsAPage(object(Number(reference[1])) ?? '')) continue;
    }
    return true;
  }
  return false;
}

/** A destination (`[page /Fit]`) or a GoTo action to one, with no next action chained. */
function onlyShowsAPage(value: string): boolean {
  if (/^\s*\[/.test(value)) return true;
  const action = /^\s*<<([^>]*)>>/.exec(value);
  if (!action) return false;
  const names = [...action[1]!.matchAll(NAME)].map((match) => decodeName(match[1]!));
  return (
    names.includes('GoTo') &&
    names.every((n) =>
      [
        'S',
        'GoTo',
        'D',
        'Type',
        'Action',
        'Fit',
        'FitH',
        'FitV',
        'FitB',
        'FitBH',
        'FitBV',
        'XYZ',
        'FitR',
      ].includes(n),
    )
  );
}

/** The objects of a decoded object stream (/N objects, the first at /First), by number. */
function objectStreamObjects(decoded: string, dictionary: string, into: Map<number, string>) {
  const count = Number(/\/N\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
  const first = Number(/\/First\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
  const header = decoded.slice(0, first).trim().split(/\s+/).map(Number);
  for (let index = 0; index < count && index * 2 + 1 < header.length; index++) {
    const start = first + header[index * 2 + 1]!;
    const end =
      index + 1 < count ? first + (header[index * 2 + 3] ?? decoded.length) : decoded.length;
    into.set(header[index * 2]!, decoded.slice(start, end));
  }
}

async function inflate(data: Uint8Array, budget: { left: number }): Promise<Uint8Array | null> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate'));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      budget.left -= value.length;
      if (budget.left < 0) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function asciiHex(data: Uint8Array): Uint8Array | null {
  const text = latin1(data).replace(/\s/g, '');
  const end = text.indexOf('>');
  const hex = end === -1 ? text : text.slice(0, end);
  if (!/^[0-9A-Fa-f]*$/.test(hex)) return null;
  const padded = hex.length % 2 ? `${hex}0` : hex;
  const out = new Uint8Array(padded.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(padded.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function ascii85(data: Uint8Array): Uint8Array | null {
  let text = latin1(data).replace(/\s/g, '');
  if (text.startsWith('<~')) text = text.slice(2);
  const end = text.indexOf('~>');
  if (end !== -1) text = text.slice(0, end);
  const out: number[] = [];
  let group: number[] = [];
  for (const char of text) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const code = char.charCodeAt(0) - 33;
    if (code < 0 || code > 84) return null;
    group.push(code);
    if (group.length === 5) {
      let value = 0;
      for (const digit of group) value = value * 85 + digit;
      out.push((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
      group = [];
    }
  }
  if (group.length > 0) {
    const kept = group.length - 1;
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    const bytes = [
      (value >>> 24) & 0xff,
      (value >>> 16) & 0xff,
      (value >>> 8) & 0xff,
      value & 0xff,
    ];
    out.push(...bytes.slice(0, kept));
  }
  return new Uint8Array(out);
}

/** The filters of a stream's dictionary, in order, names decoded. */
function streamFilters(dictionary: string): string[] {
  const match = /\/(?:F|Filter)\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dictionary);
  if (!match) return [];
  return [...pdfNames(match[1]!)];
}

async function decodeStream(
  data: Uint8Array,
  filters: string[],
  budget: { left: number },
): Promise<Uint8Array | null> {
  let out: Uint8Array | null = data;
  for (const filter of filters) {
    if (!out) return null;
    if (filter === 'FlateDecode' || filter === 'Fl') out = await inflate(out, budget);
    else if (filter === 'ASCIIHexDecode' || filter === 'AHx') out = asciiHex(out);
    else if (filter === 'ASCII85Decode' || filter === 'A85') out = ascii85(out);
    else return null;
  }
  return out;
}

export async function inspectPdf(bytes: Uint8Array): Promise<GateResult> {
  const text = latin1(bytes);
  const eof = text.lastIndexOf('%%EOF');
  if (eof === -1) return refuse('truncated');
  if (!/^[\r\n\t \0]*$/.test(text.slice(eof + 5))) return refuse('trailing_data');
  // The file's text outside stream bodies, plus the decoded bodies of its object streams.
  const outside: string[] = [];
  const budget = { left: PDF_MAX_INFLATED_BYTES };
  const compressed = new Map<number, string>();
  const streamWord = /(?:>>|\s)stream(?:\r\n|\n|\r)/g;
  let from = 0;
  for (let match = streamWord.exec(text); match; match = streamWord.exec(text)) {
    const body = match.index + match[0].length;
    const objectStart = Math.max(
      text.lastIndexOf(' obj', match.index),
      text.lastIndexOf('\nobj', match.index),
      from,
    );
    const dictionary = text.slice(objectStart, match.index + match[0].length);
    outside.push(text.slice(from, body));
    // The body ends where /Length says when it says so directly and endstream follows, else at the
    // first endstream.
    let end = -1;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    if (length) {
      const candidate = body + Number(length[1]);
      if (/^[\r\n\t ]*endstream/.test(text.slice(candidate, candidate + 16))) end = candidate;
    }
    if (end === -1) end = text.indexOf('endstream', body);
    if (end === -1) return refuse('truncated');
    const names = pdfNames(dictionary);
    if (names.has('ObjStm')) {
      const decoded = await decodeStream(
        bytes.subarray(body, end),
        streamFilters(dictionary),
        budget,
      );
      if (budget.left < 0) return refuse('too_large');
      if (!decoded) return refuse('active_content');
      const decodedText = latin1(decoded);
      outside.push(decodedText);
      objectStreamObjects(decodedText, dictionary, compressed);
    } else if (/\d+\s+\d+\s+obj\b/.test(text.slice(body, end))) {
      // An object hidden where a stream's /Length says there are only stream bytes: a viewer
      // that follows the cross-reference table reads it, so it is read here too.
      outside.push(text.slice(body, end));
    }
    from = end;
    streamWord.lastIndex = end;
  }
  outside.push(text.slice(from));
  const object = (number: number) => {
    const plain = new RegExp(`(?:^|\\s)${number}\\s+\\d+\\s+obj\\b`).exec(text);
    if (plain) return text.slice(plain.index + plain[0].length, plain.index + plain[0].length + 40);
    return compressed.get(number) ?? null;
  };
  if (outside.some((part) => hasActiveName(part, object))) return refuse('active_content');
  return { ok: true, type: 'application/pdf' };
}
