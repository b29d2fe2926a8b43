/**
 * A photo made light and private on the phone before it is sent: decoded (upright, as the camera
 * meant it), drawn at most 1,600 px on its long side on a canvas and encoded again, which leaves no
 * EXIF (no GPS position, no camera data) in the bytes; plus a 320 px thumbnail for the staff's
 * list, encoded the same way. WebP where the browser encodes it, else JPEG; the qualities were
 * chosen by measurement (docs/decisions.md, "Issue 30"; `npm run bench` prints the table).
 */

export const MAX_SIDE = 1600;
export const THUMB_SIDE = 320;
export const WEBP_QUALITY = 0.75;
export const JPEG_QUALITY = 0.75;
export const THUMB_QUALITY = 0.7;

export interface PreparedImage {
  blob: Blob;
  thumb: Blob;
  type: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
}

type Drawable = ImageBitmap | HTMLImageElement | HTMLCanvasElement;

async function decode(file: Blob): Promise<Drawable> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Older Safari: an <img> decodes (and turns upright) what createImageBitmap cannot.
    const url = URL.createObjectURL(file);
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image;
    } finally {
      URL.revokeObjectURL(url);
    }
  }
}

function sizeOf(source: Drawable): { width: number; height: number } {
  return 'naturalWidth' in source
    ? { width: source.naturalWidth, height: source.naturalHeight }
    : { width: source.width, height: source.height };
}

function draw(source: Drawable, maxSide: number): HTMLCanvasElement {
  const { width, height } = sizeOf(source);
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d')!;
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolveBlob) => canvas.toBlob(resolveBlob, type, quality));
}

let webpSupported: boolean | undefined;

/** Whether this browser's canvas encodes WebP (Safari answers with a PNG instead). */
async function encodesWebp(): Promise<boolean> {
  if (webpSupported === undefined) {
    const probe = document.createElement('canvas');
    probe.width = probe.height = 2;
    webpSupported = (await encode(probe, 'image/webp', 0.8))?.type === 'image/webp';
  }
  return webpSupported;
}

/** The photo to send and its thumbnail; throws when the browser cannot decode the file. */
export async function prepareImage(file: Blob): Promise<PreparedImage> {
  const source = await decode(file);
  const type = (await encodesWebp()) ? 'image/webp' : 'image/jpeg';
  const quality = type === 'image/webp' ? WEBP_QUALITY : JPEG_QUALITY;
  const full = draw(source, MAX_SIDE);
  const small = draw(full, THUMB_SIDE);
  if ('close' in source) source.close();
  const [blob, thumb] = await Promise.all([
    encode(full, type, quality),
    encode(small, type, THUMB_QUALITY),
  ]);
  if (!blob || !thumb || blob.type !== type) throw new Error('encode failed');
  return { blob, thumb, type, width: full.width, height: full.height };
}

/** A PDF is sent as it is; only its first bytes are checked here (the server checks it all). */
export async function looksLikePdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}
