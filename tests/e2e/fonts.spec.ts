import { expect, test } from '@playwright/test';

// Routes below must see the font requests, which a service worker would answer first.
test.use({ serviceWorkers: 'block' });

/** Sum of the page's layout shifts (what CLS adds up), read from the browser's own entries. */
async function layoutShift(page: import('@playwright/test').Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test.describe('web fonts', () => {
  test('an Arabic page does not move when its web fonts arrive late', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('**/*.woff2', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await page.goto('/blog/hair-transplant-turkey-guide/', { waitUntil: 'commit' });
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });

  test('a first visit requests no font before the page has loaded', async ({ page }) => {
    const fontRequests: number[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(Date.now());
    });
    let loadedAt = 0;
    page.on('load', () => (loadedAt = Date.now()));
    await page.goto('/');
    await page.waitForFunction(() => localStorage.getItem('rihla-fonts-ar'));
    expect(fontRequests.length).toBeGreaterThan(0);
    expect(Math.min(...fontRequests)).toBeGreaterThanOrEqual(loadedAt);
  });
});

test.describe('web fonts from the second page on', () => {
  // The service worker's precache is what tells a page that the faces are kept.
  test.use({ serviceWorkers: 'allow' });

  test('pages preload no font; once cached, Arabic pages draw Plex (digits too) and English ones Inter', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    /** The fonts Chromium actually drew an element's text with. */
    const renderedFonts = async (selector: string) => {
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return [...new Set(fonts.map((font) => font.familyName))];
    };
    // No preload competes with the first paint (src/styles/fonts.css); a first visit draws the
    // phone's font and fetches the faces once the page has loaded (src/scripts/web-fonts.ts), so
    // the article, read again, has them.
    await page.goto('/blog/hair-transplant-turkey-guide/');
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    expect(await renderedFonts('h1')).not.toContain('IBM Plex Sans Arabic');
    // Once the service worker has installed (its precache holds every face), the next page is
    // controlled by it and draws the web fonts.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await renderedFonts('h1')).toContain('IBM Plex Sans Arabic');
    expect(await renderedFonts('article p')).toContain('IBM Plex Sans Arabic');
    // The next page has every face from the cache: prices (Latin digits) are Plex too.
    await page.goto('/dental-implants-turkey/');
    expect(await renderedFonts('h1')).toEqual(['IBM Plex Sans Arabic']);
    expect(await renderedFonts('[data-price] span')).toEqual(['IBM Plex Sans Arabic']);
    await page.goto('/en/blog/hair-transplant-turkey-guide/');
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    // English pages draw Inter. `font-display: optional` keeps the phone's font for a page whose
    // face was not there within its first ~100 ms (from the worker's cache on a busy machine it
    // may not be); once the face has loaded, the page draws it.
    if (!(await renderedFonts('h1')).includes('Inter')) {
      await page.evaluate(async () => void (await document.fonts.load('700 1em "Inter Variable"')));
      await page.reload();
    }
    expect(await renderedFonts('h1')).toEqual(['Inter']);
  });
});
