/**
 * The slow-profile section of `npm run bench` (issue 12): the public pages as a patient on a
 * mid-range Android phone on a thin mobile connection sees them. Chromium with CDP throttling
 * (~400 kbps down and up, 400 ms round trip, CPU ×4), a 360×740 viewport, Arabic pages, a cold cache,
 * the median of several runs.
 *
 * Figures per run:
 * - home `/`: first text (FCP), LCP, when the wizard's buttons respond (a click on "التالي" with the
 *   fields empty shows the validation message), when the island has hydrated, the bytes downloaded
 *   before that moment, and the Arabic font bytes of the page;
 * - offer `/hair-transplant-offer/`: the time from a click on "سجل الآن" (as soon as it is painted)
 *   to the registration dialog being visible, and whether its fields take typing at once.
 *
 * Alone: `npm run bench:slow` (builds into .data/bench-slow-dist and starts its own servers on
 * ports 4398 / 54398 unless --site-port / --api-port / --dist / --no-build are given).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';

export const SLOW_PROFILE = {
  latencyMs: 400,
  downloadKbps: 400,
  uploadKbps: 400,
  cpuSlowdown: 4,
  viewport: { width: 360, height: 740 },
  locale: 'ar',
};

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface SlowRun {
  fcpMs: number;
  lcpMs: number;
  formButtonsRespondMs: number;
  formHydratedMs: number;
  bytesBeforeInteraction: number;
  /** The Plex Arabic faces (Arabic script) of the page. */
  arabicFontBytes: number;
  /** Every font file of the page (the Plex Latin faces for digits and Latin words too). */
  fontBytes: number;
  offerClickToDialogMs: number;
  offerFieldsTypeable: boolean;
}

export interface SlowProfileFigures {
  profile: typeof SLOW_PROFILE;
  runs: number;
  median: SlowRun;
  all: SlowRun[];
}

/** A fresh throttled page with byte accounting from the network log (encoded bytes). */
async function throttledPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: SLOW_PROFILE.viewport,
    locale: SLOW_PROFILE.locale,
    serviceWorkers: 'block',
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PROFILE.latencyMs,
    downloadThroughput: (SLOW_PROFILE.downloadKbps * 1000) / 8,
    uploadThroughput: (SLOW_PROFILE.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PROFILE.cpuSlowdown });
  const types = new Map<string, { type: string; url: string }>();
  const finished: { at: number; bytes: number; type: string; url: string }[] = [];
  cdp.on('Network.responseReceived', (event) =>
    types.set(event.requestId, { type: event.type, url: event.response.url }),
  );
  cdp.on('Network.loadingFinished', (event) =>
    finished.push({
      at: Date.now(),
      bytes: event.encodedDataLength,
      ...(types.get(event.requestId) ?? { type: '', url: '' }),
    }),
  );
  // Paint timings and the moment the lead form island hydrates, in page time (ms since navigation).
  await page.addInitScript(() => {
    const marks = ((window as unknown as { __slow: Record<string, number> }).__slow = {
      lcp: 0,
      fcp: 0,
      hydrated: 0,
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    const watch = () => {
      const form = document.querySelector('[data-testid="lead-form-wizard"]');
      if (form?.hasAttribute('data-hydrated') && !marks.hydrated)
        marks.hydrated = performance.now();
    };
    new MutationObserver(watch).observe(document, {
      subtree: true,
      attributes: true,
      childList: true,
    });
  });
  return { context, page, finished };
}

/** Clicks `selector` until a visible response shows, returning the page time of the first response. */
async function firstResponse(
  page: Page,
  click: string,
  responded: string,
  timeoutMs = 60_000,
): Promise<number> {
  return page.evaluate(
    ({ click, responded, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const start = performance.now();
        const tryOnce = () => {
          if (performance.now() - start > timeoutMs) return reject(new Error('no response'));
          const button = document.querySelector<HTMLElement>(click);
          if (button) {
            const at = performance.now();
            button.click();
            // A response counts if it is on screen by the next frame after the click.
            requestAnimationFrame(() =>
              setTimeout(() => {
                const shown = document.querySelector<HTMLElement>(responded);
                if (shown && shown.offsetParent !== null) resolve(at);
                else setTimeout(tryOnce, 50);
              }),
            );
          } else setTimeout(tryOnce, 50);
        };
        tryOnce();
      }),
    { click, responded, timeoutMs },
  );
}

async function homeRun(browser: Browser, origin: string) {
  const { context, page, finished } = await throttledPage(browser);
  try {
    const navigationStart = Date.now();
    await page.goto(`${origin}/`, { waitUntil: 'commit', timeout: 120_000 });
    // The wizard's first button: "التالي" on step 1; a click with empty fields must show an error.
    const respondAt = await firstResponse(
      page,
      '[data-testid="lead-form-wizard"] [data-wizard-next]',
      // Before hydration the early script's note answers; after it, the field's own message.
      '[data-testid="lead-form-wizard"] [data-field-error], [data-lead-early]:not([hidden])',
    );
    await page.waitForFunction(
      () => (window as unknown as { __slow: { hydrated: number } }).__slow.hydrated > 0,
      undefined,
      { timeout: 120_000 },
    );
    await page.waitForLoadState('load', { timeout: 120_000 });
    const marks = await page.evaluate(
      () =>
        (window as unknown as { __slow: { lcp: number; fcp: number; hydrated: number } }).__slow,
    );
    const interactionAt = navigationStart + respondAt;
    return {
      fcpMs: marks.fcp,
      lcpMs: marks.lcp,
      formButtonsRespondMs: respondAt,
      formHydratedMs: marks.hydrated,
      bytesBeforeInteraction: finished
        .filter((entry) => entry.at <= interactionAt)
        .reduce((sum, entry) => sum + entry.bytes, 0),
      fontBytes: finished
        .filter((entry) => entry.type === 'Font')
        .reduce((sum, entry) => sum + entry.bytes, 0),
      arabicFontBytes: finished
        .filter((entry) => entry.type === 'Font' && /-arabic-arabic-/.test(entry.url))
        .reduce((sum, entry) => sum + entry.bytes, 0),
    };
  } finally {
    await context.close();
  }
}

async function offerRun(browser: Browser, origin: string) {
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(`${origin}/hair-transplant-offer/`, { waitUntil: 'commit', timeout: 120_000 });
    const trigger = page.locator('[data-offer-register]').first();
    await trigger.waitFor({ state: 'visible', timeout: 120_000 });
    // Clock starts at the click event in the page; the response is the dialog on screen.
    const clickToDialog = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const trigger = document.querySelector<HTMLElement>('[data-offer-register]')!;
          const at = performance.now();
          trigger.click();
          const check = () => {
            const dialog = document.querySelector<HTMLDialogElement>('dialog[open]');
            if (dialog && dialog.getBoundingClientRect().height > 0)
              resolve(performance.now() - at);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );
    const name = page.locator('dialog[open] input[name="name"]');
    await name.fill('تجربة', { timeout: 1_000 }).catch(() => {});
    const typeable = (await name.inputValue().catch(() => '')) === 'تجربة';
    return { offerClickToDialogMs: clickToDialog, offerFieldsTypeable: typeable };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function benchSlowProfile(
  origin: string,
  runs = 3,
  log: (m: string) => void = () => {},
): Promise<SlowProfileFigures> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const all: SlowRun[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      log(`slow profile run ${run}/${runs}: home…`);
      const home = await homeRun(browser, origin);
      log(`slow profile run ${run}/${runs}: offer…`);
      const offer = await offerRun(browser, origin);
      all.push({ ...home, ...offer });
    }
  } finally {
    await browser.close();
  }
  const pick = (key: keyof SlowRun) => median(all.map((run) => Number(run[key])));
  return {
    profile: SLOW_PROFILE,
    runs,
    median: {
      fcpMs: Math.round(pick('fcpMs')),
      lcpMs: Math.round(pick('lcpMs')),
      formButtonsRespondMs: Math.round(pick('formButtonsRespondMs')),
      formHydratedMs: Math.round(pick('formHydratedMs')),
      bytesBeforeInteraction: pick('bytesBeforeInteraction'),
      arabicFontBytes: pick('arabicFontBytes'),
      fontBytes: pick('fontBytes'),
      offerClickToDialogMs: Math.round(pick('offerClickToDialogMs')),
      offerFieldsTypeable: all.every((run) => run.offerFieldsTypeable),
    },
    all,
  };
}

/** The slow-profile lines of bench/report.md. */
export function slowProfileMarkdown(figures: SlowProfileFigures): string[] {
  const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')).slowProfile as {
    formButtonsRespondMs: number;
    clickToResponseMs: number;
    arabicFontKB: number;
  };
  const m = figures.median;
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const p = figures.profile;
  return [
    '## Slow profile',
    '',
    `Chromium with CDP throttling: ${p.downloadKbps} kbps down / ${p.uploadKbps} kbps up, ${p.latencyMs} ms round trip, CPU ×${p.cpuSlowdown}, ${p.viewport.width}×${p.viewport.height}, Arabic, cold cache; median of ${figures.runs} runs (\`npm run bench:slow\` runs this section alone).`,
    '',
    '| Figure | Median | Budget |',
    '| --- | --- | --- |',
    `| Home: first text (FCP) | ${m.fcpMs} ms | |`,
    `| Home: LCP | ${m.lcpMs} ms | |`,
    `| Home: wizard buttons respond | ${m.formButtonsRespondMs} ms | ≤ ${budgets.formButtonsRespondMs} ms ${mark(m.formButtonsRespondMs <= budgets.formButtonsRespondMs)} |`,
    `| Home: form island hydrated | ${m.formHydratedMs} ms | |`,
    `| Home: bytes before the buttons respond | ${(m.bytesBeforeInteraction / 1024).toFixed(1)} KB | |`,
    `| Home: Arabic font bytes (Plex Arabic faces) | ${(m.arabicFontBytes / 1024).toFixed(1)} KB | ≤ ${budgets.arabicFontKB} KB ${mark(m.arabicFontBytes / 1024 <= budgets.arabicFontKB)} |`,
    `| Home: all font bytes (with Plex Latin for digits) | ${(m.fontBytes / 1024).toFixed(1)} KB | |`,
    `| Offer: click on "سجل الآن" → dialog visible | ${m.offerClickToDialogMs} ms | ≤ ${budgets.clickToResponseMs} ms ${mark(m.offerClickToDialogMs <= budgets.clickToResponseMs)} |`,
    `| Offer: dialog fields take typing at once | ${m.offerFieldsTypeable ? 'yes' : 'no'} | yes ${mark(m.offerFieldsTypeable)} |`,
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
      runs: { type: 'string', default: '3' },
    },
  });
  const dist = values.dist!;
  if (!values['no-build']) {
    console.log('building the site…');
    const built = spawnSync('npx', ['astro', 'build', '--outDir', dist], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        PUBLIC_SUPABASE_URL: `http://127.0.0.1:${values['api-port']}`,
      },
    });
    if (built.status !== 0) throw new Error('astro build failed');
  }
  // The same Node as this script (the project's Node 24), whatever `node` is on the PATH.
  const server = spawn(
    process.execPath,
    [
      'scripts/start.ts',
      '--no-build',
      '--fresh',
      '--data-dir',
      `${dist}-data`,
      '--dist',
      dist,
      '--site-port',
      values['site-port']!,
      '--api-port',
      values['api-port']!,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const origin = `http://127.0.0.1:${values['site-port']}`;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(origin)).ok) break;
      } catch {
        if (attempt > 300) throw new Error('the site server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const figures = await benchSlowProfile(origin, Number(values.runs), (m) => console.log(m));
    console.log(JSON.stringify(figures, null, 2));
    console.log(slowProfileMarkdown(figures).join('\n'));
  } finally {
    server.kill('SIGTERM');
  }
}
