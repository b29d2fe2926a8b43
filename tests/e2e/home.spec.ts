import { expect, test } from '@playwright/test';
import { waitForIslands } from './helpers.ts';

test.describe('home page', () => {
  test('Arabic is the default, right to left; English lives under /en/, left to right', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('علاجك في الخارج');

    await page.goto('/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Treatment abroad');
  });

  for (const lang of ['ar', 'en'] as const) {
    test(`shows every section with the spec's counts (${lang})`, async ({ page }) => {
      await page.goto(lang === 'ar' ? '/' : '/en/');
      await expect(page.locator('#home ul a')).toHaveCount(4);
      await expect(page.locator('[data-testid=services-grid] > li')).toHaveCount(11);
      await expect(page.locator('#trust li')).toHaveCount(4);
      await expect(page.locator('#why-us #manager-title')).toBeVisible();
      await expect(page.locator('#process ol > li')).toHaveCount(4);
      const destinations = page.locator('[data-testid=destinations-grid] > li');
      await expect(destinations).toHaveCount(9);
      await expect(destinations.locator('h3 img')).toHaveCount(9);
      const testimonials = page.locator('[data-testid=testimonials] > li');
      await expect(testimonials).toHaveCount(4);
      await expect(testimonials.locator('[role=img] svg')).toHaveCount(4 * 5);
      const coordinators = page.locator('[data-testid=coordinators] > li');
      await expect(coordinators).toHaveCount(6);
      await expect(coordinators.locator('a[href^="https://wa.me/"]')).toHaveCount(6);
      await expect(coordinators.locator('a[href="#contact"]')).toHaveCount(6);
      await expect(page.locator('[data-testid=faq] details')).toHaveCount(6);
      await expect(page.locator('[data-testid=blog-teaser] > li')).toHaveCount(6);
      await expect(page.locator('[data-testid=gallery] figure figcaption')).toHaveCount(6);
      await expect(page.locator('#package')).toContainText('$2,100');
      await expect(page.locator('#contact')).toBeVisible();
      await expect(page.locator('footer')).toContainText('DDG');
    });
  }

  test('the blog teaser shows the six newest articles, newest first', async ({ page }) => {
    await page.goto('/');
    const dates = await page
      .locator('[data-testid=blog-teaser] time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect(dates).toHaveLength(6);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test('the FAQ keeps one item open at a time and can be collapsed', async ({ page }) => {
    await page.goto('/');
    const items = page.locator('[data-testid=faq] details');
    const openCount = () => page.locator('[data-testid=faq] details[open]').count();
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    expect(await openCount()).toBe(1);
    // Keyboard: Enter on a focused question toggles it; toggling the open one collapses all.
    await items.nth(2).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(2)).not.toHaveAttribute('open', '');
    expect(await openCount()).toBe(0);
  });

  test('?scroll=contact and the hero button bring the contact section into view', async ({
    page,
  }) => {
    await page.goto('/?scroll=contact');
    await expect(page.locator('#contact')).toBeInViewport();

    await page.goto('/');
    await page.locator('#home a[data-focus-contact]').click();
    await expect(page.locator('#contact')).toBeInViewport();
    // The first focusable control of the contact section gets focus after the 500 ms delay.
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('contact')?.contains(document.activeElement)),
      )
      .toBe(true);
  });
});

test.describe('header', () => {
  test('hides after 100px of downward scroll, returns on scrolling up, always shows near the top', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await waitForIslands(page);
    const header = page.locator('header').first();
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.waitForTimeout(120);
    };
    await scrollTo(60);
    await expect(header).toHaveAttribute('data-hidden', 'false');
    await scrollTo(600);
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await expect(header).not.toBeInViewport();
    await scrollTo(400);
    await expect(header).toHaveAttribute('data-hidden', 'false');
    await expect(header).toBeInViewport();
    await scrollTo(900);
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await scrollTo(5);
    await expect(header).toHaveAttribute('data-hidden', 'false');
  });

  test('the mobile menu opens, moves focus inside, and Esc closes it back to its button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await waitForIslands(page);
    const summary = page.locator('header details > summary');
    await summary.click();
    const menu = page.getByRole('navigation', { name: 'القائمة' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(summary).toBeFocused();
  });

  test('works without JavaScript: links and the menu are plain HTML', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('header details > summary').click();
    const menu = page.getByRole('navigation', { name: 'القائمة' });
    await expect(menu.getByRole('link')).toHaveCount(6);
    await menu.getByRole('link', { name: 'الخدمات' }).click();
    await expect(page).toHaveURL(/#services$/);
    await context.close();
  });

  test('nav links on other pages lead to the home page anchors', async ({ page }) => {
    await page.goto('/en/thank-you');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute(
      'href',
      '/en/#services',
    );
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      '/en/#contact',
    );
  });
});

test.describe('language toggle', () => {
  test('leads to the same page in the other language and remembers the choice', async ({
    page,
  }) => {
    await page.goto('/thank-you');
    await waitForIslands(page);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/thank-you\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // A later visit to the Arabic home stays Arabic (a URL is its language) and offers English.
    await page.goto('about:blank');
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('link', { name: 'Read this page in English' })).toBeVisible();

    await page.goto('/en/');
    await waitForIslands(page);
    await page.getByRole('link', { name: 'العربية', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });
});

test.describe('not found and thank-you pages', () => {
  test('an unknown path gets the 404 page in the visitor language', async ({ page }) => {
    const arabic = await page.goto('/no-such-page');
    expect(arabic?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('الصفحة غير موجودة');
    await expect(page.getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute(
      'href',
      '/',
    );

    const english = await page.goto('/en/no-such-page');
    expect(english?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page not found');
    await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/en/?scroll=contact',
    );
  });

  test('the thank-you page promises a reply within 24 hours and offers WhatsApp', async ({
    page,
  }) => {
    await page.goto('/thank-you');
    await expect(page.locator('main')).toContainText('24 ساعة');
    const whatsapp = page.getByRole('link', { name: /تابع طلبك على واتساب/ });
    const href = await whatsapp.getAttribute('href');
    expect(new URL(href!).searchParams.get('text')).toContain('لقد سجلت');
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
  });
});
