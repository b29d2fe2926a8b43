/**
 * The trip built from the chosen quote (issue 44), in a real browser against the local stack: a
 * coordinator opens a request whose patient chose a quote, builds the plan from it in the request
 * dialog (the quote's clinic, hotel and transfer prefilled, the day-by-day plan suggested from the
 * dates), saves it, and sees it and the timeline entry; a colleague's save meanwhile is not
 * overwritten but named, and the coordinator's changes go on top of it. The patient, at 360 px in
 * both languages, confirms the dates in one tap, adds a flight (a malformed one is refused with
 * what to write), downloads the .ics (checked against RFC 5545's shape) and, offline after a
 * first visit, still has the plan, the addresses and the numbers, dated.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, serviceClient, storedRequest, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login, PASSWORD } from './staff.ts';

const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A signed-in staff client, as the back office signs in (anonymous session, then admin_login). */
async function staffClient(username: string) {
  const client = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
  expect((await client.auth.signInAnonymously()).error).toBeNull();
  const { data, error } = await client.rpc('admin_login', {
    _username: username,
    _password: PASSWORD,
  });
  expect(error).toBeNull();
  expect(data).toBe(true);
  return client;
}

/** A hair request whose patient chose a sent quote (hotel, transfer, included and excluded). */
async function requestWithChosenQuote(username: string, language: 'ar' | 'en' = 'ar') {
  const staff = await staffClient(username);
  const name = uniqueName('مريض الرحلة');
  const token = randomBytes(32).toString('base64url');
  const { error } = await anon.from('offer_leads').insert({
    name,
    phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country_code: '+966',
    service: 'hair-transplant',
    source: language === 'en' ? '/en/' : '/',
    language,
    patient_token: token,
  });
  expect(error).toBeNull();
  const stored = await storedRequest(name);
  const suffix = Math.random().toString(36).slice(2, 7);
  const { data: clinic, error: clinicError } = await serviceClient
    .from('clinics')
    .insert({
      slug: `trip-clinic-${suffix}`,
      name_ar: `مركز الرحلة ${suffix}`,
      name_en: `Trip Centre ${suffix}`,
      city_ar: 'إسطنبول',
      city_en: 'Istanbul',
      country: 'turkey',
      treatments: ['hair-transplant'],
    })
    .select('id, name_ar')
    .single();
  expect(clinicError).toBeNull();
  await serviceClient.from('clinic_accreditations').insert({
    clinic_id: clinic!.id,
    body: 'JCI',
    certificate_number: `JCI-${suffix}`,
    valid_until: '2099-12-31',
  });
  const draft = await staff.rpc('save_quote_draft', {
    _request_id: stored.id,
    _clinic_id: clinic!.id,
    _draft_version: null,
    _draft_revision: null,
    _fields: {
      technique: 'FUE',
      price: 2400,
      currency: 'EUR',
      hotel: 'Şişli Suites',
      nights: 4,
      transfer: true,
      included: ['الفندق 4 ليالٍ', 'التنقلات'],
      not_included: ['تذاكر الطيران'],
      valid_until: day(14),
    },
  });
  expect(draft.error).toBeNull();
  const saved = draft.data as { quote_id: string; version: number; revision: number };
  const sent = await staff.rpc('send_quote', {
    _quote_id: saved.quote_id,
    _version: saved.version,
    _revision: saved.revision,
    _idempotency_key: crypto.randomUUID(),
  });
  expect(sent.error).toBeNull();
  const chosen = await anon.rpc('patient_choose_quote', {
    _token: token,
    _quote_id: saved.quote_id,
    _version: 1,
  });
  expect(chosen.error).toBeNull();
  return { name, token, stored, staff, clinic: clinic! };
}

async function openRequest(page: Page, reference: string, name: string) {
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'بحث' }).fill(reference);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  return page.getByTestId('request-dialog');
}

test('staff build the trip plan from the chosen quote, and a colleague’s save is not overwritten', async ({
  page,
}) => {
  const username = createAdmin('trip');
  const { name, stored, clinic } = await requestWithChosenQuote(username);
  await login(page, username);
  const dialog = await openRequest(page, stored.reference, name);
  const section = dialog.getByTestId('trip-section');

  // What the chosen quote includes and excludes shows beside the plan.
  await expect(section.getByTestId('trip-quote-lists')).toContainText('تذاكر الطيران');
  await section.getByRole('button', { name: 'إعداد خطة الرحلة من العرض المختار' }).click();
  const editor = section.getByTestId('trip-editor');
  await expect(editor.getByLabel('العيادة', { exact: true })).toHaveValue(clinic.name_ar);
  await expect(editor.getByLabel('الفندق', { exact: true })).toHaveValue('Şişli Suites');

  await editor.getByLabel('تاريخ الوصول').fill(day(20));
  await editor.getByLabel('تاريخ العملية').fill(day(22));
  await editor.getByLabel('تاريخ المغادرة').fill(day(25));
  await editor
    .getByLabel('عنوان العيادة باللغة المحلية')
    .fill('Halaskargazi Cd. No:38, Şişli, İstanbul');
  await editor
    .getByLabel('عنوان الفندق باللغة المحلية')
    .fill('Büyükdere Cd. No:12, Şişli, İstanbul');
  await editor.getByLabel('المترجم', { exact: true }).fill('مترجم عربي في كل أيام العيادة');
  // A local number is refused before it is sent, with what to write instead.
  await editor.getByLabel('رقم الطوارئ على مدار الساعة').fill('0532 123 45 67');
  await editor.getByRole('button', { name: 'اقتراح البرنامج من المواعيد' }).click();
  await expect(editor.getByTestId('trip-day')).toHaveCount(6);
  await editor.getByTestId('trip-save').click();
  await expect(editor.getByText('اكتب الرقم دولياً مع رمز البلد')).toBeVisible();
  await editor.getByLabel('رقم الطوارئ على مدار الساعة').fill('+90 532 123 45 67');
  await expectNoSeriousA11yIssues(page, '[data-testid="trip-section"]');
  await editor.getByTestId('trip-save').click();

  const summary = section.getByTestId('trip-summary');
  await expect(summary).toContainText('+905321234567');
  await expect(summary).toContainText('لم يؤكّدها المريض بعد');
  await expect(summary.getByTestId('trip-summary-days').locator('li')).toHaveCount(6);
  await expect(summary.getByRole('link', { name: 'الخريطة' }).first()).toHaveAttribute(
    'href',
    /google\.com\/maps\/search\/\?api=1&query=Halaskargazi/,
  );
  await expect(dialog.getByText('أُنشئت خطة الرحلة من العرض المختار')).toBeVisible();

  // A colleague saves the plan while this coordinator edits it.
  await section.getByRole('button', { name: 'تعديل خطة الرحلة' }).click();
  await editor.getByLabel('التنقلات', { exact: true }).fill('سائق العيادة من المطار وإليه');
  const colleague = createAdmin('trip-colleague');
  const theirs = await staffClient(colleague);
  const current = await theirs.rpc('request_trip', { _request_id: stored.id });
  const plan = (current.data as { plan: Record<string, unknown> & { version: number } }).plan;
  const { error } = await theirs.rpc('save_trip_plan', {
    _request_id: stored.id,
    _version: plan.version,
    _fields: { ...plan, hotel_name: 'Şişli Park Hotel' },
  });
  expect(error).toBeNull();
  await editor.getByTestId('trip-save').click();
  await expect(editor.getByTestId('trip-conflict')).toContainText(colleague);
  await editor.getByRole('button', { name: 'تطبيق تعديلاتي فوق تعديله' }).click();
  // Mine (the transfer) on top of theirs (the hotel): neither is lost.
  await expect(summary).toContainText('سائق العيادة من المطار وإليه');
  await expect(summary).toContainText('Şişli Park Hotel');
  await expect(dialog.getByText(/عُدّلت: .*التنقلات/)).toBeVisible();
});

const patientText = {
  ar: {
    title: 'خطة رحلتك',
    confirm: 'أؤكّد هذه المواعيد',
    confirmed: 'أكّدت هذه المواعيد.',
    number: 'رقم الرحلة (مثل TK 145)',
    at: 'التاريخ والوقت المحلي',
    addFlight: 'إضافة رحلة',
    saved: 'حُفظت تفاصيل سفرك.',
    badFlight: 'اكتب رقم الرحلة كما في التذكرة',
    ics: 'إضافة البرنامج إلى التقويم (.ics)',
    offline: 'آخر تحديث',
    procedure: 'يوم العملية',
    prepTitle: 'ما تحمله معك وكيف تستعد',
    clinicFirst: 'تعليمات عيادتك تسبق هذه القائمة',
    pillow: 'وسادة رقبة للسفر',
    medicines: 'أخبر العيادة بكل دواء تتناوله',
  },
  en: {
    title: 'Your trip plan',
    confirm: 'I confirm these dates',
    confirmed: 'You confirmed these dates.',
    number: 'Flight number (such as TK 145)',
    at: 'Local date and time',
    addFlight: 'Add a flight',
    saved: 'Your travel details are saved.',
    badFlight: 'Write the flight number as on the ticket',
    ics: 'Add the plan to your calendar (.ics)',
    offline: 'last updated',
    procedure: 'Procedure day',
    prepTitle: 'What to bring and how to prepare',
    clinicFirst: 'Your clinic’s own instructions come first',
    pillow: 'A travel neck pillow',
    medicines: 'Tell the clinic every medicine you take',
  },
};

for (const lang of ['ar', 'en'] as const) {
  test(`the patient confirms the dates, adds a flight, keeps the plan offline and gets an .ics (${lang}, 360 px)`, async ({
    browser,
  }) => {
    const t = patientText[lang];
    const username = createAdmin('trip-patient');
    const { token, stored, staff } = await requestWithChosenQuote(username, lang);
    const saved = await staff.rpc('save_trip_plan', {
      _request_id: stored.id,
      _version: null,
      _fields: {
        arrival_on: day(20),
        procedure_on: day(21),
        departure_on: day(24),
        clinic_name: 'Istanbul Hair Centre',
        clinic_address_local: 'Halaskargazi Cd. No:38, Şişli, İstanbul',
        hotel_name: 'Şişli Suites',
        hotel_address_local: 'Büyükdere Cd. No:12, Şişli, İstanbul',
        transfer: 'Clinic driver, IST ⇄ hotel',
        emergency_phone: '+905321234567',
        days: [
          { on: day(20), time: '14:30', kind: 'arrival', note: 'Pickup at IST, gate 8' },
          { on: day(21), time: '09:00', kind: 'procedure', note: '' },
          { on: day(22), time: null, kind: 'first_wash', note: '' },
          { on: day(24), time: '11:00', kind: 'departure', note: '' },
        ],
      },
    });
    expect(saved.error).toBeNull();

    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const patient = await context.newPage();
    await patient.goto(`${lang === 'en' ? '/en' : ''}/r/#${token}`);
    const section = patient.locator('[data-trip]');
    await expect(section.getByRole('heading', { name: t.title })).toBeVisible({ timeout: 15_000 });
    await expect(section).toContainText('+905321234567');
    await expect(section).toContainText('Halaskargazi Cd. No:38');
    await expect(section.getByRole('link', { name: /map|الخريطة/i }).first()).toHaveAttribute(
      'href',
      /google\.com\/maps\/search/,
    );
    // No sideways scrolling at 360 px.
    expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    // What to bring and how to prepare, for a hair transplant (content/services), clinic first.
    const prep = section.locator('[data-trip-prep]');
    await expect(prep.getByRole('heading', { name: t.prepTitle })).toBeVisible();
    await expect(prep).toContainText(t.clinicFirst);
    await expect(prep.locator('[data-trip-prep-list="bring"] li')).toHaveCount(4);
    await expect(prep.locator('[data-trip-prep-list="bring"]')).toContainText(t.pillow);
    await expect(prep.locator('[data-trip-prep-list="prepare"]')).toContainText(t.medicines);
    await expectNoSeriousA11yIssues(patient, '[data-trip]');

    // One tap confirms the dates; the coordinator's plan says so.
    await section.getByRole('button', { name: t.confirm }).click();
    await expect(section.getByText(t.confirmed)).toBeVisible();
    const plan = await staff.rpc('request_trip', { _request_id: stored.id });
    expect(
      (plan.data as { plan: { dates_confirmed_at: string | null } }).plan.dates_confirmed_at,
    ).not.toBeNull();

    // A flight: a malformed number is refused with what to write, then TK 145 is kept.
    await section.getByLabel(t.number).fill('TURKISH');
    await section.getByLabel(t.at).fill(`${day(20)}T12:05`);
    await section.getByRole('button', { name: t.addFlight }).click();
    await expect(section.getByText(t.badFlight)).toBeVisible();
    await section.getByLabel(t.number).fill('tk145');
    await section.getByLabel(t.at).fill(`${day(20)}T12:05`);
    await section.getByRole('button', { name: t.addFlight }).click();
    await expect(section.getByText(t.saved)).toBeVisible();
    await expect(section.locator('li[data-trip-flight]')).toContainText('TK 145');

    // The calendar file: RFC 5545 lines, one event per day, CRLF.
    const [download] = await Promise.all([
      patient.waitForEvent('download'),
      section.getByRole('button', { name: t.ics }).click(),
    ]);
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(ics).toContain(`DTSTART:${day(20).replace(/-/g, '')}T143000`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${day(22).replace(/-/g, '')}`);
    expect(ics).toContain('LOCATION:Halaskargazi Cd. No:38\\, Şişli\\, İstanbul');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // Offline (roaming off) after it was opened: the plan, addresses and numbers, dated.
    await patient.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      return Boolean(registration.active) && navigator.serviceWorker.controller !== null;
    });
    await context.setOffline(true);
    await patient.reload();
    await expect(section.locator('[data-trip-offline]')).toContainText(t.offline, {
      timeout: 15_000,
    });
    await expect(section).toContainText('+905321234567');
    await expect(section).toContainText('Büyükdere Cd. No:12');
    await expect(section).toContainText('TK 145');
    await context.close();
  });
}

test('a change staff make to the plan shows on the open page within its minute, without a reload (ar, 360 px)', async ({
  browser,
}) => {
  const username = createAdmin('trip-live');
  const { token, stored, staff } = await requestWithChosenQuote(username, 'ar');
  const first = await staff.rpc('save_trip_plan', {
    _request_id: stored.id,
    _version: null,
    _fields: {
      arrival_on: day(20),
      procedure_on: day(21),
      departure_on: day(24),
      hotel_name: 'Şişli Suites',
      emergency_phone: '+905321234567',
    },
  });
  expect(first.error).toBeNull();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const patient = await context.newPage();
  // The page's minute (src/scripts/patient/refresh.ts) is moved forward instead of waited.
  await patient.clock.install();
  await patient.goto(`/r/#${token}`);
  const section = patient.locator('[data-trip]');
  await expect(section).toContainText('Şişli Suites', { timeout: 15_000 });

  // The coordinator moves the patient to another hotel while the page is open.
  const current = await staff.rpc('request_trip', { _request_id: stored.id });
  const plan = (current.data as { plan: Record<string, unknown> & { version: number } }).plan;
  const moved = await staff.rpc('save_trip_plan', {
    _request_id: stored.id,
    _version: plan.version,
    _fields: { ...plan, hotel_name: 'Şişli Park Hotel' },
  });
  expect(moved.error).toBeNull();
  await patient.clock.fastForward('01:01');
  await expect(section).toContainText('Şişli Park Hotel');
  await expect(section).not.toContainText('Şişli Suites');
  await context.close();
});
