/**
 * The thank-you page at 360 × 740 (issue 43): the reference and the private link, for most
 * patients the link's only copy, are on the first screen, above the three next steps (they sat
 * 800 px down, below them).
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, storedRequest, uniqueName } from './backend.ts';

const viewport = { width: 360, height: 740 };
test.use({ viewport });

for (const lang of ['ar', 'en'] as const) {
  test(`the reference and the link are above the fold and above the steps (${lang}, 360 × 740)`, async ({
    page,
  }) => {
    const name = uniqueName(lang === 'ar' ? 'مريض الشكر' : 'Thanks Patient');
    const token = randomBytes(32).toString('base64url');
    const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
    const { error } = await anon.from('offer_leads').insert({
      name,
      phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      country_code: '+966',
      service: 'hair-transplant',
      source: lang === 'en' ? '/en/' : '/',
      language: lang,
      patient_token: token,
    });
    expect(error).toBeNull();
    const { reference } = await storedRequest(name);
    // The form leaves the stored request's token in the tab, as src/lib/patient/link.ts does.
    await page.addInitScript(
      (stored) => sessionStorage.setItem('rihla:last-request', stored),
      token,
    );
    await page.goto(lang === 'en' ? '/en/thank-you' : '/thank-you');

    const card = page.locator('[data-patient-link]');
    await expect(card.locator('[data-reference]')).toHaveText(reference);
    await expect(card.locator('[data-link]')).toHaveAttribute('href', new RegExp(`#${token}$`));
    const bottom = async (selector: string) => {
      const box = await page.locator(selector).first().boundingBox();
      expect(box, selector).not.toBeNull();
      return box!.y + box!.height;
    };
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await bottom('[data-reference]')).toBeLessThanOrEqual(viewport.height);
    expect(await bottom('[data-patient-link] [data-link]')).toBeLessThanOrEqual(viewport.height);
    // Above the three steps.
    expect(await bottom('[data-patient-link] [data-link]')).toBeLessThan(await top('main ol'));
  });
}
