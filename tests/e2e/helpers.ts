import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's React islands have hydrated (Astro drops their `ssr` attribute). Islands
 * that hydrate on visibility count only once they are in the viewport; islands that wait for the
 * visitor (client:click, client:interact) do not count.
 */
export async function waitForIslands(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
      // Islands that wait for the visitor (a click on a trigger, a first touch of a form).
      if (['click', 'interact'].includes(island.getAttribute('client') ?? '')) return true;
      if (island.getAttribute('client') !== 'visible') return false;
      // <astro-island> is display: contents, so measure what it renders.
      const box = (island.firstElementChild ?? island).getBoundingClientRect();
      return box.bottom < 0 || box.top > window.innerHeight;
    }),
  );
}

/**
 * Runs axe and fails on serious or critical violations, listing them readably. `include` limits the
 * scan to one part (a state that appears on a page the site scan has already checked whole, such as
 * an open dialog), so the same page is not scanned twice.
 */
export async function expectNoSeriousA11yIssues(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}
