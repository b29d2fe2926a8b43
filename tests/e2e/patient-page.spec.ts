/**
 * A request stored as the public form stores it (a Saudi mobile of its own), with the private
 * link's token we keep; `extra` adds or replaces columns (the offer's consent, its source).
 */
async function linkedLead(name: string, extra: Record<string, unknown> = {}) {
  const token = randomBytes(32).toString('base64url');
  const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
  const { error } = await anon.from('offer_leads').insert({
    name,
    phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country_code: '+966',
    service: 'hair-transplant',
    source: '/',
    patient_token: token,
    ...extra,
  });
  expect(error).toBeNull();
  return token;
}

/**
 * The patient's own page (issue 29) in a real browser against the local stack: a submitted form
 * shows the reference and the private link on the thank-you page; the link opens in a fresh
 * browser (no shared storage) on the request's steps; a coordinator's assignment shows on reload;
 * a re-issued link kills the old one; offline, the page shows the last status it saw.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, serviceClient, storedRequest, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues, waitForIslands } from './helpers.ts';
import { adminCli, createAdmin, login } from './staff.ts';

const text = {
  ar: {
    name: 'الاسم الكامل',
    phone: 'رقم الهاتف (واتساب)',
    next: 'التالي',
    service: 'زراعة الأسنان',
    turkey: 'تركيا',
    yes: 'نعم',
    thisMonth: 'هذا الشهر',
    submit: 'أرسل طلب الاستشارة',
    reference: 'رقم طلبك',
    received: 'استلمنا طلبك',
    documents: 'صورك وتقاريرك',
    current: 'المرحلة الحالية',
    greeting: 'أهلاً',
    offline: 'أنت غير متصل الآن. هذه آخر حالة رأيناها لطلبك',
    messageTitle: 'اترك رسالة لمدير المريض',
    messageLabel: 'رسالتك',
    messageSend: 'أرسل الرسالة',
    messageSent: 'وصلت رسالتك إلى مدير المريض.',
  },
  en: {
    name: 'Full name',
    phone: 'Phone number (WhatsApp)',
    next: 'Next',
    service: 'Dental implants',
    turkey: 'Turkey',
    yes: 'Yes',
    thisMonth: 'This month',
    submit: 'Send my request',
    reference: 'Your reference',
    received: 'Request received',
    documents: 'Your photos and reports',
    current: 'current step',
    greeting: 'Hello',
    offline: 'You are offline. This is the last status we saw for your request',
    messageTitle: 'Leave a message for your patient manager',
    messageLabel: 'Your message',
    messageSend: 'Send message',
    messageSent: 'Your message has reached your patient manager.',
  },
};

async function submitWizard(page: Page, lang: 'ar' | 'en', name: string) {
  const t = text[lang];
  await page.goto(lang === 'ar' ? '/' : '/en/');
  const form = page.getByTestId('lead-form-wizard');
  await form.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await form.getByLabel(t.name).fill(name);
  // A number of its own: the per-phone limit (5 an hour) counts every test of the run.
  await form
    .getByLabel(t.phone)
    .fill(`05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  await form.getByRole('button', { name: t.next }).click();
  await form.getByRole('combobox').selectOption({ label: t.service });
  await form.getByText(t.turkey, { exact: true }).click();
  await form.getByRole('button', { name: t.next }).click();
  await form.getByText(t.yes, { exact: true }).click();
  await form.getByText(t.thisMonth, { exact: true }).click();
  await form.getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL(/\/thank-you\/?$/, { timeout: 15_000 });
}

async function freshPage(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Who asked for the status: the page's head (EarlyRequest.astro, an inline script whose stack
  // names the page itself) or a module; Chromium's DevTools protocol tells them apart.
  const statusAskedBy: string[] = [];
  const cdp = await context.newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    // (The browser's CORS preflight shows as a request of its own.)
    if (
      event.request.url.endsWith('/rest/v1/rpc/patient_request') &&
      event.initiator.type !== 'preflight'
    ) {
      statusAskedBy.push(event.initiator.stack?.callFrames[0]?.url ?? event.initiator.type);
    }
  });
  await cdp.send('Network.enable');
  await page.goto(url);
  return { context, page, statusAskedBy };
}

for (const lang of ['ar', 'en'] as const) {
  test(`submit → reference and link on thank-you → the link in a fresh browser → steps, offline (${lang})`, async ({
    page,
    browser,
  }) => {
    const t = text[lang];
    const name = uniqueName(lang === 'ar' ? 'مريضة الصفحة' : 'Page Patient');
    await submitWizard(page, lang, name);
    const stored = await storedRequest(name);
    const card = page.locator('[data-patient-link]');
    await expect(card.getByText(t.reference)).toBeVisible({ timeout: 10_000 });
    await expect(card.locator('[data-reference]')).toHaveText(stored.reference);
    const link = await card.locator('[data-link]').getAttribute('href');
    expect(link).toMatch(new RegExp(`${lang === 'en' ? '/en' : ''}/r/#[A-Za-z0-9_-]{43}$`));
    // The agency's WhatsApp message carries the reference.
    const whatsapp = await page.locator('[data-whatsapp-reference] a').getAttribute('href');
    expect(decodeURIComponent(whatsapp ?? '')).toContain(stored.reference);

    const { context, page: patient, statusAskedBy } = await freshPage(browser, link!);
    await expect(patient.getByText(`${t.greeting} ${name.split(' ')[0]}`)).toBeVisible();
    await expect(patient.locator('[data-reference]')).toHaveText(stored.reference);
    // The request's day as the browser's own Intl writes it (the page writes it from a pattern
    // the build made, without Intl: src/lib/date-pattern.ts).
    const today = await patient.evaluate(() => {
      const locale = document.querySelector<HTMLElement>('[data-patient-page]')!.dataset['locale'];
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date());
    });
    await expect(patient.locator('dd[data-received]')).toHaveText(today);
    // Asked once, by the page's head (allowed by the CSP), and that answer is the one shown.
    expect(statusAskedBy).toEqual([link!.replace(/#.*$/, '')]);
    // No photo yet: the current step is the photos (issue 43), «received» is done.
    const current = patient.locator('[data-steps] [aria-current="step"]');
    await expect(current).toContainText(t.documents);
    await expect(current).toContainText(t.current);
    await expect(patient.locator('[data-steps] li', { hasText: t.received })).not.toHaveAttribute(
      'aria-current',
      'step',
    );
    await expectNoSeriousA11yIssues(patient);

    await patient.getByText(t.messageTitle).click();
    await patient.getByLabel(t.messageLabel).fill('Can I travel in March?');
    await patient.getByRole('button', { name: t.messageSend }).click();
    await expect(patient.getByText(t.messageSent)).toBeVisible();

    // Offline: the shell from the service worker, the last status from this device.
    await patient.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      return Boolean(registration.active) && navigator.serviceWorker.controller !== null;
    });
    await context.setOffline(true);
    await patient.reload();
    await expect(patient.getByText(t.offline)).toBeVisible();
    await expect(patient.locator('[data-reference]')).toHaveText(stored.reference);
    await context.close();
  });
}

test('a coordinator assigns: the page shows the manager; a new link kills the old one', async ({
  page,
  browser,
}) => {
  const username = createAdmin('manager');
  adminCli('profile', username, '--name', 'سارة المنسقة', '--whatsapp', '966555000111');
  const name = uniqueName('مريض الرابط');
  const token = await linkedLead(name);
  const stored = await storedRequest(name);

  const { context, page: patient } = await freshPage(browser, `/r/#${token}`);
  await expect(patient.getByText('سنعيّن لك مدير مريض قريباً')).toBeVisible();

  await login(page, username);
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  // Search finds the request by its reference.
  await page.getByRole('searchbox', { name: 'بحث' }).fill(stored.reference);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const dialog = page.getByTestId('request-dialog');
  await expect(dialog.getByTestId('patient-reference')).toHaveText(stored.reference);
  await expect(dialog.getByTestId('patient-last-opened')).not.toHaveText('لم تُفتح بعد');
  await dialog.getByLabel('مسند إلى').selectOption({ label: username });
  await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(page.getByText('تم التحديث بنجاح')).toBeVisible({ timeout: 10_000 });

  await patient.reload();
  await expect(patient.locator('[data-manager-name]')).toHaveText('سارة المنسقة');
  // Photos are still missing, so the one button sends the patient to them (issue 43); the
  // sentence about the photos comes first, whoever the manager is.
  const button = patient.locator('[data-now-button]');
  await expect(button).toHaveText('أرسل الصور والمستندات');
  expect(await button.getAttribute('href')).toBe('#files');

  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  page.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'إصدار رابط جديد' }).click();
  const fresh = await dialog.getByTestId('patient-fresh-link').inputValue();
  expect(fresh).toMatch(/\/r\/#[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('button', { name: 'نسخ رابط المريض' })).toBeEnabled();

  await patient.reload();
  await expect(patient.getByRole('heading', { name: 'هذا الرابط لم يعد صالحاً' })).toBeVisible();
  expect(
    await patient
      .getByRole('link', { name: /راسلنا على واتساب/ })
      .first()
      .getAttribute('href'),
  ).toContain('wa.me/');
  await expectNoSeriousA11yIssues(patient);
  await patient.goto(fresh);
  await expect(patient.locator('[data-reference]')).toHaveText(stored.reference);
  // What the page keeps on the phone for the link (src/scripts/patient/cache.ts).
  const onDevice = () =>
    patient.evaluate(async () => [
      ...Object.keys(localStorage).filter((key) => key.startsWith('rihla:patient-')),
      ...(await indexedDB.databases())
        .map((database) => database.name ?? '')
        .filter((database) => database.startsWith('rihla-uploads-')),
    ]);
  await expect.poll(onDevice).toContainEqual(expect.stringMatching(/^rihla:patient-view:/));

  // A withdrawal through a link a team member issued goes to the bin (an owner erases or restores
  // it there), and the page says when the data goes.
  await patient.getByText('اسحب طلبك واحذف بياناتك').click();
  await patient.getByLabel(`للتأكيد، اكتب رقم الطلب ${stored.reference}`).fill(stored.reference);
  await patient.getByRole('button', { name: 'احذف طلبي نهائياً' }).click();
  await expect(
    patient
      .getByRole('status')
      .filter({ hasText: 'سحبنا طلبك وأوقفنا هذا الرابط، وسنحذف بياناتك نهائياً خلال شهر.' }),
  ).toBeVisible();
  const { data: binned } = await serviceClient
    .from('contact_requests')
    .select('deleted_at')
    .eq('id', stored.id)
    .single();
  expect(binned?.deleted_at).toEqual(expect.any(String));
  // Nothing of the request stays on the phone: no status, trip or messages, no files kept.
  await expect.poll(onDevice).toEqual([]);
  await context.close();
});

test('a patient who asked for offers withdraws that consent on their page; the request stays', async ({
  browser,
}) => {
  const name = uniqueName('مريض العروض');
  // As the ended offer's form stores a ticked «نعم، أخبروني بعروض…».
  const token = await linkedLead(name, {
    source: 'next-offer:hair-transplant',
    advertising_consent_version: '1.0',
  });

  const { context, page } = await freshPage(browser, `/r/#${token}`);
  await page.getByText('العروض عبر الهاتف أو واتساب').click();
  await page.getByRole('button', { name: 'اسحب موافقتي على العروض' }).click();
  await expect(page.getByText('سحبت موافقتك على العروض، فلن نراسلك بها.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'اسحب موافقتي على العروض' })).toBeHidden();
  const { data } = await serviceClient
    .from('offer_leads')
    .select('advertising_consent_version, advertising_withdrawn_at')
    .eq('name', name)
    .single();
  expect(data?.advertising_consent_version).toBe('1.0');
  expect(data?.advertising_withdrawn_at).toEqual(expect.any(String));
  await expect(page.locator('[data-reference]')).toHaveText((await storedRequest(name)).reference);
  await expectNoSeriousA11yIssues(page);
  await context.close();
});

test('a patient corrects their phone in Arabic-Indic digits; it is stored as the forms store it', async ({
  browser,
}) => {
  const name = uniqueName('مريض الهاتف');
  const token = await linkedLead(name);
  const national = `5${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const arabic = `0${national}`.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

  const { context, page } = await freshPage(browser, `/r/#${token}`);
  await page.getByText('صحّح بيانات التواصل').click();
  await page.getByLabel('رقم الهاتف', { exact: true }).fill(arabic);
  await page.getByRole('button', { name: 'احفظ التصحيح' }).click();
  await expect(page.getByText('حفظنا بياناتك الجديدة وأبلغنا مدير المريض.')).toBeVisible();
  const stored = await storedRequest(name);
  expect({ phone: stored.phone, country_code: stored.country_code }).toEqual({
    phone: `966${national}`,
    country_code: '+966',
  });
  await context.close();
});

test('a coordinator records a withdrawal of the consent to offers asked for by phone', async ({
  page,
}) => {
  const username = createAdmin('consent', 'coordinator');
  const name = uniqueName('موافقة العروض');
  const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
  const { error } = await anon.from('offer_leads').insert({
    name,
    phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country_code: '+966',
    service: 'hair-transplant',
    source: 'next-offer:hair-transplant',
    advertising_consent_version: '1.0',
  });
  expect(error).toBeNull();
  await login(page, username);
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'بحث' }).fill(name);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const consent = page.getByTestId('request-dialog').getByTestId('advertising-consent');
  await expect(consent).toContainText(
    'وافق على تلقي العروض عبر الهاتف أو واتساب (نص الموافقة 1.0)',
  );
  page.once('dialog', (confirm) => void confirm.accept());
  await consent.getByRole('button', { name: 'تسجيل سحب الموافقة' }).click();
  await expect(consent).toContainText('سُحبت الموافقة في');
  const { data } = await serviceClient
    .from('offer_leads')
    .select('advertising_withdrawn_at')
    .eq('name', name)
    .single();
  expect(data?.advertising_withdrawn_at).toEqual(expect.any(String));
});
