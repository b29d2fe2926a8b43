/**
 * One person, every channel (issue 26) in Debian Chromium against the real local stack: the offer
 * dialog asks which country a number typed without its code is from, so the stored number can be
 * dialled; a coordinator adds the country to a number stored without one and the duplicate badge
 * appears; a request entered by staff from WhatsApp reaches a colleague's screen live. Every
 * assertion reads what a person sees or what the database stored.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { rowsNamed, serviceClient, storedRequest, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues, waitForIslands } from './helpers.ts';
import { createAdmin, login } from './staff.ts';

const duringTheOffer = new Date('2025-10-26T09:00:00Z');

/** A national number no other test uses: 05 and eight random digits. */
const nationalNumber = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function insertLead(name: string, phone: string, countryCode: string | null) {
  const { error } = await serviceClient.from('offer_leads').insert({
    name,
    phone,
    country_code: countryCode,
    source: 'hair-transplant-offer-page',
  });
  if (error) throw new Error(`insert lead: ${error.message}`);
}

async function staffPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  return { context, page };
}

function card(page: Page, name: string) {
  return page.getByTestId('request-card').filter({ hasText: name });
}

test.describe('one person, every channel', () => {
  test.describe.configure({ mode: 'parallel', timeout: 120_000 });

  test('the offer dialog asks the country of 0545024476 and stores a callable number', async ({
    page,
  }) => {
    await page.clock.install({ time: duringTheOffer });
    await page.goto('/hair-transplant-offer');
    await waitForIslands(page);
    await page.getByTestId('offer-badge').click();
    const dialog = page.getByRole('dialog');
    const name = uniqueName('بلا رمز');
    await dialog.getByLabel('الاسم الكامل').fill(name);
    await dialog.getByLabel('رقم الهاتف مع رمز الدولة').fill('0545024476');
    const country = dialog.getByLabel('من أي دولة هذا الرقم؟');
    await expect(country).toBeVisible();
    await dialog.getByRole('button', { name: 'سجل الآن' }).click();
    await expect(dialog).toContainText('اختر دولة الرقم');
    await expect(country).toBeFocused();
    expect(await rowsNamed('offer_leads', name)).toEqual([]);

    await expectNoSeriousA11yIssues(page, '[data-offer-dialog]');
    await country.selectOption('+971');
    await dialog.getByRole('button', { name: 'سجل الآن' }).click();
    await expect(page).toHaveURL(/\/thank-you\/?$/, { timeout: 15_000 });
    const [lead] = await rowsNamed('offer_leads', name);
    expect(lead).toMatchObject({
      phone: '971545024476',
      country_code: '+971',
      country: 'الإمارات',
    });
    // A number typed with its code is not asked about.
    await page.goto('/hair-transplant-offer');
    await waitForIslands(page);
    await page.getByTestId('offer-badge').click();
    await page.getByRole('dialog').getByLabel('رقم الهاتف مع رمز الدولة').fill('966545024476');
    await expect(page.getByRole('dialog').getByLabel('من أي دولة هذا الرقم؟')).toHaveCount(0);
  });

  test('the home form stores a number typed with a code the list lacks as typed, not as Saudi', async ({
    page,
  }) => {
    await page.goto('/');
    const form = page.getByTestId('lead-form-wizard');
    const name = uniqueName('رقم يمني');
    const national = `7${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await form.getByLabel('الاسم الكامل').fill(name);
    // The picker stays on +966; the visitor types their own code, as the hint invites.
    await form.getByLabel('رقم الهاتف (واتساب)').fill(`+967 ${national}`);
    await expect(form.getByText('يجب إدخال أرقام فقط')).toBeHidden();
    await expect(form.getByLabel('رقم الهاتف (واتساب)')).toHaveValue(`967${national}`);
    await form.getByRole('button', { name: 'التالي' }).click();
    await form.getByRole('combobox', { name: 'العلاج المطلوب' }).selectOption('hair-transplant');
    await form.getByRole('button', { name: 'التالي' }).click();
    await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
    await page.waitForURL(/\/thank-you\/?$/, { timeout: 20_000 });
    const [lead] = await rowsNamed('offer_leads', name);
    expect(lead).toMatchObject({ phone: `967${national}`, country_code: null, country: null });
  });

  test('a coordinator adds the country to a number without one, and the duplicate badge appears', async ({
    browser,
  }) => {
    const sara = createAdmin('sara');
    const national = nationalNumber();
    const full = `966${national.slice(1)}`;
    const stranded = uniqueName('رقم وطني');
    const known = uniqueName('رقم دولي');
    await insertLead(known, full, '+966');
    await insertLead(stranded, national, null);
    const { page, context } = await staffPage(browser, sara);

    await page.getByRole('searchbox', { name: 'بحث' }).fill(stranded);
    const strandedCard = card(page, stranded);
    await expect(strandedCard.getByTestId('phone-no-country')).toContainText(national);
    await expect(strandedCard.getByTestId('phone-no-country')).toContainText('بلا رمز دولة');
    // No link that would dial or message a stranger, and no "+" in front of a national number.
    await expect(strandedCard.locator('a[href^="tel:"], a[href*="wa.me"]')).toHaveCount(0);
    await expect(strandedCard).not.toContainText(`+${national}`);
    await expect(strandedCard.getByTestId('duplicate-badge')).toHaveCount(0);

    await strandedCard.getByRole('button', { name: 'أضف رمز الدولة' }).click();
    const dialog = page.getByTestId('request-dialog');
    await expect(dialog.getByTestId('possible-matches')).toContainText(known);
    await expectNoSeriousA11yIssues(page, '[data-testid=request-dialog]');
    await dialog.getByLabel('دولة الرقم').selectOption('+966');
    await dialog.getByRole('button', { name: 'حفظ بيانات التواصل' }).click();
    await expect(page.getByText('تم حفظ بيانات التواصل')).toBeVisible({ timeout: 10_000 });
    await expect(dialog.getByTestId('duplicates')).toContainText(known);
    await dialog.getByRole('button', { name: 'إغلاق' }).first().click();

    await expect(strandedCard.getByTestId('duplicate-badge')).toBeVisible({ timeout: 10_000 });
    await expect(strandedCard.locator(`a[href="tel:+${full}"]`).first()).toBeVisible();
    // The chat opens from «واتساب» (issue 32: the prepared messages, each recorded).
    await expect(strandedCard.getByTestId('whatsapp-menu')).toBeVisible();
    const stored = await storedRequest(stranded);
    expect(stored).toMatchObject({ phone: full, country_code: '+966', phone_key: full });
    const { data: events } = await serviceClient
      .from('request_events')
      .select('kind, author, old_value, new_value')
      .eq('request_id', stored.id);
    expect(events).toEqual([
      { kind: 'phone', author: sara, old_value: national, new_value: `+${full}` },
    ]);
    await context.close();
  });

  test('a correction typed while a colleague changes the e-mail keeps both, never sends the old one', async ({
    browser,
  }) => {
    const sara = createAdmin('sara');
    const full = `966${nationalNumber().slice(1)}`;
    const name = uniqueName('تصحيح متزامن');
    await insertLead(name, full, '+966');
    const stored = await storedRequest(name);
    const { page, context } = await staffPage(browser, sara);
    await page.getByRole('searchbox', { name: 'بحث' }).fill(name);
    await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
    const section = page.getByTestId('request-dialog').getByTestId('contact-section');
    await section.getByText('بيانات التواصل', { exact: true }).click();
    const corrected = `${name} المصحح`;
    await section.getByLabel('الاسم', { exact: true }).fill(corrected);

    // Meanwhile the patient's e-mail is recorded (as the patient's page does: lead and request);
    // the dialog hears of it live.
    for (const [table, id] of [
      ['offer_leads', stored.lead_id],
      ['contact_requests', stored.id],
    ] as const) {
      const { error } = await serviceClient
        .from(table)
        .update({ email: 'patient@example.com' })
        .eq('id', id);
      expect(error).toBeNull();
    }
    await section.getByRole('button', { name: 'حفظ بيانات التواصل' }).click();
    await expect(section.getByRole('alert')).toContainText('تغيّرت بيانات التواصل بعد أن فتحتها');
    await expect(section.getByLabel('البريد الإلكتروني')).toHaveValue('patient@example.com');
    await expect(section.getByLabel('الاسم', { exact: true })).toHaveValue(corrected);
    await section.getByRole('button', { name: 'حفظ بيانات التواصل' }).click();
    await expect(page.getByText('تم حفظ بيانات التواصل')).toBeVisible({ timeout: 10_000 });
    expect(await storedRequest(corrected)).toMatchObject({
      name: corrected,
      email: 'patient@example.com',
    });
    await context.close();
  });

  test('a search by the full number finds it stored without its code, marked as a possible match', async ({
    browser,
  }) => {
    const sara = createAdmin('sara');
    const national = nationalNumber();
    const full = `966${national.slice(1)}`;
    const stranded = uniqueName('بلا رمز');
    const known = uniqueName('برمز');
    await insertLead(known, full, '+966');
    await insertLead(stranded, national, null);
    const { page, context } = await staffPage(browser, sara);

    // Typed as a coordinator copies it from WhatsApp: "+966 54 502 4476".
    await page
      .getByRole('searchbox', { name: 'بحث' })
      .fill(`+966 ${full.slice(3, 5)} ${full.slice(5, 8)} ${full.slice(8)}`);
    await expect(card(page, known)).toBeVisible({ timeout: 10_000 });
    await expect(card(page, stranded).getByTestId('possible-match')).toHaveText(/ربما الرقم نفسه/);
    await expect(card(page, known).getByTestId('possible-match')).toHaveCount(0);
    await expectNoSeriousA11yIssues(page, '[data-testid=request-list]');
    // Nothing merged them: each is still its own person, with no duplicate badge.
    await expect(card(page, stranded).getByTestId('duplicate-badge')).toHaveCount(0);
    expect((await storedRequest(stranded)).person_id).toBeNull();
    // The national spelling finds both plainly: no mark.
    await page.getByRole('searchbox', { name: 'بحث' }).fill(national);
    await expect(card(page, stranded)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('possible-match')).toHaveCount(0);
    await context.close();
  });

  test('a request entered from WhatsApp shows on a colleague’s screen live', async ({
    browser,
  }) => {
    const sara = createAdmin('sara');
    const omar = createAdmin('omar');
    const a = await staffPage(browser, sara);
    const b = await staffPage(browser, omar);
    const name = uniqueName('واتساب');

    await a.page.getByRole('button', { name: 'طلب جديد' }).click();
    const form = a.page.getByTestId('new-request-dialog');
    await form.getByLabel('كيف وصل الطلب؟').selectOption('whatsapp');
    await form.getByLabel('الاسم').fill(name);
    await form.getByLabel('رقم الهاتف').fill('0501234567');
    await expectNoSeriousA11yIssues(a.page, '[data-testid=new-request-dialog]');
    await form.getByRole('button', { name: 'حفظ الطلب' }).click();
    // Nothing is lost: the missing answers are named and the typed ones stay.
    await expect(form.getByText('هذا الحقل مطلوب').first()).toBeVisible();
    await expect(form.getByLabel('الاسم')).toHaveValue(name);
    await form.getByLabel('العلاج المطلوب').selectOption('dental-implants');
    await form.getByLabel('كيف وافق على حفظ بياناته والتواصل معه؟').fill('وافق في محادثة واتساب');
    await form.getByLabel('من أعطى الموافقة؟').fill('المريض نفسه');
    await form.getByRole('button', { name: 'حفظ الطلب' }).click();
    await expect(a.page.getByText('تم حفظ الطلب')).toBeVisible({ timeout: 10_000 });

    // Omar did nothing: the request arrives on his screen by itself.
    const arrived = card(b.page, name);
    await expect(arrived).toBeVisible({ timeout: 15_000 });
    await expect(arrived.getByTestId('entry-channel')).toHaveText(`واتساب، أدخله ${sara}`);
    await expect(arrived).toContainText('وافق في محادثة واتساب');
    const stored = await storedRequest(name);
    expect(stored).toMatchObject({
      phone: '966501234567',
      country_code: '+966',
      entry_channel: 'whatsapp',
      entered_by_name: sara,
      source: 'staff:whatsapp',
    });
    // (No notification e-mail for it: supabase/tests/one-person.test.ts reads the outbox.)
    await a.context.close();
    await b.context.close();
  });
});
