/**
 * The paged dashboard (issue 13, scale): with more requests than one page, the dashboard's first
 * answer carries one page of rows (not the inbox), search finds a request that is not on that page,
 * and scrolling asks the database for the next page.
 */
import { expect, test, type Response } from '@playwright/test';
import { serviceClient } from './backend.ts';
import { createAdmin, login } from './staff.ts';

const PAGE_SIZE = 50;
const SEEDED = 120;

interface PageBody {
  rows: { name: string }[];
  matched: number;
  counters: { total: number };
}

const isPageCall = (response: Response) =>
  response.url().includes('/rest/v1/rpc/request_page') && response.request().method() === 'POST';

test('the dashboard reads one page, searches the database and pages on', async ({ page }) => {
  const tag = `صفحة${Math.random().toString(36).slice(2, 7)}`;
  const leads = Array.from({ length: SEEDED }, (_, index) => ({
    name: `${tag} رقم${String(index).padStart(3, '0')}`,
    phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country_code: '+966',
    country: 'السعودية',
    service: 'dental-implants' as const,
    source: '/',
  }));
  const { error } = await serviceClient.from('offer_leads').insert(leads);
  expect(error).toBeNull();
  const username = createAdmin('paging');

  const firstAnswer = page.waitForResponse(isPageCall, { timeout: 30_000 });
  await login(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 10_000 });
  const first = (await (await firstAnswer).json()) as PageBody;
  expect(first.counters.total).toBeGreaterThanOrEqual(SEEDED);
  expect(first.rows).toHaveLength(PAGE_SIZE);
  await expect(page.getByTestId('request-card').first()).toBeVisible({ timeout: 10_000 });

  // A seeded request the first page did not bring is found by the database's search.
  const onFirstPage = new Set(first.rows.map((row) => row.name));
  const missing = leads.find((lead) => !onFirstPage.has(lead.name))!;
  const searched = page.waitForResponse(
    (response) =>
      isPageCall(response) && (response.request().postData() ?? '').includes(missing.name),
    { timeout: 30_000 },
  );
  await page.getByRole('searchbox', { name: 'بحث' }).fill(missing.name);
  expect(((await (await searched).json()) as PageBody).matched).toBe(1);
  await expect(page.getByTestId('showing')).toContainText('عرض 1 من');
  await expect(page.getByTestId('request-card').locator('h3')).toHaveText([missing.name]);

  // Back to the whole inbox: scrolling to the end asks for the rows after the last one shown.
  const next = page.waitForResponse(
    (response) =>
      isPageCall(response) && (response.request().postData() ?? '').includes('_after_id'),
    { timeout: 30_000 },
  );
  await page.getByRole('searchbox', { name: 'بحث' }).fill('');
  await expect(page.getByTestId('request-card').first()).toBeVisible();
  await page.getByTestId('load-more').scrollIntoViewIfNeeded();
  const more = (await (await next).json()) as PageBody;
  expect(more.rows.length).toBeGreaterThan(0);
  expect(more.rows.length).toBeLessThanOrEqual(PAGE_SIZE);
  expect(more.rows.some((row) => onFirstPage.has(row.name))).toBe(false);
});
