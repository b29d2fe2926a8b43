/**
 * Lighthouse, mobile form factor with simulated throttling (its default mobile config), run offline
 * against Debian's Chromium, on pages served over HTTPS with HTTP/2 as the production host serves
 * them (https-site.ts). Each page is audited `runs` times and the median run (by performance
 * score) is reported, as Lighthouse's own guidance recommends for variance.
 *
 * Alone (the Lighthouse section of `npm run bench`, without the rest): `npm run bench:lighthouse --
 * --dist .data/e2e-dist --site-port 4521 --api-port 54521 [--https-port 4393] [--runs 3]` serves an
 * existing build and prints every page's scores, FCP, LCP, LCP − FCP against bench/budgets.json and the LCP element.
 * `--floor` adds a page with nothing but a heading and a line of Arabic (written into the build as
 * `/lighthouse-floor/`): the first paint the simulation gives a page that costs nothing, the floor
 * under the FCP budget on this setup (docs/decisions.md, issue 33).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { withHttpsSite } from './https-site.ts';
import { withBuildServer } from './serve-build.ts';

export interface LighthouseResult {
  url: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  /** What Lighthouse took as the largest contentful paint (a selector and a snippet). */
  lcpElement: string;
  bytesByType: Record<string, number>;
  runs: number;
  /** The performance score of every run, lowest first (the reported run is the median). */
  performanceRuns: number[];
}

/** Pages Lighthouse audits (issue 8's fixed list); those not built yet are skipped and reported. */
export const lighthousePages = [
  '/',
  '/en/',
  '/hair-transplant-turkey/',
  '/en/hair-transplant-turkey/',
  '/hair-transplant-offer/',
  '/blog/',
  '/en/blog/',
  '/blog/hair-transplant-turkey-guide/',
  '/en/blog/hair-transplant-turkey-guide/',
  '/destinations/turkey/',
  '/en/destinations/turkey/',
];

const chromePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // The pages are served by https-site.ts with a self-signed certificate for 127.0.0.1.
  '--ignore-certificate-errors',
];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface LhNode {
  type: 'node';
  selector?: string;
  snippet?: string;
}

function findNode(value: unknown): LhNode | undefined {
  if (!value || typeof value !== 'object') return undefined;
  if ((value as { type?: unknown }).type === 'node') return value as LhNode;
  for (const child of Object.values(value)) {
    const found = findNode(child);
    if (found) return found;
  }
  return undefined;
}

function summarize(
  url: string,
  lhr: Lhr,
  runs: number,
  performanceRuns: number[],
): LighthouseResult {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const bytesByType: Record<string, number> = {};
  const summary = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined;
  for (const item of summary?.items ?? []) bytesByType[item.resourceType] = item.transferSize;
  // The LCP element is a node somewhere in the details of the LCP breakdown insight (Lighthouse
  // 13; the largest-contentful-paint-element audit before it).
  const lcpNode = findNode(
    lhr.audits['lcp-breakdown-insight']?.details ??
      lhr.audits['largest-contentful-paint-element']?.details,
  );
  return {
    url,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcpMs: Math.round(numeric('first-contentful-paint')),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    },
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}`.trim() : '',
    bytesByType,
    runs,
    performanceRuns,
  };
}

function saveReport(dir: string, url: string, run: number, lhr: Lhr): void {
  mkdirSync(dir, { recursive: true });
  const name = new URL(url).pathname.replace(/^\/|\/$/g, '').replaceAll('/', '_') || 'home';
  writeFileSync(join(dir, `${name}-${run}.json`), JSON.stringify(lhr));
}

export async function runLighthouse(
  urls: string[],
  runs = 3,
  onProgress: (message: string) => void = () => {},
  /** A directory to keep every run's report in (`<page>-<run>.json`), for reading its critical path. */
  saveDir?: string,
): Promise<LighthouseResult[]> {
  const chrome = await launch({ chromePath, chromeFlags });
  try {
    const results: LighthouseResult[] = [];
    for (const url of urls) {
      const lhrs: Lhr[] = [];
      for (let run = 1, failures = 0; run <= runs; run++) {
        onProgress(`lighthouse ${url} (run ${run}/${runs})`);
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const error = result ? result.lhr.runtimeError : { message: 'no result' };
        if (error) {
          // Lighthouse occasionally loses the trace of a load (NO_NAVSTART); such a run is repeated.
          if (++failures > 3) throw new Error(`${url}: ${error.message}`);
          onProgress(`lighthouse ${url}: ${error.message}; repeating the run`);
          run--;
          continue;
        }
        lhrs.push(result!.lhr);
        if (saveDir) saveReport(saveDir, url, run, result!.lhr);
      }
      lhrs.sort(
        (a, b) =>
          (a.categories['performance']?.score ?? 0) - (b.categories['performance']?.score ?? 0),
      );
      const performanceRuns = lhrs.map((lhr) =>
        Math.round((lhr.categories['performance']?.score ?? 0) * 100),
      );
      results.push(summarize(url, lhrs[Math.floor(lhrs.length / 2)]!, runs, performanceRuns));
    }
    return results;
  } finally {
    chrome.kill();
  }
}

// Alone: serve an existing build, audit the list, print the figures.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'site-port': { type: 'string', default: '4392' },
      'https-port': { type: 'string', default: '4393' },
      'api-port': { type: 'string', default: '54392' },
      dist: { type: 'string', default: '.data/bench-dist' },
      runs: { type: 'string', default: '3' },
      // A comma-separated subset of the list, for a quick look while iterating.
      pages: { type: 'string' },
      // Keep every run's full report (JSON) in this directory.
      save: { type: 'string' },
      floor: { type: 'boolean', default: false },
    },
  });
  const pages = values.pages ? values.pages.split(',') : [...lighthousePages];
  if (values.floor) {
    mkdirSync(join(values.dist, 'lighthouse-floor'), { recursive: true });
    writeFileSync(
      join(values.dist, 'lighthouse-floor', 'index.html'),
      '<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>رحلة كير</title>' +
        '<meta name="description" content="صفحة فارغة"></head><body><main><h1>مرحباً بكم في رحلة كير</h1>' +
        '<p>نص قصير</p></main></body></html>',
    );
    pages.unshift('/lighthouse-floor/');
  }
  const allBudgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8'));
  const budgets = allBudgets.lighthouse as { lcpMinusFcpMs: number; fcpMs: number };
  const fontKB = allBudgets.pages.fontKB as number;
  await withBuildServer(
    {
      dist: values.dist,
      dataDir: `${values.dist}-lighthouse-data`,
      sitePort: values['site-port'],
      apiPort: values['api-port'],
    },
    async () => {
      const results = await withHttpsSite(values.dist, Number(values['https-port']), (origin) =>
        runLighthouse(
          pages.map((path) => origin + path),
          Number(values.runs),
          (message) => console.log(message),
          values.save,
        ),
      );
      console.log(
        '| Page | Perf (every run) | FCP | LCP | LCP − FCP | TBT | CLS | Fonts | Document | LCP element |',
      );
      console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      for (const result of results) {
        const gap = result.metrics.lcpMs - result.metrics.fcpMs;
        const fonts = (result.bytesByType['font'] ?? 0) / 1024;
        const documentKB = (result.bytesByType['document'] ?? 0) / 1024;
        console.log(
          `| ${new URL(result.url).pathname} | ${result.scores.performance} (${result.performanceRuns.join(' · ')}) | ${result.metrics.fcpMs} ms ${result.metrics.fcpMs <= budgets.fcpMs ? '✅' : '❌'} | ${result.metrics.lcpMs} ms | ${gap} ms ${gap <= budgets.lcpMinusFcpMs ? '✅' : '❌'} | ${result.metrics.tbtMs} ms | ${result.metrics.cls} | ${fonts.toFixed(1)} KB ${fonts <= fontKB ? '✅' : '❌'} | ${documentKB.toFixed(1)} KB | \`${result.lcpElement.slice(0, 100)}\` |`,
        );
      }
    },
  );
}
