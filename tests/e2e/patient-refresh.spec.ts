/**
 * The open patient page refreshes itself when something changes (issue 43): a page left open and
 * visible looks again every minute, so staff cancelling the request shows its "what now" without a
 * reload or a tab switch. The page's clock is moved forward instead of waiting the minute.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, serviceClient, storedRequest, uniqueName } from './backend.ts';

test.use({ viewport: { width: 360, height: 740 } });

const closed = {
  ar: 'هذا الطلب مغلق',
  en: 'This request is closed',
};

for (const lang of ['ar', 'en'] as const) {
  test(`the open page shows a change staff made without a reload (${lang}, 360 px)`, async ({
    page,
  }) => {
    const name = uniqueName(lang === 'ar' ? 'مريض التحديث' : 'Refresh Patient');
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

    await page.clock.install();
    await page.goto(`${lang === 'en' ? '/en/r/' : '/r/'}#${token}`);
    await expect(page.locator('[data-reference]')).toHaveText(reference);
    const now = page.locator('[data-now-text]');
    await expect(now).not.toContainText(closed[lang]);
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/rest/v1/rpc/patient_request')) asked++;
    });

    const { error: closeError } = await serviceClient
      .from('contact_requests')
      .update({ status: 'cancelled' })
      .eq('name', name);
    expect(closeError).toBeNull();
    // Half a minute: nothing asked yet.
    await page.clock.fastForward('00:30');
    await expect(now).not.toContainText(closed[lang]);
    expect(asked).toBe(0);
    // The minute is up: the page looked again by itself.
    await page.clock.fastForward('00:31');
    await expect(now).toContainText(closed[lang]);
    expect(asked).toBe(1);
  });
}
