/**
 * Nothing but the HTML on the first paint's path (issue 33): the first response of every public page
 * carries the styles its first paint needs, and no stylesheet or script request stands between the
 * HTML and the first paint.
 *
 * Module scripts are fetched at low priority (`fetchpriority="low"`): they run after parsing anyway
 * (the header's behaviour, attribution, the service worker, the offer clock), so the browser need not
 * fetch them before the page's images, and Lighthouse's simulation no longer counts them as blocking
 * the first paint when they happen to arrive before it.
 *
 * Critical CSS inline, the rest of the stylesheet late:
 *
 * After the build, for each page that links the site's stylesheet:
 * - the link becomes a `<style>` with the rules that apply to the page as served (./critical.ts);
 * - the full stylesheet is still linked, as `media="print"` (browsers fetch it at the lowest priority
 *   and do not wait for it) and switched to all media once it has loaded by one inline script, the
 *   same on every page; a `<noscript>` link serves readers without JavaScript. It brings the states a
 *   visitor causes later (hover, focus, an opened menu, an island's next step) and is cached for
 *   every later page.
 *
 * The Content-Security-Policy allows inline styles by hash (security-headers.ts), so every distinct
 * `<style>` costs the header about 54 bytes on every response. Pages are therefore grouped: a page
 * joins a group when the union of their rules adds at most `GROUP_SLACK` bytes to any member
 * (pages of one template differ by a rule or two), and every member inlines the group's union.
 *
 * Runs after the font subsetting and before the service worker and the CSP read the pages.
 */
import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStylesheet, renderCritical, usedRules, type Stylesheet } from './critical.ts';

/** Most bytes of CSS (uncompressed) a page may inline beyond its own rules to share a group's. */
export const GROUP_SLACK = 2000;

/** Turns the late stylesheets on once loaded (one script, so one CSP hash for every page). */
export const LATE_CSS_SCRIPT =
  "document.querySelectorAll('link[data-late-css]').forEach((l)=>{const on=()=>{l.media='all'};l.sheet?on():l.addEventListener('load',on)})";

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)">/g;

function htmlFiles(dir: string, skip: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === '_astro' || skip.includes(name) ? [] : htmlFiles(path, skip);
    return name.endsWith('.html') ? [path] : [];
  });
}

interface Page {
  file: string;
  html: string;
  hrefs: string[];
  used: Set<number>;
}

const union = (a: Set<number>, b: Set<number>) => new Set([...a, ...b]);

/** Groups pages so that each inlines at most `slack` bytes of rules it does not use. */
export function groupPages<T extends { used: Set<number> }>(
  pages: T[],
  ruleBytes: (rule: number) => number,
  slack: number,
): { used: Set<number>; pages: T[] }[] {
  const extra = (group: Set<number>, own: Set<number>) => {
    let bytes = 0;
    for (const rule of group) if (!own.has(rule)) bytes += ruleBytes(rule);
    return bytes;
  };
  const groups: { used: Set<number>; pages: T[] }[] = [];
  for (const page of [...pages].sort((a, b) => b.used.size - a.used.size)) {
    let best: { group: (typeof groups)[number]; cost: number } | undefined;
    for (const group of groups) {
      const merged = union(group.used, page.used);
      const worst = Math.max(...[...group.pages, page].map((member) => extra(merged, member.used)));
      if (worst <= slack && (!best || worst < best.cost)) best = { group, cost: worst };
    }
    if (best) {
      best.group.used = union(best.group.used, page.used);
      best.group.pages.push(page);
    } else groups.push({ used: new Set(page.used), pages: [page] });
  }
  return groups;
}

const MODULE_SCRIPT = /<script type="module" src=/g;

/** The page with its module scripts fetched at low priority. */
export function lowPriorityScripts(html: string): string {
  return html.replace(MODULE_SCRIPT, '<script type="module" fetchpriority="low" src=');
}

/** The page with its stylesheet links replaced by `critical` inline and the late links. */
export function inlineCritical(html: string, hrefs: string[], critical: string): string {
  const late = hrefs
    .map((href) => `<link rel="stylesheet" href="${href}" media="print" data-late-css>`)
    .join('');
  const noscript = hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  let first = true;
  return html.replace(STYLESHEET_LINK, () => {
    if (!first) return '';
    first = false;
    return `<style>${critical}</style>${late}<script>${LATE_CSS_SCRIPT}</script><noscript>${noscript}</noscript>`;
  });
}

export default function firstPaint(options: { skip?: string[] } = {}): AstroIntegration {
  const skip = options.skip ?? ['admin'];
  return {
    name: 'rihla:first-paint',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const sheets = new Map<string, Stylesheet>();
        const pages: Page[] = [];
        for (const file of htmlFiles(root, skip)) {
          const html = readFileSync(file, 'utf8');
          const head = html.slice(0, html.indexOf('</head>'));
          const hrefs = [...head.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
          if (!hrefs.length) continue;
          const key = hrefs.join(' ');
          let sheet = sheets.get(key);
          if (!sheet) {
            const css = hrefs.map((href) => readFileSync(join(root, href), 'utf8')).join('\n');
            sheets.set(key, (sheet = parseStylesheet(css)));
          }
          pages.push({ file, html, hrefs, used: usedRules(sheet, html) });
        }
        let styles = 0;
        for (const [key, sheet] of sheets) {
          const sizes = sheet.rules.map((rule) => rule.toString().length);
          const members = pages.filter((page) => page.hrefs.join(' ') === key);
          for (const group of groupPages(members, (rule) => sizes[rule]!, GROUP_SLACK)) {
            const critical = renderCritical(sheet, group.used);
            styles++;
            for (const page of group.pages)
              writeFileSync(
                page.file,
                lowPriorityScripts(inlineCritical(page.html, page.hrefs, critical)),
              );
          }
        }
        logger.info(`critical CSS inlined on ${pages.length} pages (${styles} distinct styles)`);
      },
    },
  };
}
