import { expect, test, type Page } from '@playwright/test';
import { rowsNamed, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues, waitForIslands } from './helpers.ts';

// The hair-transplant offer ended at 23:59:59 Istanbul time on 28 October 2025. The test build
// renders the page as it was while the offer ran (OFFERS_NOW in scripts/test.ts), the way a site
// built before the end keeps being served: the visitor's clock must end it on every page.
const afterTheEnd = new Date('2026-11-23T10:00:00Z');

/** The page's text as a visitor sees it (hidden elements left out). */
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);

async function expectNoRunningOffer(page: Page) {
  const text = await visibleText(page);
  for (const phrase of ['ينتهي العرض خلال', 'عرض لمدة 7 أيام فقط', 'وفّر 28%', 'السعر الآن']) {
    expect(text, `"${phrase}" is visible`).not.toContain(phrase);
  }
}

test.describe('an ended offer', () => {
  test('the offer page shows the ended state: no countdown, no saving, the price only as past', async ({
    page,
  }) => {
    await page.clock.install({ time: afterTheEnd });
    await page.goto('/hair-transplant-offer');
    await expect(page.getByTestId('offer-bar-ended')).toHaveText(
      'انتهى هذا العرض في 28 أكتوبر 2025',
    );
    await expect(page.locator('[data-countdown]').first()).toBeHidden();
    await expect(page.locator('[data-countdown]').last()).toBeHidden();
    await expect(page.getByTestId('offer-badge')).toBeHidden();
    await expect(page.getByTestId('offer-prices')).toBeHidden();
    await expect(page.getByTestId('offer-ended-badge')).toBeVisible();
    await expect(page.getByTestId('offer-status')).toHaveText(
      'انتهت فترة العرض. تواصل معنا لمعرفة أحدث العروض.',
      { useInnerText: true },
    );
    await expectNoRunningOffer(page);
    // $2,100 appears once, in the past tense.
    const text = await visibleText(page);
    expect(text.split('$2,100').length - 1).toBe(1);
    await expect(page.getByTestId('offer-past-price')).toHaveText(
      /^كان سعر العرض حتى 28 أكتوبر 2025: \$2,100 بدلاً من \$2,900$/,
    );
    // No visible action registers for the ended offer or asks for its price on WhatsApp.
    await expect(page.locator('[data-offer-register]:visible')).toHaveCount(0);
    const whatsappLinks = await page
      .locator('a[href^="https://wa.me/"]:visible')
      .evaluateAll((links) => links.map((link) => decodeURIComponent(link.getAttribute('href')!)));
    expect(whatsappLinks.length).toBeGreaterThan(0);
    for (const href of whatsappLinks) expect(href).not.toContain('2100');
    await expect(page.getByRole('link', { name: 'أبلغني بالعرض القادم' }).first()).toBeVisible();
  });

  test('the bar turns to the ended state at the end while the page is open', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-10-28T20:59:50Z') });
    await page.goto('/hair-transplant-offer');
    await page.clock.pauseAt(new Date('2025-10-28T20:59:55Z'));
    await expect(page.getByTestId('offer-badge')).toBeVisible();
    await expect(page.getByTestId('offer-bar-ended')).toBeHidden();
    await page.clock.runFor(6000);
    await expect(page.getByTestId('offer-bar-ended')).toBeVisible();
    await expect(page.getByTestId('offer-badge')).toBeHidden();
    await expect(page.locator('[data-countdown=bar]')).toBeHidden();
    await expectNoRunningOffer(page);
  });

  test('registration becomes "tell me about the next offer", stored as such', async ({ page }) => {
    await page.clock.install({ time: afterTheEnd });
    await page.goto('/hair-transplant-offer?utm_campaign=next');
    await waitForIslands(page);
    await page.getByTestId('offer-ended-badge').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('أبلغني بعرض زراعة الشعر القادم');
    const name = uniqueName('العرض القادم');
    await dialog.getByLabel('الاسم الكامل').fill(name);
    // A number of its own: other suites' leads must not reach its per-number limit.
    const phone = `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await dialog.getByLabel('رقم الهاتف مع رمز الدولة').fill(phone);
    await dialog.getByRole('button', { name: 'أبلغني بالعرض القادم' }).click();
    await expect(page).toHaveURL(/\/thank-you\/?$/, { timeout: 15_000 });
    const [lead] = await rowsNamed('offer_leads', name);
    expect(lead).toMatchObject({
      source: 'next-offer:hair-transplant',
      service: 'hair-transplant',
      country_code: '+966',
      utm_campaign: 'next',
    });
    const [request] = await rowsNamed('contact_requests', name);
    expect(request).toMatchObject({
      source: 'next-offer:hair-transplant',
      service: 'hairTransplant',
    });
  });

  test('the home pages drop the offer promo', async ({ page }) => {
    await page.clock.install({ time: afterTheEnd });
    for (const path of ['/', '/en/']) {
      await page.goto(path);
      await expect(page.locator('#package')).toBeVisible();
      await expect(page.getByTestId('offer-promo')).toBeHidden();
      const text = await visibleText(page);
      expect(text, path).not.toContain('$2,100');
      expect(text, path).not.toContain('2100');
      await expect(page.locator('a[href="/hair-transplant-offer"]:visible')).toHaveCount(0);
    }
  });

  test('the hair-transplant page no longer links to the offer', async ({ page }) => {
    await page.clock.install({ time: afterTheEnd });
    await page.goto('/hair-transplant-turkey');
    await expect(page.getByTestId('related-treatments').locator('li:visible')).not.toHaveCount(0);
    await expect(page.locator('a[href="/hair-transplant-offer"]:visible')).toHaveCount(0);
    await expectNoRunningOffer(page);
  });

  test('axe finds no serious or critical issue on the ended page and its dialog', async ({
    page,
  }) => {
    await page.clock.install({ time: afterTheEnd });
    await page.goto('/hair-transplant-offer');
    await expect(page.getByTestId('offer-ended-badge')).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await waitForIslands(page);
    await page.getByTestId('offer-ended-badge').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yIssues(page, 'dialog[open]');
  });
});

test.describe('the offer while it runs, on the other pages', () => {
  test('the home promo and the related card show it', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-10-26T09:00:00Z') });
    await page.goto('/');
    await expect(page.getByTestId('offer-promo')).toBeVisible();
    await expect(page.getByTestId('offer-promo')).toContainText('$2,100');
    await page.goto('/hair-transplant-turkey');
    await expect(page.locator('a[href="/hair-transplant-offer"]')).toBeVisible();
  });
});
