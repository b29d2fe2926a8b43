/**
 * The back office's shell (issue 41, items 5–6) in Debian Chromium against the real local stack:
 * a notice that arrives while a request dialog is open (the top layer) can be seen and pressed,
 * and the dialog's fields keep the keyboard; a token refresh that never reaches the server keeps
 * the coordinator signed in with «لا اتصال» and recovers, while a refresh the server refuses ends
 * the session on the login page.
 */
import { expect, test, type Page } from '@playwright/test';
import { serviceClient, uniqueName } from './backend.ts';
import { createAdmin, login } from './staff.ts';

function uniquePhone(): string {
  return `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

async function insertLead(name: string) {
  const { error } = await serviceClient.from('offer_leads').insert({
    name,
    phone: uniquePhone(),
    country_code: '+966',
    country: 'السعودية',
    service: 'hair-transplant',
    source: '/',
  });
  if (error) throw new Error(`insert lead: ${error.message}`);
}

async function openDashboard(page: Page, username: string) {
  await login(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'بحث' });

/** Whether the element at the centre of `selector`'s box is inside it (nothing drawn over it). */
async function drawnOnTop(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/** The stored supabase-js session, changed in place (the client reads it back on every call). */
async function editStoredSession(page: Page, change: 'expire' | 'forge') {
  await page.evaluate((how) => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    if (!key) throw new Error('no stored session');
    const session = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    // An access token past its time: the next call refreshes it first.
    session['expires_at'] = Math.floor(Date.now() / 1000) - 30;
    if (how === 'forge') session['refresh_token'] = 'revoked-or-never-issued';
    localStorage.setItem(key, JSON.stringify(session));
  }, change);
}

test.describe('the back office shell', () => {
  test('a follow-up due while a request dialog is open is seen above it and opens its request', async ({
    page,
  }) => {
    const coordinator = createAdmin('toast', 'coordinator');
    const due = uniqueName('تذكير فوق');
    const other = uniqueName('نافذة مفتوحة');
    await insertLead(due);
    await insertLead(other);
    await page.clock.install();
    await openDashboard(page, coordinator);

    // A follow-up five minutes ahead on one request…
    await search(page).fill(due);
    await page.getByRole('button', { name: `فتح تفاصيل طلب ${due}` }).click();
    const dialog = page.getByTestId('request-dialog');
    await dialog.getByLabel('مسند إلى').selectOption({ label: coordinator });
    const inFive = await page.evaluate(() => {
      const at = new Date(Date.now() + 5 * 60_000);
      return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await dialog.getByLabel('موعد المتابعة').fill(inFive);
    await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 10_000 });

    // …while she is typing in another request's dialog.
    await search(page).fill(other);
    await page.getByRole('button', { name: `فتح تفاصيل طلب ${other}` }).click();
    await expect(dialog).toContainText(other);
    const notes = dialog.getByLabel('ملاحظات الإدارة', { exact: true });
    await notes.click();
    await page.keyboard.type('قبل التذكير ');
    await page.clock.fastForward('06:00');

    const reminder = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `حان موعد المتابعة: ${due}` });
    await expect(reminder).toBeVisible({ timeout: 15_000 });
    // Drawn inside the open dialog's top layer, over its content, not under its backdrop.
    await expect(dialog.locator('[data-sonner-toast]')).toHaveCount(1);
    expect(await drawnOnTop(page, '[data-sonner-toast]')).toBe(true);

    // The dialog keeps the keyboard: the field still has focus and takes what she types.
    await expect(notes).toBeFocused();
    await page.keyboard.type('وبعده');
    await expect(notes).toHaveValue(/قبل التذكير وبعده$/);

    // The reminder's button is pressed like any other (a real click: hit-tested, not inert).
    await reminder.getByRole('button', { name: 'فتح الطلب' }).click();
    await expect(dialog).toContainText(due);
  });

  test('a refresh that never reaches the server keeps her in with «لا اتصال»; a refusal signs out', async ({
    page,
  }) => {
    const coordinator = createAdmin('offline', 'coordinator');
    const name = uniqueName('بلا شبكة');
    await insertLead(name);
    await page.clock.install();
    await openDashboard(page, coordinator);
    await search(page).fill(name);
    await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
    const dialog = page.getByTestId('request-dialog');
    const notes = dialog.getByLabel('ملاحظات الإدارة', { exact: true });
    await notes.fill('نص يكتب في منطقة بلا تغطية');

    // The access token runs out and the refresh cannot get through (a dead spot): every call the
    // screens make (the minute's re-reads and re-check) now needs a refresh first.
    let refreshes = 0;
    await page.route('**/auth/v1/token?grant_type=refresh_token', async (route) => {
      refreshes++;
      await route.abort('internetdisconnected');
    });
    await editStoredSession(page, 'expire');
    await page.clock.fastForward('01:05');

    const offline = page.locator('[data-sonner-toast]').filter({ hasText: 'لا اتصال' });
    await expect(offline).toBeVisible({ timeout: 60_000 });
    expect(refreshes).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/admin\/dashboard\/?$/);
    await expect(notes).toHaveValue('نص يكتب في منطقة بلا تغطية');
    await notes.press('End');
    await page.keyboard.type('، ثم يكمل');

    // The network comes back: the session is renewed, the notice goes, the list is read again.
    await page.unroute('**/auth/v1/token?grant_type=refresh_token');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(offline).toHaveCount(0, { timeout: 60_000 });
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'عاد الاتصال' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard\/?$/);
    await expect(notes).toHaveValue('نص يكتب في منطقة بلا تغطية، ثم يكمل');
    await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });

    // A refresh token the server does not know (revoked): its 400 ends the session.
    await editStoredSession(page, 'forge');
    await page.clock.fastForward('01:05');
    await expect(page).toHaveURL(/\/admin\/login\?reason=expired$/, { timeout: 60_000 });
  });
});
