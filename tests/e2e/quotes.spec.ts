/**
 * Two clinics' quotes, compared and chosen (issue 31), in a real browser against the local stack: a
 * coordinator builds two quotes with the keyboard and sends them; the patient's page shows them
 * side by side at 360 px without sideways scrolling, in Arabic and in English; the patient's choice
 * shows on the coordinator's screen live and in the timeline; a corrected quote replaces the old
 * one on the patient's page; the clinic's page is reachable from the quote.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, serviceClient, storedRequest, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login } from './staff.ts';

/** Two partner clinics as an owner would have entered them, each with a valid accreditation. */
async function addClinics() {
  // Each call its own: slugs are unique.
  const suffix = Math.random().toString(36).slice(2, 7);
  const clinics = [
    { slug: `istanbul-hair-${suffix}`, ar: 'مركز إسطنبول للشعر', en: 'Istanbul Hair Centre' },
    { slug: `antalya-clinic-${suffix}`, ar: 'عيادة أنطاليا', en: 'Antalya Clinic' },
  ];
  for (const clinic of clinics) {
    const { data, error } = await serviceClient
      .from('clinics')
      .insert({
        slug: clinic.slug,
        name_ar: `${clinic.ar} ${suffix}`,
        name_en: `${clinic.en} ${suffix}`,
        city_ar: 'إسطنبول',
        city_en: 'Istanbul',
        country: 'turkey',
        languages: ['ar', 'en', 'tr'],
        includes_hotel: true,
        includes_transfer: true,
        includes_interpreter: clinic === clinics[0],
        hotel: '4★ Şişli',
        treatments: ['hair-transplant'],
        currency: 'EUR',
        about_ar: 'عيادة متخصصة في زراعة الشعر.',
        about_en: 'A clinic specialised in hair transplants.',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const { error: checked } = await serviceClient.from('clinic_accreditations').insert({
      clinic_id: data!.id,
      body: 'JCI',
      certificate_number: `JCI-${suffix}`,
      valid_until: '2099-12-31',
    });
    expect(checked).toBeNull();
  }
  return clinics.map((clinic) => ({ ...clinic, name: `${clinic.ar} ${suffix}` }));
}

/** A request from the public form with a link token we keep, as the browser makes it. */
async function submitRequest(name: string) {
  const token = randomBytes(32).toString('base64url');
  const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
  const { error } = await anon.from('offer_leads').insert({
    name,
    phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country_code: '+966',
    service: 'hair-transplant',
    source: '/',
    language: 'ar',
    patient_token: token,
  });
  expect(error).toBeNull();
  return { token, stored: await storedRequest(name) };
}

/** Types one quote with the keyboard only: technique, quantity, team, price, then Ctrl+Enter. */
async function typeQuote(
  page: Page,
  clinic: string,
  values: { technique?: string; units?: string; team: string; price: string },
) {
  const dialog = page.getByTestId('request-dialog');
  await dialog.getByRole('button', { name: 'عرض جديد من عيادة' }).click();
  await dialog.getByLabel('العيادة').selectOption({ label: `${clinic} · إسطنبول` });
  const editor = dialog.getByTestId('quote-editor');
  await expect(editor.getByLabel('التقنية')).toBeFocused();
  const keys = page.keyboard;
  if (values.technique) await keys.type(values.technique);
  await keys.press('Enter');
  if (values.units) await keys.type(values.units);
  await keys.press('Enter'); // the unit's kind, prefilled from the treatment
  await keys.press('Enter');
  await keys.type(values.team);
  await keys.press('Enter');
  await keys.type(values.price);
  await keys.press('Control+Enter');
  await expect(editor).toBeHidden({ timeout: 15_000 });
  await expect(
    dialog
      .locator(`[data-testid="quote-card"]`, { hasText: clinic })
      .locator('[data-quote-status]'),
  ).toHaveAttribute('data-quote-status', 'sent');
}

/** The patient's page in a fresh browser at 360 px; asserts nothing scrolls sideways. */
async function patientPage(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(url);
  const table = page.locator('[data-quotes-compare]');
  await expect(table).toBeVisible({ timeout: 15_000 });
  return { context, page, table };
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    table: document.querySelector('[data-quotes-compare]')!.scrollWidth,
    box: document.querySelector('[data-quotes-compare]')!.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.viewport);
  expect(widths.table).toBeLessThanOrEqual(widths.box);
}

test('a coordinator sends two quotes; the patient compares them at 360 px, chooses one, and sees a correction', async ({
  page,
  browser,
}) => {
  const clinics = await addClinics();
  const name = uniqueName('مريض العروض');
  const { token, stored } = await submitRequest(name);

  await login(page, createAdmin('quotes', 'coordinator'));
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'بحث' }).fill(stored.reference);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const dialog = page.getByTestId('request-dialog');
  await expect(dialog.getByTestId('quote-clock')).toContainText('ولم يُرسل عرض بعد');

  const started = Date.now();
  await typeQuote(page, clinics[0]!.name, {
    technique: 'FUE',
    units: '4000',
    team: 'Dr. Kaya',
    price: '2100',
  });
  // The second clinic's quote starts from the first one's technique and quantity.
  await typeQuote(page, clinics[1]!.name, { team: 'فريق د. أوزتورك', price: '2600' });
  console.log(`two quotes typed and sent in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await expect(dialog.getByTestId('quote-clock')).toContainText('أُرسل أول عرض');
  await expectNoSeriousA11yIssues(page, '[data-testid="quotes-section"]');

  for (const lang of ['ar', 'en'] as const) {
    const url = `${lang === 'en' ? '/en' : ''}/r/#${token}`;
    const patient = await patientPage(browser, url);
    const heads = patient.table.locator('thead th');
    await expect(heads).toHaveCount(2);
    await expect(heads.first()).toContainText(lang === 'ar' ? clinics[0]!.name : 'Istanbul Hair');
    // Every item is one row with a value under each clinic; what differs is marked.
    for (const row of await patient.table.locator('tbody').all()) {
      await expect(row.locator('td')).toHaveCount(2);
    }
    const price = patient.table.locator('tbody[data-row="price"]');
    await expect(price).toHaveAttribute('data-differs', '');
    await expect(price).toContainText('2,100 EUR');
    // The patient's phone is Saudi: an indicative conversion into riyals, with the rates' date.
    await expect(price.locator('[data-converted]').first()).toContainText('SAR');
    await expect(patient.page.locator('[data-rate-note-text]')).toContainText('2026');
    await expect(patient.table.locator('tbody[data-row="technique"]')).not.toHaveAttribute(
      'data-differs',
    );
    await expectNoSidewaysScroll(patient.page);
    await expectNoSeriousA11yIssues(patient.page, '[data-quotes]');
    await patient.context.close();
  }

  // The patient chooses the first clinic's quote; the coordinator sees it at once.
  const patient = await patientPage(browser, `/r/#${token}`);
  const firstColumn = patient.table.locator('tfoot td').first();
  await firstColumn.getByRole('button', { name: 'أختار هذا العرض' }).click();
  await firstColumn.getByRole('button', { name: /^تأكيد/ }).click();
  await expect(patient.page.locator('[data-quotes-status]')).toContainText('سجّلنا اختيارك');
  await expect(patient.table.locator('thead [data-status]').first()).toHaveAttribute(
    'data-status',
    'chosen',
  );

  // Nobody is assigned, so every coordinator is told (with a button to open the request).
  await expect(page.getByText(`اختار المريض عرضاً: ${name}`)).toBeVisible();
  const chosenCard = dialog.locator('[data-testid="quote-card"]', { hasText: clinics[0]!.name });
  await expect(chosenCard.locator('[data-quote-status]')).toHaveAttribute(
    'data-quote-status',
    'chosen',
  );
  await expect(dialog.getByTestId('timeline')).toContainText('اختار عرضاً');
  await expect(dialog.getByTestId('timeline')).toContainText('النسخة 1');

  // A correction of the other quote: a new version, which replaces the old one for the patient.
  const other = dialog.locator('[data-testid="quote-card"]', { hasText: clinics[1]!.name });
  await other.getByRole('button', { name: 'تصحيح العرض (نسخة جديدة)' }).click();
  const price = dialog.getByTestId('quote-editor').getByLabel('السعر', { exact: true });
  await price.fill('2450');
  await price.press('Control+Enter');
  await expect(other.getByTestId('quote-sent-version')).toContainText('النسخة 2', {
    timeout: 15_000,
  });
  await patient.page.reload();
  const corrected = patient.page.locator('[data-quotes-compare] tbody[data-row="price"]');
  await expect(corrected).toContainText('2,450 EUR');
  await expect(corrected).not.toContainText('2,600 EUR');
  await expect(patient.page.locator('[data-quotes-compare] thead th').nth(1)).toContainText(
    'النسخة 2',
  );

  // The clinic's page, from the quote.
  await patient.page.locator('[data-quotes-compare] thead a').first().click();
  await expect(patient.page.getByRole('heading', { name: clinics[0]!.name })).toBeVisible();
  await expect(patient.page.locator('[data-accreditations]')).toContainText('JCI');
  await expectNoSeriousA11yIssues(patient.page);
  await patient.context.close();

  // The coordinator reads the clinics (owners change them), and the campaign report measures the
  // promise over every request of the range.
  await page.goto('/admin/clinics');
  await expect(page.locator(`[data-slug="${clinics[0]!.slug}"]`)).toContainText('JCI');
  await expect(page.getByRole('button', { name: 'إضافة عيادة' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await page.goto('/admin/campaigns');
  await expect(page.getByTestId('quote-speed-total')).toHaveText(
    /^الوسيط [\d.]+ ساعة · \d+% خلال 48 ساعة$/,
  );
  // And to the patient knowing: this patient saw the quotes on their page.
  await expect(page.getByTestId('quote-speed-told')).toHaveText(
    /^علم المريض بعرضه الأول: الوسيط [\d.]+ ساعة · \d+% خلال 48 ساعة/,
  );
});

test('an owner changes a clinic; a change another owner saved meanwhile is never overwritten', async ({
  page,
}) => {
  const [clinic] = await addClinics();
  await login(page, createAdmin('clinics', 'owner'));
  // Signed in first: a navigation while the sign-in is still under way cancels it (the clinics
  // page then showed the login form under load).
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await page.goto('/admin/clinics');
  const card = page.getByRole('listitem').filter({ hasText: clinic!.name });
  await card.getByRole('button', { name: 'تعديل' }).click();
  const form = page.getByTestId('clinic-form');
  const about = form.getByLabel('نبذة للصفحة العامة بالعربية');
  await about.fill('عيادة متخصصة في زراعة الشعر منذ 2005.');
  await form.getByRole('button', { name: 'حفظ العيادة' }).click();
  await expect(page.getByText('حُفظت العيادة.')).toBeVisible();
  const stored = async () =>
    (
      await serviceClient
        .from('clinics')
        .select('about_ar, active')
        .eq('slug', clinic!.slug)
        .single()
    ).data;
  expect(await stored()).toEqual({
    about_ar: 'عيادة متخصصة في زراعة الشعر منذ 2005.',
    active: true,
  });

  // Opened again; meanwhile another owner pauses the clinic.
  await card.getByRole('button', { name: 'تعديل' }).click();
  const { error } = await serviceClient
    .from('clinics')
    .update({ active: false })
    .eq('slug', clinic!.slug);
  expect(error).toBeNull();
  await about.fill('نص لم يُحفظ بعد');
  await form.getByRole('button', { name: 'حفظ العيادة' }).click();
  await expect(page.getByText('غيّر مالك آخر هذه العيادة بعد أن فتحتَها')).toBeVisible();
  await expect(about).toHaveValue('نص لم يُحفظ بعد');
  expect(await stored()).toEqual({
    about_ar: 'عيادة متخصصة في زراعة الشعر منذ 2005.',
    active: false,
  });
});

test('a quote typed and closed at once is in the database, not only in this browser', async ({
  page,
}) => {
  const [clinic] = await addClinics();
  const name = uniqueName('عرض مغلق بسرعة');
  const { stored } = await submitRequest(name);
  await login(page, createAdmin('quick', 'coordinator'));
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'بحث' }).fill(stored.reference);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const dialog = page.getByTestId('request-dialog');
  await dialog.getByRole('button', { name: 'عرض جديد من عيادة' }).click();
  await dialog.getByLabel('العيادة').selectOption({ label: `${clinic!.name} · إسطنبول` });
  const editor = dialog.getByTestId('quote-editor');
  await editor.getByLabel('التقنية').fill('FUE بالياقوت');
  // Closed within the autosave's moment.
  await editor.getByRole('button', { name: 'إغلاق', exact: true }).click();
  await expect(editor).toBeHidden();
  await expect
    .poll(
      async () => {
        const { data: quotes } = await serviceClient
          .from('quotes')
          .select('id')
          .eq('request_id', stored.id);
        const { data: versions } = await serviceClient
          .from('quote_versions')
          .select('technique')
          .in(
            'quote_id',
            (quotes ?? []).map((quote) => quote.id),
          );
        return (versions ?? []).map((version) => version.technique);
      },
      { timeout: 10_000 },
    )
    .toEqual(['FUE بالياقوت']);
});

test('a quote in Iraqi dinars for an ordinary amount is accepted and sent', async ({ page }) => {
  const [clinic] = await addClinics();
  const name = uniqueName('عرض بالدينار');
  const { stored } = await submitRequest(name);
  await login(page, createAdmin('dinar', 'coordinator'));
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'بحث' }).fill(stored.reference);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const dialog = page.getByTestId('request-dialog');
  await dialog.getByRole('button', { name: 'عرض جديد من عيادة' }).click();
  await dialog.getByLabel('العيادة').selectOption({ label: `${clinic!.name} · إسطنبول` });
  const editor = dialog.getByTestId('quote-editor');
  await editor.getByLabel('الجرّاح أو الفريق').fill('Dr. Kaya');
  await editor.getByLabel('العملة').selectOption('IQD');
  // About 9,000 USD: above the old bound of 10,000,000, which refused it.
  const price = editor.getByLabel('السعر', { exact: true });
  await price.fill('11800000');
  await price.press('Control+Enter');
  await expect(editor).toBeHidden({ timeout: 15_000 });
  const { data: quotes } = await serviceClient
    .from('quotes')
    .select('id, status')
    .eq('request_id', stored.id);
  expect(quotes?.map((quote) => quote.status)).toEqual(['sent']);
  const { data: versions } = await serviceClient
    .from('quote_versions')
    .select('price, currency, sent_at')
    .eq('quote_id', quotes![0]!.id);
  expect(versions).toHaveLength(1);
  expect(Number(versions![0]!.price)).toBe(11_800_000);
  expect(versions![0]!.currency).toBe('IQD');
  expect(versions![0]!.sent_at).not.toBeNull();
});
