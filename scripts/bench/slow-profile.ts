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
 *   to the registration dialog being visible, and whether its fields take typing at once;
 * - click → visible response for the offer trigger, the wizard's "التالي" and an inner page's
 *   consultation "send": a real pointer click (CDP input, as soon as the button is painted), timed
 *   by the browser's Event Timing API: from the input's timestamp to the next paint after its
 *   handlers, the figure INP is made of. Event Timing reports nothing under 16 ms; such a click
 *   counts as 16 ms.
 *
 * The build runs the offer (OFFERS_NOW = BENCH_OFFERS_NOW) and the pages' clock is set to the same
 * moment, so the offer's own clock script (src/scripts/offer-clock.ts) keeps the triggers shown.
 *
 * Alone: `npm run bench:slow` (builds into .data/bench-slow-dist and starts its own servers on
 * ports 4398 / 54398 unless --site-port / --api-port / --dist / --no-build are given).
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { buildSite, withBuildServer } from './serve-build.ts';
import { slowProfileMarkdown } from './slow-profile-report.ts';

import {
  BENCH_OFFERS_NOW,
  chromiumArgs,
  clickToResponse,
  formResponded,
  SLOW_PROFILE,
  throttledPage,
} from './slow-profile-page.ts';

export { BENCH_OFFERS_NOW, SLOW_PROFILE, slowProfileMarkdown };

/** An inner page with the single-step consultation form. */
export const INNER_FORM_PAGE = '/hair-transplant-turkey/';

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
  /** Press → painted dialog on the offer's trigger, one tap at each of TAP_DELAYS_MS after it shows. */
  offerTapToPaintMs?: number[];
  /** Click → next paint (Event Timing) on the offer's "سجل الآن". */
  offerClickToResponseMs: number;
  /** Click → next paint on the home wizard's "التالي" (fields empty: the name message shows). */
  homeNextClickToResponseMs: number;
  /** Click → next paint on an inner page's consultation "send" (fields empty). */
  innerSendClickToResponseMs: number;
  /** Each click's longest event: [duration, input delay, handlers, handlers → paint] (ms). */
  offerPhases?: number[];
  homeNextPhases?: number[];
  innerSendPhases?: number[];
}

export interface SlowProfileFigures {
  profile: typeof SLOW_PROFILE;
  runs: number;
  median: SlowRun;
  all: SlowRun[];
}

async function homeRun(browser: Browser, origin: string) {
  const { context, page, finished } = await throttledPage(browser);
  try {
    const navigationStart = Date.now();
    await page.goto(`${origin}/`, { waitUntil: 'commit', timeout: 120_000 });
    // The wizard's first button: "التالي" on step 1; a click with empty fields must show an error.
    const wizard = '[data-testid="lead-form-wizard"]';
    const next = await clickToResponse(page, `${wizard} [data-wizard-next]`, formResponded(wizard));
    const respondAt = next.at;
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
      homeNextClickToResponseMs: next.ms,
      homeNextPhases: next.phases,
      formHydratedMs: marks.hydrated,
      bytesBeforeInteraction: finished
        .filter((entry) => entry.at <= interactionAt)
        .reduce((sum, entry) => sum + entry.bytes, 0),
      // The font files themselves (issue 33's budget is on the faces a page downloads), not the
      // HTTP/1.1 headers this local server repeats on each (slow-profile-page.ts).
      fontBytes: finished
        .filter((entry) => entry.type === 'Font')
        .reduce((sum, entry) => sum + entry.bodyBytes, 0),
      arabicFontBytes: finished
        .filter((entry) => entry.type === 'Font' && /-arabic-arabic-/.test(entry.url))
        .reduce((sum, entry) => sum + entry.bodyBytes, 0),
    };
  } finally {
    await context.close();
  }
}

/** Moments after the offer's trigger is painted at which a tap is timed (issue 33: at any moment). */
export const TAP_DELAYS_MS = [0, 300, 1000, 2500];

/**
 * A tap on the offer's trigger `delay` ms after it is painted, on a fresh load: the time from the
 * press (pointerdown) to the paint that follows the click's handlers, which open the dialog (the
 * browser's Event Timing entry for the click: its start plus its duration, in the page's time).
 */
async function offerTapAt(browser: Browser, origin: string, delay: number): Promise<number> {
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(`${origin}/hair-transplant-offer/`, { waitUntil: 'commit', timeout: 120_000 });
    const trigger = page.locator('[data-offer-register]').first();
    await trigger.waitFor({ state: 'visible', timeout: 120_000 });
    if (delay) await page.waitForTimeout(delay);
    // Playwright's click presses where the trigger is once it is still and checks that the press
    // lands on it: a box read first and pressed a moment later could hit the WhatsApp link beside
    // it if the page moved in between (one bench run navigated to WhatsApp that way).
    await trigger.click({ timeout: 60_000 });
    await page.locator('dialog[open]').first().waitFor({ state: 'visible', timeout: 60_000 });
    type Marks = { downAt: number; clickAt: number; clickPaintAt: number };
    const marks = () => page.evaluate(() => (window as unknown as { __slow: Marks }).__slow);
    // Event Timing reports the click's paint once it is over 16 ms; a faster one reports nothing.
    await page
      .waitForFunction(
        () => (window as unknown as { __slow: Marks }).__slow.clickPaintAt > 0,
        undefined,
        { timeout: 2_000 },
      )
      .catch(() => {});
    const { downAt, clickAt, clickPaintAt } = await marks();
    return Math.round((clickPaintAt || clickAt + 16) - downAt);
  } finally {
    await context.close();
  }
}

async function offerRun(browser: Browser, origin: string) {
  const taps: number[] = [];
  for (const delay of TAP_DELAYS_MS) taps.push(await offerTapAt(browser, origin, delay));
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(`${origin}/hair-transplant-offer/`, { waitUntil: 'commit', timeout: 120_000 });
    // Clock starts at the click event in the page; the response is the dialog on screen.
    const click = await clickToResponse(page, '[data-offer-register]', 'dialog[open]');
    const clickToDialog = await page.evaluate(() => {
      const marks = (window as unknown as { __slow: { clickAt: number; dialogAt: number } }).__slow;
      return marks.dialogAt - marks.clickAt;
    });
    const name = page.locator('dialog[open] input[name="name"]');
    await name.fill('تجربة', { timeout: 1_000 }).catch(() => {});
    const typeable = (await name.inputValue().catch(() => '')) === 'تجربة';
    return {
      offerClickToDialogMs: clickToDialog,
      offerFieldsTypeable: typeable,
      offerClickToResponseMs: click.ms,
      offerPhases: click.phases,
      offerTapToPaintMs: taps,
    };
  } finally {
    await context.close();
  }
}

async function innerRun(browser: Browser, origin: string) {
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(`${origin}${INNER_FORM_PAGE}`, { waitUntil: 'commit', timeout: 120_000 });
    const form = '[data-testid="lead-form-single"]';
    const send = await clickToResponse(page, `${form} [data-wizard-next]`, formResponded(form));
    return { innerSendClickToResponseMs: send.ms, innerSendPhases: send.phases };
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
  // A build made after the offer ended (npm run bench builds without OFFERS_NOW) has no dialog.
  const offerPage = await (await fetch(`${origin}/hair-transplant-offer/`)).text();
  const offerOn = offerPage.includes('data-early-trigger="[data-offer-register]"');
  if (!offerOn)
    log('slow profile: the offer has ended in this build; its figures are not measured');
  const noOffer = {
    offerClickToDialogMs: Number.NaN,
    offerFieldsTypeable: false,
    offerClickToResponseMs: Number.NaN,
    offerPhases: [],
    offerTapToPaintMs: [],
  };
  try {
    for (let run = 1; run <= runs; run++) {
      log(`slow profile run ${run}/${runs}: home…`);
      const home = await homeRun(browser, origin);
      log(`slow profile run ${run}/${runs}: offer…`);
      const offer = offerOn ? await offerRun(browser, origin) : noOffer;
      log(`slow profile run ${run}/${runs}: ${INNER_FORM_PAGE}…`);
      const inner = await innerRun(browser, origin);
      all.push({ ...home, ...offer, ...inner });
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
      offerClickToResponseMs: Math.round(pick('offerClickToResponseMs')),
      offerTapToPaintMs: TAP_DELAYS_MS.map((_, i) =>
        Math.round(median(all.map((run) => run.offerTapToPaintMs?.[i] ?? Number.NaN))),
      ),
      homeNextClickToResponseMs: Math.round(pick('homeNextClickToResponseMs')),
      innerSendClickToResponseMs: Math.round(pick('innerSendClickToResponseMs')),
    },
    all,
  };
}

/** Builds the site for this section into `dist`: during the offer, against the API on `apiPort`. */
export function buildForSlowProfile(dist: string, apiPort: string): void {
  buildSite(dist, apiPort, { OFFERS_NOW: BENCH_OFFERS_NOW });
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
  const dist = values.dist;
  if (!values['no-build']) {
    console.log('building the site…');
    buildForSlowProfile(dist, values['api-port']);
  }
  await withBuildServer(
    {
      dist,
      dataDir: `${dist}-data`,
      sitePort: values['site-port'],
      apiPort: values['api-port'],
    },
    async (origin) => {
      const figures = await benchSlowProfile(origin, Number(values.runs), (m) => console.log(m));
      console.log(JSON.stringify(figures, null, 2));
      console.log(slowProfileMarkdown(figures).join('\n'));
    },
  );
}
