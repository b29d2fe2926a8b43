import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  gateFile,
  GATE_REASONS,
  IMAGE_BOUNDS,
  pdfNames,
  sniffType,
} from '../functions/_shared/file-gate.ts';
import { verdict, type FileTarget } from '../functions/request-files/check.ts';

/**
 * The server's file gate (supabase/functions/_shared/file-gate.ts) and the check of an upload
 * (request-files/check.ts), in Node; file-gate.deno-test.ts runs the same corpus under Deno. On
 * real encoder output (sharp) and on the crafted corpus of tests/fixtures/crafted/ (README.md
 * there: each file and why it is refused or kept): the type by content, never by name, claim or
 * stored type; complete files with nothing after their end; pixel bounds read from the header; no
 * metadata that can carry a location or text; no active content in a PDF in any encoding.
 */

const crafted = join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'crafted');
const corpus = JSON.parse(readFileSync(join(crafted, 'corpus.json'), 'utf8')) as {
  file: string;
  declared: string;
  stored?: string;
  expect: string;
  why: string;
}[];
const fixture = (file: string) => new Uint8Array(readFileSync(join(crafted, file)));

const image = (
  format: 'jpeg' | 'png' | 'webp',
  options: { width?: number; height?: number; alpha?: boolean } = {},
) =>
  sharp({
    create: {
      width: options.width ?? 40,
      height: options.height ?? 30,
      channels: options.alpha ? 4 : 3,
      background: { r: 10, g: 120, b: 200, alpha: 0.5 },
    },
  })
    .toFormat(format)
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

const pdf = (body = '') =>
  new TextEncoder().encode(
    `%PDF-1.7\n1 0 obj << /Type /Catalog ${body} >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

describe('the crafted corpus', () => {
  it('names every reason the gate gives, and the gate answers each file as README.md says', async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    const readme = readFileSync(join(crafted, 'README.md'), 'utf8');
    for (const entry of corpus) {
      expect(readme, `README.md lists ${entry.file}`).toContain(entry.file);
      const result = await gateFile(
        fixture(entry.file),
        entry.declared,
        entry.stored ?? entry.declared,
      );
      expect(result.ok ? 'ok' : result.reason, `${entry.file}: ${entry.why}`).toBe(entry.expect);
    }
    const answered = new Set(corpus.map((entry) => entry.expect));
    for (const reason of GATE_REASONS.filter((r) => r !== 'empty' && r !== 'too_large')) {
      expect(answered, reason).toContain(reason);
    }
  });
});

describe('gateFile on real encoder output', () => {
  it('keeps JPEG, PNG and WebP as encoders write them, with their size', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      expect(await gateFile(await image(format), type, type)).toEqual({
        ok: true,
        type,
        width: 40,
        height: 30,
      });
      // With alpha (WebP: VP8X + ALPH), and at the page's largest size.
      expect(
        (await gateFile(await image(format, { alpha: true, width: 1600, height: 1200 }), type)).ok,
        `${format} 1600×1200 with alpha`,
      ).toBe(true);
    }
    const progressive = new Uint8Array(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#246' } })
        .jpeg({ progressive: true })
        .toBuffer(),
    );
    expect((await gateFile(progressive, 'image/jpeg')).ok).toBe(true);
    const lossless = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#246' } })
        .webp({ lossless: true })
        .toBuffer(),
    );
    expect(await gateFile(lossless, 'image/webp')).toMatchObject({
      ok: true,
      width: 64,
      height: 48,
    });
    expect(await gateFile(pdf(), 'application/pdf')).toEqual({ ok: true, type: 'application/pdf' });
  });

  it('refuses what sharp writes as metadata: EXIF, XMP, in every container', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Riyadh"/></rdf:RDF></x:xmpmeta>';
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const base = () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: '#246' } });
      const withExif = new Uint8Array(
        await base()
          .withExif({ IFD0: { Make: 'Phone' } })
          .toFormat(format)
          .toBuffer(),
      );
      const withGps = new Uint8Array(
        await base()
          .withExif({
            IFD0: { Make: 'Phone' },
            IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1' },
          })
          .toFormat(format)
          .toBuffer(),
      );
      const withXmp = new Uint8Array(await base().withXmp(xmp)[format]().toBuffer());
      expect(await gateFile(withExif, type), `${format} EXIF`).toEqual({
        ok: false,
        reason: 'metadata',
      });
      expect(await gateFile(withGps, type), `${format} GPS`).toEqual({
        ok: false,
        reason: 'location_metadata',
      });
      // PNG's XMP is compressed (iTXt): refused as metadata without being inflated.
      expect((await gateFile(withXmp, type)).ok, `${format} XMP`).toBe(false);
    }
  });

  it('refuses bytes that are not the declared type, or stored under another type', async () => {
    expect(await gateFile(await image('png'), 'image/jpeg')).toEqual({
      ok: false,
      reason: 'content_mismatch',
    });
    expect(sniffType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(await gateFile(new Uint8Array(), 'image/jpeg')).toEqual({ ok: false, reason: 'empty' });
    const jpeg = await image('jpeg');
    for (const stored of [
      'image/jpeg;text/html',
      'image/jpeg; charset=utf-8',
      'IMAGE/JPEG',
      'text/html',
      '',
    ]) {
      expect(await gateFile(jpeg, 'image/jpeg', stored), stored).toEqual({
        ok: false,
        reason: 'content_type',
      });
    }
  });

  it('refuses a file cut short anywhere', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const whole = await image(format);
      for (const cut of [1, 9, Math.floor(whole.length / 2)]) {
        expect(
          await gateFile(whole.subarray(0, whole.length - cut), type),
          `${format} −${cut}`,
        ).toMatchObject({
          ok: false,
        });
      }
    }
    const document = pdf();
    expect(await gateFile(document.subarray(0, document.length - 8), 'application/pdf')).toEqual({
      ok: false,
      reason: 'truncated',
    });
  });

  it('reads the bounds from the header: the largest allowed passes, one pixel more does not', async () => {
    const side = IMAGE_BOUNDS.maxSide;
    const tall = Math.floor(IMAGE_BOUNDS.maxPixels / side);
    expect(
      (await gateFile(await image('png', { width: side, height: tall }), 'image/png')).ok,
    ).toBe(true);
    expect(
      await gateFile(await image('png', { width: side + 1, height: 10 }), 'image/png'),
    ).toEqual({
      ok: false,
      reason: 'image_too_large',
    });
    expect(
      await gateFile(await image('webp', { width: side, height: tall + 1 }), 'image/webp'),
    ).toEqual({
      ok: false,
      reason: 'image_too_large',
    });
  });

  it('reads PDF names with their #xx escapes decoded', () => {
    expect([...pdfNames('/J#61vaScript /O#70en#41ction /Type/Page')]).toEqual([
      'JavaScript',
      'OpenAction',
      'Type',
      'Page',
    ]);
  });
});

describe('verdict', () => {
  const target = (overrides: Partial<FileTarget> = {}): FileTarget => ({
    file_id: '00000000-0000-4000-8000-000000000001',
    request_id: '00000000-0000-4000-8000-000000000002',
    slot: 'smile',
    state: 'uploading',
    kind: 'image',
    content_type: 'image/jpeg',
    declared_bytes: 0,
    object_path: 'requests/x/y.jpg',
    thumb_path: 'requests/x/y-thumb.jpg',
    created_at: '2026-11-27T00:00:00Z',
    max_bytes: 5_242_880,
    max_thumb_bytes: 262_144,
    ...overrides,
  });
  const stored = (bytes: Uint8Array, contentType: string | null = 'image/jpeg') => ({
    bytes,
    contentType,
  });

  it('passes a declared, complete photo with its thumbnail', async () => {
    const photo = await image('jpeg');
    expect(
      await verdict(
        target({ declared_bytes: photo.length }),
        stored(photo),
        stored(await image('jpeg')),
      ),
    ).toBeNull();
  });

  it('refuses another size than declared, too large, a stored type with parameters, or without a valid thumbnail', async () => {
    const photo = await image('jpeg');
    const ok = target({ declared_bytes: photo.length });
    expect(
      await verdict(target({ declared_bytes: photo.length + 1 }), stored(photo), stored(photo)),
    ).toBe('size_mismatch');
    expect(
      await verdict(
        target({ declared_bytes: photo.length, max_bytes: 10 }),
        stored(photo),
        stored(photo),
      ),
    ).toBe('too_large');
    expect(await verdict(ok, stored(photo, 'image/jpeg;text/html'), stored(photo))).toBe(
      'content_type',
    );
    expect(await verdict(ok, stored(photo), null)).toBe('thumbnail_invalid');
    expect(await verdict(ok, stored(photo), stored(pdf(), 'application/pdf'))).toBe(
      'thumbnail_invalid',
    );
    expect(await verdict(ok, stored(photo), stored(fixture('xmp-location.jpg')))).toBe(
      'thumbnail_invalid',
    );
    expect(await verdict(ok, stored(photo), stored(photo, 'text/html'))).toBe('thumbnail_invalid');
  });
});
