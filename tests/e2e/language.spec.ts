import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues, waitForIslands } from './helpers.ts';

/**
 * A URL is its language (src/components/ui/LanguageOffer.astro): having chosen English once, an
 * Arabic link (an ad with utm_ parameters) still opens in Arabic, with a small offer of the English
 * page that can be dismissed.
 */
test.describe('language of a URL', () => {
  test('without a remembered choice nothing is offered', async ({ page }) => {
    await page.goto('/hair-transplant-turkey');
    await expect(page.locator('[data-lang-offer]')).toBeHidden();
  });

  test('after choosing English, an Arabic ad link stays Arabic and offers English', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForIslands(page);
    await page.locator('header a[hreflang="en"]').first().click();
    await expect(page).toHaveURL(/\/en\/?$/);

    await page.goto('/?utm_source=ads&utm_campaign=hair');
    await expect(page).toHaveURL(/\/\?utm_source=ads&utm_campaign=hair$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const offer = page.getByRole('link', { name: 'Read this page in English' });
    await expect(offer).toBeVisible();
    await expect(offer).toHaveAttribute('href', '/en/?utm_source=ads&utm_campaign=hair');

    await page.goto('/blog/dhi-technique-guide');
    await expect(page).toHaveURL(/\/blog\/dhi-technique-guide$/);
    await expect(offer).toHaveAttribute('href', '/en/blog/dhi-technique-guide');
    await page.getByRole('button', { name: 'إخفاء اقتراح اللغة الإنجليزية' }).click();
    await expect(offer).toBeHidden();

    await page.reload();
    await expect(page.locator('[data-lang-offer]')).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });

  test('the offer shown passes axe on both homes', async ({ page }) => {
    // The rest of both homes is scanned by tests/e2e/site-scan.spec.ts.
    for (const [chosen, url] of [
      ['en', '/'],
      ['ar', '/en/'],
    ] as const) {
      await page.goto(url);
      await page.evaluate((lang) => localStorage.setItem('rihla:lang', lang), chosen);
      await page.goto(url);
      await expect(page.locator('[data-lang-offer]')).toBeVisible();
      await expectNoSeriousA11yIssues(page, '[data-lang-offer]');
    }
  });
});
