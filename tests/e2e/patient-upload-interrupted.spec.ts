/**
 * A reload mid-upload (issue 43): the photo on its way is not silently dropped. The next load of
 * the page says, in the photo's own slot, which file was cut off and that it must be chosen again;
 * chosen again, it arrives. At 360 px, in both languages.
 */
import { expect, test } from '@playwright/test';
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

for (const lang of ['ar', 'en'] as const) {
  test(`a reload mid-upload says in the slot to choose the photo again (${lang}, 360 px)`, async ({
    page,
  }) => {
    const t = text[lang];
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
    await page.goto(`${t.path}#${token}`);
    const slot = page.locator('[data-patient-files] [data-slot="hair_crown"]');
    const message = slot.locator('[data-slot-message]');

    // The file's bytes never get through: the page is reloaded while they are on their way.
    let held = false;
    await page.route('**/storage/v1/upload/resumable/**', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      // Never answered: the bytes are still on their way when the page reloads.
      held = true;
    });
    await slot.getByLabel(t.gallery).setInputFiles({
      name: 'crown.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await expect(slot.locator('[data-upload]')).toBeVisible();
    await expect.poll(() => held, { timeout: 30_000 }).toBe(true);
    await expect(message).toHaveText('');
    // Reloaded with the bytes still held (as a reload cuts them off: the old page runs no more).
    await page.reload();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

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
}
