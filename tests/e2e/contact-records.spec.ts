/**
 * Contact records are what happened (issue 41, items 1 and 4), in Debian Chromium against the real
 * local stack: a template edited and then archived by the owner while a coordinator's list is open
 * still records the message that went out, under the title it had; a record whose answer was cut
 * after the server stored it is retried as the same record (one entry, not two); a record the
 * database refuses says why, offers no retry, and stays until dismissed; the list is read again
 * when it opens. wa.me never leaves this machine: the test answers it itself.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { serviceClient, storedRequest, uniqueName } from './backend.ts';
import { createAdmin, login } from './staff.ts';

const uniquePhone = () => `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function insertLead(name: string) {
  const { error } = await serviceClient.from('offer_leads').insert({
    name,
    phone: uniquePhone(),
    country_code: '+966',
    country: 'السعودية',
    service: 'dental-implants',
    source: '/',
    language: 'ar',
  });
  if (error) throw new Error(`insert lead: ${error.message}`);
}

/** A template of its own for this test (no variable, so it can always go out). */
async function newTemplate(title: string) {
  const { data, error } = await serviceClient
    .from('message_templates')
    .insert({
      title_ar: title,
      title_en: `${title} (en)`,
      body_ar: `نص أول: ${title}`,
      body_en: `First text: ${title}`,
      position: 0,
    })
    .select('id, version')
    .single();
  if (error) throw new Error(`insert template: ${error.message}`);
  return data;
}

async function whatsappEvents(requestId: string) {
  const { data, error } = await serviceClient
    .from('request_events')
    .select('old_value, new_value, author')
    .eq('request_id', requestId)
    .eq('kind', 'whatsapp')
    .order('id');
  if (error) throw new Error(`events: ${error.message}`);
  return data;
}

async function staffPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>wa</title>',
    }),
  );
  const page = await context.newPage();
  await login(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  return { context, page };
}

const card = (page: Page, name: string) =>
  page.getByTestId('request-card').filter({ hasText: name });

async function openSheet(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'بحث' }).fill(name);
  await expect(page.getByTestId('request-list').getByRole('listitem')).toHaveCount(1);
  await card(page, name)
    .getByRole('button', { name: `مراسلة ${name} على واتساب` })
    .click();
  const sheet = card(page, name).getByTestId('whatsapp-sheet');
  await expect(sheet).toBeVisible();
  return sheet;
}

test.describe('contact records', () => {
  test.describe.configure({ mode: 'parallel', timeout: 150_000 });

  test('a template edited and archived while the list is open: the record keeps what went out', async ({
    browser,
  }) => {
    const name = uniqueName('سلمى');
    await insertLead(name);
    const { id: requestId } = await storedRequest(name);
    const title = uniqueName('قالب اختبار');
    const template = await newTemplate(title);
    const { page, context } = await staffPage(browser, createAdmin('rana', 'coordinator'));
    const sheet = await openSheet(page, name);
    const choice = sheet.getByTestId('template-send').filter({ hasText: title });
    await expect(choice).toContainText(`نص أول: ${title}`);

    // While the list is open, the owner rewrites the template and then archives it.
    const edited = await serviceClient
      .from('message_templates')
      .update({ title_ar: `${title} بعد التعديل`, body_ar: 'نص آخر تماماً' })
      .eq('id', template.id);
    expect(edited.error).toBeNull();
    const archived = await serviceClient
      .from('message_templates')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', template.id);
    expect(archived.error).toBeNull();

    const [chat] = await Promise.all([context.waitForEvent('page'), choice.click()]);
    expect(new URL(chat.url()).searchParams.get('text')).toBe(`نص أول: ${title}`);
    // The record is accepted, names the version the list showed and its title then.
    await expect
      .poll(() => whatsappEvents(requestId), { timeout: 10_000 })
      .toEqual([
        {
          old_value: `${template.id}:${template.version}`,
          new_value: title,
          author: expect.any(String),
        },
      ]);
    await expect(page.getByText('لم يُسجَّل هذا التواصل في سجل الطلب.')).toHaveCount(0);
    // Opened again, the list is read again: the archived template is gone from it.
    await chat.close();
    const again = await openSheet(page, name);
    await expect(again.getByTestId('template-send').first()).toBeVisible();
    await expect(again).not.toContainText(title);
    await context.close();
  });

  test('a record whose answer was cut is retried as the same record; a refused one says why and stays', async ({
    browser,
  }) => {
    const name = uniqueName('هالة');
    await insertLead(name);
    const { id: requestId } = await storedRequest(name);
    const { page, context } = await staffPage(browser, createAdmin('lama', 'coordinator'));

    // The server stores the record; its answer never reaches the browser.
    let cut = true;
    await page.route('**/rest/v1/rpc/log_whatsapp_message', async (route) => {
      if (!cut) return route.continue();
      cut = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    let sheet = await openSheet(page, name);
    await Promise.all([
      context.waitForEvent('page'),
      sheet.getByRole('link', { name: 'فتح المحادثة دون رسالة جاهزة' }).click(),
    ]);
    const failed = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'لم يُسجَّل هذا التواصل في سجل الطلب.' });
    await expect(failed).toBeVisible({ timeout: 10_000 });
    await expect.poll(async () => (await whatsappEvents(requestId)).length).toBe(1);
    // «إعادة المحاولة» is the same record: the server answers with it, no second entry.
    await failed.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await expect(failed).toBeHidden({ timeout: 10_000 });
    expect(await whatsappEvents(requestId)).toHaveLength(1);

    // A record the database refuses (here: it names a template that never existed) says why,
    // offers no retry — none could succeed — and stays until dismissed.
    await page.unroute('**/rest/v1/rpc/log_whatsapp_message');
    await page.route('**/rest/v1/rpc/log_whatsapp_message', (route) =>
      route.continue({
        postData: JSON.stringify({
          ...(route.request().postDataJSON() as Record<string, unknown>),
          _template_id: crypto.randomUUID(),
          _template_version: 1,
        }),
      }),
    );
    sheet = await openSheet(page, name);
    await Promise.all([
      context.waitForEvent('page'),
      sheet.getByRole('link', { name: 'فتح المحادثة دون رسالة جاهزة' }).click(),
    ]);
    const refused = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'لم يُسجَّل هذا التواصل في سجل الطلب.' });
    await expect(refused).toContainText('لم يعد هذا القالب موجوداً.', { timeout: 10_000 });
    expect(await whatsappEvents(requestId)).toHaveLength(1);
    await expect(refused.getByRole('button', { name: 'إعادة المحاولة' })).toHaveCount(0);
    await page.waitForTimeout(6_000);
    await expect(refused).toBeVisible();
    await refused.getByRole('button', { name: 'إغلاق' }).first().click();
    await expect(refused).toBeHidden();
    await context.close();
  });
});
