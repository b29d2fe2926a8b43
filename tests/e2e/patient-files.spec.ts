/**
 * Photos from the patient's page (issue 30) in a real browser against the local stack: a patient
 * on a phone-sized screen sends a photo carrying GPS in its EXIF; the page resizes and re-encodes
 * it (the stored bytes are at most 1,600 px and hold no EXIF), the server checks it, and a
 * coordinator's already open request dialog shows its thumbnail live, opens it in the viewer and
 * zooms. The coordinator's «اطلب مجدداً» shows on the patient's page. Both languages; axe on both
 * new parts.
 */
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { serviceClient, uniqueName } from './backend.ts';
import { uniquePhone, openRequest, search } from './coordinator.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login } from './staff.ts';

async function photoWithGps(): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  // A gradient with detail, so the encoder has something to do.
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = (x ^ y) & 0xff;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'E2E' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '24/1 42/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '46/1 40/1 0/1',
      },
    })
    .toBuffer();
}

test('a photo from the patient page reaches an open dialog live, resized and without EXIF', async ({
  page,
  browser,
}) => {
  const name = uniqueName('صور');
  const token = randomBytes(32).toString('base64url');
  const { error } = await serviceClient.from('offer_leads').insert({
    name,
    phone: uniquePhone(),
    country_code: '+966',
    country: 'السعودية',
    service: 'hair-transplant',
    source: '/',
    patient_token: token,
  });
  expect(error).toBeNull();

  // The coordinator has the request open before anything arrives.
  await login(page, createAdmin('files', 'coordinator'));
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await expect(search(page)).toBeVisible({ timeout: 15_000 });
  const dialog = await openRequest(page, name);
  const files = dialog.getByTestId('files-section');
  const front = files.locator('[data-slot="hair_front"]');
  await expect(front).toContainText('لم تصل بعد');

  // The patient, on a phone-sized screen, in another browser context.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const patient = await phone.newPage();
  await patient.goto(`/r/#${token}`);
  const section = patient.locator('[data-patient-files]');
  await expect(section.getByRole('heading', { name: 'صورك ومستنداتك' })).toBeVisible();
  const slot = section.locator('[data-slot="hair_front"]');
  await slot.getByLabel('اختر من المعرض').setInputFiles({
    name: 'front.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoWithGps(),
  });
  await expect(slot.locator('[data-received] li')).toContainText('✓', { timeout: 60_000 });
  // The patient sees the picture that went into the slot: its thumbnail, signed for the link.
  const received = slot.locator('[data-received] img');
  await expect(received).toBeVisible({ timeout: 20_000 });
  await expect(received).toHaveAttribute('alt', 'صورة «front.jpg» كما وصلتنا');
  await expect(received).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/request-files\//);
  await expect
    .poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousA11yIssues(patient, '[data-patient-files]');

  // The open dialog shows the file without a reload; its thumbnail is signed once in view.
  const thumb = front.getByTestId('file-thumb');
  await expect(thumb).toBeVisible({ timeout: 20_000 });
  await files.scrollIntoViewIfNeeded();
  await expect(thumb.locator('img')).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/sign\/request-files\//,
    { timeout: 20_000 },
  );

  // What Storage holds: re-encoded by the page, at most 1,600 px, no EXIF left.
  const thumbPath = /\/object\/sign\/request-files\/([^?]+)/.exec(
    (await thumb.locator('img').getAttribute('src'))!,
  )![1]!;
  for (const [path, longSide] of [
    [thumbPath.replace('-thumb.', '.'), 1600],
    [thumbPath, 320],
  ] as const) {
    const download = await serviceClient.storage.from('request-files').download(path);
    const bytes = Buffer.from(await download.data!.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBe(longSide);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('TestPhone'))).toBe(false);
  }

  // The viewer opens the photo and zooms.
  await thumb.click();
  const viewer = page.getByTestId('file-viewer');
  await expect(viewer.locator('img')).toBeVisible();
  await viewer.getByRole('button', { name: 'تكبير' }).click();
  await expect(viewer.getByTestId('zoom-level')).toContainText('التكبير 150٪');
  await viewer.getByRole('button', { name: 'إغلاق العرض' }).click();
  await expect(viewer).toBeHidden();
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yIssues(page, '[data-testid="files-section"]');

  // «اطلب مجدداً» for the crown: the patient's page says so, in English too.
  page.once('dialog', (prompt) => void prompt.accept());
  await files
    .locator('[data-slot="hair_crown"]')
    .getByRole('button', { name: 'اطلب مجدداً «التاج» من المريض' })
    .click();
  await expect(files.locator('[data-slot="hair_crown"]')).toContainText('طُلبت مجدداً');
  await patient.goto(`/en/r/#${token}`);
  const crown = patient.locator('[data-patient-files] [data-slot="hair_crown"]');
  await expect(crown).toContainText('Your patient manager asked for this again');
  await expect(patient.locator('[data-patient-files] [data-slot="hair_front"]')).toContainText(
    'Received',
  );
  await phone.close();
});
