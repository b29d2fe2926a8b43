/**
 * Nothing but the HTML on the first paint's path (issue 33). After the build, every public page
 * (not the back office) is rewritten (./page.ts):
 * - the stylesheet link becomes a `<style>` with the rules that apply to the page as served
 *   (./critical.ts): no stylesheet request stands between the HTML and the first paint;
 * - the full stylesheet and the page's module scripts (the header's behaviour, the
 *   service worker, the offer clock, the web fonts for later pages) are requested once the first
 *   screen has been painted. They bring what a visitor's later actions need (hover and focus
 *   states, an opened menu, an island's next step); the forms' early inline script answers presses
 *   before then (src/components/forms/EarlyForms.astro). The patient page's modules draw its
 *   status and are left in place (`eager`);
 * - rendering waits until the first screen's HTML is parsed, so the first paint is the whole first
 *   screen (its largest text included), not the header alone.
 *
 * Each page inlines exactly the rules it uses. (While one Content-Security-Policy header listed
 * every page's style hash, pages shared a style when that cost a member at most 2,000 bytes of
 * rules it did not use; now each page carries its own policy (security-headers.ts), so a distinct
 * style costs nothing elsewhere and `GROUP_SLACK` is 0: only pages with the same rules share one.)
 *
 * Runs after the font subsetting and before the service worker and the CSP read the pages.
 */
import type { AstroIntegration } from 'astro';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { htmlFiles } from '../html-files.ts';
import { parseStylesheet, renderCritical, usedRules, type Stylesheet } from './critical.ts';
import { rewritePage, stylesheetHrefs } from './page.ts';

/** Most bytes of CSS (uncompressed) a page may inline beyond its own rules to share a group's. */
export const GROUP_SLACK = 0;

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

export default function firstPaint(
  options: { skip?: string[]; eager?: string[] } = {},
): AstroIntegration {
  // The back office keeps its stylesheet and preloads (office connections, fonts at once).
  const skip = options.skip ?? ['admin'];
  // The patient page (/r/, /en/r/) draws its status with its script: the script is not held back
  // until the first paint (its request for the status is already sent from the head).
  const eager = options.eager ?? ['r'];
  const isEager = (file: string) =>
    eager.some((name) => file.includes(`/${name}/index.html`) || file.endsWith(`/${name}.html`));
  return {
    name: 'rihla:first-paint',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const read = (src: string) => readFileSync(join(root, src), 'utf8');
        const sheets = new Map<string, Stylesheet>();
        const pages: Page[] = [];
        for (const file of htmlFiles(root, skip)) {
          const html = readFileSync(file, 'utf8');
          const hrefs = stylesheetHrefs(html);
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
                rewritePage(page.html, critical, isEager(page.file) ? { read } : undefined),
              );
          }
        }
        logger.info(`critical CSS inlined on ${pages.length} pages (${styles} distinct styles)`);
      },
    },
  };
}
