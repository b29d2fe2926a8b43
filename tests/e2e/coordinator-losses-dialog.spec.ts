/**
 * A coordinator's edits in the request dialog are never lost (issue 25), in Debian Chromium
 * against the real local stack: an offline save retried with what was typed since, typing during
 * a slow save, a colleague who assigns the open request out of the filtered list, a request
 * erased meanwhile, and a whole WhatsApp chat as a note. Each test ends on what the database holds.
 */
import { expect, test } from '@playwright/test';
import { rowsNamed, storedRequest, uniqueName } from './backend.ts';
import {
  colleagueUpdates,
  insertLeads,
  openDashboard,
  openRequest,
  search,
  staffId,
} from './coordinator.ts';
import { createAdmin } from './staff.ts';

const SAVE = { name: 'حفظ', exact: true } as const;

test.describe('the dialog keeps every edit', () => {
  test.describe.configure({ mode: 'parallel', timeout: 150_000 });

  test('offline: the retry saves the note and follow-up typed after the failed save', async ({
    page,
  }) => {
    const name = uniqueName('بلا اتصال');
    await insertLeads([name]);
    await openDashboard(page);
    const dialog = await openRequest(page, name);
    await page.route('**/rest/v1/rpc/update_request', (route) => route.abort('connectionrefused'));
    const notes = dialog.getByLabel('ملاحظات الإدارة');
    await notes.fill('اتصلت به');
    await dialog.getByRole('button', SAVE).click();
    await expect(dialog.getByTestId('save-offline')).toBeVisible({ timeout: 10_000 });

    // Still offline, she keeps working: a longer note and a follow-up.
    await notes.fill('اتصلت به، سيرسل التحاليل يوم الأحد');
    await dialog.getByLabel('موعد المتابعة').fill('2026-12-06T10:30');
    await page.unroute('**/rest/v1/rpc/update_request');
    await dialog.getByRole('button', { name: 'إعادة المحاولة الآن' }).click();
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();

    const stored = await storedRequest(name);
    expect(stored.notes).toBe('اتصلت به، سيرسل التحاليل يوم الأحد');
    expect(stored.follow_up_at).not.toBeNull();
    expect(new Date(stored.follow_up_at!).getTime()).toBe(new Date('2026-12-06T10:30').getTime());
    // Nothing left unsaved on this computer.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('.draft.'))),
    ).toEqual([]);
  });

  test('typing during a slow save is saved too, before the dialog closes', async ({ page }) => {
    const name = uniqueName('حفظ بطيء');
    await insertLeads([name]);
    await openDashboard(page);
    const dialog = await openRequest(page, name);
    // The server takes 2 s to answer each save.
    await page.route('**/rest/v1/rpc/update_request', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    const notes = dialog.getByLabel('ملاحظات الإدارة');
    await notes.fill('الجزء الأول');
    await dialog.getByRole('button', SAVE).click();
    await expect(dialog.getByRole('button', { name: 'جاري الحفظ...' })).toBeVisible();
    await notes.press('End');
    await page.keyboard.type(' ثم الجزء الثاني');
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    expect((await storedRequest(name)).notes).toBe('الجزء الأول ثم الجزء الثاني');
  });

  test('a colleague assigns the open request out of «غير مسندة»: the dialog stays, typing goes on', async ({
    page,
  }) => {
    const name = uniqueName('إسناد زميل');
    await insertLeads([name]);
    const colleague = createAdmin('colleague');
    await openDashboard(page);
    await page.getByLabel('الإسناد').selectOption('unassigned');
    const dialog = await openRequest(page, name);
    const colleagueId = await staffId(dialog, colleague);
    expect(colleagueId).not.toBe('');
    const notes = dialog.getByLabel('ملاحظات الإدارة');
    await notes.click();
    await page.keyboard.type('المريضة تفضل');

    await colleagueUpdates(name, { assigned_to: colleagueId });
    // The request leaves the filtered list; the dialog stays open, focus still in the notes.
    await expect(page.getByTestId('request-card').filter({ hasText: name })).toHaveCount(0, {
      timeout: 10_000,
    });
    await expect(dialog.getByTestId('conflict')).toContainText(`الإسناد`);
    await expect(dialog.getByTestId('conflict')).toContainText(colleague);
    await expect(notes).toBeFocused();
    await page.keyboard.type(' موعداً صباحياً');
    await expect(dialog).toBeVisible();
    await expect(notes).toHaveValue('المريضة تفضل موعداً صباحياً');

    await dialog.getByRole('button', { name: 'إعادة تطبيق تعديلي فوق التغييرات' }).click();
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 15_000 });
    expect(await storedRequest(name)).toMatchObject({
      assigned_to: colleagueId,
      notes: 'المريضة تفضل موعداً صباحياً',
    });
  });

  test('a request erased meanwhile: the dialog says so and keeps the text to copy', async ({
    page,
  }) => {
    const name = uniqueName('محذوف');
    await insertLeads([name]);
    await openDashboard(page);
    const dialog = await openRequest(page, name);
    const notes = dialog.getByLabel('ملاحظات الإدارة');
    await notes.fill('رقم الجواز والتحاليل في الواتساب');

    const { serviceClient } = await import('./backend.ts');
    const { error } = await serviceClient.from('offer_leads').delete().eq('name', name);
    expect(error).toBeNull();
    await expect(dialog.getByTestId('request-deleted')).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toBeVisible();
    await expect(notes).toHaveValue('رقم الجواز والتحاليل في الواتساب');
    await expect(dialog.getByRole('button', SAVE)).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'نسخ ملاحظاتي' })).toBeVisible();
    expect(await rowsNamed('contact_requests', name)).toEqual([]);
  });

  test('a whole WhatsApp chat: the limit shows before it is reached, nothing is cut', async ({
    page,
  }) => {
    const name = uniqueName('محادثة');
    await insertLeads([name]);
    await openDashboard(page);
    const dialog = await openRequest(page, name);
    const line = '[24/11/2026، 09:30] سارة: أرسل المريض التحاليل\n';
    const chat = (length: number) =>
      line.repeat(Math.ceil(length / line.length)).slice(0, length - 1) + '.';
    const notes = dialog.getByLabel('ملاحظات الإدارة');

    // Over the limit: kept whole, the field says by how much, and save waits.
    await notes.fill(chat(20_050));
    await expect(notes).toHaveValue(chat(20_050));
    await expect(dialog.getByTestId('notes-count')).toContainText('بـ50 حرفاً');
    await expect(dialog.getByRole('button', SAVE)).toBeDisabled();

    // At the limit it saves, whole.
    await notes.fill(chat(20_000));
    await expect(dialog.getByTestId('notes-count')).toHaveText('20,000 من 20,000 حرف');
    await dialog.getByRole('button', SAVE).click();
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 15_000 });
    expect((await storedRequest(name)).notes).toBe(chat(20_000));
    await expect(search(page)).toHaveValue(name);
  });
});
