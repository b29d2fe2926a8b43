/**
 * A reload mid-upload (issue 43): the photo on its way is not lost. The bytes the phone prepared
 * are kept on the device (src/scripts/patient/files/kept.ts), so the next load of the page goes on
 * with the same file by itself, from what the server holds, and it arrives once: no second file,
 * nothing to choose again. Where the browser keeps nothing (no IndexedDB), the slot says which
 * file was cut off and that it must be chosen again. At 360 px, in both languages.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { serviceClient, uniqueName } from './backend.ts';
import { uniquePhone } from './coordinator.ts';

test.use({ viewport: { width: 360, height: 740 } });

const text = {
  ar: {
    path: '/r/',
    gallery: 'اختر من المعرض',
    interrupted: 'انقطع إرسال «crown.jpg» قبل أن يكتمل. اختره مرة أخرى.',
  },
  en: {
    path: '/en/r/',
    gallery: 'Choose from gallery',
    interrupted: 'Sending “crown.jpg” was cut off before it finished. Choose it again.',
  },
};

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#88aacc' } })
    .jpeg({ quality: 80 })
    .toBuffer();

async function newRequest(lang: 'ar' | 'en') {
  const token = randomBytes(32).toString('base64url');
  const { error } = await serviceClient.from('offer_leads').insert({
    name: uniqueName(lang === 'ar' ? 'رفع منقطع' : 'Cut Upload'),
    phone: uniquePhone(),
    country_code: '+966',
    service: 'hair-transplant',
    source: lang === 'en' ? '/en/' : '/',
    language: lang,
    patient_token: token,
  });
  expect(error).toBeNull();
  return token;
}

/** Chooses the crown photo and reloads the page while its bytes are still on their way. */
async function reloadMidUpload(page: Page, gallery: string) {
  const slot = page.locator('[data-patient-files] [data-slot="hair_crown"]');
  let held = false;
  await page.route('**/storage/v1/upload/resumable/**', async (route) => {
    if (route.request().method() !== 'PATCH' || held) return route.continue();
    // The first load's bytes are never answered: still on their way when the page reloads.
    held = true;
  });
  await slot.getByLabel(gallery).setInputFiles({
    name: 'crown.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  await expect(slot.locator('[data-upload]')).toBeVisible();
  await expect.poll(() => held, { timeout: 30_000 }).toBe(true);
  await expect(slot.locator('[data-slot-message]')).toHaveText('');
  // Reloaded with the bytes still held (as a reload cuts them off: the old page runs no more).
  await page.reload();
  return slot;
}

/** What the server holds for the link: the files received per slot, and those still unfinished. */
async function received(token: string) {
  const { data, error } = await serviceClient.rpc('patient_files', { _token: token });
  expect(error).toBeNull();
  const view = data as { slots: { slot: string; files: unknown[] }[]; unfinished: number };
  return {
    crown: view.slots.find((slot) => slot.slot === 'hair_crown')!.files.length,
    unfinished: view.unfinished,
  };
}

for (const lang of ['ar', 'en'] as const) {
  test(`a reload mid-upload goes on with the same photo by itself (${lang}, 360 px)`, async ({
    page,
  }) => {
    const t = text[lang];
    const token = await newRequest(lang);
    await page.goto(`${t.path}#${token}`);
    let begun = 0;
    page.on('request', (request) => {
      if (request.url().includes('/rpc/patient_file_begin')) begun++;
    });
    const slot = await reloadMidUpload(page, t.gallery);

    // The new load sends the rest of the same file: its row, then the checked file in the slot.
    await expect(slot.locator('[data-received] li')).toContainText('✓', { timeout: 60_000 });
    await expect(slot.locator('[data-slot-message]')).toHaveText('');
    expect(begun).toBe(1);
    expect(await received(token)).toEqual({ crown: 1, unfinished: 0 });
    // Nothing is kept or sent again at the next load.
    await page.reload();
    await expect(slot.locator('[data-received] li')).toHaveCount(1);
    await expect(slot.locator('[data-received] li')).toContainText('✓');
    await expect(slot.locator('[data-upload]')).toHaveCount(0);
    expect(begun).toBe(1);
  });
}

test('without storage on the device, a reload mid-upload says in the slot to choose the photo again (ar, 360 px)', async ({
  page,
}) => {
  const t = text.ar;
  // A browser that keeps nothing for the page (as some private windows).
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { value: undefined });
  });
  const token = await newRequest('ar');
  await page.goto(`${t.path}#${token}`);
  const slot = await reloadMidUpload(page, t.gallery);
  const message = slot.locator('[data-slot-message]');

  await expect(message).toHaveText(t.interrupted);
  await expect(slot.locator('[data-received] li')).not.toContainText('crown.jpg');
  // Chosen again, it arrives, and the notice goes.
  await slot.getByLabel(t.gallery).setInputFiles({
    name: 'crown.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  await expect(slot.locator('[data-received] li')).toContainText('✓', { timeout: 60_000 });
  await page.reload();
  await expect(slot.locator('[data-received] li')).toContainText('✓');
  await expect(message).toHaveText('');
});
