/**
 * The indexing page (issue 7): staff only; an admin's click sends the ten page addresses
 * through google-indexing, which the local stack records under the data dir's indexing/ folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiUrl } from './backend.ts';
import { createAdmin, dataDir, login } from './staff.ts';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';

const expectedPaths = [
  '/',
  '/hair-transplant-turkey',
  '/dental-implants-turkey',
  '/hollywood-smile-turkey',
  '/cosmetic-surgery-turkey',
  '/bariatric-surgery-turkey',
  '/rhinoplasty-turkey',
  '/ivf-treatment-turkey',
  '/blog',
  '/destinations/turkey',
];

function recordedSubmissions(): { submittedAt: string; urls: string[] }[] {
  const dir = join(dataDir, 'indexing');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

test('a visitor without an admin session is sent to the login page', async ({ page }) => {
  await page.goto('/index-now');
  await expect(page).toHaveURL(/\/admin\/login\/?/);
});

test('the function refuses a caller who is not an admin', async ({ request }) => {
  const signup = await request.post(`${apiUrl}/auth/v1/signup`, {
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    data: { data: {}, gotrue_meta_security: {} },
  });
  const { access_token: token } = await signup.json();
  const before = recordedSubmissions().length;
  const response = await request.post(`${apiUrl}/functions/v1/google-indexing`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
    data: { urls: ['https://rihla.care/'] },
  });
  expect([401, 403]).toContain(response.status());
  expect(recordedSubmissions()).toHaveLength(before);
});

test('an admin sends the ten addresses and sees when they were last sent', async ({ page }) => {
  const username = createAdmin('indexer');
  await login(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 10_000 });
  await page.goto('/index-now');
  await expect(page.getByTestId('last-indexed')).toContainText('لم تُرسل التحديثات');
  const before = recordedSubmissions().length;
  const button = page.getByRole('button', { name: 'إرسال التحديثات' });
  await button.click();
  await expect(page.getByText('تم إرسال التحديثات بنجاح!')).toBeVisible();
  // Arabic-Saudi format, Gregorian calendar, e.g. "آخر إرسال: 21 نوفمبر 2026 في 7:30 ص".
  const year = String(new Date().getFullYear());
  await expect(page.getByTestId('last-indexed')).toContainText('آخر إرسال');
  await expect(page.getByTestId('last-indexed')).toContainText(year);

  const submissions = recordedSubmissions();
  expect(submissions).toHaveLength(before + 1);
  const paths = submissions
    .at(-1)!
    .urls.map((url) => new URL(url).pathname.replace(/(.)\/$/, '$1'));
  expect(paths).toEqual(expectedPaths);

  await page.reload();
  await expect(page.getByTestId('last-indexed')).toContainText(year);
});
