import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectFile, sniffType } from '../functions/_shared/file-type.ts';
import { verdict, type FileTarget } from '../functions/request-files/check.ts';

/**
 * The server's check of an uploaded file (supabase/functions/_shared/file-type.ts and
 * request-files/check.ts), on real encoder output: the type by content, never by name or claim;
 * complete files only; no GPS left in a photo; no active content in a PDF; sizes as declared.
 */

const image = (
  format: 'jpeg' | 'png' | 'webp',
  exif?: Parameters<ReturnType<typeof sharp>['withExif']>[0],
) => {
  let pipeline = sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })[format]();
  if (exif) pipeline = pipeline.withExif(exif);
  return pipeline.toBuffer().then((buffer) => new Uint8Array(buffer));
};

const pdf = (body = '') =>
  new TextEncoder().encode(
    `%PDF-1.7\n1 0 obj << /Type /Catalog ${body} >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

describe('inspectFile', () => {
  it('knows JPEG, PNG, WebP and PDF by their bytes', async () => {
    expect(inspectFile(await image('jpeg'), 'image/jpeg')).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
    expect(inspectFile(await image('png'), 'image/png')).toEqual({ ok: true, type: 'image/png' });
    expect(inspectFile(await image('webp'), 'image/webp')).toEqual({
      ok: true,
      type: 'image/webp',
    });
    expect(inspectFile(pdf(), 'application/pdf')).toEqual({ ok: true, type: 'application/pdf' });
  });

  it('refuses bytes that are not the declared type, whatever the name', async () => {
    expect(inspectFile(await image('png'), 'image/jpeg')).toEqual({
      ok: false,
      reason: 'content_mismatch',
    });
    expect(inspectFile(new TextEncoder().encode('<svg onload=alert(1)>'), 'image/jpeg')).toEqual({
      ok: false,
      reason: 'content_mismatch',
    });
    expect(sniffType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(inspectFile(new Uint8Array(), 'image/jpeg')).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses a file cut short', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const whole = await image(format);
      expect(inspectFile(whole.subarray(0, whole.length - 9), type), format).toEqual({
        ok: false,
        reason: 'truncated',
      });
    }
    const document = pdf();
    expect(inspectFile(document.subarray(0, document.length - 8), 'application/pdf')).toEqual({
      ok: false,
      reason: 'truncated',
    });
  });

  it('refuses a photo with GPS in its EXIF, keeps one with camera details only', async () => {
    const gps = await image('jpeg', {
      IFD0: { Make: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1' },
    });
    expect(inspectFile(gps, 'image/jpeg')).toEqual({ ok: false, reason: 'location_metadata' });
    expect(inspectFile(await image('jpeg', { IFD0: { Make: 'Phone' } }), 'image/jpeg').ok).toBe(
      true,
    );
    expect(inspectFile(await image('webp', { IFD0: { Make: 'Phone' } }), 'image/webp')).toEqual({
      ok: false,
      reason: 'metadata',
    });
  });

  it('refuses a PDF with JavaScript or a launch action', () => {
    expect(
      inspectFile(pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), 'application/pdf'),
    ).toEqual({
      ok: false,
      reason: 'active_content',
    });
    expect(inspectFile(pdf('/OpenAction << /S /Launch /F (x.exe) >>'), 'application/pdf').ok).toBe(
      false,
    );
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

  it('passes a declared, complete photo with its thumbnail', async () => {
    const photo = await image('jpeg');
    expect(
      verdict(target({ declared_bytes: photo.length }), photo, await image('jpeg')),
    ).toBeNull();
  });

  it('refuses another size than declared, too large, or without a valid thumbnail', async () => {
    const photo = await image('jpeg');
    expect(verdict(target({ declared_bytes: photo.length + 1 }), photo, photo)).toBe(
      'size_mismatch',
    );
    expect(verdict(target({ declared_bytes: photo.length, max_bytes: 10 }), photo, photo)).toBe(
      'too_large',
    );
    expect(verdict(target({ declared_bytes: photo.length }), photo, null)).toBe(
      'thumbnail_invalid',
    );
    expect(verdict(target({ declared_bytes: photo.length }), photo, pdf())).toBe(
      'thumbnail_invalid',
    );
  });
});
