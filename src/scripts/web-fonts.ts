/**
 * The web fonts from the second page on (issue 33). The layout's head script draws them only when
 * this browser keeps them: the page is controlled by the service worker, which precaches every face
 * (src/integrations/service-worker.ts), or, in a browser without service workers, this script has
 * fetched the page language's faces after an earlier page loaded (`rihla-fonts-<lang>` in
 * localStorage). Otherwise the page keeps the phone's own font (`html.first-visit`,
 * src/styles/global.css): no font is on a first paint's path, and no text changes font on screen.
 * The faces load here into the HTTP cache while nothing uses them.
 *
 * With `font-display: optional` (src/styles/fonts.css) the first page of a first visit on a thin
 * connection already showed the phone's font; this makes that the rule, and keeps the font requests
 * off the first paint on fast connections too. A flag kept while the HTTP cache lost the faces
 * would put a font request back on the first paint: hence the service worker's precache, which
 * browsers keep or drop together with the page's storage, when there is one.
 */
const FACES: Record<string, string[]> = {
  // Plex Arabic's Arabic and Latin subsets in both weights (Latin digits and words on Arabic pages).
  ar: ['400 1em "IBM Plex Sans Arabic"', '700 1em "IBM Plex Sans Arabic"'],
  en: ['1em "Inter Variable"'],
};
const SAMPLE = 'بa1';

function fetchFaces() {
  const lang = document.documentElement.lang;
  const key = `rihla-fonts-${lang}`;
  const faces = FACES[lang];
  try {
    if (!faces || localStorage.getItem(key)) return;
  } catch {
    return;
  }
  void Promise.all(faces.map((face) => document.fonts.load(face, SAMPLE)))
    .then((loaded) => {
      if (loaded.every((list) => list.length > 0)) localStorage.setItem(key, '1');
    })
    .catch(() => {
      // Offline or blocked: the phone's font stays, and the next page tries again.
    });
}

const whenIdle = () =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(fetchFaces, { timeout: 3000 })
    : setTimeout(fetchFaces, 200);
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
