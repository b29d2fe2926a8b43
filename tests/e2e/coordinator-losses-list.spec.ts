/**
 * The dashboard's list never costs a coordinator her work or her place (issue 25), in Debian
 * Chromium against the real local stack: two tabs on one request, bulk after a colleague's
 * change, new requests while she reads lower down, and the shortcuts in the Arabic layout. Each
 * test ends on what the database holds.
 */
import { expect, test, type Page } from '@playwright/test';
import { rowsNamed, storedRequest, uniqueName } from './backend.ts';
import {
  colleagueUpdates,
  insertLeads,
  openDashboard,
  openRequest,
  search,
} from './coordinator.ts';

const SAVE = { name: 'حفظ', exact: true } as const;

const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('.draft.')));

/** Presses a key as the Arabic (101) layout reports it: the physical key and the Arabic letter. */
async function arabicKey(page: Page, code: string, key: string, modifiers = 0) {
  const cdp = await page.context().newCDPSession(page);
  const vk = code === 'Slash' ? 191 : code.charCodeAt(3);
  // With Ctrl held a key types nothing: only the key itself is reported.
  const typed = modifiers & 2 ? {} : { text: key, unmodifiedText: key };
  await cdp.send('Input.dispatchKeyEvent', {
    type: modifiers & 2 ? 'rawKeyDown' : 'keyDown',
    key,
    code,
    ...typed,
    windowsVirtualKeyCode: vk,
    modifiers,
  });
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'keyUp',
    key,
    code,
    windowsVirtualKeyCode: vk,
    modifiers,
  });
  await cdp.detach();
}

test.describe('the list keeps her work and her place', () => {
  test.describe.configure({ mode: 'parallel', timeout: 150_000 });

  test('two tabs on one request: the second says so and never deletes the first one’s draft', async ({
    page,
  }) => {
    const name = uniqueName('نافذتان');
    await insertLeads([name]);
    await openDashboard(page);
    const first = await openRequest(page, name);
    await first.getByLabel('ملاحظات الإدارة').fill('من النافذة الأولى');
    await expect.poll(() => draftKeys(page)).toHaveLength(1);

    const second = await page.context().newPage();
    await second.goto('/admin/dashboard');
    await expect(second.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
    const other = await openRequest(second, name);
    await expect(other.getByTestId('draft-elsewhere')).toBeVisible({ timeout: 10_000 });
    await expect(other.getByLabel('ملاحظات الإدارة')).toHaveValue('');
    // The second tab changes the status and saves: the first tab's draft stays.
    await other.getByLabel('حالة الطلب').selectOption('in_progress');
    await other.getByRole('button', SAVE).click();
    await expect(other).toBeHidden({ timeout: 15_000 });
    expect(await draftKeys(second)).toHaveLength(1);

    // The first tab's save meets the second's change, and re-applies on top of it.
    await first.getByRole('button', SAVE).click();
    await first.getByRole('button', { name: 'إعادة تطبيق تعديلي فوق التغييرات' }).click();
    await expect(first).toBeHidden({ timeout: 15_000 });
    expect(await storedRequest(name)).toMatchObject({
      status: 'in_progress',
      notes: 'من النافذة الأولى',
    });
    expect(await draftKeys(page)).toEqual([]);
  });

  test('bulk after a colleague’s change: the changed row is left, flagged and still ticked', async ({
    page,
  }) => {
    const batch = uniqueName('دفعة زميل');
    const names = [0, 1, 2].map((index) => `${batch} ${index}`);
    await insertLeads(names);
    await openDashboard(page);
    await page.getByTestId('view-table').click();
    await search(page).fill(batch);
    await expect(page.getByTestId('request-row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'تحديد كل الطلبات المعروضة' }).check();

    // A colleague books one; the table shows it before the bulk change is chosen.
    await colleagueUpdates(names[1]!, { status: 'completed' });
    const booked = page.getByTestId('request-row').filter({ hasText: names[1]! });
    await expect(booked.locator('[data-status]')).toHaveText('مكتمل', { timeout: 10_000 });
    const bar = page.getByTestId('bulk-bar');
    await bar.getByLabel('تغيير الحالة').selectOption('cancelled');
    await bar.getByRole('button', { name: 'تطبيق' }).first().click();
    await expect(page.getByTestId('bulk-outcome')).toHaveText(
      'تم تحديث 2 من 3 طلبات؛ تغيّر طلب واحد منذ فتحها وبقي محدداً',
      { timeout: 15_000 },
    );
    expect((await storedRequest(names[1]!)).status).toBe('completed');
    expect((await storedRequest(names[0]!)).status).toBe('cancelled');
    expect((await storedRequest(names[2]!)).status).toBe('cancelled');
    await expect(booked.getByTestId('changed-meanwhile')).toHaveText('تغيّر منذ تحديده');
    await expect(booked.getByRole('checkbox')).toBeChecked();
  });

  // Another worker's leads may raise the arrivals banner at the top before the scroll: it then keeps
  // its place in the flow instead of turning into a floating one under the reader (it moved the
  // card by 54 px once).
  test('new requests while reading lower down wait, announced, until asked for', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const batch = uniqueName('قراءة');
    await insertLeads(Array.from({ length: 24 }, (_, index) => `${batch} ${index}`));
    await openDashboard(page);
    await page.getByTestId('view-cards').click();
    await search(page).fill(batch);
    // The 24 of this batch, not the unfiltered cards still shown while the search settles.
    await expect(page.getByTestId('showing')).toContainText('عرض 24 من');
    await expect(page.getByTestId('request-card').first()).toContainText(batch);
    await search(page).blur();
    const reading = page.getByTestId('request-card').nth(3);
    await reading.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // The wheel scrolls smoothly: the card's place is taken once the page has come to rest.
    let before = Number.NaN;
    await expect
      .poll(
        async () => {
          const y = (await reading.boundingBox())!.y;
          const resting = y === before;
          before = y;
          return resting;
        },
        { intervals: [200] },
      )
      .toBe(true);

    const fresh = [0, 1, 2].map((index) => `${batch} جديد ${index}`);
    await insertLeads(fresh);
    await expect(page.getByTestId('held-rows')).toHaveText('طلبات جديدة (3)', { timeout: 10_000 });
    expect((await reading.boundingBox())!.y).toBe(before);
    await expect(page.getByText(fresh[0]!)).toHaveCount(0);
    for (const name of fresh) expect(await rowsNamed('contact_requests', name)).toHaveLength(1);

    await page.getByRole('button', { name: 'عرض الأحدث' }).click();
    for (const name of fresh) {
      await expect(page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` })).toBeVisible({
        timeout: 10_000,
      });
    }
  });

  test('shortcuts by physical key in the Arabic layout, Ctrl+S included', async ({ page }) => {
    const batch = uniqueName('لوحة عربية');
    const names = [0, 1].map((index) => `${batch} ${index}`);
    await insertLeads(names);
    await openDashboard(page);
    await page.getByTestId('view-cards').click();
    await search(page).fill(batch);
    await expect(page.getByTestId('request-card')).toHaveCount(2);
    await search(page).fill('');
    await page.locator('body').click({ position: { x: 5, y: 5 } });

    // «ظ» is the / key: the search takes the focus, and no «ظ» is typed into it.
    await arabicKey(page, 'Slash', 'ظ');
    await expect(search(page)).toBeFocused();
    await expect(search(page)).toHaveValue('');
    await search(page).fill(batch);
    // Settled on this search: not the two cards the first search left on screen while the cleared
    // one (or this one) is still on its way, which a late answer would replace under the focus.
    await expect(page.getByTestId('showing')).toHaveText(/^عرض 2 من /);
    await expect(page.getByTestId('request-card')).toHaveCount(2);
    await search(page).blur();

    // «ت» is j: the first request; Enter opens it.
    const cards = page.locator('[data-nav-id]');
    await arabicKey(page, 'KeyJ', 'ت');
    await expect(cards.nth(0)).toBeFocused();
    await arabicKey(page, 'KeyJ', 'ت');
    await expect(cards.nth(1)).toBeFocused();
    await arabicKey(page, 'KeyK', 'ن');
    await expect(cards.nth(0)).toBeFocused();
    const opened = (await cards.nth(0).textContent()) ?? '';
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('request-dialog');
    await dialog.getByLabel('ملاحظات الإدارة').fill('حُفظ من اللوحة العربية');
    // Ctrl + the key that types «س» saves.
    await arabicKey(page, 'KeyS', 'س', 2);
    await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toBeHidden();
    expect((await storedRequest(opened)).notes).toBe('حُفظ من اللوحة العربية');

    // Shift + / types «؟»: the help.
    await arabicKey(page, 'Slash', '؟', 8);
    await expect(page.getByTestId('shortcuts-help')).toBeVisible();
  });
});
