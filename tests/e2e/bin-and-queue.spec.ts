/**
 * Roles, the bin and the follow-up queue (issue 25) in Debian Chromium against the real local
 * stack: an owner's delete takes a request out of a coordinator's list at once and the bin brings
 * it back; a coordinator is offered no delete; bulk delete asks for the count typed back; the
 * "overdue" filter lists requests by follow-up time; a follow-up falling due reminds its
 * coordinator; the leads screen opens a lead's request.
 * Every assertion reads what a person sees or what the database stored.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { serviceClient, storedRequest, uniqueName } from './backend.ts';
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
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-live', 'live', {
    timeout: 15_000,
  });
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'بحث' });
const cardOf = (page: Page, name: string) =>
  page.getByTestId('request-card').filter({ hasText: name });

async function storedEventKinds(requestId: string) {
  const { data, error } = await serviceClient
    .from('request_events')
    .select('kind, author')
    .eq('request_id', requestId)
    .in('kind', ['deleted', 'restored'])
    .order('id', { ascending: true });
  if (error) throw new Error(`read events: ${error.message}`);
  return data;
}

test.describe('roles, the bin and the follow-up queue', () => {
  test.describe.configure({ mode: 'parallel', timeout: 150_000 });

  test("an owner's delete leaves a coordinator's list at once, and the bin brings it back", async ({
    browser,
  }) => {
    const owner = createAdmin('owner', 'owner');
    const coordinator = createAdmin('coord', 'coordinator');
    const name = uniqueName('سلة');
    await insertLead(name);
    const nadia = await staffPage(browser, owner);
    const sara = await staffPage(browser, coordinator);

    // The coordinator works the request but is offered no delete and no bin.
    await search(sara.page).fill(name);
    await expect(cardOf(sara.page, name)).toHaveCount(1);
    await sara.page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
    const saraDialog = sara.page.getByTestId('request-dialog');
    await expect(saraDialog).toBeVisible();
    await expect(saraDialog.getByRole('button', { name: 'حذف', exact: true })).toHaveCount(0);
    await expect(sara.page.getByRole('link', { name: 'سلة المحذوفات' })).toHaveCount(0);
    await saraDialog.getByRole('button', { name: 'إلغاء', exact: true }).click();
    await expect(saraDialog).toBeHidden();

    // The owner deletes it after the spec's confirmation.
    await search(nadia.page).fill(name);
    await nadia.page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
    const confirmations: string[] = [];
    nadia.page.once('dialog', (dialog) => {
      confirmations.push(dialog.message());
      void dialog.accept();
    });
    await nadia.page
      .getByTestId('request-dialog')
      .getByRole('button', { name: 'حذف', exact: true })
      .click();
    await expect(nadia.page.getByText('تم حذف الطلب بنجاح', { exact: false })).toBeVisible();
    expect(confirmations).toEqual(['هل أنت متأكد من حذف هذا الطلب؟']);

    // Gone from the coordinator's list without a reload, and from her counters' search.
    await expect(cardOf(sara.page, name)).toHaveCount(0, { timeout: 10_000 });
    const binned = await storedRequest(name);
    expect(binned.deleted_at).toEqual(expect.any(String));
    expect(await storedEventKinds(binned.id)).toEqual([{ kind: 'deleted', author: owner }]);

    // The coordinator cannot open the bin; the owner can, and restores the request.
    await sara.page.goto('/admin/bin');
    await expect(sara.page.getByText('سلة المحذوفات للمالكين فقط', { exact: false })).toBeVisible({
      timeout: 15_000,
    });
    await openDashboard(sara.page, coordinator);
    await search(sara.page).fill(name);
    // The database's answer to the search: nothing (the line reads «عرض 0 من …»).
    await expect(sara.page.getByTestId('showing')).toHaveText(/^عرض 0 من/);
    await expect(cardOf(sara.page, name)).toHaveCount(0);

    await nadia.page.getByRole('link', { name: 'سلة المحذوفات' }).click();
    await expect(nadia.page).toHaveURL(/\/admin\/bin\/?$/);
    const binRow = nadia.page.getByTestId('bin-row').filter({ hasText: name });
    await expect(binRow).toHaveCount(1, { timeout: 15_000 });
    await expect(binRow).toContainText(owner);
    await binRow.getByRole('button', { name: `استعادة طلب ${name}` }).click();
    await expect(nadia.page.getByText('تمت استعادة الطلب')).toBeVisible();
    await expect(binRow).toHaveCount(0);

    // Back in the coordinator's list, live, and in the database with both events.
    await expect(cardOf(sara.page, name)).toHaveCount(1, { timeout: 10_000 });
    const restored = await storedRequest(name);
    expect(restored.deleted_at).toBeNull();
    expect(await storedEventKinds(restored.id)).toEqual([
      { kind: 'deleted', author: owner },
      { kind: 'restored', author: owner },
    ]);
    await nadia.context.close();
    await sara.context.close();
  });

  test('bulk delete asks for the count typed back; a coordinator has no such button', async ({
    browser,
  }) => {
    const owner = createAdmin('bulk-owner', 'owner');
    const coordinator = createAdmin('bulk-coord', 'coordinator');
    const prefix = uniqueName('حذف جماعي');
    const names = [`${prefix} أ`, `${prefix} ب`];
    for (const name of names) await insertLead(name);
    const nadia = await staffPage(browser, owner);
    const sara = await staffPage(browser, coordinator);
    for (const { page } of [nadia, sara]) {
      await page.getByTestId('view-table').click();
      await search(page).fill(prefix);
      await expect(page.getByTestId('request-row')).toHaveCount(2);
      await page.getByRole('checkbox', { name: 'تحديد كل الطلبات المعروضة' }).check();
    }
    await expect(sara.page.getByRole('button', { name: 'حذف المحدد' })).toHaveCount(0);

    await nadia.page.getByRole('button', { name: 'حذف المحدد' }).click();
    const ask = nadia.page.getByTestId('bulk-delete');
    await expect(ask).toContainText('سيُنقل طلبان إلى سلة المحذوفات. للتأكيد اكتب العدد 2.');
    const confirm = ask.getByRole('button', { name: 'نقل إلى سلة المحذوفات' });
    await ask.getByLabel('عدد الطلبات المحددة').fill('20');
    await expect(confirm).toBeDisabled();
    await ask.getByLabel('عدد الطلبات المحددة').fill('2');
    await confirm.click();
    // Said in a message too, since the bar goes when the last ticked row leaves the list.
    await expect(nadia.page.getByText('نُقل 2 من طلبين إلى سلة المحذوفات').first()).toBeVisible();
    await expect(sara.page.getByTestId('request-row')).toHaveCount(0, { timeout: 10_000 });
    for (const name of names)
      expect((await storedRequest(name)).deleted_at).toEqual(expect.any(String));
    await nadia.context.close();
    await sara.context.close();
  });

  test('the overdue filter lists requests by follow-up time, and a lead opens its request', async ({
    page,
  }) => {
    const coordinator = createAdmin('queue', 'coordinator');
    const prefix = uniqueName('متابعة');
    // Created in this order; their follow-ups in another, one of them not yet due.
    const followUps: [string, number][] = [
      [`${prefix} أولى`, -60],
      [`${prefix} ثانية`, -3 * 24 * 60],
      [`${prefix} ثالثة`, 90],
      [`${prefix} رابعة`, -10],
    ];
    for (const [name, minutes] of followUps) {
      await insertLead(name);
      const { error } = await serviceClient
        .from('contact_requests')
        .update({ follow_up_at: new Date(Date.now() + minutes * 60_000).toISOString() })
        .eq('name', name);
      if (error) throw new Error(error.message);
    }
    await openDashboard(page, coordinator);
    await search(page).fill(prefix);
    await expect(page.getByTestId('request-card')).toHaveCount(4);
    await page.getByLabel('المتابعة').selectOption({ label: 'متأخرة' });
    const cards = page.getByTestId('request-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText(`${prefix} ثانية`);
    await expect(cards.nth(1)).toContainText(`${prefix} أولى`);
    await expect(cards.nth(2)).toContainText(`${prefix} رابعة`);
    await expect(page.getByTestId('overdue-count')).toBeVisible();

    // The leads screen finds a lead in the database and opens its request in the same dialog.
    await page.getByRole('link', { name: 'ليدز العروض' }).click();
    await expect(page).toHaveURL(/\/admin\/offer-leads\/?$/);
    await search(page).fill(`${prefix} ثالثة`);
    await expect(page.getByTestId('lead-row')).toHaveCount(1, { timeout: 10_000 });
    await expect(page.getByTestId('leads-total')).toContainText('1');
    await expect(page.getByRole('button', { name: /^حذف ليد/ })).toHaveCount(0);
    await page.getByRole('button', { name: `فتح طلب ${prefix} ثالثة` }).click();
    const dialog = page.getByTestId('request-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${prefix} ثالثة`);
  });

  test('a follow-up that falls due while the dashboard is open reminds its coordinator', async ({
    page,
  }) => {
    const coordinator = createAdmin('remind', 'coordinator');
    const name = uniqueName('تذكير');
    await insertLead(name);
    // The page's clock runs as the real one, and can be moved on.
    await page.clock.install();
    await openDashboard(page, coordinator);
    // She takes the request and sets its follow-up five minutes ahead (ahead however slow the
    // machine is: one already due when the dashboard opens is in the overdue counter instead).
    await search(page).fill(name);
    await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
    const dialog = page.getByTestId('request-dialog');
    await dialog.getByLabel('مسند إلى').selectOption({ label: coordinator });
    const inFive = await page.evaluate(() => {
      const at = new Date(Date.now() + 5 * 60_000);
      return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await dialog.getByLabel('موعد المتابعة').fill(inFive);
    await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toBeHidden();

    const reminder = page.getByText(`حان موعد المتابعة: ${name}`);
    await expect(reminder).toHaveCount(0);
    await page.clock.fastForward('06:00');
    await expect(reminder).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'فتح الطلب' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(name);
  });
});
