/**
 * The one server-side file gate (issue 42, docs/patient-page.md "What the server accepts"): what a
 * file is and whether it may be kept is decided from its bytes, never its name, the type the
 * browser claimed or the Content-Type it was stored with. Runtime-neutral (web standards only:
 * DecompressionStream for PDF streams), so the request-files edge function, the Node tests and the
 * Deno tests run the same code. Nothing is decoded: images are walked by their container structure
 * (JPEG segments, PNG chunks, RIFF chunks), PDFs by their objects.
 *
 * A file passes when it is a JPEG, PNG, WebP or PDF that
 *   - is the type declared, and was stored under exactly that type, without parameters
 *     (`image/jpeg;text/html` → `content_type`);
 *   - is complete and ends where its container says (JPEG EOI, PNG IEND, the RIFF size, a PDF's last
 *     %%EOF), with nothing after it (`trailing_data`) and an image in it (`truncated`: a "JPEG" of
 *     markers only, a PNG without IDAT, a WebP without a frame);
 *   - (an image) declares at most IMAGE_BOUNDS in its header (`image_too_large`), checked before
 *     anything could decode it;
 *   - (an image) carries no metadata that can hold a location or text: EXIF (JPEG APP1, PNG eXIf,
 *     WebP EXIF), XMP (JPEG APP1, PNG iTXt, WebP XMP), IPTC (JPEG APP13), comments (JPEG COM, PNG
 *     tEXt/zTXt) and any segment or chunk not known to hold only pixels or colour
 *     (`location_metadata` when it names a place or GPS position, else `metadata`). The patient's
 *     page re-encodes every photo on the device, which leaves none of them; refusing is therefore
 *     cheaper and safer than rewriting a stranger's container;
 *   - (a PDF) has no active content in any encoding: names are read with their `#xx` escapes
 *     decoded, and object streams are inflated (FlateDecode, ASCIIHexDecode, ASCII85Decode, as
 *     chained) and read the same way; an encrypted PDF, or an object stream in another filter,
 *     cannot be read and is refused too (`active_content`). Staff still only ever receive a PDF as
 *     a download (docs/patient-page.md).
 */

import { inspectPdf } from './file-gate-pdf.ts';

export type FileType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

export type GateReason =
  | 'empty'
  | 'content_mismatch'
  | 'content_type'
  | 'truncated'
  | 'trailing_data'
  | 'image_too_large'
  | 'location_metadata'
  | 'metadata'
  | 'active_content'
  | 'too_large';

/** Every reason the gate can give (the page's and the staff's messages cover each). */
export const GATE_REASONS = (
  'empty content_mismatch content_type truncated trailing_data image_too_large ' +
  'location_metadata metadata active_content too_large'
).split(' ') as readonly GateReason[];

export type GateResult =
  { ok: true; type: FileType; width?: number; height?: number } | { ok: false; reason: GateReason };

/**
 * What an image may declare: each side at most 6000 px and 16.7 million pixels in all (64 MiB once
 * decoded to RGBA). The page sends at most 1600 px on the long side (src/scripts/patient/files/image.ts).
 */
export const IMAGE_BOUNDS = { maxSide: 6000, maxPixels: 16_777_216 } as const;

export type Refusal = { ok: false; reason: GateReason };
export const refuse = (reason: GateReason): Refusal => ({ ok: false, reason });

export const latin1 = (bytes: Uint8Array, from = 0, length = bytes.length - from) => {
  let text = '';
  const end = Math.min(bytes.length, from + length);
  for (let at = from; at < end; at += 8192) {
    text += String.fromCharCode(...bytes.subarray(at, Math.min(end, at + 8192)));
  }
  return text;
};

/** The type the bytes begin with, or null. */
export function sniffType(bytes: Uint8Array): FileType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 8 && latin1(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 12 && latin1(bytes, 0, 4) === 'RIFF' && latin1(bytes, 8, 4) === 'WEBP') {
    return 'image/webp';
  }
  if (bytes.length >= 8 && /^%PDF-[12]\.\d/.test(latin1(bytes, 0, 8))) return 'application/pdf';
  return null;
}

function bounded(width: number, height: number): GateResult | null {
  if (width < 1 || height < 1) return refuse('truncated');
  if (
    width > IMAGE_BOUNDS.maxSide ||
    height > IMAGE_BOUNDS.maxSide ||
    width * height > IMAGE_BOUNDS.maxPixels
  ) {
    return refuse('image_too_large');
  }
  return null;
}

// ——— Metadata ———————————————————————————————————————————————————————————————————————————————

const PLACE =
  /GPS|latitude|longitude|Location|City|State|Country|Sublocation|Province|geo:|plus\.codes/i;

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

/** IPTC-IIM datasets 2:90 city, 2:92 sublocation, 2:95 province, 2:100/101 country. */
function iptcHasPlace(payload: Uint8Array): boolean {
  for (let at = 0; at + 2 < payload.length; at++) {
    if (payload[at] === 0x1c && payload[at + 1] === 0x02) {
      const dataset = payload[at + 2]!;
      if ([90, 92, 95, 100, 101].includes(dataset)) return true;
    }
  }
  return false;
}

/** The refusal for a metadata block: a location if it names one, else metadata. */
function metadataRefusal(payload: Uint8Array, kind: 'exif' | 'text' | 'iptc'): Refusal {
  if (kind === 'exif') {
    const tiff = latin1(payload, 0, 6) === 'Exif\0\0' ? payload.subarray(6) : payload;
    return refuse(tiffHasGps(tiff) ? 'location_metadata' : 'metadata');
  }
  if (kind === 'iptc') return refuse(iptcHasPlace(payload) ? 'location_metadata' : 'metadata');
  return refuse(PLACE.test(latin1(payload)) ? 'location_metadata' : 'metadata');
}

// ——— JPEG ———————————————————————————————————————————————————————————————————————————————————

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Segments that hold only how to decode the pixels. */
const JPEG_TABLES = new Set([0xc4, 0xcc, 0xdb, 0xdd]);

function jpegApp(marker: number, payload: Uint8Array): Refusal | null {
  const head = latin1(payload, 0, 14);
  if (marker === 0xe0 && (head.startsWith('JFIF\0') || head.startsWith('JFXX\0'))) return null;
  if (marker === 0xe2 && head.startsWith('ICC_PROFILE\0')) return null;
  if (marker === 0xee && head.startsWith('Adobe')) return null;
  if (marker === 0xe1 && head.startsWith('Exif\0')) return metadataRefusal(payload, 'exif');
  if (marker === 0xed) return metadataRefusal(payload, 'iptc');
  return metadataRefusal(payload, 'text');
}

function inspectJpeg(bytes: Uint8Array): GateResult {
  let at = 2;
  let size: { width: number; height: number } | null = null;
  let scans = 0;
  for (;;) {
    // A marker: 0xFF (fill bytes allowed), then its code.
    if (at >= bytes.length) return refuse('truncated');
    if (bytes[at] !== 0xff) return refuse('truncated');
    while (at < bytes.length && bytes[at] === 0xff) at++;
    if (at >= bytes.length) return refuse('truncated');
    const marker = bytes[at]!;
    at++;
    if (marker === 0xd9) {
      if (!size || scans === 0) return refuse('truncated');
      if (at !== bytes.length) return refuse('trailing_data');
      return { ok: true, type: 'image/jpeg', ...size };
    }
    if (marker === 0xd8 || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)) {
      return refuse('content_mismatch');
    }
    if (at + 2 > bytes.length) return refuse('truncated');
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (length < 2 || at + length > bytes.length) return refuse('truncated');
    const payload = bytes.subarray(at + 2, at + length);
    if (SOF.has(marker)) {
      if (payload.length < 6 || size) return refuse('content_mismatch');
      const height = (payload[1]! << 8) | payload[2]!;
      const width = (payload[3]! << 8) | payload[4]!;
      const refusal = bounded(width, height);
      if (refusal) return refusal;
      size = { width, height };
    } else if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      const refusal = marker === 0xfe ? metadataRefusal(payload, 'text') : jpegApp(marker, payload);
      if (refusal) return refusal;
    } else if (marker === 0xda) {
      if (!size) return refuse('content_mismatch');
      scans++;
      at += length;
      // The entropy-coded data: up to the next marker that is neither a stuffed 0x00 nor a restart.
      for (;;) {
        if (at + 1 >= bytes.length) return refuse('truncated');
        if (bytes[at] === 0xff) {
          const next = bytes[at + 1]!;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            at += next === 0xff ? 1 : 2;
            continue;
          }
          break;
        }
        at++;
      }
      continue;
    } else if (!JPEG_TABLES.has(marker)) {
      return refuse('content_mismatch');
    }
    at += length;
  }
}

// ——— PNG ————————————————————————————————————————————————————————————————————————————————————

/** Chunks that hold only pixels, palette, transparency, colour and pixel size. */
const PNG_PIXELS = new Set(
  'IHDR PLTE IDAT IEND tRNS cHRM gAMA iCCP sBIT sRGB cICP mDCV cLLI bKGD pHYs'.split(' '),
);

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function inspectPng(bytes: Uint8Array): GateResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let size: { width: number; height: number } | null = null;
  let frames = 0;
  for (;;) {
    if (at + 12 > bytes.length) return refuse('truncated');
    const length = view.getUint32(at);
    const type = latin1(bytes, at + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) return refuse('content_mismatch');
    if (length > bytes.length - at - 12) return refuse('truncated');
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) {
      return refuse('truncated');
    }
    at += 12 + length;
    if (size === null) {
      if (type !== 'IHDR' || length !== 13) return refuse('content_mismatch');
      const width = view.getUint32(16);
      const height = view.getUint32(20);
      const refusal = bounded(width, height);
      if (refusal) return refusal;
      size = { width, height };
      continue;
    }
    if (type === 'IEND') {
      if (frames === 0) return refuse('truncated');
      if (at !== bytes.length) return refuse('trailing_data');
      return { ok: true, type: 'image/png', ...size };
    }
    if (type === 'IDAT') frames++;
    else if (type === 'eXIf') return metadataRefusal(data, 'exif');
    else if (!PNG_PIXELS.has(type)) return metadataRefusal(data, 'text');
  }
}

// ——— WebP ———————————————————————————————————————————————————————————————————————————————————

function inspectWebp(bytes: Uint8Array): GateResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riff = view.getUint32(4, true) + 8;
  if (riff > bytes.length) return refuse('truncated');
  if (riff < bytes.length) return refuse('trailing_data');
  let at = 12;
  let size: { width: number; height: number } | null = null;
  let canvas: { width: number; height: number } | null = null;
  let first = true;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return refuse('truncated');
    const type = latin1(bytes, at, 4);
    const length = view.getUint32(at + 4, true);
    const end = at + 8 + length + (length % 2);
    if (at + 8 + length > bytes.length || end > bytes.length) return refuse('truncated');
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'VP8X') {
      if (!first || length < 10) return refuse('content_mismatch');
      const width = 1 + (data[4]! | (data[5]! << 8) | (data[6]! << 16));
      const height = 1 + (data[7]! | (data[8]! << 8) | (data[9]! << 16));
      const refusal = bounded(width, height);
      if (refusal) return refusal;
      canvas = { width, height };
    } else if (type === 'VP8 ') {
      if (size || length < 10) return refuse(size ? 'content_mismatch' : 'truncated');
      if (data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) {
        return refuse('content_mismatch');
      }
      const width = (data[6]! | (data[7]! << 8)) & 0x3fff;
      const height = (data[8]! | (data[9]! << 8)) & 0x3fff;
      const refusal = bounded(width, height);
      if (refusal) return refusal;
      size = { width, height };
    } else if (type === 'VP8L') {
      if (size || length < 5) return refuse(size ? 'content_mismatch' : 'truncated');
      if (data[0] !== 0x2f) return refuse('content_mismatch');
      const bits = data[1]! | (data[2]! << 8) | (data[3]! << 16) | (data[4]! << 24);
      const width = 1 + (bits & 0x3fff);
      const height = 1 + ((bits >>> 14) & 0x3fff);
      const refusal = bounded(width, height);
      if (refusal) return refusal;
      size = { width, height };
    } else if (type === 'EXIF') {
      return metadataRefusal(data, 'exif');
    } else if (type !== 'ALPH' && type !== 'ICCP') {
      // XMP, animation frames, and anything else a decoder would skip.
      return metadataRefusal(data, 'text');
    }
    first = false;
    at = end;
  }
  if (!size) return refuse('truncated');
  if (canvas && (canvas.width !== size.width || canvas.height !== size.height)) {
    return refuse('content_mismatch');
  }
  return { ok: true, type: 'image/webp', ...size };
}

// ——— The gate ———————————————————————————————————————————————————————————————————————————————

/**
 * The gate's verdict on `bytes`, which the patient declared as `declared` and Storage holds as
 * `stored` (the object's Content-Type; null when not known, e.g. in a unit test).
 */
export { PDF_ACTIVE_NAMES, PDF_MAX_INFLATED_BYTES, pdfNames } from './file-gate-pdf.ts';

export async function gateFile(
  bytes: Uint8Array,
  declared: string,
  stored: string | null = null,
): Promise<GateResult> {
  if (bytes.length === 0) return refuse('empty');
  const type = sniffType(bytes);
  if (type === null || type !== declared) return refuse('content_mismatch');
  if (stored !== null && stored !== type) return refuse('content_type');
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
