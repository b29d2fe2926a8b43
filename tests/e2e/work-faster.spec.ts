/**
 * Working faster on the dashboard (issue 13 item 8) in Debian Chromium against the real local
 * stack: the compact table, bulk status through the database's lost-update rule, the keyboard
 * shortcuts and their help, the opt-in new-lead alert, and the dialog's status and save in view.
 * Every assertion reads what a coordinator sees or what the database stored.
 */
import { expect, test, type Page } from '@playwright/test';
import { serviceClient, storedRequest, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login } from './staff.ts';

function uniquePhone(): string {
  return `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

async function insertLeads(names: string[], phone?: string) {
  const { error } = await serviceClient.from('offer_leads').insert(
    names.map((name) => ({
      name,
      phone: phone ?? uniquePhone(),
      country_code: '+966',
      country: 'السعودية',
      service: 'dental-implants' as const,
      source: '/',
    })),
  );
  if (error) throw new Error(`insert leads: ${error.message}`);
}

async function openDashboard(page: Page) {
  await login(page, createAdmin('fast'));
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'بحث' });
const row = (page: Page, name: string) => page.getByTestId('request-row').filter({ hasText: name });

test.describe('working faster', () => {
  test.describe.configure({ mode: 'parallel', timeout: 150_000 });

  test('the table shows 12+ lines on 1280×800, is remembered, keyboard-usable and axe clean', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const batch = uniqueName('جدول');
    const names = Array.from({ length: 14 }, (_, index) => `${batch} ${index}`);
    const long = `${batch} ${'ا'.repeat(80)}`;
    await insertLeads([...names, long]);
    await openDashboard(page);

    await page.getByTestId('view-table').click();
    await expect(page.getByTestId('view-table')).toHaveAttribute('aria-pressed', 'true');
    await search(page).fill(batch);
    await expect(page.getByTestId('request-row')).toHaveCount(15);

    const table = page.getByRole('table', { name: 'الطلبات في جدول' });
    await expect(table.getByRole('columnheader')).toHaveText([
      '',
      'التاريخ',
      'الاسم',
      'الهاتف',
      'الخدمة',
      'الحالة',
      'مسند إلى',
      'المتابعة',
      'مكرر',
    ]);
    // The long name is cut to its column, its full text in the title.
    await expect(row(page, long).locator(`span[title="${long}"]`)).toHaveAttribute('dir', 'auto');
    await expect(row(page, names[0]!).locator('span[dir="ltr"]')).toHaveText(/^\+966 5\d{8}$/);

    // Brought to the top of the screen, the table shows at least 12 whole lines.
    await page.getByTestId('request-table').evaluate((element) => {
      element.scrollIntoView({ block: 'start', behavior: 'instant' });
    });
    const whole = await page.getByTestId('request-row').evaluateAll((rows) =>
      rows.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    );
    expect(whole.length).toBeGreaterThanOrEqual(12);
    await expectNoSeriousA11yIssues(page);

    // Keyboard: focus a line, ↓ moves to the next, Enter opens it.
    const newest = page.getByTestId('request-row').first();
    await newest.focus();
    await page.keyboard.press('ArrowDown');
    const second = page.getByTestId('request-row').nth(1);
    await expect(second).toBeFocused();
    const secondName = (await second.locator('span[title]').getAttribute('title')) ?? '';
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('request-dialog');
    await expect(dialog).toContainText(secondName);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The choice is remembered in this browser.
    await page.reload();
    await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('view-table')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('request-table')).toBeVisible();
  });

  test('bulk status on 3 rows: the database skips the one changed meanwhile and it stays selected', async ({
    page,
  }) => {
    const batch = uniqueName('دفعة');
    const names = [0, 1, 2].map((index) => `${batch} ${index}`);
    await insertLeads(names);
    await openDashboard(page);
    await page.getByTestId('view-table').click();
    await search(page).fill(batch);
    await expect(page.getByTestId('request-row')).toHaveCount(3);

    await page.getByRole('checkbox', { name: 'تحديد كل الطلبات المعروضة' }).check();
    await expect(page.getByTestId('bulk-count')).toHaveText('3 طلبات محددة');

    // A colleague changes the second request while the bulk change is on its way.
    const moved = await storedRequest(names[1]!);
    await page.route('**/rest/v1/rpc/bulk_update_requests', async (route) => {
      const { error } = await serviceClient
        .from('contact_requests')
        .update({ notes: 'غيّره زميل' })
        .eq('id', moved.id);
      if (error) throw new Error(error.message);
      await route.continue();
    });
    const bar = page.getByTestId('bulk-bar');
    await bar.getByLabel('تغيير الحالة').selectOption('in_progress');
    await bar.getByRole('button', { name: 'تطبيق' }).first().click();
    await expect(page.getByTestId('bulk-outcome')).toHaveText(
      'تم تحديث 2 من 3 طلبات؛ تغيّر طلب واحد منذ فتحها وبقي محدداً',
      { timeout: 15_000 },
    );
    expect((await storedRequest(names[0]!)).status).toBe('in_progress');
    expect((await storedRequest(names[2]!)).status).toBe('in_progress');
    expect(await storedRequest(names[1]!)).toMatchObject({ status: 'new', notes: 'غيّره زميل' });
    await expect(page.getByTestId('bulk-count')).toHaveText('طلب واحد محدد');
    await expect(
      row(page, names[1]!).getByRole('checkbox', { name: `تحديد طلب ${names[1]}` }),
    ).toBeChecked();
    // The screen follows the database (realtime), without a reload.
    await expect(row(page, names[0]!).locator('[data-status]')).toHaveText('قيد المعالجة');
    await page.unroute('**/rest/v1/rpc/bulk_update_requests');

    // Applied again on what is now shown, the remaining one goes through.
    await bar.getByRole('button', { name: 'تطبيق' }).first().click();
    await expect(page.getByTestId('bulk-outcome')).toHaveText('تم تحديث 1 من طلب واحد', {
      timeout: 15_000,
    });
    expect((await storedRequest(names[1]!)).status).toBe('in_progress');
  });

  test('shortcuts: / search, j/k, Enter, Ctrl+S saves without the browser dialog, ? help', async ({
    page,
  }) => {
    const batch = uniqueName('اختصار');
    const names = [0, 1, 2].map((index) => `${batch} ${index}`);
    await insertLeads(names);
    await openDashboard(page);
    await page.getByTestId('view-cards').click();

    await page.locator('body').press('/');
    await expect(search(page)).toBeFocused();
    // Typing in a field is never taken for a shortcut.
    await page.keyboard.type(`${batch} j`);
    await expect(search(page)).toHaveValue(`${batch} j`);
    await search(page).fill(batch);
    await expect(page.getByTestId('request-card')).toHaveCount(3);
    await search(page).blur();

    // Leads stored in one statement share their time: take the order the screen shows.
    const cards = page.locator('[data-nav-id]');
    await expect(cards).toHaveCount(3);
    await page.keyboard.press('j');
    await expect(cards.nth(0)).toBeFocused();
    await page.keyboard.press('j');
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press('k');
    await expect(cards.nth(0)).toBeFocused();
    const opened = (await cards.nth(0).textContent()) ?? '';
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('request-dialog');
    await expect(dialog).toBeVisible();

    // Ctrl+S inside the notes saves (no download, no browser dialog) and closes the dialog.
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await dialog.getByLabel('ملاحظات الإدارة').fill('حُفظ بالاختصار');
    await page.keyboard.press('Control+s');
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toBeHidden();
    expect((await storedRequest(opened)).notes).toBe('حُفظ بالاختصار');
    expect(downloads).toBe(0);

    // ? opens the help, which keeps the focus inside and closes on Esc.
    await page.locator('body').press('?');
    const help = page.getByTestId('shortcuts-help');
    await expect(help).toBeVisible();
    await expect(help).toContainText('الانتقال إلى البحث');
    await expect(help).toContainText('Go to the search');
    for (let index = 0; index < 4; index += 1) {
      await page.keyboard.press('Tab');
      expect(await help.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await expectNoSeriousA11yIssues(page);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });

  test('the new-lead alert is off by default, remembered, and notifies once per insert only', async ({
    browser,
  }) => {
    const context = await browser.newContext({ permissions: ['notifications'] });
    // Counts what the page shows as desktop notifications, and lets the test hide the tab.
    await context.addInitScript(() => {
      const shown: string[] = [];
      const Real = window.Notification;
      class Counted extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(`${title} | ${options?.body ?? ''}`);
        }
      }
      Object.defineProperty(window, 'Notification', { value: Counted, configurable: true });
      Object.assign(window, { shownNotifications: shown, tabHidden: false });
      Object.defineProperty(document, 'visibilityState', {
        get: () => ((window as unknown as { tabHidden: boolean }).tabHidden ? 'hidden' : 'visible'),
      });
    });
    const page = await context.newPage();
    // Other tests add leads meanwhile (and alert too): count only this test's own.
    const shownFor = (name: string) =>
      page.evaluate(
        (wanted) =>
          (window as unknown as { shownNotifications: string[] }).shownNotifications.filter(
            (entry) => entry.includes(wanted),
          ),
        name,
      );
    await openDashboard(page);

    const toggle = page.getByRole('switch', { name: 'تنبيه عند وصول طلب جديد' });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await page.reload();
    await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
    await expect(toggle).toBeChecked();
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-live', 'live', {
      timeout: 15_000,
    });

    // While the tab is in front, the banner says it: no desktop notification.
    const seen = uniqueName('ظاهر');
    await insertLeads([seen]);
    await expect(page.getByTestId('new-requests')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'عرض الأحدث' }).click();
    await expect(page.getByTestId('request-card').filter({ hasText: seen })).toHaveCount(1, {
      timeout: 15_000,
    });
    expect(await shownFor(seen)).toEqual([]);

    await page.evaluate(() => Object.assign(window, { tabHidden: true }));
    const name = uniqueName('تنبيه');
    await insertLeads([name]);
    await expect(page.getByTestId('new-requests')).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => shownFor(name)).toEqual([`طلب جديد: ${name} | زراعة الأسنان`]);

    // An update (here a colleague's status change) never alerts.
    const request = await storedRequest(name);
    await serviceClient
      .from('contact_requests')
      .update({ status: 'completed' })
      .eq('id', request.id);
    await page.getByRole('button', { name: 'عرض الأحدث' }).click();
    await expect(
      page.getByTestId('request-card').filter({ hasText: name }).locator('[data-status]'),
    ).toHaveText('مكتمل', { timeout: 15_000 });
    expect(await shownFor(name)).toHaveLength(1);

    // Turned off, a new lead is silent.
    await toggle.uncheck();
    const quiet = uniqueName('هادئ');
    await insertLeads([quiet]);
    await page.getByRole('button', { name: 'عرض الأحدث' }).click();
    await expect(page.getByTestId('request-card').filter({ hasText: quiet })).toHaveCount(1, {
      timeout: 15_000,
    });
    expect(await shownFor(quiet)).toEqual([]);
    await context.close();
  });

  test('the leads screen shows a status changed elsewhere in place, without a reload', async ({
    page,
  }) => {
    const name = uniqueName('حالة');
    await insertLeads([name]);
    await openDashboard(page);
    await page.goto('/admin/offer-leads');
    await page.getByRole('searchbox', { name: 'بحث' }).fill(name);
    const leadRow = page.getByTestId('lead-row').filter({ hasText: name });
    await expect(leadRow.locator('[data-status]')).toHaveText('جديد', { timeout: 15_000 });
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-live', 'live', {
      timeout: 15_000,
    });
    // Marks the page: a reload would drop the mark.
    await page.evaluate(() => Object.assign(window, { samePage: true }));

    const request = await storedRequest(name);
    const { error } = await serviceClient
      .from('contact_requests')
      .update({ status: 'completed' })
      .eq('id', request.id);
    if (error) throw new Error(error.message);
    await expect(leadRow.locator('[data-status]')).toHaveText('مكتمل', { timeout: 15_000 });
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    test(`status and حفظ are in view on ${size.width}×${size.height} with a long note history`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const name = uniqueName('سجل');
      await insertLeads([name]);
      const request = await storedRequest(name);
      for (let index = 1; index <= 12; index += 1) {
        const { error } = await serviceClient
          .from('contact_requests')
          .update({ notes: `ملاحظة رقم ${index}: ${'اتصال ومتابعة مع المريض. '.repeat(4)}` })
          .eq('id', request.id);
        if (error) throw new Error(error.message);
      }
      await openDashboard(page);
      await search(page).fill(name);
      await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
      const dialog = page.getByTestId('request-dialog');
      await expect(dialog.getByTestId('timeline').getByRole('listitem')).toHaveCount(12, {
        timeout: 15_000,
      });
      await expect(dialog.getByLabel('حالة الطلب')).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole('button', { name: 'حفظ', exact: true })).toBeInViewport({
        ratio: 1,
      });
      // At the end of the history, حفظ and the request's status (in the dialog's header) stay.
      await dialog.getByTestId('timeline').getByRole('listitem').last().scrollIntoViewIfNeeded();
      await expect(dialog.getByLabel('حالة الطلب')).not.toBeInViewport();
      await expect(dialog.getByRole('button', { name: 'حفظ', exact: true })).toBeInViewport({
        ratio: 1,
      });
      await expect(dialog.getByTestId('dialog-header').locator('[data-status]')).toBeInViewport({
        ratio: 1,
      });
    });
  }
});
