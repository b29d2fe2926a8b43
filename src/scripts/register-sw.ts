/**
 * After the page has loaded: links the web app manifest and registers the service worker of
 * production builds (dist/sw.js; dev servers have none).
 *
 * The manifest is linked here rather than in the HTML because Chromium fetches a linked manifest
 * (and then an icon) as soon as the head is parsed, alongside the stylesheet and the first font; on
 * a slow connection that is bandwidth taken from the first paint for something only the install
 * prompt needs (docs/decisions.md, "Lighthouse LCP ≤ FCP + 150 ms").
 */
function afterLoad() {
  const manifest = document.createElement('link');
  manifest.rel = 'manifest';
  manifest.href = '/manifest.webmanifest';
  document.head.append(manifest);
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No offline support this time; the site works the same online.
    });
  }
}

// This module is requested after the first paint (src/integrations/first-paint): the page may
// have loaded already.
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });
