/**
 * The coordinators' team workspace (issue 13) in Debian Chromium against the real local stack:
 * two staff accounts in two browser contexts reproduce the lost-update story, a session that ends
 * while a note is typed gives it back after sign-in, and an outage keeps the save until it goes
 * through. Every assertion reads what a coordinator sees or what the database stored.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { serviceClient, storedRequest, uniqueName } from './backend.ts';
import { adminCli, createAdmin, login } from './staff.ts';

function uniquePhone(): string {
  return `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

async function insertLead(name: string, phone = uniquePhone()) {
  const { error } = await serviceClient.from('offer_leads').insert({
    name,
    phone,
    country_code: '+966',
    country: 'السعودية',
    service: 'hair-transplant',
    source: '/',
  });
  if (error) throw new Error(`insert lead: ${error.message}`);
}

async function storedEvents(requestId: string) {
  const { data, error } = await serviceClient
    .from('request_events')
    .select('kind, author, new_value')
    .eq('request_id', requestId)
    .order('id', { ascending: true });
  if (error) throw new Error(`read events: ${error.message}`);
  return data;
}

async function staffPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openDashboard(page, username);
  return { context, page };
}

async function openDashboard(page: Page, username: string) {
  await login(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
}

async function openRequest(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'بحث' }).fill(name);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const dialog = page.getByTestId('request-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('team workspace', () => {
  // Two staff logins per test on a machine shared by many builds: room for slowness, no retries.
  test.describe.configure({ mode: 'parallel', timeout: 120_000 });

  test('a stale save is refused with who changed what; re-applying keeps both notes in the timeline', async ({
    browser,
  }) => {
    const sara = createAdmin('sara');
    const omar = createAdmin('omar');
    const name = uniqueName('تعارض');
    await insertLead(name);
    const a = await staffPage(browser, sara);
    const b = await staffPage(browser, omar);

    // Both open the request while it is new.
    const dialogA = await openRequest(a.page, name);
    const dialogB = await openRequest(b.page, name);

    await dialogA.getByLabel('حالة الطلب').selectOption('completed');
    await dialogA.getByLabel('ملاحظات الإدارة').fill('حجز مؤكد… دفع العربون');
    await dialogA.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(a.page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 10_000 });

    // Omar's dialog was opened on the old row; his note must not wipe Sara's booking.
    await dialogB.getByLabel('ملاحظات الإدارة').fill('لم يرد على الاتصال');
    await dialogB.getByRole('button', { name: 'حفظ', exact: true }).click();
    const conflict = dialogB.getByTestId('conflict');
    await expect(conflict).toContainText('لم يُحفظ تعديلك', { timeout: 10_000 });
    await expect(conflict).toContainText(sara);
    await expect(conflict).toContainText('جديد ← مكتمل');
    await expect(conflict).toContainText('حجز مؤكد… دفع العربون');
    // Nothing of Omar's went in.
    expect(await storedRequest(name)).toMatchObject({
      status: 'completed',
      notes: 'حجز مؤكد… دفع العربون',
    });
    // His text is still in the form.
    await expect(dialogB.getByLabel('ملاحظات الإدارة')).toHaveValue('لم يرد على الاتصال');

    await conflict.getByRole('button', { name: 'إعادة تطبيق تعديلي فوق التغييرات' }).click();
    await expect(b.page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 10_000 });
    const saved = await storedRequest(name);
    // Sara's status stays; Omar's note is the latest; both notes are in the timeline.
    expect(saved).toMatchObject({ status: 'completed', notes: 'لم يرد على الاتصال', version: 3 });
    expect(await storedEvents(saved.id)).toEqual([
      { kind: 'status', author: sara, new_value: 'completed' },
      { kind: 'note', author: sara, new_value: 'حجز مؤكد… دفع العربون' },
      { kind: 'note', author: omar, new_value: 'لم يرد على الاتصال' },
    ]);

    // Sara sees both in the dialog's timeline.
    const again = await openRequest(a.page, name);
    const timeline = again.getByTestId('timeline');
    await expect(timeline).toContainText('حجز مؤكد… دفع العربون');
    await expect(timeline).toContainText('لم يرد على الاتصال');
    await expect(timeline).toContainText(omar);
    await a.context.close();
    await b.context.close();
  });

  test('a note typed when the session ends comes back after signing in again', async ({ page }) => {
    const username = createAdmin('expiry');
    const name = uniqueName('جلسة');
    await insertLead(name);
    await openDashboard(page, username);
    const dialog = await openRequest(page, name);
    await dialog.getByLabel('ملاحظات الإدارة').fill('سيسافر في ديسمبر، يريد موعداً صباحياً');
    await expect(dialog.getByTestId('unsaved')).toBeVisible();

    adminCli('disable', username);
    await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/login\?reason=expired$/, { timeout: 15_000 });
    expect((await storedRequest(name)).notes).toBeNull();

    adminCli('enable', username);
    await openDashboard(page, username);
    const drafts = page.getByTestId('drafts');
    await expect(drafts).toBeVisible();
    await drafts.getByRole('button', { name: `متابعة تعديل طلب ${name}` }).click();
    const restored = page.getByTestId('request-dialog');
    await expect(restored.getByTestId('draft-restored')).toBeVisible();
    await expect(restored.getByLabel('ملاحظات الإدارة')).toHaveValue(
      'سيسافر في ديسمبر، يريد موعداً صباحياً',
    );
    await restored.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 10_000 });
    expect((await storedRequest(name)).notes).toBe('سيسافر في ديسمبر، يريد موعداً صباحياً');
    await expect(page.getByTestId('drafts')).toHaveCount(0);
  });

  test('a save during an outage is marked unsaved and goes through when the server is back', async ({
    page,
  }) => {
    const username = createAdmin('outage');
    const name = uniqueName('انقطاع');
    await insertLead(name);
    await openDashboard(page, username);
    const dialog = await openRequest(page, name);
    await page.route('**/rest/v1/rpc/update_request', (route) => route.abort('connectionrefused'));
    await dialog.getByLabel('حالة الطلب').selectOption('in_progress');
    await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(dialog.getByTestId('save-offline')).toBeVisible({ timeout: 10_000 });
    await expect(dialog.getByTestId('unsaved')).toBeVisible();
    expect((await storedRequest(name)).status).toBe('new');

    await page.unroute('**/rest/v1/rpc/update_request');
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 20_000 });
    expect((await storedRequest(name)).status).toBe('in_progress');
  });

  test('assignment, the mine filter, a due follow-up and duplicates by canonical phone', async ({
    page,
  }) => {
    const username = createAdmin('assign');
    const name = uniqueName('إسناد');
    const twin = uniqueName('مكرر');
    const phone = uniquePhone();
    await insertLead(name, phone);
    // The same number typed with 00 and without a country code.
    const { error } = await serviceClient.from('offer_leads').insert({
      name: twin,
      phone: `00${phone}`,
      service: 'dental-implants',
      source: '/',
    });
    expect(error).toBeNull();
    await openDashboard(page, username);
    const dialog = await openRequest(page, name);
    await dialog.getByLabel('مسند إلى').selectOption({ label: username });
    await dialog.getByLabel('موعد المتابعة').fill('2025-06-01T09:00');
    await expect(dialog.getByTestId('duplicates')).toContainText(twin);
    await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 10_000 });

    const card = page.getByTestId('request-card').filter({ hasText: name });
    await expect(card).toContainText(`مسند إلى: ${username}`);
    await expect(card.getByTestId('follow-up')).toContainText('متأخرة');
    await expect(card.getByTestId('duplicate-badge')).toHaveText('رقم مكرر (1)');

    await page.getByLabel('الإسناد').selectOption('mine');
    await expect(page.getByTestId('request-card')).toHaveCount(1);
    await page.getByLabel('الإسناد').selectOption('unassigned');
    await expect(page.getByTestId('request-card')).toHaveCount(0);
    await page.getByLabel('الإسناد').selectOption('*');
    await page.getByTestId('counter-due').click();
    await expect(page.getByTestId('request-card')).toHaveCount(1);
    await expect(page.getByTestId('counter-due').locator('[data-count]')).not.toHaveText('0');
  });

  test('long unbroken text wraps inside the card and the dialog on a phone', async ({ page }) => {
    const username = createAdmin('wrap');
    const name = `${uniqueName('طويل')} ${'ا'.repeat(80)}`;
    const { error } = await serviceClient.from('offer_leads').insert({
      name,
      phone: uniquePhone(),
      service: 'dental-implants',
      source: '/',
      notes: 'https://example.com/' + 'x'.repeat(600),
    });
    expect(error).toBeNull();
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page, username);
    const dialog = await openRequest(page, name);
    await dialog.getByLabel('ملاحظات الإدارة').fill('y'.repeat(400));
    await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('request-card').filter({ hasText: 'yyyy' })).toHaveCount(1);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
    const reopened = page.getByTestId('request-dialog');
    await expect(reopened.getByTestId('timeline')).toContainText('yyyy');
    const dialogOverflow = await reopened.evaluate(
      (element) => element.scrollWidth - element.clientWidth,
    );
    expect(dialogOverflow).toBeLessThanOrEqual(0);
    // Save stays in view without scrolling the dialog.
    await expect(reopened.getByRole('button', { name: 'حفظ', exact: true })).toBeInViewport();
    await expect(reopened.getByLabel('حالة الطلب')).toBeInViewport();
  });

  test('"عرض الأحدث" clears the filters and brings the new request into view', async ({ page }) => {
    const username = createAdmin('newest');
    for (let index = 0; index < 6; index += 1) await insertLead(uniqueName('قديم'));
    await openDashboard(page, username);
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-live', 'live', {
      timeout: 15_000,
    });
    await page.getByRole('searchbox', { name: 'بحث' }).fill('قديم');
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const name = uniqueName('الأحدث');
    await insertLead(name);
    await page.getByRole('button', { name: 'عرض الأحدث' }).click();
    await expect(page.getByRole('searchbox', { name: 'بحث' })).toHaveValue('');
    await expect(page.getByTestId('request-card').filter({ hasText: name })).toHaveCount(1);
    // The newest arrival is brought into view with the focus on it. Other suites insert leads at
    // the same time, so the newest may be theirs: the test checks the card that has the focus.
    const focused = page.locator('[data-testid="request-card"]:has(h3 button:focus)');
    await expect(focused).toHaveCount(1, { timeout: 10_000 });
    await expect(focused).toBeInViewport();
  });

  test('the campaign report counts requests and completed ones per campaign, with CSV', async ({
    page,
  }) => {
    const username = createAdmin('report');
    const campaign = uniqueName('حملة').replace(' ', '-');
    for (let index = 0; index < 3; index += 1) {
      const { error } = await serviceClient.from('offer_leads').insert({
        name: uniqueName('تقرير'),
        phone: uniquePhone(),
        service: 'hair-transplant',
        source: 'hair-transplant-offer-page',
        utm_source: 'google',
        utm_campaign: campaign,
      });
      expect(error).toBeNull();
    }
    const first = await serviceClient
      .from('contact_requests')
      .select('id')
      .eq('utm_campaign', campaign)
      .limit(1)
      .single();
    expect(first.error).toBeNull();
    const { error } = await serviceClient
      .from('contact_requests')
      .update({ status: 'completed' })
      .eq('id', first.data!.id);
    expect(error).toBeNull();
    await openDashboard(page, username);
    await page.getByRole('link', { name: 'تقرير الحملات' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تقرير الحملات');
    const row = page.getByTestId('campaign-row').filter({ hasText: campaign });
    await expect(row).toContainText('google');
    await expect(row).toContainText('صفحة العرض');
    await expect(row.locator('td').nth(3)).toHaveText('3');
    await expect(row.locator('td').nth(5)).toHaveText('1');
    await expect(page.getByTestId('campaign-chart')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'تصدير CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^rihla-campaigns-.*\.csv$/);
  });
});
