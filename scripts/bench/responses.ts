/**
 * What each response weighs on the wire, headers included (issue 48): the documents of the audited
 * pages and the patient's page, and one response of each kind of cached file (script, stylesheet,
 * font), served by the local site server as the hosts serve them (`_headers`, Brotli when offered).
 *
 * Header bytes are counted as HTTP/1.1 writes them (status line, `Name: value` lines, blank line).
 * HTTP/2 sends the first response's headers Huffman-coded, about a fifth smaller, and indexes
 * repeated ones, so the figure is the most any response costs, and the cost of every repetition on
 * HTTP/1.1 (the local server, some proxies).
 *
 *   npm run bench:responses -- [--dist .data/bench-dist] [--pages /,/r/]
 *
 * Part of `npm run bench` (scripts/bench/run.ts): `bench/budgets.json` `responses` bounds every
 * response's header bytes and the patient page's document on the wire.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createStaticSiteServer } from '../../local/static-site.ts';
import { lighthousePages } from './lighthouse.ts';
import { htmlFiles } from '../../src/integrations/html-files.ts';

export interface ResponseWeight {
  path: string;
  status: number;
  /** The raw header block, status line and blank line included. */
  headerBytes: number;
  /** The body as sent (compressed when the server compressed it). */
  bodyBytes: number;
  encoding: string | null;
  /** The Content-Security-Policy header's length, when sent. */
  cspBytes: number;
}

export interface ResponseFigures {
  documents: ResponseWeight[];
  assets: ResponseWeight[];
  csp: { scriptHashes: number; styleHashes: number };
}

/** The pages weighed: Lighthouse's list and the patient's page in both languages. */
export const RESPONSE_PAGES = [...lighthousePages, '/r/', '/en/r/'];

function get(origin: string, path: string): Promise<ResponseWeight> {
  return new Promise((resolve, reject) => {
    const req = request(
      origin + path,
      // What Chromium offers over HTTPS.
      { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
      (res) => {
        let bodyBytes = 0;
        res.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
        res.on('end', () => {
          const raw = res.rawHeaders;
          let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
          for (let i = 0; i < raw.length; i += 2)
            headerBytes += `${raw[i]}: ${raw[i + 1]}\r\n`.length;
          resolve({
            path,
            status: res.statusCode ?? 0,
            headerBytes,
            bodyBytes,
            encoding: res.headers['content-encoding'] ?? null,
            cspBytes: String(res.headers['content-security-policy'] ?? '').length,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The largest file of `dir` whose name ends with `suffix`, as a site path. */
function largest(dist: string, dir: string, suffix: string): string | null {
  let best: { name: string; size: number } | null = null;
  for (const entry of readdirSync(join(dist, dir), { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(suffix)) continue;
    const size = readFileSync(join(dist, dir, entry.name)).length;
    if (!best || size > best.size) best = { name: entry.name, size };
  }
  return best ? `/${dir}/${best.name}` : null;
}

/**
 * The most inline hashes any one page's policy allows in script-src and style-src: each page
 * carries its own `<meta>` policy (src/integrations/security-headers.ts), `_headers` none.
 */
export function cspHashCounts(dist: string): { scriptHashes: number; styleHashes: number } {
  let most = { scriptHashes: 0, styleHashes: 0 };
  for (const file of htmlFiles(dist)) {
    const policy =
      /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(
        readFileSync(file, 'utf8'),
      )?.[1] ?? '';
    const count = (directive: string) =>
      (new RegExp(`${directive} ([^;]*)`).exec(policy)?.[1] ?? '').match(/'sha256-/g)?.length ?? 0;
    const page = { scriptHashes: count('script-src'), styleHashes: count('style-src') };
    if (page.scriptHashes + page.styleHashes > most.scriptHashes + most.styleHashes) most = page;
  }
  return most;
}

export async function weighResponses(
  dist: string,
  pages: string[] = RESPONSE_PAGES,
): Promise<ResponseFigures> {
  const server: Server = createStaticSiteServer({ root: dist });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const documents: ResponseWeight[] = [];
    for (const path of pages) documents.push(await get(origin, path));
    const assets: ResponseWeight[] = [];
    for (const path of [
      largest(dist, '_astro', '.js'),
      largest(dist, '_astro', '.css'),
      largest(dist, '_astro', '.woff2'),
    ])
      if (path) assets.push(await get(origin, path));
    return { documents, assets, csp: cspHashCounts(dist) };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

interface ResponseBudgets {
  headerBytes: number;
  patientDocumentWireKB: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The budgets a figure misses (for the bench's exit status), as sentences. */
export function responseFailures(figures: ResponseFigures, budgets: ResponseBudgets): string[] {
  const failures: string[] = [];
  for (const response of [...figures.documents, ...figures.assets])
    if (response.headerBytes > budgets.headerBytes)
      failures.push(
        `${response.path}: ${response.headerBytes} header bytes (budget ${budgets.headerBytes})`,
      );
  for (const response of figures.documents.filter((d) => /^\/(en\/)?r\/$/.test(d.path))) {
    const wire = response.headerBytes + response.bodyBytes;
    if (wire / 1024 > budgets.patientDocumentWireKB)
      failures.push(
        `${response.path}: document ${kb(wire)} KB on the wire (budget ${budgets.patientDocumentWireKB})`,
      );
  }
  return failures;
}

/** The section of bench/report.md. */
export function responsesMarkdown(figures: ResponseFigures, budgets: ResponseBudgets): string[] {
  const mark = (ok: boolean) => (ok ? '' : ' ❌');
  const row = (response: ResponseWeight, patient: boolean) => {
    const wire = response.headerBytes + response.bodyBytes;
    return `| ${response.path} | ${response.status} | ${response.encoding ?? '–'} | ${response.headerBytes}${mark(response.headerBytes <= budgets.headerBytes)} | ${response.cspBytes} | ${kb(response.bodyBytes)} | ${kb(wire)}${patient ? mark(wire / 1024 <= budgets.patientDocumentWireKB) : ''} |`;
  };
  return [
    '## Responses on the wire (issue 48)',
    '',
    `Local site server, \`Accept-Encoding\` as Chromium sends it; header bytes as HTTP/1.1 writes them (HTTP/2 codes them smaller and indexes repeats). Content-Security-Policy: each page its own in a \`<meta>\`, at most ${figures.csp.scriptHashes} script and ${figures.csp.styleHashes} style hashes (the header carries only \`frame-ancestors\`, \`object-src\`, \`base-uri\`, \`form-action\`). Budgets: every response's headers ≤ ${budgets.headerBytes} bytes, the patient page's document ≤ ${budgets.patientDocumentWireKB} KB on the wire (headers included). \`npm run bench:responses\` runs this section alone.`,
    '',
    '| Response | Status | Encoding | Header bytes | of it CSP | Body KB | On the wire KB |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...figures.documents.map((d) => row(d, /^\/(en\/)?r\/$/.test(d.path))),
    ...figures.assets.map((a) => row(a, false)),
    '',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: '.data/bench-dist' },
      pages: { type: 'string' },
    },
  });
  const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8'))
    .responses as ResponseBudgets;
  const figures = await weighResponses(
    values.dist,
    values.pages ? values.pages.split(',') : RESPONSE_PAGES,
  );
  console.log(responsesMarkdown(figures, budgets).join('\n'));
  const failures = responseFailures(figures, budgets);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  process.exitCode = failures.length ? 1 : 0;
}
