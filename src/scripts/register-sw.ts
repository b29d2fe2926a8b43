/** Registers the service worker of production builds (dist/sw.js); dev servers have none. */
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No offline support this time; the site works the same online.
    });
  });
}
