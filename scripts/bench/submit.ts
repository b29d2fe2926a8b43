/**
 * Time from the click on "send" in the home wizard to the thank-you page, in Debian Chromium against
 * the local stack (the median of several runs). The wizard is filled before the clock starts.
 */
import { chromium } from 'playwright-core';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function benchSubmit(origin: string, runs = 5, log: (m: string) => void = () => {}) {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const times: number[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      log(`submit to thank-you (run ${run}/${runs})`);
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      const form = page.getByTestId('lead-form-wizard');
      await form.scrollIntoViewIfNeeded();
      // The form hydrates when it comes into view; typing into the server HTML before would be lost.
      await page.waitForFunction(() => !document.querySelector('#contact astro-island[ssr]'));
      await form.getByLabel('الاسم الكامل').fill(`قياس الأداء ${run}`);
      await form
        .getByLabel('رقم الهاتف (واتساب)')
        .fill(`05${String(10_000_000 + run * 7919).slice(0, 8)}`);
      await form.getByRole('button', { name: 'التالي' }).click();
      await form.getByRole('combobox', { name: 'العلاج المطلوب' }).selectOption('hair-transplant');
      await form.getByRole('button', { name: 'التالي' }).click();
      await form.getByText('نعم', { exact: true }).click();
      await form.getByText('مرن', { exact: true }).click();
      const started = performance.now();
      await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
      await page.waitForURL(/\/thank-you\/?$/, { timeout: 15_000 });
      await page.getByRole('heading', { level: 1 }).waitFor();
      times.push(performance.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  return {
    runs,
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    minMs: Math.round(times[0]!),
    maxMs: Math.round(times[times.length - 1]!),
  };
}
