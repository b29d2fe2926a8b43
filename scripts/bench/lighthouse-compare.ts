/**
 * Two builds (or a build and a peer's site) audited side by side by Lighthouse, interleaved: for
 * each round and page, A then B in the same Chromium, so a machine shared with other work loads both
 * alike. Reports per page the median of the rounds for FCP and LCP, the spread of FCP (highest −
 * lowest), the worst CLS and the median document size, for A and B.
 *
 *   npm run bench:compare -- --dist <A> --against <B> [--runs 3] [--pages /,/en/]
 *   npm run bench:compare -- --dist <A> --against-url https://127.0.0.1:<port> [--pages /ar]
 *
 * `--against-url` audits a site already served on this machine (a peer's build started by hand,
 * docs/decisions.md, issue 33); its pages are the same paths unless `--against-pages` lists others.
 */
import { parseArgs } from 'node:util';
import { withHttpsSite } from './https-site.ts';
import { lighthousePages, runLighthouse, type LighthouseResult } from './lighthouse.ts';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function row(label: string, results: LighthouseResult[]): string {
  const fcp = results.map((result) => result.metrics.fcpMs);
  const lcp = results.map((result) => result.metrics.lcpMs);
  const cls = Math.max(...results.map((result) => result.metrics.cls));
  const documentKB = median(results.map((result) => (result.bytesByType['document'] ?? 0) / 1024));
  return `| ${label} | ${median(fcp)} ms (${fcp.join(' · ')}) | ${Math.max(...fcp) - Math.min(...fcp)} ms | ${median(lcp)} ms | ${cls} | ${documentKB.toFixed(1)} KB |`;
}

async function compare(
  a: string,
  b: string,
  pages: [string, string][],
  runs: number,
): Promise<void> {
  const results = new Map<string, { a: LighthouseResult[]; b: LighthouseResult[] }>();
  for (let run = 1; run <= runs; run++) {
    for (const [pageA, pageB] of pages) {
      console.log(`round ${run}/${runs}: ${pageA} | ${pageB}`);
      const [resultA, resultB] = await runLighthouse([a + pageA, b + pageB], 1);
      const entry = results.get(pageA) ?? { a: [], b: [] };
      entry.a.push(resultA!);
      entry.b.push(resultB!);
      results.set(pageA, entry);
    }
  }
  console.log(
    '| Page | FCP median (every round) | FCP spread | LCP median | CLS (worst) | Document |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [pageA, pageB] of pages) {
    const entry = results.get(pageA)!;
    console.log(row(`A ${pageA}`, entry.a));
    console.log(row(`B ${pageB}`, entry.b));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string' },
      against: { type: 'string' },
      'against-url': { type: 'string' },
      'against-pages': { type: 'string' },
      'https-port': { type: 'string', default: '4393' },
      'against-https-port': { type: 'string', default: '4394' },
      runs: { type: 'string', default: '3' },
      pages: { type: 'string' },
    },
  });
  if (!values.dist || (!values.against && !values['against-url']))
    throw new Error('give --dist and --against <dist> or --against-url <origin>');
  const pagesA = values.pages ? values.pages.split(',') : lighthousePages;
  const pagesB = values['against-pages'] ? values['against-pages'].split(',') : pagesA;
  if (pagesA.length !== pagesB.length)
    throw new Error('--against-pages must list as many pages as --pages');
  const pairs = pagesA.map((page, i): [string, string] => [page, pagesB[i]!]);
  const runs = Number(values.runs);
  await withHttpsSite(values.dist, Number(values['https-port']), async (originA) => {
    if (values['against-url'])
      return compare(originA, values['against-url'].replace(/\/$/, ''), pairs, runs);
    return withHttpsSite(values.against!, Number(values['against-https-port']), (originB) =>
      compare(originA, originB, pairs, runs),
    );
  });
}
