/** Routes, and the links and images of article bodies. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Routes of the pages in src/pages that are not generated from content ("/blog", "/en/install"…). */
export function staticRoutes(pagesDir: string): Set<string> {
  const routes = new Set<string>();
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) {
        if (!name.includes('[')) visit(full);
        continue;
      }
      if (name.includes('[') || !/\.(astro|md|mdx|ts)$/.test(name)) continue;
      const route = ('/' + relative(pagesDir, full).split(sep).join('/'))
        .replace(/\.(astro|md|mdx)$/, '')
        .replace(/\.ts$/, '')
        .replace(/\/index$/, '');
      routes.add(route || '/');
    }
  };
  if (existsSync(pagesDir)) visit(pagesDir);
  return routes;
}

/** A site path without query, hash and trailing slash ("/" stays "/"). */
export const cleanPath = (href: string) =>
  decodeURI(href.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';

/** Links and images in an MDX body: Markdown `[t](x)`, `![a](x)` and JSX `href=` / `src=`. */
export function bodyReferences(
  text: string,
): { kind: 'link' | 'image'; target: string; index: number }[] {
  const refs: { kind: 'link' | 'image'; target: string; index: number }[] = [];
  for (const m of text.matchAll(/(!?)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    refs.push({ kind: m[1] ? 'image' : 'link', target: m[2]!, index: m.index });
  for (const m of text.matchAll(/<(a|img)\b[^>]*?\b(href|src)=["']([^"']+)["']/g))
    refs.push({ kind: m[1] === 'img' ? 'image' : 'link', target: m[3]!, index: m.index });
  return refs;
}
