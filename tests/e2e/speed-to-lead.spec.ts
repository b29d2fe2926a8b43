/**
 * WhatsApp as a logged work channel, and speed to lead (issue 32), in Debian Chromium against the
 * real local stack: a coordinator sends a prepared message (the opened wa.me address carries the
 * Arabic text filled for the request; a template it cannot fill says which variable) and the entry
 * reaches a colleague's open request live; a request nobody contacted turns red and alerts when its
 * time has passed, and a call recorded in two taps ends it; round robin gives three new requests to
 * three staff on duty. wa.me never leaves this machine: the test answers it itself.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { serviceClient, storedRequest, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login } from './staff.ts';

const uniquePhone = () => `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function insertLead(name: string, service: 'dental-implants' | 'orthopedic') {
  const { error } = await serviceClient.from('offer_leads').insert({
    name,
    phone: uniquePhone(),
    country_code: '+966',
    country: 'السعودية',
    service,
    source: '/',
    language: 'ar',
  });
  if (error) throw new Error(`insert lead: ${error.message}`);
}

async function staffPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  // Nothing reaches WhatsApp's servers: the chat opens on a page this test serves.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>wa</title>',
    }),
  );
  // A tel: link hands the number to the phone's dialler. Headless Chromium has none and leaves the
  // navigation pending, which holds back every later click: the page keeps the click, not the dial.
  await context.addInitScript(() =>
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element | null)?.closest?.('a[href^="tel:"]')) event.preventDefault();
      },
      true,
    ),
  );
  const page = await context.newPage();
  await login(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  return { context, page };
}

async function openRequest(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'بحث' }).fill(name);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const dialog = page.getByTestId('request-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

const card = (page: Page, name: string) =>
  page.getByTestId('request-card').filter({ hasText: name });

test.describe('speed to lead', () => {
  test.describe.configure({ mode: 'parallel', timeout: 150_000 });

  test('a coordinator sends a prepared message: wa.me carries the Arabic text, a colleague sees it live', async ({
    browser,
  }) => {
    const name = uniqueName('ليلى');
    await insertLead(name, 'dental-implants');
    const { reference } = await storedRequest(name);
    const sara = createAdmin('sara', 'coordinator');
    const colleague = await staffPage(browser, createAdmin('huda', 'coordinator'));
    const theirs = await openRequest(colleague.page, name);
    await expect(theirs).toContainText('لا توجد تغييرات مسجلة بعد');
    const { page, context } = await staffPage(browser, sara);

    await page.getByRole('searchbox', { name: 'بحث' }).fill(name);
    // The search applied (only this card left), so the card does not move under the click.
    await expect(page.getByTestId('request-list').getByRole('listitem')).toHaveCount(1);
    await card(page, name)
      .getByRole('button', { name: `مراسلة ${name} على واتساب` })
      .click();
    const sheet = card(page, name).getByTestId('whatsapp-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('تُرسل بالعربية، لغة الطلب.');
    // Nobody is assigned yet, so «التواصل الأول» ({manager}) cannot go, and says why.
    await expect(
      sheet.getByTestId('template-blocked').filter({ hasText: 'التواصل الأول' }),
    ).toContainText('{manager}: الطلب غير مسند لأحد بعد، فأسنده أولاً.');
    await expectNoSeriousA11yIssues(page, '[data-testid=whatsapp-sheet]');

    const [chat] = await Promise.all([
      context.waitForEvent('page'),
      sheet.getByTestId('template-send').filter({ hasText: 'طلب الصور والتقارير' }).click(),
    ]);
    const opened = new URL(chat.url());
    expect(`${opened.origin}${opened.pathname}`).toMatch(/^https:\/\/wa\.me\/9665\d{8}$/);
    const firstName = name.split(' ')[0];
    expect(opened.searchParams.get('text')).toBe(
      `مرحباً ${firstName}، لنطلب لك عروض العيادات نحتاج بعض الصور أو التقارير الطبية الخاصة بـزراعة الأسنان. يمكنك إرسالها هنا في واتساب. رقم طلبك ${reference}.`,
    );
    await expect(sheet).toBeHidden();

    // The colleague's open request shows the entry at once, without reloading.
    await expect(
      theirs.getByTestId('timeline').getByText('أُرسلت رسالة واتساب: طلب الصور والتقارير'),
    ).toBeVisible({ timeout: 10_000 });
    await expect(theirs.getByTestId('timeline')).toContainText(sara);
    await expect(theirs.getByTestId('first-contact-status')).toContainText('أول تواصل:');
    const stored = await storedRequest(name);
    expect(stored.first_contacted_at).not.toBeNull();
    expect(stored.version).toBe(1);
    await context.close();
    await colleague.context.close();
  });

  test('a request nobody contacted in time turns red and alerts; a call in two taps ends it', async ({
    browser,
  }) => {
    const name = uniqueName('منسي');
    await insertLead(name, 'dental-implants');
    const { page, context } = await staffPage(browser, createAdmin('alert', 'coordinator'));
    await page.getByRole('searchbox', { name: 'بحث' }).fill(name);
    await expect(card(page, name)).toContainText('أول تواصل قبل');
    await expect(card(page, name).getByTestId('first-contact-overdue')).toHaveCount(0);

    // Its first-contact time passes (set in the database: no waiting in the test).
    const { error } = await serviceClient
      .from('contact_requests')
      .update({ first_contact_due_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('name', name);
    expect(error).toBeNull();
    await expect(card(page, name).getByTestId('first-contact-overdue')).toHaveText(
      'لم يُتواصل بعد · متأخر',
    );
    // Unassigned: everyone is alerted, with the way to the request.
    const alert = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `لم يُتواصل بعد مع ${name}` });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await alert.getByRole('button', { name: 'فتح الطلب' }).click();
    const dialog = page.getByTestId('request-dialog');
    await expect(dialog.getByTestId('first-contact-status')).toContainText(
      'لم يُتواصل معه بعد، وقد مضت المهلة',
    );

    await dialog.getByTestId('call-button').click();
    const sheet = dialog.getByTestId('call-sheet');
    await expect(sheet).toBeVisible();
    await expectNoSeriousA11yIssues(page, '[data-testid=call-sheet]');
    await sheet.getByRole('button', { name: 'لم يرد' }).click();
    await expect(dialog.getByTestId('timeline')).toContainText('اتصال: لم يرد', {
      timeout: 10_000,
    });
    await expect(dialog.getByTestId('first-contact-status')).toContainText('أول تواصل:');
    await dialog.getByRole('button', { name: 'إغلاق' }).first().click();
    await expect(card(page, name).getByTestId('first-contact-overdue')).toHaveCount(0);
    await context.close();
  });

  test('round robin gives three new requests to the three staff on duty', async ({ browser }) => {
    const owner = await staffPage(browser, createAdmin('owner', 'owner'));
    const team = [
      createAdmin('rr-a', 'coordinator'),
      createAdmin('rr-b', 'coordinator'),
      createAdmin('rr-c', 'coordinator'),
    ];
    // The last of them switches herself on duty from her dashboard.
    const self = await staffPage(browser, team[2]!);
    await self.page.getByTestId('duty-toggle').check();
    await expect(self.page.getByTestId('duty-toggle')).toBeChecked();

    const page = owner.page;
    await page.goto('/admin/first-contact');
    // The owner's hours form saves as it is (the suite's long thresholds stay).
    await expect(page.getByLabel('المهلة الأولى (دقائق عمل)')).toHaveValue('600');
    await page.getByRole('button', { name: 'حفظ الساعات والمهل' }).click();
    await expect(page.getByText('حُفظت الساعات والمهل.')).toBeVisible();
    const rows = page.getByTestId('routing-staff-row');
    // Only orthopaedics for these three, so no other spec's request is routed meanwhile.
    for (const username of team) {
      const line = rows.filter({ hasText: username });
      await line.getByLabel(`علاجات ${username}`).selectOption('orthopedic');
      await expect(line.getByLabel(`علاجات ${username}`)).toHaveValues(['orthopedic']);
      if (username !== team[2]) {
        await line.getByLabel(`مناوبة ${username}`).check();
        await expect(line.getByLabel(`مناوبة ${username}`)).toBeChecked();
      }
    }
    await expect(rows.filter({ hasText: team[2]! }).getByLabel(`مناوبة ${team[2]}`)).toBeChecked();
    await page.getByTestId('routing-by_service').check();
    await expect(page.getByTestId('routing-by_service')).toBeChecked();
    await page.getByTestId('routing-enabled').check();
    await expect(page.getByTestId('routing-enabled')).toBeChecked();
    await expectNoSeriousA11yIssues(page);

    try {
      const batch = uniqueName('تناوب');
      const names = [`${batch} 1`, `${batch} 2`, `${batch} 3`];
      for (const each of names) await insertLead(each, 'orthopedic');
      const { data: requests } = await serviceClient
        .from('contact_requests')
        .select('id')
        .like('name', `${batch}%`);
      const { data: events } = await serviceClient
        .from('request_events')
        .select('request_id, new_value, old_value, author')
        .eq('kind', 'routed')
        .in(
          'request_id',
          (requests ?? []).map((request) => request.id),
        );
      expect(events?.map((event) => event.new_value).sort()).toEqual([...team].sort());
      expect(events?.every((event) => event.old_value === 'round_robin:service')).toBe(true);
      expect(events?.every((event) => event.author === null)).toBe(true);
    } finally {
      await page.getByTestId('routing-enabled').uncheck();
      await expect(page.getByTestId('routing-enabled')).not.toBeChecked();
    }
    await owner.context.close();
    await self.context.close();
  });
});
