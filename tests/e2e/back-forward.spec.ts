/**
 * Back to a form through the back/forward cache, as phones do. Playwright's Chromium runs without
 * that cache (its `--disable-back-forward-cache`), so these tests launch one with it: a patient who
 * typed, tapped a link and came back finds what they typed; one who sent and came back from the
 * thank-you page finds a fresh form, not the success panel.
 */
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import config, { chromiumPath } from '../../playwright.config.ts';
import { rowsNamed, uniqueName } from './backend.ts';

const uniqueMobile = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: config.use?.launchOptions?.args ?? [],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
});
test.afterAll(async () => {
  await browser.close();
});

/** A page that records whether each showing came from the back/forward cache. */
async function openHome(baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.addEventListener('pageshow', (event) => {
      (window as unknown as { restored: boolean }).restored = event.persisted;
    });
  });
  await page.goto('/');
  return page;
}

const restored = (page: Page) =>
  page.evaluate(() => (window as unknown as { restored?: boolean }).restored === true);

test('typed, away through a link and back: what was typed is still there', async ({ baseURL }) => {
  const page = await openHome(baseURL!);
  const form = page.getByTestId('lead-form-wizard');
  const name = uniqueName('رجوع من رابط');
  const mobile = uniqueMobile();
  await form.getByLabel('الاسم الكامل').fill(name);
  await form.getByLabel('رقم الهاتف (واتساب)').fill(mobile);
  await expect(form).toHaveAttribute('data-hydrated', '', { timeout: 20_000 });
  await form.getByRole('button', { name: 'التالي' }).click();
  await expect(form.getByTestId('wizard-progress')).toHaveText('الخطوة 2 من 3');
  await page.goto('/blog/');
  // A page restored from the cache fires no load event: wait for the navigation only.
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => restored(page)).toBe(true);
  await expect(form.getByTestId('wizard-progress')).toHaveText('الخطوة 2 من 3');
  await form.getByRole('button', { name: 'السابق' }).click();
  await expect(form.getByLabel('الاسم الكامل')).toHaveValue(name);
  await expect(form.getByLabel('رقم الهاتف (واتساب)')).toHaveValue(mobile);
  await page.context().close();
});

test('sent, then back from the thank-you page: a fresh form, and one lead', async ({ baseURL }) => {
  const page = await openHome(baseURL!);
  const form = page.getByTestId('lead-form-wizard');
  const name = uniqueName('رجوع بعد الإرسال');
  await form.getByLabel('الاسم الكامل').fill(name);
  await form.getByLabel('رقم الهاتف (واتساب)').fill(uniqueMobile());
  await expect(form).toHaveAttribute('data-hydrated', '', { timeout: 20_000 });
  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('combobox', { name: 'العلاج المطلوب' }).selectOption('hair-transplant');
  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
  await page.waitForURL(/\/thank-you\/?$/, { timeout: 20_000 });
  // A page restored from the cache fires no load event: wait for the navigation only.
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => restored(page)).toBe(true);
  await expect(form.getByTestId('wizard-progress')).toHaveText('الخطوة 1 من 3');
  await expect(form.getByLabel('الاسم الكامل')).toHaveValue('');
  expect(await rowsNamed('offer_leads', name)).toHaveLength(1);
  await page.context().close();
});
