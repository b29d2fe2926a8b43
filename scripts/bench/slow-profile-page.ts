/**
 * The slow profile's page (scripts/bench/slow-profile.ts): Chromium throttled like a mid-range
 * phone on a thin connection, with byte accounting, the page's clock set during the offer, and a
 * real click timed by the browser's Event Timing API.
 */
import type { Browser, Page } from 'playwright-core';

export const SLOW_PROFILE = {
  latencyMs: 400,
  downloadKbps: 400,
  uploadKbps: 400,
  cpuSlowdown: 4,
  viewport: { width: 360, height: 740 },
  locale: 'ar',
};

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A moment during the hair-transplant offer (content/offers.yaml), for the build and the pages. */
export const BENCH_OFFERS_NOW = '2025-10-26T09:00:00Z';

/** A fresh throttled page with byte accounting from the network log (encoded bytes, and bodies). */
export async function throttledPage(browser: Browser) {
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
  const types = new Map<string, { type: string; url: string; headerBytes: number }>();
  // `bytes`: what the response cost on the wire, headers included; `bodyBytes`: the file itself.
  // The local server speaks HTTP/1.1, so every response repeats its headers, which HTTP/2 (the
  // production hosts, and the Lighthouse bench) sends once and then indexes.
  const finished: { at: number; bytes: number; bodyBytes: number; type: string; url: string }[] =
    [];
  cdp.on('Network.responseReceived', (event) =>
    types.set(event.requestId, {
      type: event.type,
      url: event.response.url,
      headerBytes: event.response.encodedDataLength,
    }),
  );
  cdp.on('Network.loadingFinished', (event) => {
    const { headerBytes, ...response } = types.get(event.requestId) ?? {
      type: '',
      url: '',
      headerBytes: 0,
    };
    finished.push({
      at: Date.now(),
      bytes: event.encodedDataLength,
      bodyBytes: Math.max(0, event.encodedDataLength - headerBytes),
      ...response,
    });
  });
  // Paint timings and the moment the lead form island hydrates, in page time (ms since navigation).
  await page.addInitScript((offersNow) => {
    // The page's clock at BENCH_OFFERS_NOW (and running), so the offer is on.
    const RealDate = Date;
    const shift = RealDate.parse(offersNow) - RealDate.now();
    class ShiftedDate extends RealDate {
      constructor(...args: []) {
        if (args.length) super(...args);
        else super(RealDate.now() + shift);
      }
      static override now() {
        return RealDate.now() + shift;
      }
    }
    window.Date = ShiftedDate as DateConstructor;
    const marks = {
      lcp: 0,
      fcp: 0,
      hydrated: 0,
      clickAt: 0,
      dialogAt: 0,
      downAt: 0,
      clickPaintAt: 0,
      events: [] as number[][],
    };
    (window as unknown as { __slow: typeof marks }).__slow = marks;
    // Every event that belongs to an interaction (Event Timing): [duration, input delay,
    // handlers' time, time from the handlers to the paint].
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        // The paint that follows a click's handlers (what shows an opened dialog).
        if (entry.interactionId && entry.name === 'click')
          marks.clickPaintAt = entry.startTime + entry.duration;
        if (entry.interactionId)
          marks.events.push([
            entry.duration,
            entry.processingStart - entry.startTime,
            entry.processingEnd - entry.processingStart,
            entry.startTime + entry.duration - entry.processingEnd,
          ]);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    // The page time of the last click's input (its event timestamp), and of the press before it.
    addEventListener('click', (event) => (marks.clickAt = event.timeStamp), true);
    addEventListener('pointerdown', (event) => (marks.downAt = event.timeStamp), true);
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
      // The frame that shows a dialog opened by a click.
      if (marks.clickAt && !marks.dialogAt && document.querySelector('dialog[open]')) {
        marks.dialogAt = -1;
        requestAnimationFrame(() => (marks.dialogAt = performance.now()));
      }
    };
    new MutationObserver(watch).observe(document, {
      subtree: true,
      attributes: true,
      childList: true,
    });
  }, BENCH_OFFERS_NOW);
  return { context, page, finished };
}

/**
 * A real pointer click on the first `click` element as soon as it is painted; resolves once
 * `responded` is visible, with the page time of the click and its Event Timing duration (input
 * timestamp → next paint after the handlers; 16 when under Event Timing's 16 ms floor).
 */
export async function clickToResponse(
  page: Page,
  click: string,
  responded: string,
): Promise<{ at: number; ms: number; phases: number[] }> {
  const target = page.locator(click).first();
  await target.waitFor({ state: 'visible', timeout: 120_000 });
  // A patient scrolls to the button first (the wizard is below the fold at 360×740); instantly,
  // as the site's smooth scrolling would move it under the pointer.
  await target.evaluate((element) =>
    element.scrollIntoView({ block: 'center', behavior: 'instant' }),
  );
  const box = await target.boundingBox();
  if (!box) throw new Error(`${click} has no box`);
  await page.evaluate(() => ((window as unknown as { __slow: { events: [] } }).__slow.events = []));
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator(responded).first().waitFor({ state: 'visible', timeout: 60_000 });
  // Entries arrive after the paint; the click's interaction is the longest of its events.
  const longest = await page
    .waitForFunction(
      () => {
        const events = (window as unknown as { __slow: { events: number[][] } }).__slow.events;
        return events.length ? events.reduce((a, b) => (b[0]! > a[0]! ? b : a)) : null;
      },
      undefined,
      { timeout: 3_000, polling: 100 },
    )
    .then((handle) => handle.jsonValue() as Promise<number[]>)
    .catch(() => [16, 0, 0, 0]);
  const at = await page.evaluate(
    () => (window as unknown as { __slow: { clickAt: number } }).__slow.clickAt,
  );
  return { at, ms: longest[0]!, phases: longest.map(Math.round) };
}

/** Before hydration the early script's note answers; after it, the field's own message. */
export const formResponded = (form: string) =>
  `${form} [data-field-error], [data-lead-early]:not([hidden])`;
