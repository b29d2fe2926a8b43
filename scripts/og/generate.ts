/**
 * Renders the default Open Graph image (public/og-default.png, 1200×630) with Debian's Chromium and
 * the site's own fonts, so Arabic is shaped correctly. Run it after changing the brand:
 * `node scripts/og/generate.ts`. The PNG is committed; builds do not need a browser.
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const font = (path: string) =>
  `data:font/woff2;base64,${readFileSync(`node_modules/${path}`).toString('base64')}`;
const illustration = `data:image/svg+xml;base64,${readFileSync('src/assets/illustrations/hero-care.svg').toString('base64')}`;

const html = `<!doctype html><html lang="ar" dir="rtl"><head><style>
@font-face { font-family: Plex; font-weight: 700; src: url(${font('@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2')}); }
@font-face { font-family: Inter; font-weight: 100 900; src: url(${font('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')}); }
body { margin: 0; width: 1200px; height: 630px; background: #0b3b45; color: #fff; font-family: Plex, Inter; display: flex; align-items: center; gap: 48px; padding: 0 72px; box-sizing: border-box; overflow: hidden; }
.text { flex: 1; } h1 { font-size: 76px; margin: 0 0 12px; } p { font-size: 34px; margin: 0; color: #f2c879; }
.en { font-family: Inter; font-size: 30px; color: #d9efec; margin-top: 28px; direction: ltr; text-align: right; }
img { width: 470px; border-radius: 36px; }
</style></head><body><div class="text"><h1>رحلة كير</h1><p>شريكك الموثوق للسياحة العلاجية</p>
<p class="en">Rihla Care · medical travel, done right</p></div><img src="${illustration}" alt=""></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html, { waitUntil: 'load' });
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: 'public/og-default.png', type: 'png' });
await browser.close();
console.log('wrote public/og-default.png');
