/**
 * The inbox on the first screen (issue 41, item 8) in Debian Chromium against the real local stack:
 * right after sign-in, at 1366×768 (a common office laptop) and 360×740 (a phone), a request is on
 * the screen without scrolling, in cards and in the table; the folded chart opens and closes and
 * stays as chosen; from the search box Enter and ↓ reach the first result and Esc leaves the field
 * with the query kept.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { serviceClient, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login } from './staff.ts';

function uniquePhone(): string {
  return `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

async function insertLeads(names: string[]) {
  const { error } = await serviceClient.from('offer_leads').insert(
    names.map((name) => ({
      name,
      phone: uniquePhone(),
      country_code: '+966',
      country: 'السعودية',
      service: 'hair-transplant',
      source: '/',
    })),
  );
  if (error) throw new Error(`insert leads: ${error.message}`);
}

async function openDashboard(page: Page, username: string) {
  await login(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'بحث' });

/**
 * Whether the whole of the element is inside the viewport as the page first shows it (a table line
 * wider than a phone scrolls sideways in its own box: only its height is checked).
 */
async function onFirstScreen(locator: Locator, across = true) {
  return locator.evaluate((element, checkAcross) => {
    const box = element.getBoundingClientRect();
    return (
      window.scrollY === 0 &&
      box.height > 0 &&
      box.top >= 0 &&
      box.bottom <= window.innerHeight &&
      (!checkAcross || (box.left >= 0 && box.right <= window.innerWidth))
    );
  }, across);
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
]) {
  test(`a request is on the first screen at ${size.width}×${size.height}, cards and table`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const coordinator = createAdmin('fold', 'coordinator');
    await insertLeads([uniqueName('أول شاشة')]);
    await openDashboard(page, coordinator);
    const firstCard = page.getByTestId('request-card').first();
    await expect(firstCard).toBeVisible();
    if (size.width > 640) {
      expect(await onFirstScreen(firstCard), 'the whole first card is on the first screen').toBe(
        true,
      );
    } else {
      // A phone card is taller than half the screen: its name (the button that opens it) and the
      // patient's phone, the two things a coordinator acts on, are on the first screen.
      expect(await onFirstScreen(firstCard.locator('[data-nav-id]'))).toBe(true);
      expect(await onFirstScreen(firstCard.getByText('+966', { exact: false }).first())).toBe(true);
    }
    // The search and the counters stay on the first screen too: the chart is what folds.
    expect(await onFirstScreen(search(page))).toBe(true);
    expect(await onFirstScreen(page.getByTestId('counter-new'))).toBe(true);
    await expect(page.getByTestId('requests-chart-bars')).toBeHidden();
    await expectNoSeriousA11yIssues(page);

    await page.getByTestId('view-table').click();
    const firstRow = page.locator('tr[data-nav-id]').first();
    await expect(firstRow).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(
      await onFirstScreen(firstRow, false),
      'the first table line is on the first screen',
    ).toBe(true);
  });
}

test('the chart opens and closes from its title and stays as chosen after a reload', async ({
  page,
}) => {
  const coordinator = createAdmin('chart', 'coordinator');
  await insertLeads([uniqueName('رسم')]);
  await openDashboard(page, coordinator);
  const toggle = page.getByRole('button', { name: /الطلبات يومياً خلال آخر 30 يوماً/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('requests-chart-bars')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('requests-chart-bars')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /الطلبات يومياً خلال آخر 30 يوماً/ }).click();
  await expect(page.getByTestId('requests-chart-bars')).toBeHidden();
});

test('from the search, Enter and ↓ go to the first result; Esc leaves the field and keeps the query', async ({
  page,
}) => {
  const coordinator = createAdmin('keys', 'coordinator');
  const batch = uniqueName('مفاتيح');
  await insertLeads([`${batch} 0`, `${batch} 1`]);
  await openDashboard(page, coordinator);
  await page.getByTestId('view-cards').click();
  const results = page.locator('[data-nav-id]');

  await search(page).fill(batch);
  await expect(page.getByTestId('request-card')).toHaveCount(2, { timeout: 15_000 });
  await search(page).press('Enter');
  await expect(results.first()).toBeFocused();
  // From there the list's own keys: j to the next one, Enter opens it.
  await page.keyboard.press('j');
  await expect(results.nth(1)).toBeFocused();

  await search(page).focus();
  await search(page).press('ArrowDown');
  await expect(results.first()).toBeFocused();

  await search(page).focus();
  await search(page).press('Escape');
  await expect(search(page)).not.toBeFocused();
  await expect(search(page)).toHaveValue(batch);
  await expect(page.getByTestId('request-card')).toHaveCount(2);
  // Out of the field, the shortcuts work again: j reaches the list instead of typing a letter.
  await page.keyboard.press('j');
  await expect(results.first()).toBeFocused();
  await expect(search(page)).toHaveValue(batch);

  // The same in the table, where ↓ from the search lands on the first line.
  await page.getByTestId('view-table').click();
  await search(page).focus();
  await search(page).press('ArrowDown');
  await expect(page.locator('tr[data-nav-id]').first()).toBeFocused();
});
