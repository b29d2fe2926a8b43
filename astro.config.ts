import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import deployEnv from './src/integrations/deploy-env.ts';
import lateStrings from './src/integrations/late-strings.ts';
import securityHeaders from './src/integrations/security-headers.ts';
import static404 from './src/integrations/static-404.ts';
import serviceWorker from './src/integrations/service-worker.ts';
import arabicFontSubset from './src/styles/fonts-subset.ts';
import clientDirectives from './src/integrations/client-directives/index.ts';
import contentCheck from './src/integrations/content-check.ts';
import clinicPages from './src/integrations/clinic-pages.ts';
import llmsTxt from './src/integrations/llms-txt.ts';
import { sitemapOptions } from './src/integrations/sitemap.ts';
import islandStyleInHead from './src/integrations/island-style.ts';
import firstPaint from './src/integrations/first-paint/index.ts';
import inlineScripts from './src/integrations/inline-scripts.ts';
import precompress from './src/integrations/precompress.ts';
import { buildNow, endedOfferPaths } from './src/lib/offers.ts';

/** Pages of offers that have ended: they keep answering (noindex) but leave the sitemap. */
const endedOffers = new Set(endedOfferPaths(buildNow()));

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
    deployEnv(),
    contentCheck({ contentDir: 'content' }),
    // Where the clinic pages come from (or that there are none), said first; retired clinics' redirects.
    clinicPages(),
    react(),
    clientDirectives(),
    mdx(),
    sitemap(sitemapOptions({ site: siteUrl, contentDir: 'content', exclude: endedOffers })),
    // After the sitemap, whose pages it lists: llms.txt and llms-full.txt in both languages.
    llmsTxt({ site: siteUrl, contentDir: 'content' }),
    islandStyleInHead(),
    // Before the service worker, which precaches the font files.
    arabicFontSubset(),
    // Reads the final pages and stylesheet; before the service worker and the CSP hash them.
    firstPaint(),
    // The texts of parts drawn after the first view, out of the page into cached files.
    lateStrings(),
    // The pages' own inline scripts, minified; before the service worker and the CSP read them.
    inlineScripts(),
    static404(),
    // Each page's own CSP in its head; before the service worker precaches (and revisions) pages.
    securityHeaders(),
    serviceWorker(),
    // Last: Brotli 11 and gzip 9 siblings of every final text file.
    precompress(),
  ],
  vite: {
    plugins: [tailwindcss()],
    // Fonts stay files: inlined as data URIs they would bloat every page's CSS with subsets the page
    // never uses (unicode-range loads only the needed files) and need a looser font-src.
    // Scripts stay files too (issue 48): Astro inlines a processed script under 4 KB, and every
    // distinct inline script is one more hash in every response's Content-Security-Policy, sent
    // again on each page instead of cached once.
    build: {
      assetsInlineLimit: (file: string) => (/\.(woff2?|m?js)$/.test(file) ? false : undefined),
      rolldownOptions: {
        // Astro's MDX pages carry a "use astro:head-inject" marker that the bundler reports once per
        // article although Astro handles it (24 lines per build). Only that exact warning is
        // dropped, so every warning a build still prints is one to read.
        onwarn(warning, warn) {
          if (
            warning.code === 'MODULE_LEVEL_DIRECTIVE' &&
            warning.message.includes('"use astro:head-inject"')
          )
            return;
          warn(warning);
        },
      },
    },
  },
});
