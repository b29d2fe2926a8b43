/**
 * The patient's link survives what patients do with it (issue 43), on a 360 px phone in both
 * languages: the header's language switch both ways keeps the token and what was typed; the skip
 * link's in-page jump keeps the token in the address; a link copied with a trailing full stop or
 * the invisible isolate a plain-text mail puts after it opens, and the database is asked with
 * the token alone (so it never counts as a wrong link).
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, storedRequest, uniqueName } from './backend.ts';

test.use({ viewport: { width: 360, height: 740 } });

/** A request as the public form stores it, with the private link's token we keep. */
async function linkedLead(name: string, language: 'ar' | 'en') {
  const token = randomBytes(32).toString('base64url');
  const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
  const { error } = await anon.from('offer_leads').insert({
    name,
    phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country_code: '+966',
    service: 'hair-transplant',
    source: language === 'en' ? '/en/' : '/',
    language,
    patient_token: token,
  });
  expect(error).toBeNull();
  return token;
}

/** The tokens the page sent to public.patient_request. */
function tokensAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/rest/v1/rpc/patient_request') && request.method() === 'POST') {
      asked.push((JSON.parse(request.postData() ?? '{}') as { _token: string })._token);
    }
  });
  return asked;
}

/**
 * Back up to the header: `?files` brings the photos into view once they load, and the header
 * hides while the page scrolls down.
 */
async function backToHeader(page: Page) {
  await expect(page.locator('[data-patient-files]')).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-hidden', 'false');
}

const greeting = { ar: 'أهلاً', en: 'Hello' };
const messageLabel = { ar: 'رسالتك', en: 'Your message' };
const messageTitle = {
  ar: 'اترك رسالة لمدير المريض',
  en: 'Leave a message for your patient manager',
};

for (const lang of ['ar', 'en'] as const) {
  const other = lang === 'ar' ? 'en' : 'ar';
  const path = (l: 'ar' | 'en') => (l === 'en' ? '/en/r/' : '/r/');
  // The header links to the page without its trailing slash; both open it.
  const pathPattern = (l: 'ar' | 'en') => (l === 'en' ? '/en/r/?' : '/r/?');

  test(`the language switch both ways keeps the link and what was typed (${lang}, 360 px)`, async ({
    page,
  }) => {
    const name = uniqueName(lang === 'ar' ? 'مريض اللغة' : 'Language Patient');
    const token = await linkedLead(name, lang);
    const { reference } = await storedRequest(name);
    await page.goto(`${path(lang)}?files#${token}`);
    await expect(page.locator('[data-reference]')).toHaveText(reference);
    // `?files` scrolls to the photos once they load: wait for it, so no late scroll follows.
    await expect(page.locator('[data-patient-files]')).toBeInViewport();
    await page.getByText(messageTitle[lang]).click();
    await page.getByLabel(messageLabel[lang]).fill('Is March possible?');

    // The skip link jumps within the page: the token stays in the address.
    await page.locator('a[href="#main"]').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?files#${token}$`));
    await expect(page.locator('[data-reference]')).toHaveText(reference);

    // The jump went to the top of the main content, away from the photos.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator('[data-site-header]')).toHaveAttribute('data-hidden', 'false');
    await page.locator('[data-remember-language]').click();
    await expect(page).toHaveURL(new RegExp(`:\\d+${pathPattern(other)}\\?files#${token}$`));
    await expect(page.getByText(`${greeting[other]} ${name.split(' ')[0]}`)).toBeVisible();
    await expect(page.locator('[data-reference]')).toHaveText(reference);
    await expect(page.getByLabel(messageLabel[other])).toHaveValue('Is March possible?');

    await backToHeader(page);
    await page.locator('[data-remember-language]').click();
    await expect(page).toHaveURL(new RegExp(`:\\d+${pathPattern(lang)}\\?files#${token}$`));
    await expect(page.locator('[data-reference]')).toHaveText(reference);
    await expect(page.getByLabel(messageLabel[lang])).toHaveValue('Is March possible?');
  });

  test(`a link copied with a full stop or a mail's isolate after it opens (${lang}, 360 px)`, async ({
    page,
  }) => {
    const name = uniqueName(lang === 'ar' ? 'مريض النقطة' : 'Stop Patient');
    const token = await linkedLead(name, lang);
    const { reference } = await storedRequest(name);
    const asked = tokensAsked(page);
    for (const tail of ['.', '\u2069', '\u2069.', '>', '"', ' ']) {
      // Each a fresh load, as from a mail or a chat (not a jump within the open page).
      await page.goto('about:blank');
      await page.goto(`${path(lang)}#${token}${encodeURIComponent(tail)}`);
      await expect(page.locator('[data-reference]')).toHaveText(reference);
      // What was added goes from the address too.
      await expect(page).toHaveURL(new RegExp(`#${token}$`));
    }
    // Only the token itself ever reached the database: nothing counted as a wrong link.
    expect(asked.length).toBeGreaterThanOrEqual(6);
    expect(new Set(asked)).toEqual(new Set([token]));
  });
}

/**
 * English for the English-speaking patient on the Arabic site (issue 43): the Arabic page offers
 * English when the request was written in English, or when the browser prefers English and no
 * language was chosen on the site; taken, the offer keeps the link; dismissed, it stays away.
 */
test.describe('in an Arabic browser, the Arabic patient page (360 px)', () => {
  test.use({ locale: 'ar-SA' });

  test('offers English for a request written in English, and keeps the link', async ({ page }) => {
    const name = uniqueName('Offer Patient');
    const token = await linkedLead(name, 'en');
    const { reference } = await storedRequest(name);
    await page.goto(`/r/#${token}`);
    await expect(page.locator('[data-reference]')).toHaveText(reference);
    const offer = page.locator('[data-lang-offer]');
    await expect(offer).toBeVisible();
    await offer.getByRole('link', { name: /English/ }).click();
    await expect(page).toHaveURL(new RegExp(`/en/r/?#${token}$`));
    await expect(page.getByText(`Hello ${name.split(' ')[0]}`)).toBeVisible();
    await expect(page.locator('[data-reference]')).toHaveText(reference);
  });

  test('offers nothing for an Arabic request', async ({ page }) => {
    const name = uniqueName('مريض بلا عرض');
    const token = await linkedLead(name, 'ar');
    await page.goto(`/r/#${token}`);
    await expect(page.getByText(`أهلاً ${name.split(' ')[0]}`)).toBeVisible();
    await expect(page.locator('[data-lang-offer]')).toBeHidden();
  });
});

test.describe('in a browser that prefers English, the Arabic patient page (360 px)', () => {
  test.use({ locale: 'en-GB' });

  test('offers English, and once dismissed not again; other pages offer nothing', async ({
    page,
  }) => {
    const name = uniqueName('مريض المتصفح');
    const token = await linkedLead(name, 'ar');
    const { reference } = await storedRequest(name);
    await page.goto(`/r/#${token}`);
    await expect(page.locator('[data-reference]')).toHaveText(reference);
    const offer = page.locator('[data-lang-offer]');
    await expect(offer).toBeVisible();
    await offer.locator('[data-lang-offer-dismiss]').click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.locator('[data-reference]')).toHaveText(reference);
    await expect(offer).toBeHidden();
    // The site's own pages offer nothing on the browser's preference alone (a URL is its language).
    await page.evaluate(() => localStorage.clear());
    await page.goto('/hair-transplant-turkey');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('[data-lang-offer]')).toBeHidden();
  });
});
