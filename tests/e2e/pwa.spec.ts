import { chromium, expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForIslands } from './helpers.ts';

async function controlledBy(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active) && navigator.serviceWorker.controller !== null;
  });
}

test.describe('installable app', () => {
  test('the manifest is valid and its icons exist, including maskable ones', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining('رحلة كير'),
      short_name: 'رحلة كير',
      lang: 'ar',
      dir: 'rtl',
      display: 'standalone',
      start_url: expect.stringMatching(/^\//),
    });
    const purposes = new Set(manifest.icons.map((icon: { purpose: string }) => icon.purpose));
    expect(purposes).toEqual(new Set(['any', 'maskable']));
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toContain('image/png');
    }
  });

  test('Chromium finds the home page installable', async ({ baseURL }, testInfo) => {
    // A real (non-incognito) profile: Chromium never offers installation in incognito contexts.
    const profile = mkdtempSync(join(tmpdir(), 'rihla-profile-'));
    const launch = testInfo.project.use.launchOptions ?? {};
    const context = await chromium.launchPersistentContext(profile, {
      ...(launch.executablePath ? { executablePath: launch.executablePath } : {}),
      args: launch.args ?? [],
      headless: true,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseURL}/`);
      await controlledBy(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

test.describe('offline', () => {
  test('a visited page reloads offline; an unvisited one shows the offline page in its language', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await controlledBy(page);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('مدونة رحلة كير');

    await page.goto('/destinations/egypt');
    await expect(page.getByTestId('offline')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.goto('/en/destinations/egypt');
    await expect(page.getByTestId('offline')).toContainText('You are offline');
    await context.setOffline(false);
  });

  test('staff pages are never served from a cache', async ({ page, context }) => {
    await page.goto('/');
    await controlledBy(page);
    await page.goto('/admin/login').catch(() => undefined);
    await page.goto('/');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => /\/admin|\/index-now|:54\d{3}/.test(url))).toEqual([]);

    await context.setOffline(true);
    const offline = await page.goto('/admin/login').then(
      (response) => response?.status() ?? 0,
      () => 'network-error',
    );
    expect(offline).toBe('network-error');
    await context.setOffline(false);
  });
});

test.describe('install page', () => {
  test('shows the manual steps when the browser offers no prompt', async ({ page }) => {
    await page.goto('/install');
    await waitForIslands(page);
    await expect(page.locator('[data-install-state=manual]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'على أندرويد (Chrome)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'على آيفون (Safari)' })).toBeVisible();
    await page.goto('/en/install');
    await expect(page.getByRole('heading', { name: 'On iPhone (Safari)' })).toBeVisible();
  });

  test('says the app is installed in standalone mode and after the appinstalled event', async ({
    page,
  }) => {
    await page.goto('/install');
    await waitForIslands(page);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(page.locator('[data-install-state=installed]')).toContainText(
      'التطبيق مثبّت بالفعل',
    );

    // Chromium cannot emulate display-mode over CDP, so the test makes the page see what an
    // installed app sees: (display-mode: standalone) matching.
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('display-mode: standalone')
          ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
          : original(query);
    });
    await page.reload();
    await waitForIslands(page);
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    await expect(page.locator('[data-install-state=installed]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'العودة إلى الرئيسية' }).first()).toHaveAttribute(
      'href',
      '/',
    );
  });

  test('an offered install prompt becomes a button that triggers it once', async ({ page }) => {
    await page.goto('/install');
    await waitForIslands(page);
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
        prompt: () => Promise<void>;
        userChoice: Promise<{ outcome: string }>;
      };
      (window as unknown as { prompted: number }).prompted = 0;
      event.prompt = async () => {
        (window as unknown as { prompted: number }).prompted++;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });
    await page.getByRole('button', { name: 'ثبّت التطبيق' }).click();
    await expect(page.locator('[data-install-state=installed]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
  });
});
