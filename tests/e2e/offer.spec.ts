import { expect, test } from '@playwright/test';
import { rowsNamed, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues, waitForIslands } from './helpers.ts';

// These tests describe the offer while it runs: the browser's clock is set before its end
// (23:59:59 Istanbul on 28 October 2025) and the test build renders the running page (OFFERS_NOW in
// scripts/test.ts). After the end: tests/e2e/offer-ended.spec.ts.
const duringTheOffer = new Date('2025-10-26T09:00:00Z');

test.describe('limited offer page', () => {
  test('shows the offer, prices, counts and a running countdown', async ({ page }) => {
    await page.clock.install({ time: duringTheOffer });
    await page.goto('/hair-transplant-offer');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByTestId('offer-prices')).toContainText('$2,100');
    await expect(page.getByTestId('offer-prices').locator('s')).toHaveText('$2,900');
    await expect(page.getByTestId('offer-badge')).toContainText('وفّر 28%');
    // Where the struck price comes from, and how the testimonials were checked (issue 34).
    await expect(page.getByTestId('offer-old-price-reason')).toContainText('أعلى سعر استرشادي');
    await expect(page.getByTestId('testimonials-checked')).toContainText('كيف نتحقق');
    await expect(page.locator('#includes li')).toHaveCount(6);
    await expect(page.locator('#reasons li')).toHaveCount(8);
    await expect(page.getByTestId('offer-testimonials').locator('li')).toHaveCount(3);
    // Two and a half days before the end.
    await expect(page.locator('[data-countdown=bar] [data-unit]')).toHaveText([
      '02',
      '11',
      /^\d\d$/,
      /^\d\d$/,
    ]);
    await expect(page.getByTestId('offer-bar')).toContainText('ينتهي العرض خلال');
    // Arabic only: the toggle leads to the English home.
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/');
  });

  test('a running countdown ticks every second', async ({ page }) => {
    // One day and 60 s before the end (23:59:59 Istanbul, 20:59:59 UTC on 28 October 2025).
    await page.clock.install({ time: new Date('2025-10-27T20:58:59Z') });
    await page.goto('/hair-transplant-offer');
    await waitForIslands(page);
    await page.clock.pauseAt(new Date('2025-10-27T20:59:09Z'));
    const bar = page.locator('[data-countdown=bar] [data-unit]');
    await expect(bar).toHaveText(['01', '00', '00', '50']);
    await page.clock.runFor(3000);
    await expect(bar).toHaveText(['01', '00', '00', '47']);
  });

  test('the page built before the end tells the visitor once it has ended', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-10-28T20:59:45Z') });
    await page.goto('/hair-transplant-offer');
    await page.clock.pauseAt(new Date('2025-10-28T20:59:55Z'));
    const status = page.getByTestId('offer-status');
    const running = status.getByText('ينتهي العرض في 28 أكتوبر 2025');
    const ended = status.getByText('انتهت فترة العرض. تواصل معنا لمعرفة أحدث العروض.');
    await expect(running).toBeVisible();
    await expect(ended).toBeHidden();
    await expect(page.locator('[data-countdown=block] [data-unit]')).toHaveText([
      '00',
      '00',
      '00',
      '04',
    ]);
    await page.clock.runFor(6000);
    await expect(ended).toBeVisible();
    await expect(running).toBeHidden();
    await expect(page.locator('[data-countdown=block] [data-unit]')).toHaveText([
      '00',
      '00',
      '00',
      '00',
    ]);
  });

  test('the dialog shows each exact message and stores campaign parameters', async ({ page }) => {
    await page.clock.install({ time: duringTheOffer });
    await page.goto('/hair-transplant-offer?utm_campaign=x&fbclid=y');
    await waitForIslands(page);
    await page.getByTestId('offer-badge').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'سجل الآن' });

    await dialog.getByLabel('الاسم الكامل').fill('س');
    await dialog.getByLabel('رقم الهاتف مع رمز الدولة').fill('9665');
    await submit.click();
    await expect(dialog).toContainText('الاسم يجب أن يكون حرفين على الأقل');
    await expect(dialog).toContainText('رقم الهاتف يجب أن يكون 8 أرقام على الأقل');
    await dialog.getByLabel('رقم الهاتف مع رمز الدولة').pressSequentially('+x');
    await expect(dialog).toContainText('يجب إدخال أرقام فقط');
    await expect(dialog.getByLabel('رقم الهاتف مع رمز الدولة')).toHaveValue('9665');

    const name = uniqueName('عرض الشعر');
    await dialog.getByLabel('الاسم الكامل').fill(name);
    await dialog.getByLabel('رقم الهاتف مع رمز الدولة').fill('963944123456');
    await submit.click();
    await expect(page).toHaveURL(/\/thank-you\/?$/, { timeout: 15_000 });
    const [lead] = await rowsNamed('offer_leads', name);
    expect(lead).toMatchObject({
      source: 'hair-transplant-offer-page',
      country_code: '+963',
      country: 'سوريا',
      utm_campaign: 'x',
      campaign_params: { utm_campaign: 'x', fbclid: 'y' },
    });
    const [request] = await rowsNamed('contact_requests', name);
    expect(request).toMatchObject({ service: 'hairTransplant' });
  });

  test('Esc closes the dialog; a failed registration keeps it open with the data', async ({
    page,
  }) => {
    await page.clock.install({ time: duringTheOffer });
    await page.goto('/hair-transplant-offer');
    await waitForIslands(page);
    await page.locator('#includes [data-offer-register]').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.route('**/rest/v1/**', (route) => route.abort('connectionrefused'));
    await page.getByTestId('offer-badge').click();
    await dialog.getByLabel('الاسم الكامل').fill('بيانات محفوظة');
    await dialog.getByLabel('رقم الهاتف مع رمز الدولة').fill('966501234567');
    await dialog.getByRole('button', { name: 'سجل الآن' }).click();
    await expect(page.getByText('حدث خطأ أثناء التسجيل. يرجى المحاولة مرة أخرى')).toBeVisible({
      timeout: 20_000,
    });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('الاسم الكامل')).toHaveValue('بيانات محفوظة');
  });

  test('the dialog is downloaded on the first click, which opens it', async ({ page }) => {
    const dialogScripts: string[] = [];
    page.on('request', (request) => {
      if (/OfferRegistration[^/]*\.js/.test(request.url())) dialogScripts.push(request.url());
    });
    await page.clock.install({ time: duringTheOffer });
    await page.goto('/hair-transplant-offer');
    await waitForIslands(page);
    await page.waitForTimeout(500);
    expect(dialogScripts, 'dialog script loaded before any click').toEqual([]);
    await page.getByTestId('offer-badge').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('الاسم الكامل')).toBeEditable();
    expect(dialogScripts).toHaveLength(1);
  });

  test('axe finds no serious or critical issue on the offer page and in its dialog', async ({
    page,
  }) => {
    await page.clock.install({ time: duringTheOffer });
    await page.goto('/hair-transplant-offer');
    await expectNoSeriousA11yIssues(page);
    await waitForIslands(page);
    await page.getByTestId('offer-badge').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yIssues(page, 'dialog[open]');
  });
});

test.describe('limited offer page without its dialog script', () => {
  // A service worker would answer the script requests before page.route() sees them.
  test.use({ serviceWorkers: 'block' });

  test('a registration click still opens the dialog, and the typed details go to WhatsApp', async ({
    page,
  }) => {
    await page.route(/OfferRegistration[^/]*\.js/, (route) => route.abort('internetdisconnected'));
    await page.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    await page.clock.install({ time: duringTheOffer });
    await page.goto('/hair-transplant-offer');
    await page.getByTestId('offer-badge').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('الاسم الكامل').fill('بلا سكربت');
    await dialog.getByLabel('رقم الهاتف مع رمز الدولة').fill('966501234567');
    await dialog.getByRole('button', { name: 'سجل الآن' }).click();
    // The early script waits 12 s for the island before handing the details to WhatsApp.
    await expect(page).toHaveURL(/^https:\/\/wa\.me\/\d+\?text=/, { timeout: 25_000 });
    const text = new URL(page.url()).searchParams.get('text') ?? '';
    expect(text).toContain('بلا سكربت');
    expect(text).toContain('966501234567');
  });
});
