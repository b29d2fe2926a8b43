/**
 * What a file really is, from its bytes, never its name or the type the browser claimed: JPEG,
 * PNG, WebP or PDF, complete (a JPEG ends with its end marker, a PNG with IEND, a WebP's RIFF
 * length is the file's, a PDF ends with %%EOF), without location metadata in an image (EXIF GPS
 * in a JPEG; any EXIF chunk in a PNG or WebP: the patient's page re-encodes every photo, which
 * leaves none), and without active content in a PDF (JavaScript, launch actions, embedded files
 * in its uncompressed text). Runtime-neutral: the request-files edge function and the tests use it.
 */

export type FileType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

export type Inspection =
  | { ok: true; type: FileType }
  | {
      ok: false;
      reason:
        | 'empty'
        | 'content_mismatch'
        | 'truncated'
        | 'location_metadata'
        | 'metadata'
        | 'active_content';
    };

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** The type the bytes begin with, or null. */
export function sniffType(bytes: Uint8Array): FileType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return 'image/webp';
  }
  if (bytes.length >= 8 && /^%PDF-[12]\.\d/.test(ascii(bytes, 0, 8))) return 'application/pdf';
  return null;
}

/** True when a TIFF block (EXIF's payload) has a GPS IFD pointer (tag 0x8825) in IFD0. */
export function tiffHasGps(tiff: Uint8Array): boolean {
  if (tiff.length < 8) return false;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return false;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return false;
  const entries = view.getUint16(ifd, little);
  for (let index = 0; index < entries; index++) {
    const at = ifd + 2 + index * 12;
    if (at + 2 > tiff.length) return false;
    if (view.getUint16(at, little) === 0x8825) return true;
  }
  return false;
}

function inspectJpeg(bytes: Uint8Array): Inspection {
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end--;
  if (!(bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9))
    return { ok: false, reason: 'truncated' };
  // The segments before the image data: APP1 "Exif" with a GPS pointer is refused.
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) return { ok: false, reason: 'truncated' };
    if (marker === 0xe1 && ascii(bytes, at + 4, 6) === 'Exif\0\0') {
      if (tiffHasGps(bytes.subarray(at + 10, at + 2 + length))) {
        return { ok: false, reason: 'location_metadata' };
      }
    }
    at += 2 + length;
  }
  return { ok: true, type: 'image/jpeg' };
}

function inspectPng(bytes: Uint8Array): Inspection {
  const tail = ascii(bytes, bytes.length - 8, 4);
  if (tail !== 'IEND') return { ok: false, reason: 'truncated' };
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0);
    const type = ascii(bytes, at + 4, 4);
    if (type === 'eXIf') return { ok: false, reason: 'metadata' };
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return { ok: true, type: 'image/png' };
}

function inspectWebp(bytes: Uint8Array): Inspection {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) + 8 !== bytes.length) return { ok: false, reason: 'truncated' };
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = ascii(bytes, at, 4);
    const length = view.getUint32(at + 4, true);
    if (type === 'EXIF') return { ok: false, reason: 'metadata' };
    at += 8 + length + (length % 2);
  }
  return { ok: true, type: 'image/webp' };
}

function inspectPdf(bytes: Uint8Array): Inspection {
  const tail = ascii(bytes, Math.max(0, bytes.length - 1024), 1024);
  if (!tail.includes('%%EOF')) return { ok: false, reason: 'truncated' };
  const text = new TextDecoder('latin1').decode(bytes);
  if (/\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia)\b/.test(text)) {
    return { ok: false, reason: 'active_content' };
  }
  return { ok: true, type: 'application/pdf' };
}

/** Inspects `bytes`, which the patient said are `declared`. */
export function inspectFile(bytes: Uint8Array, declared: string): Inspection {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  const type = sniffType(bytes);
  if (type === null || type !== declared) return { ok: false, reason: 'content_mismatch' };
  switch (type) {
    case 'image/jpeg':
      return inspectJpeg(bytes);
    case 'image/png':
      return inspectPng(bytes);
    case 'image/webp':
      return inspectWebp(bytes);
    default:
      return inspectPdf(bytes);
  }
}
