/**
 * Generates the service worker (dist/sw.js) with Workbox after every build:
 * - precaches the shell (CSS, the fonts pages draw, icons) and the offline pages in both languages;
 *   hashed build assets (scripts, images, other fonts) are cached the first time a page uses them;
 * - pages are network-first: a visited page still opens offline, an unvisited one gets the offline
 *   page of its language; the patient's page (/r/, /en/r/) is precached, so a patient's link opens
 *   offline even before its first visit (the page then shows the last status it saw);
 * - staff pages (/admin/, /index-now) and the backend (another origin) are never cached;
 * - a new deploy activates at once (skipWaiting, clientsClaim) and old caches are cleaned up.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';

export default function serviceWorker(): AstroIntegration {
  return {
    name: 'rihla-service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { count, size, warnings } = await generateSW({
          globDirectory: root,
          swDest: `${root}/sw.js`,
          // No sw.js.map: a source map would publish the worker's source and build paths (issue 42).
          sourcemap: false,
          // Scripts are cached as pages use them (below), not up front: a first visit on a phone
          // should not download every island in the background.
          globPatterns: [
            '_astro/*.{css,woff2}',
            'icons/*.png',
            // The icon sprite every page draws its icons from (src/components/ui/icons.ts).
            'icons/sprite.*.svg',
            'favicon.svg',
            'manifest.webmanifest',
            'offline/index.html',
            'en/offline/index.html',
            'r/index.html',
            'en/r/index.html',
          ],
          globIgnores: ['**/admin/**', '**/index-now/**'],
          // Only the fonts a page actually needs load; precache the ones pages draw, not all subsets.
          manifestTransforms: [
            async (entries) => ({
              manifest: entries.filter(
                (entry) =>
                  !entry.url.endsWith('.woff2') ||
                  /ibm-plex-sans-arabic-(arabic|latin)-(400|700)-normal|inter-latin-wght-normal/.test(
                    entry.url,
                  ),
              ),
              warnings: [],
            }),
          ],
          maximumFileSizeToCacheInBytes: 400_000,
          skipWaiting: true,
          clientsClaim: true,
          cleanupOutdatedCaches: true,
          navigateFallback: null,
          runtimeCaching: [
            {
              // Staff pages always come from the network, never from a cache.
              urlPattern: ({ url, sameOrigin }) =>
                sameOrigin &&
                (url.pathname.startsWith('/admin') || url.pathname.startsWith('/index-now')),
              handler: 'NetworkOnly',
            },
            {
              urlPattern: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
              handler: 'NetworkFirst',
              options: {
                cacheName: 'pages',
                networkTimeoutSeconds: 4,
                expiration: { maxEntries: 60 },
                plugins: [
                  {
                    handlerDidError: async ({ request }) => {
                      const path = new URL(request.url).pathname;
                      const english = path.startsWith('/en/');
                      const patientPage = /^\/(en\/)?r\/?$/.test(path);
                      return (
                        (await caches.match(
                          `${english ? '/en' : ''}/${patientPage ? 'r' : 'offline'}/index.html`,
                          {
                            ignoreSearch: true,
                          },
                        )) ?? Response.error()
                      );
                    },
                  },
                ],
              },
            },
            {
              // Build assets carry a content hash, so a cached copy is never stale.
              urlPattern: ({ url, request, sameOrigin }) =>
                sameOrigin &&
                (url.pathname.startsWith('/_astro/') ||
                  ['image', 'font'].includes(request.destination)),
              handler: 'CacheFirst',
              options: {
                cacheName: 'assets',
                expiration: { maxEntries: 120, maxAgeSeconds: 30 * 86400 },
              },
            },
          ],
        });
        for (const warning of warnings) logger.warn(warning);
        logger.info(`sw.js precaches ${count} files (${Math.round(size / 1024)} KB)`);
      },
    },
  };
}
