/**
 * What the upload bench (scripts/bench/uploads.ts) needs besides the patient's page: 12-megapixel
 * phone photos made here with sharp (4000×3000 JPEG with camera and GPS EXIF as a phone writes
 * them), the page-side recorder of what the patient page sends, and the encoder table (size and
 * PSNR against a lossless copy) behind the page's qualities.
 */
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import sharp from 'sharp';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;
const QUALITIES = [0.6, 0.7, 0.75, 0.8, 0.85, 0.9];

/** A deterministic pseudo-random generator (mulberry32), so every run makes the same photos. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A grey layer of random values at w×h, smoothly enlarged to the photo's size (detail at that scale). */
async function layer(rand: () => number, width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height);
  for (let index = 0; index < raw.length; index++) raw[index] = rand() * 255;
  return sharp(raw, { raw: { width, height, channels: 1 } })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/**
 * One 12-megapixel "phone photo" (JPEG quality 90, EXIF with a GPS position): light varying over
 * the frame and detail at several scales (64, 10, 4 and 2 px) with a little sensor noise, which
 * compresses like a phone's photo of a scalp or a smile does: about 3.8 MB here, about 180 KB as
 * WebP at 1,600 px (a real 12-megapixel photo: 3 to 5 MB).
 */
export async function phonePhoto(seed: number): Promise<Buffer> {
  const rand = random(seed);
  const [big, mid, fine, finer] = await Promise.all([
    layer(rand, 16, 12),
    layer(rand, 400, 300),
    layer(rand, 1000, 750),
    layer(rand, 2000, 1500),
  ]);
  const pixels = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  const tint = [1, 0.85, 0.7];
  for (let index = 0; index < PHOTO_WIDTH * PHOTO_HEIGHT; index++) {
    const base =
      60 +
      big[index]! * 0.6 +
      (mid[index]! - 128) * 0.5 +
      (fine[index]! - 128) * 0.3 +
      (finer[index]! - 128) * 0.15;
    const noise = (rand() - 0.5) * 8;
    for (let channel = 0; channel < 3; channel++) {
      pixels[index * 3 + channel] = Math.max(0, Math.min(255, base * tint[channel]! + noise));
    }
  }
  return sharp(pixels, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'BenchPhone', Model: 'P12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 0/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '28/1 58/1 40/1',
      },
    })
    .toBuffer();
}

/** PSNR (dB, over R, G and B) of `encoded` against the lossless `reference` of the same size. */
export async function psnr(reference: Buffer, encoded: Buffer): Promise<number> {
  const a = await sharp(reference).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const b = await sharp(encoded).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (a.info.width !== b.info.width || a.info.height !== b.info.height) {
    throw new Error('psnr: sizes differ');
  }
  let sum = 0;
  for (let index = 0; index < a.data.length; index++) {
    const delta = a.data[index]! - b.data[index]!;
    sum += delta * delta;
  }
  const mse = sum / a.data.length;
  return mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
}

/**
 * The page-side recorder (an init script): every body the page sends (XHR and fetch: a Blob's or
 * a form's byte count, a string's length), with the Upload-Offset of each TUS PATCH and the file
 * ids patient_file_begin hands out per slot, in `window.__sent` and `window.__begun`.
 */
export function recordSends() {
  type Sent = { url: string; method: string; bytes: number; offset: number | null; at: number };
  const sent: Sent[] = [];
  const begun: Record<string, string> = {};
  const w = window as unknown as { __sent: Sent[]; __begun: Record<string, string> };
  w.__sent = sent;
  w.__begun = begun;
  const sizeOf = (body: unknown): number => {
    if (body instanceof Blob) return body.size;
    if (typeof body === 'string') return new TextEncoder().encode(body).length;
    if (body instanceof FormData) {
      let total = 0;
      body.forEach((value) => (total += typeof value === 'string' ? value.length : value.size));
      return total;
    }
    return 0;
  };
  const open = XMLHttpRequest.prototype.open;
  const setHeader = XMLHttpRequest.prototype.setRequestHeader;
  const send = XMLHttpRequest.prototype.send;
  type Tracked = XMLHttpRequest & { __record?: Sent };
  XMLHttpRequest.prototype.open = function (this: Tracked, method: string, url: string | URL) {
    this.__record = { url: String(url), method, bytes: 0, offset: null, at: 0 };
    // eslint-disable-next-line prefer-rest-params
    return open.apply(this, arguments as unknown as Parameters<typeof open>);
  };
  XMLHttpRequest.prototype.setRequestHeader = function (
    this: Tracked,
    name: string,
    value: string,
  ) {
    if (this.__record && name.toLowerCase() === 'upload-offset')
      this.__record.offset = Number(value);
    return setHeader.call(this, name, value);
  };
  XMLHttpRequest.prototype.send = function (
    this: Tracked,
    body?: Document | XMLHttpRequestBodyInit | null,
  ) {
    if (this.__record) sent.push({ ...this.__record, bytes: sizeOf(body), at: performance.now() });
    return send.call(this, body);
  };
  // A file chosen (an <input type=file> changed): the start of its way, in the same list.
  document.addEventListener(
    'change',
    () =>
      sent.push({ url: 'change', method: 'CHOSEN', bytes: 0, offset: null, at: performance.now() }),
    true,
  );
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    sent.push({
      url,
      method: init?.method ?? 'GET',
      bytes: sizeOf(init?.body),
      offset: null,
      at: performance.now(),
    });
    const response = await realFetch(input, init);
    if (url.includes('/rpc/patient_file_begin') && response.ok) {
      const body = typeof init?.body === 'string' ? init.body : '{}';
      const slot = (JSON.parse(body) as { _slot?: string })._slot ?? '';
      void response
        .clone()
        .json()
        .then((data: { file_id?: string } | null) => {
          if (data?.file_id) begun[slot] = data.file_id;
        });
    }
    return response;
  };
}

/** Chromium's encoders on one photo drawn at 1,600 px: size and PSNR against a lossless copy. */
export async function qualityTable(browser: Browser, origin: string, photo: Buffer) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/r/`);
  const encoded = await page.evaluate(
    async ({ base64, qualities }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
      const scale = 1600 / Math.max(bitmap.width, bitmap.height);
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      const context2d = canvas.getContext('2d')!;
      context2d.imageSmoothingQuality = 'high';
      context2d.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const encode = (type: string, quality?: number) =>
        new Promise<string>((resolveEncoded) =>
          canvas.toBlob(
            (blob) => {
              void blob!.arrayBuffer().then((arrayBuffer) => {
                let text = '';
                for (const byte of new Uint8Array(arrayBuffer)) text += String.fromCharCode(byte);
                resolveEncoded(btoa(text));
              });
            },
            type,
            quality,
          ),
        );
      const out: Record<string, string> = { png: await encode('image/png') };
      for (const quality of qualities) {
        out[`webp ${quality}`] = await encode('image/webp', quality);
        out[`jpeg ${quality}`] = await encode('image/jpeg', quality);
      }
      return out;
    },
    { base64: photo.toString('base64'), qualities: QUALITIES },
  );
  await context.close();
  const reference = Buffer.from(encoded['png']!, 'base64');
  const rows = [];
  for (const quality of QUALITIES) {
    const webp = Buffer.from(encoded[`webp ${quality}`]!, 'base64');
    const jpeg = Buffer.from(encoded[`jpeg ${quality}`]!, 'base64');
    rows.push({
      quality,
      webpKB: Math.round(webp.length / 102.4) / 10,
      webpPsnr: Math.round((await psnr(reference, webp)) * 10) / 10,
      jpegKB: Math.round(jpeg.length / 102.4) / 10,
      jpegPsnr: Math.round((await psnr(reference, jpeg)) * 10) / 10,
    });
  }
  return rows;
}

/** One body the page sent, as recordSends() keeps it. */
export interface Sent {
  url: string;
  method: string;
  bytes: number;
  offset: number | null;
}

/** The PATCH bodies of one file's resumable upload, in order: [offset, bytes]. */
export function patchesOf(sent: Sent[], fileId: string): [number, number][] {
  return sent
    .filter((entry) => {
      const tus = /\/upload\/resumable\/sign\/([^/?]+)/.exec(entry.url);
      return (
        entry.method === 'PATCH' &&
        tus !== null &&
        Buffer.from(tus[1]!, 'base64url').toString('utf8').includes(`${fileId}.`)
      );
    })
    .map((entry) => [entry.offset ?? 0, entry.bytes]);
}

/** A hair-transplant request made as the form makes one; resolves to its link's token. */
export async function newRequest(api: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const response = await fetch(`${api}/rest/v1/offer_leads`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      Authorization: `Bearer ${LOCAL_ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      name: 'Bench Patient',
      phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      country_code: '+966',
      service: 'hair-transplant',
      source: '/',
      patient_token: token,
    }),
  });
  if (!response.ok) throw new Error(`lead: ${response.status} ${await response.text()}`);
  return token;
}
