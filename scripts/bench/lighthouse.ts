/**
 * Lighthouse, mobile form factor with simulated throttling (its default mobile config), run offline
 * against Debian's Chromium. Each page is audited `runs` times and the median run (by performance
 * score) is reported, as Lighthouse's own guidance recommends for variance.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseResult {
  url: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  bytesByType: Record<string, number>;
  runs: number;
  /** The performance score of every run, lowest first (the reported run is the median). */
  performanceRuns: number[];
}

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
];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

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
    bytesByType,
    runs,
    performanceRuns,
  };
}

export async function runLighthouse(
  urls: string[],
  runs = 3,
  onProgress: (message: string) => void = () => {},
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
