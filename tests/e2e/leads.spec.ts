import { expect, test, type Page } from '@playwright/test';
import { rowsNamed, uniqueName } from './backend.ts';
import { waitForIslands } from './helpers.ts';

const text = {
  ar: {
    next: 'التالي',
    submit: 'أرسل طلب الاستشارة',
    sending: 'جاري الإرسال...',
    service: 'زراعة الأسنان',
    yes: 'نعم',
    thisMonth: 'هذا الشهر',
    turkey: 'تركيا',
    error: 'حدث خطأ أثناء الإرسال. يرجى المحاولة مرة أخرى',
    name: 'الاسم الكامل',
    phone: 'رقم الهاتف (واتساب)',
  },
  en: {
    next: 'Next',
    submit: 'Send my request',
    sending: 'Sending...',
    service: 'Dental implants',
    yes: 'Yes',
    thisMonth: 'This month',
    turkey: 'Turkey',
    error: 'An error occurred while submitting your request. Please try again.',
    name: 'Full name',
    phone: 'Phone number (WhatsApp)',
  },
};

async function openWizard(page: Page, path: string) {
  await page.goto(path);
  const form = page.getByTestId('lead-form-wizard');
  await form.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  return form;
}

async function fillWizard(page: Page, lang: 'ar' | 'en', name: string) {
  const form = page.getByTestId('lead-form-wizard');
  const t = text[lang];
  await form.getByLabel(t.name).fill(name);
  await form.getByLabel(t.phone).fill('050 123 4567');
  await form.getByRole('button', { name: t.next }).click();
  await form.getByRole('combobox').selectOption({ label: t.service });
  await form.getByText(t.turkey, { exact: true }).click();
  await form.getByRole('button', { name: t.next }).click();
  await form.getByText(t.yes, { exact: true }).click();
  await form.getByText(t.thisMonth, { exact: true }).click();
  return form;
}

for (const lang of ['ar', 'en'] as const) {
  test(`a completed wizard lands on thank-you and stores one lead and one inbox row (${lang})`, async ({
    page,
  }) => {
    const home = lang === 'ar' ? '/' : '/en/';
    // Land from a campaign, browse elsewhere, come back: first-touch UTM stays with the visit.
    await page.goto(`${home}?utm_source=google&utm_medium=cpc&utm_campaign=spring-${lang}`);
    await page.goto(lang === 'ar' ? '/thank-you' : '/en/thank-you');
    await openWizard(page, home);
    const name = uniqueName(lang === 'ar' ? 'مريض تجربة' : 'Test Patient');
    const form = await fillWizard(page, lang, name);
    await expect(form.getByTestId('wizard-progress')).toContainText(
      lang === 'ar' ? 'الخطوة 3 من 3' : 'Step 3 of 3',
    );
    await form.getByRole('button', { name: text[lang].submit }).click();
    await expect(page).toHaveURL(new RegExp(`${lang === 'ar' ? '' : '/en'}/thank-you/?$`), {
      timeout: 15_000,
    });

    const leads = await rowsNamed('offer_leads', name);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      phone: '966501234567',
      country_code: '+966',
      service: 'dental-implants',
      source: '/',
      language: lang,
      preferred_countries: ['turkey'],
      ready_to_travel: 'yes',
      appointment_time: 'thisMonth',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: `spring-${lang}`,
    });
    const requests = await rowsNamed('contact_requests', name);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ service: 'dental', status: 'new', source: '/' });
  });
}

test('each wizard step validates before moving on, in the page language', async ({ page }) => {
  const form = await openWizard(page, '/');
  await form.getByRole('button', { name: 'التالي' }).click();
  await expect(form).toContainText('الرجاء إدخال الاسم');
  await expect(form).toContainText('الرجاء إدخال رقم الهاتف');
  await expect(form.getByTestId('wizard-progress')).toContainText('الخطوة 1 من 3');
  // Non-digits are stripped as typed.
  await form.getByLabel('رقم الهاتف (واتساب)').pressSequentially('05a0-1');
  await expect(form.getByLabel('رقم الهاتف (واتساب)')).toHaveValue('0501');
});

test('the draft survives a reload', async ({ page }) => {
  const form = await openWizard(page, '/');
  await form.getByLabel('الاسم الكامل').fill('مسودة محفوظة');
  await form.getByLabel('رقم الهاتف (واتساب)').fill('0509999999');
  await form.getByRole('button', { name: 'التالي' }).click();
  // Reloaded once the visitor is on step 2 (as a person would be), not in the same instant as the
  // press: a reload racing the click may keep the draft on step 1, with everything typed still in it.
  await expect(form.getByTestId('wizard-progress')).toContainText('الخطوة 2 من 3');
  await page.reload();
  const again = await openWizard(page, '/');
  await expect(again.getByTestId('wizard-progress')).toContainText('الخطوة 2 من 3');
  await again.getByRole('button', { name: 'السابق' }).click();
  await expect(again.getByLabel('الاسم الكامل')).toHaveValue('مسودة محفوظة');
});

test('with the backend unreachable the error shows, nothing is lost, and the retry stores one row', async ({
  page,
}) => {
  await openWizard(page, '/');
  const name = uniqueName('انقطاع الشبكة');
  const form = await fillWizard(page, 'ar', name);
  // Every request to the API fails at the network level, as when the server is down.
  await page.route('**/rest/v1/**', (route) => route.abort('connectionrefused'));
  await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
  await expect(page.getByText(text.ar.error)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('lead-fallback').getByRole('link')).toHaveAttribute(
    'href',
    /wa\.me\/\d+\?text=.*/,
  );
  expect(await rowsNamed('offer_leads', name)).toHaveLength(0);
  // Nothing typed is lost: back to step 1 shows the name.
  await form.getByRole('button', { name: 'السابق' }).click();
  await form.getByRole('button', { name: 'السابق' }).click();
  await expect(form.getByLabel('الاسم الكامل')).toHaveValue(name);

  await page.unroute('**/rest/v1/**');
  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
  await expect(page).toHaveURL(/\/thank-you\/?$/, { timeout: 15_000 });
  expect(await rowsNamed('offer_leads', name)).toHaveLength(1);
  expect(await rowsNamed('contact_requests', name)).toHaveLength(1);
});

test('a retry after a lost response stores the lead once (idempotent client id)', async ({
  page,
}) => {
  await openWizard(page, '/');
  const name = uniqueName('رد مفقود');
  const form = await fillWizard(page, 'ar', name);
  // The first insert reaches the database but its answer is lost; the client retries the same id.
  let dropped = false;
  await page.route('**/rest/v1/offer_leads*', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
  await expect(page).toHaveURL(/\/thank-you\/?$/, { timeout: 15_000 });
  expect(dropped).toBe(true);
  expect(await rowsNamed('offer_leads', name)).toHaveLength(1);
  expect(await rowsNamed('contact_requests', name)).toHaveLength(1);
});

test('a double click sends once and the button reads the sending label', async ({ page }) => {
  await openWizard(page, '/');
  const name = uniqueName('نقرة مزدوجة');
  const form = await fillWizard(page, 'ar', name);
  await page.route('**/rest/v1/offer_leads*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const submit = form.getByRole('button', { name: 'أرسل طلب الاستشارة' });
  await submit.dblclick();
  await expect(form.getByRole('button', { name: 'جاري الإرسال...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/thank-you\/?$/, { timeout: 15_000 });
  expect(await rowsNamed('offer_leads', name)).toHaveLength(1);
});

test('the single-step consultation form on a treatment page stores a lead with its path', async ({
  page,
}) => {
  await page.goto('/en/hair-transplant-turkey');
  const form = page.getByTestId('lead-form-single');
  await form.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  const name = uniqueName('Single Step');
  await form.getByLabel('Full name').fill(name);
  await form.getByRole('combobox', { name: 'Country code' }).selectOption('+971');
  await form.getByLabel('Phone number (WhatsApp)').fill('501234567');
  await form
    .getByRole('combobox', { name: 'Treatment' })
    .selectOption({ label: 'Hair transplant' });
  await form.getByText('Maybe', { exact: true }).click();
  await form.getByText('Flexible', { exact: true }).click();
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page).toHaveURL(/\/en\/thank-you\/?$/, { timeout: 15_000 });
  const [lead] = await rowsNamed('offer_leads', name);
  expect(lead).toMatchObject({
    phone: '971501234567',
    country: 'الإمارات',
    source: '/hair-transplant-turkey',
    language: 'en',
  });
  const [request] = await rowsNamed('contact_requests', name);
  expect(request).toMatchObject({ service: 'hairTransplant' });
});
