/**
 * Bytes each built page makes the browser fetch before any interaction: its HTML, its stylesheets and
 * every script it loads (hoisted scripts, island components and renderers, and their static imports).
 * Lazy-loaded images and fonts are left to Lighthouse's "bytes by type".
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Weight {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  page: string;
  html: Weight;
  css: Weight;
  /** JavaScript loaded before any interaction: scripts and client:load/idle islands. */
  js: Weight;
  /** All JavaScript, including islands that wait for the reader: scrolled into view (client:visible),
   *  a click on one of their triggers (client:click) or a first touch (client:interact). */
  jsTotal: Weight;
  scripts: string[];
}

const weigh = (data: Buffer | string): Weight => ({
  raw: Buffer.byteLength(data),
  gzip: gzipSync(data, { level: 9 }).length,
});

const add = (a: Weight, b: Weight): Weight => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** Static imports of a built ES module ("./chunk.js", "/_astro/x.js"), resolved to site paths. */
function staticImports(code: string, from: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.m?js)["']/g;
  for (const match of code.matchAll(pattern)) {
    const spec = match[1]!;
    found.add(spec.startsWith('/') ? spec : posix.join(posix.dirname(from), spec));
  }
  return [...found];
}

/**
 * Site paths of the scripts a page loads, plus the inline module code. `eagerOnly` leaves out islands
 * hydrated on visibility, media queries, a click or a first touch (client:interact), which load only
 * when the reader gets to them.
 */
function pageScripts(html: string, eagerOnly: boolean): { urls: string[]; inline: string[] } {
  const urls = new Set<string>();
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? '';
    if (/type="application\/ld\+json"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) urls.add(src);
    else if (match[2]?.trim()) inline.push(match[2]);
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = match[0];
    const directive = /\bclient="([^"]+)"/.exec(tag)?.[1] ?? 'load';
    if (eagerOnly && ['visible', 'media', 'click', 'interact'].includes(directive)) continue;
    for (const url of tag.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g))
      urls.add(url[1]!);
  }
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    urls.add(match[1]!);
  // Module scripts requested right after the first paint (src/integrations/first-paint/page.ts).
  const late = /<body[^>]*\bdata-late-modules="([^"]+)"/.exec(html)?.[1];
  for (const url of late?.split(' ') ?? []) urls.add(url);
  return { urls: [...urls], inline };
}

/** Site paths of the given scripts and everything they import statically. */
function scriptClosure(distDir: string, urls: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(join(distDir, url.split('?')[0]!), 'utf8');
    queue.push(...staticImports(code, url));
  }
  return seen;
}

/**
 * What one island adds to a page (gzip, each file on its own): the files its component loads that
 * nothing else on the page loads (React and the shared chunks are counted with the page). The
 * island is the page's `<astro-island>` whose component file name starts with `component`.
 */
export function islandOnTopOfPage(distDir: string, page: string, component: string): Weight {
  const html = readFileSync(join(distDir, page, 'index.html'), 'utf8');
  const islandUrls: string[] = [];
  const otherUrls = new Set(pageScripts(html, false).urls);
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const url = /\bcomponent-url="([^"]+)"/.exec(match[0])?.[1];
    if (url && posix.basename(url).startsWith(`${component}.`)) {
      islandUrls.push(url);
      otherUrls.delete(url);
    }
  }
  if (!islandUrls.length) throw new Error(`${page} has no ${component} island`);
  const others = scriptClosure(distDir, otherUrls);
  let weight: Weight = { raw: 0, gzip: 0 };
  for (const url of scriptClosure(distDir, islandUrls)) {
    if (!others.has(url)) weight = add(weight, weigh(readFileSync(join(distDir, url))));
  }
  return weight;
}

/** Dynamic imports of a built ES module (import(`./chunk.js`)), resolved to site paths. */
function dynamicImports(code: string, from: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/\bimport\(\s*[`"']([^`"']+\.m?js)[`"']\s*\)/g)) {
    const spec = match[1]!;
    found.add(spec.startsWith('/') ? spec : posix.join(posix.dirname(from), spec));
  }
  return [...found];
}

/**
 * What one island loads on demand (gzip): the modules its code imports dynamically and theirs in
 * turn, less what the page has loaded already. For the forms, the backend client fetched on the
 * first focus on a field (src/lib/submit-lead.ts, preloadClient).
 */
export function islandOnDemand(distDir: string, page: string, component: string): Weight {
  const html = readFileSync(join(distDir, page, 'index.html'), 'utf8');
  const loaded = scriptClosure(distDir, pageScripts(html, false).urls);
  const islandFiles = [...loaded].filter((url) => posix.basename(url).startsWith(`${component}.`));
  if (!islandFiles.length) throw new Error(`${page} has no ${component} island`);
  const later = [...scriptClosure(distDir, islandFiles)].flatMap((url) =>
    dynamicImports(readFileSync(join(distDir, url), 'utf8'), url),
  );
  let weight: Weight = { raw: 0, gzip: 0 };
  for (const url of scriptClosure(distDir, later)) {
    if (!loaded.has(url)) weight = add(weight, weigh(readFileSync(join(distDir, url))));
  }
  return weight;
}

export function measurePages(distDir: string): PageWeight[] {
  const read = (sitePath: string) => readFileSync(join(distDir, sitePath.split('?')[0]!));
  return htmlFiles(distDir)
    .map((file) => {
      const html = readFileSync(file, 'utf8');
      let css: Weight = { raw: 0, gzip: 0 };
      for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g))
        css = add(css, weigh(read(match[1]!)));
      for (const match of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g))
        css = add(css, weigh(match[1]!));

      const closure = (eagerOnly: boolean) => {
        const { urls, inline } = pageScripts(html, eagerOnly);
        const seen = new Set<string>();
        const queue = [...urls];
        let js: Weight = inline.reduce((sum, code) => add(sum, weigh(code)), { raw: 0, gzip: 0 });
        for (const code of inline) queue.push(...staticImports(code, '/'));
        while (queue.length) {
          const url = queue.shift()!;
          if (seen.has(url)) continue;
          seen.add(url);
          const code = read(url);
          js = add(js, weigh(code));
          queue.push(...staticImports(code.toString('utf8'), url));
        }
        return { js, scripts: [...seen] };
      };
      const eager = closure(true);
      const all = closure(false);
      const page =
        '/' +
        relative(distDir, file)
          .replace(/index\.html$/, '')
          .replace(/\.html$/, '');
      return { page, html: weigh(html), css, js: eager.js, jsTotal: all.js, scripts: all.scripts };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
}

if (import.meta.main) {
  const dist = process.argv[2] ?? 'dist';
  for (const p of measurePages(dist)) {
    console.log(
      `${p.page.padEnd(48)} html ${(p.html.gzip / 1024).toFixed(1)} KB  css ${(p.css.gzip / 1024).toFixed(1)} KB  js ${(p.js.gzip / 1024).toFixed(1)} KB eager, ${(p.jsTotal.gzip / 1024).toFixed(1)} KB total (gzip)`,
    );
  }
}
