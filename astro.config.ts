import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import securityHeaders from './src/integrations/security-headers.ts';
import serviceWorker from './src/integrations/service-worker.ts';
import arabicFontSubset from './src/styles/fonts-subset.ts';
import clientDirectives from './src/integrations/client-directives/index.ts';

/** Pages that must never be indexed: kept out of the sitemap (they are also `noindex`). */
const unlisted = /\/(admin|thank-you|install|index-now|offline|404)(\/|$)/;

/** Public origin, used for canonical URLs, hreflang, Open Graph and the sitemap. */
const siteUrl = (process.env['PUBLIC_SITE_URL'] ?? 'https://rihla.care').replace(/\/$/, '');

export default defineConfig({
  site: siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  i18n: {
    locales: ['ar', 'en'],
    defaultLocale: 'ar',
    routing: { prefixDefaultLocale: false },
  },
  integrations: [
    react(),
    clientDirectives(),
    mdx(),
    sitemap({
      i18n: { defaultLocale: 'ar', locales: { ar: 'ar', en: 'en' } },
      filter: (page) => !unlisted.test(new URL(page).pathname),
    }),
    // Before the service worker, which precaches the font files.
    arabicFontSubset(),
    serviceWorker(),
    securityHeaders(),
  ],
  vite: {
    plugins: [tailwindcss()],
    // Fonts stay files: inlined as data URIs they would bloat every page's CSS with subsets the page
    // never uses (unicode-range loads only the needed files) and need a looser font-src.
    build: { assetsInlineLimit: (file: string) => (/\.woff2?$/.test(file) ? false : undefined) },
  },
});
