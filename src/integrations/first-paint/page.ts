/**
 * The rewrite of one built page for its first paint (./index.ts says why):
 * - its stylesheet links become the critical `<style>`, with a `<noscript>` link for readers
 *   without JavaScript;
 * - its module scripts and full stylesheets are requested by one inline script once the first
 *   screen has been painted (`data-late-modules` / `data-late-css` on <body>);
 * - rendering waits until the first screen's HTML is parsed (`<link rel="expect" blocking="render">`
 *   on a marker after the first section of <main>), so the first paint is the whole first screen.
 */

import { DRAWN_EVENT } from '../../lib/drawn-event.ts';

export const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)">/g;
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/** The id of the empty element that ends the first screen's HTML. */
export const FIRST_SCREEN_MARKER = 'first-screen-end';

/**
 * The marker itself. A page whose first screen ends earlier than its first section (the patient
 * page: a heading and «loading» before states that stay hidden until its script fills them) writes
 * it where its first screen ends, and the rewrite leaves it there.
 */
export const FIRST_SCREEN_MARKER_ELEMENT = `<i id="${FIRST_SCREEN_MARKER}" hidden></i>`;

/**
 * Requests the late stylesheets and modules after the first paint: a callback of the first frame
 * runs just before it is painted, a task queued from there runs after. One script for every page,
 * so one CSP hash.
 */
const LATE_SETUP =
  "const b=document.body,l=(k)=>(b.dataset[k]||'').split(' ').filter(Boolean),h=document.head;";
const LATE_LOAD =
  "for(const u of l('lateCss')){const e=document.createElement('link');e.rel='stylesheet';e.href=u;h.append(e)}for(const u of l('lateModules')){const e=document.createElement('script');e.type='module';e.src=u;h.append(e)}";

export const LATE_LOADER = `(()=>{${LATE_SETUP}requestAnimationFrame(()=>setTimeout(()=>{${LATE_LOAD}}))})()`;

/**
 * The late loader of such a page: the late stylesheets and modules wait until its content is
 * drawn (or 5 s at most, should its script fail), so they do not share the thin connection with
 * the scripts and the answer that draw it. Each page carries its own CSP (security-headers.ts):
 * a second loader costs the other pages nothing.
 */
export const LATE_AFTER_DRAWN_LOADER = `(()=>{${LATE_SETUP}let d=0;const f=()=>{if(d)return;d=1;${LATE_LOAD}};document.addEventListener('${DRAWN_EVENT}',f,{once:!0});setTimeout(f,5e3)})()`;

/** The stylesheet links of the page's head, in order. */
export function stylesheetHrefs(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
}

/**
 * Where the first screen's HTML ends: after the first section of <main>, else after its <h1>; never
 * inside an island (React would find the marker in its server HTML and refuse to hydrate it, error
 * #418), but after the island that holds that point.
 */
export function firstScreenEnd(html: string): number {
  const main = html.indexOf('<main');
  if (main < 0) return -1;
  for (const tag of ['</section>', '</h1>']) {
    const at = html.indexOf(tag, main);
    if (at >= 0) return outsideIslands(html, main, at + tag.length);
  }
  return -1;
}

/** `at`, or the end of the outermost island (opened after `from`) that `at` is inside. */
function outsideIslands(html: string, from: number, at: number): number {
  const tags = /<astro-island\b|<\/astro-island>/g;
  tags.lastIndex = from;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match.index >= at && depth === 0) return at;
    const closes = match[0] === '</astro-island>';
    depth += closes ? -1 : 1;
    const end = match.index + match[0].length;
    if (closes && depth === 0 && end >= at) return end;
  }
  return at;
}

/** `import … from"./x.js"` and `import"./x.js"` in built module code (never `import("./x.js")`). */
const STATIC_IMPORT = /\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * Every module the module at `src` imports statically, transitively, as site paths: what the
 * browser would otherwise discover one round trip at a time, each only once its importer has
 * arrived and been parsed. `read` gives a module's code by its site path.
 */
export function staticImports(src: string, read: (src: string) => string): string[] {
  const found = new Set<string>();
  const visit = (module: string) => {
    for (const match of read(module).matchAll(STATIC_IMPORT)) {
      const path = new URL(match[1]!, `https://site${module}`).pathname;
      if (found.has(path)) continue;
      found.add(path);
      visit(path);
    }
  };
  visit(src);
  found.delete(src);
  return [...found];
}

/**
 * The page rewritten for its first paint, with `critical` as its only stylesheet before it. With
 * `eager` (a page whose main content is drawn by its script), the module scripts stay where they
 * are (deferred, never render-blocking) instead of waiting for the first paint; those inside
 * <main> (the page's own) and every static import are announced in the head (`modulepreload`), so
 * they are requested with the page's first bytes; the full stylesheet waits until that content is
 * drawn (`DRAWN_EVENT`).
 */
export function rewritePage(
  html: string,
  critical: string,
  eager?: { read: (src: string) => string },
): string {
  const hrefs = stylesheetHrefs(html);
  const modules: string[] = [];
  let preloads = '';
  let out = html;
  if (eager) {
    const mainEnd = html.indexOf('</main>');
    const matches = [...html.matchAll(MODULE_SCRIPT)];
    const entries = matches.map((match) => match[1]!);
    // The page's own (in <main>) are requested with its first bytes; the layout's keep their place.
    const own = matches
      .filter((match) => mainEnd < 0 || match.index < mainEnd)
      .map((match) => match[1]!);
    const imports = new Set(entries.flatMap((src) => staticImports(src, eager.read)));
    for (const src of entries) imports.delete(src);
    preloads = [...own, ...imports]
      .map((src) => `<link rel="modulepreload" href="${src}">`)
      .join('');
  } else {
    out = html.replace(MODULE_SCRIPT, (_, src: string) => {
      modules.push(src);
      return '';
    });
  }
  const placed = out.includes(FIRST_SCREEN_MARKER_ELEMENT);
  const end = placed ? -1 : firstScreenEnd(out);
  const expect =
    placed || end >= 0
      ? `<link rel="expect" href="#${FIRST_SCREEN_MARKER}" blocking="render">`
      : '';
  if (end >= 0) out = `${out.slice(0, end)}${FIRST_SCREEN_MARKER_ELEMENT}${out.slice(end)}`;
  const noscript = hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  let first = true;
  out = out.replace(STYLESHEET_LINK, () => {
    if (!first) return '';
    first = false;
    return `<style>${critical}</style>${preloads}${expect}<noscript>${noscript}</noscript>`;
  });
  const late = [
    hrefs.length ? ` data-late-css="${hrefs.join(' ')}"` : '',
    modules.length ? ` data-late-modules="${modules.join(' ')}"` : '',
  ].join('');
  return out
    .replace(/<body([^>]*)>/, `<body$1${late}>`)
    .replace('</body>', `<script>${eager ? LATE_AFTER_DRAWN_LOADER : LATE_LOADER}</script></body>`);
}
