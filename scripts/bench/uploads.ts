/**
 * The uploads section of `npm run bench` (issue 30): a patient on the slow profile (~400 kbps,
 * 400 ms round trip, CPU ×4, 360×740 over CDP, as scripts/bench/slow-profile-page.ts) sends four
 * 12-megapixel phone photos from their page, one per hair slot: the page resizes and re-encodes
 * each one on the "phone", uploads it resumably and waits for the server's check. Measured: the
 * total time from choosing the files to the last «وصل» (budget in bench/budgets.json), the bytes
 * each photo sent (file and thumbnail bodies), and an upload cut at half way (every connection
 * dropped for 3 s) that resumes from the server's offset and completes. Also the encoder table
 * behind the page's qualities: size and PSNR of a photo at 1,600 px in Chromium's WebP and JPEG.
 * Alone: `npm run bench:uploads` (builds .data/bench-slow-dist unless --no-build); BENCH_DEBUG=1
 * also prints every body the page sent, with its page time.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { startCutProxy, type CutProxy } from './cut-proxy.ts';
import { withBuildServer } from './serve-build.ts';
import { buildForSlowProfile } from './slow-profile.ts';
import { chromiumArgs, SLOW_PROFILE } from './slow-profile-page.ts';
import {
  newRequest,
  patchesOf,
  phonePhoto,
  qualityTable,
  recordSends,
  type Sent,
} from './upload-photos.ts';

const SLOTS = ['hair_front', 'hair_top', 'hair_crown', 'hair_donor'];
/** The local API listens this far above the port the site was built for (the proxy's). */
export const API_PORT_OFFSET = 10_000;

export interface UploadFigures {
  profile: typeof SLOW_PROFILE;
  originalBytes: number[];
  photos: { slot: string; sentBytes: number; thumbBytes: number; doneAtSeconds: number }[];
  totalSeconds: number;
  resume: {
    fileBytes: number;
    cutAtPercent: number;
    resumedFromOffset: number;
    completed: boolean;
  };
  quality: {
    quality: number;
    webpKB: number;
    webpPsnr: number;
    jpegKB: number;
    jpegPsnr: number;
  }[];
}

const throttle = (cdp: CDPSession, offline = false) =>
  cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: SLOW_PROFILE.latencyMs,
    downloadThroughput: (SLOW_PROFILE.downloadKbps * 1000) / 8,
    uploadThroughput: (SLOW_PROFILE.uploadKbps * 1000) / 8,
  });

async function slowPatient(browser: Browser, origin: string, token: string) {
  const context = await browser.newContext({
    viewport: SLOW_PROFILE.viewport,
    locale: 'ar',
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript(recordSends);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await throttle(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PROFILE.cpuSlowdown });
  await page.goto(`${origin}/r/#${token}`, { timeout: 120_000 });
  await page.locator('[data-slot="hair_front"]').waitFor({ timeout: 120_000 });
  return { context, page, cdp };
}

const chooseInput = (page: Page, slot: string) =>
  page.locator(`[data-slot="${slot}"] input[type=file]:not([capture])`);
const received = (page: Page, slot: string, count = 1) =>
  page.waitForFunction(
    ([name, n]) =>
      document.querySelectorAll(`[data-slot="${name}"] [data-received] [data-file-id]`).length >= n,
    [slot, count] as const,
    { timeout: 300_000, polling: 100 },
  );

/** The four photos, chosen one slot after another, as a patient does; each slot's time to «وصل». */
async function fourPhotos(page: Page, photos: string[]) {
  // Files on disk: Playwright hands a local Chromium their paths, as a phone's picker does.
  for (const [index, slot] of SLOTS.entries()) {
    await chooseInput(page, slot).setInputFiles(photos[index]!);
  }
  // The clock runs in the page, from the first photo chosen to each «وصل».
  const pageNow = () => page.evaluate(() => performance.now());
  const doneAt: number[] = [];
  for (const slot of SLOTS) {
    await received(page, slot);
    doneAt.push(await pageNow());
  }
  const sent = await page.evaluate(() => (window as unknown as { __sent: Sent[] }).__sent);
  if (process.env['BENCH_DEBUG']) {
    for (const entry of sent as (Sent & { at: number })[]) {
      console.log(
        `${(entry.at / 1000).toFixed(1)} ${entry.method} ${entry.url.slice(-60)} ${entry.bytes}`,
      );
    }
  }
  const begun = await page.evaluate(
    () => (window as unknown as { __begun: Record<string, string> }).__begun,
  );
  const bodies = (fileId: string, thumb: boolean) =>
    sent
      .filter((entry) => {
        const tus = /\/upload\/resumable\/sign\/([^/?]+)/.exec(entry.url);
        const name = tus ? Buffer.from(tus[1]!, 'base64url').toString('utf8') : entry.url;
        return (
          name.includes(`${fileId}${thumb ? '-thumb' : '.'}`) &&
          (entry.method === 'PATCH' || entry.method === 'PUT')
        );
      })
      .reduce((sum, entry) => sum + entry.bytes, 0);
  const chosenAt = (sent as (Sent & { at: number })[]).find(
    (entry) => entry.method === 'CHOSEN',
  )!.at;
  const seconds = (at: number) => Math.round((at - chosenAt) / 100) / 10;
  return {
    totalSeconds: seconds(doneAt.at(-1)!),
    photos: SLOTS.map((slot, index) => ({
      slot,
      sentBytes: bodies(begun[slot] ?? '?', false),
      thumbBytes: bodies(begun[slot] ?? '?', true),
      doneAtSeconds: seconds(doneAt[index]!),
    })),
  };
}

/** A fifth photo whose connection is cut at half way (3 s without network), then resumes. */
async function cutAndResume(page: Page, proxy: CutProxy, photo: string) {
  await chooseInput(page, 'report').setInputFiles(photo);
  const cutAtPercent = (await (
    await page.waitForFunction(
      () => {
        const bar = document.querySelector<HTMLProgressElement>('[data-slot="report"] progress');
        return bar && bar.value >= 50 ? bar.value : null;
      },
      undefined,
      { timeout: 300_000, polling: 20 },
    )
  ).jsonValue()) as number;
  proxy.cut(3000);
  await page
    .locator('[data-slot="report"] [data-upload][data-phase="paused"]')
    .waitFor({ timeout: 60_000 });
  await received(page, 'report');
  const sent = await page.evaluate(() => (window as unknown as { __sent: Sent[] }).__sent);
  const begun = await page.evaluate(
    () => (window as unknown as { __begun: Record<string, string> }).__begun,
  );
  const patches = patchesOf(sent, begun['report'] ?? '?');
  const first: [number, number] = patches[0] ?? [0, 0];
  const last: [number, number] = patches.at(-1) ?? [0, 0];
  const fileBytes = first[0] + first[1];
  return {
    fileBytes,
    cutAtPercent,
    resumedFromOffset: patches.length > 1 ? patches[1]![0] : 0,
    completed: patches.length > 1 && last[0] + last[1] === fileBytes,
  };
}

/**
 * Runs the section against a site built for the API at `proxyPort`, where a cutting proxy is
 * started in front of the local API at `apiPort`.
 */
export async function benchUploads(
  origin: string,
  proxyPort: number,
  apiPort: number,
  log: (m: string) => void = () => {},
): Promise<UploadFigures> {
  const proxy = await startCutProxy(proxyPort, apiPort);
  log('uploads: making five 12-megapixel photos…');
  const photos = await Promise.all([1, 2, 3, 4, 5].map((seed) => phonePhoto(seed)));
  const folder = mkdtempSync(join(tmpdir(), 'rihla-bench-photos-'));
  const files = photos.map((photo, index) => {
    const file = join(folder, `photo-${index + 1}.jpg`);
    writeFileSync(file, photo);
    return file;
  });
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const { context, page } = await slowPatient(
      browser,
      origin,
      await newRequest(`http://127.0.0.1:${apiPort}`),
    );
    log('uploads: four photos on the slow profile…');
    const four = await fourPhotos(page, files);
    log(`uploads: four photos in ${four.totalSeconds.toFixed(1)} s; a fifth cut at half way…`);
    const resume = await cutAndResume(page, proxy, files[4]!);
    await context.close();
    log('uploads: encoder qualities…');
    const quality = await qualityTable(browser, origin, photos[0]!);
    return {
      profile: SLOW_PROFILE,
      originalBytes: photos.map((photo) => photo.length),
      ...four,
      resume,
      quality,
    };
  } finally {
    await browser.close();
    await proxy.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The uploads lines of bench/report.md. */
export function uploadsMarkdown(figures: UploadFigures): string[] {
  const budget = JSON.parse(readFileSync('bench/budgets.json', 'utf8')).uploads as {
    fourPhotosSeconds: number;
  };
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const r = figures.resume;
  return [
    '## Photos from the patient page (slow profile)',
    '',
    `Four 12-megapixel phone photos (4000×3000 JPEG, ${figures.originalBytes.slice(0, 4).map(kb).join(', ')}), one per hair slot, chosen on a 360×740 phone at ~${figures.profile.uploadKbps} kbps, ${figures.profile.latencyMs} ms round trip, CPU ×${figures.profile.cpuSlowdown}: resized and re-encoded on the device, uploaded resumably, checked by the server; timed in the page from the first photo chosen (\`npm run bench:uploads\` runs this section alone).`,
    '',
    `All four received: **${figures.totalSeconds.toFixed(1)} s** (budget ≤ ${budget.fourPhotosSeconds} s) ${figures.totalSeconds <= budget.fourPhotosSeconds ? '✅' : '❌'}`,
    '',
    '| Slot | Photo sent | Thumbnail sent | Received after |',
    '| --- | --- | --- | --- |',
    ...figures.photos.map(
      (photo) =>
        `| ${photo.slot} | ${kb(photo.sentBytes)} | ${kb(photo.thumbBytes)} | ${photo.doneAtSeconds.toFixed(1)} s |`,
    ),
    '',
    `Cut at half way: every connection dropped for 3 s when the bar showed ${r.cutAtPercent} % of a ${kb(r.fileBytes)} photo; the page asked the server where it stood and resumed from byte ${r.resumedFromOffset} (${((r.resumedFromOffset / Math.max(1, r.fileBytes)) * 100).toFixed(0)} %), and completed ${r.completed ? '✅' : '❌'}.`,
    '',
    'Encoders (one photo drawn at 1,600 px in Chromium; PSNR against a lossless copy of the same drawing):',
    '',
    '| Quality | WebP | WebP PSNR | JPEG | JPEG PSNR |',
    '| --- | --- | --- | --- | --- |',
    ...figures.quality.map(
      (row) =>
        `| ${row.quality} | ${row.webpKB} KB | ${row.webpPsnr} dB | ${row.jpegKB} KB | ${row.jpegPsnr} dB |`,
    ),
    '',
  ];
}

// Alone: build (unless --no-build), start the site and API, run, print the figures.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'site-port': { type: 'string', default: '4398' },
      'api-port': { type: 'string', default: '54398' },
      dist: { type: 'string', default: '.data/bench-slow-dist' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const dist = values.dist;
  if (!values['no-build']) {
    console.log('building the site…');
    buildForSlowProfile(dist, values['api-port']);
  }
  // The site was built for --api-port: the cutting proxy listens there, the API 10,000 ports up.
  const proxyPort = Number(values['api-port']);
  await withBuildServer(
    {
      dist,
      dataDir: `${dist}-uploads-data`,
      sitePort: values['site-port'],
      apiPort: String(proxyPort + API_PORT_OFFSET),
    },
    async (origin) => {
      const figures = await benchUploads(origin, proxyPort, proxyPort + API_PORT_OFFSET, (m) =>
        console.log(m),
      );
      console.log(JSON.stringify(figures, null, 2));
      console.log(uploadsMarkdown(figures).join('\n'));
    },
  );
}
