/**
 * After-care that keeps the promise (issue 44, item 4), in a real browser against the local stack:
 * a hair request whose trip ended (its procedure ten days ago) has its check-ins asked by the
 * scheduler; the patient, at 360 px in both languages, sees «متابعتك بعد العلاج», taps «عندي قلق»
 * on the one-week check-in and writes what worries them (in English with a photo, sent through the
 * file gate and kept in the request's files); the coordinator's dashboard, open all
 * along and never reloaded, is told at once (a toast naming the patient, nobody being assigned),
 * its «افتح الطلب» opens the request dialog whose after-care shows the concern and its words, the
 * timeline says so, and the request is due now in the follow-up queue. Once the team answered, the
 * team report's «وعد الأشهر الستة» counts the request's check-ins and its concern as answered.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, serviceClient, storedRequest, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login, PASSWORD } from './staff.ts';

const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

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

/** A hair request whose patient chose a quote and whose trip (procedure 10 days ago) is over. */
async function treatedRequest(username: string, language: 'ar' | 'en') {
  const staff = await staffClient(username);
  const name = uniqueName(language === 'en' ? 'Aftercare patient' : 'مريض المتابعة');
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
      slug: `aftercare-clinic-${suffix}`,
      name_ar: `مركز المتابعة ${suffix}`,
      name_en: `Aftercare Centre ${suffix}`,
      city_ar: 'إسطنبول',
      city_en: 'Istanbul',
      country: 'turkey',
      treatments: ['hair-transplant'],
    })
    .select('id')
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
    _fields: { technique: 'FUE', price: 2400, currency: 'EUR', valid_until: day(14) },
  });
  expect(draft.error).toBeNull();
  const saved = draft.data as { quote_id: string; version: number; revision: number };
  expect(
    (
      await staff.rpc('send_quote', {
        _quote_id: saved.quote_id,
        _version: saved.version,
        _revision: saved.revision,
        _idempotency_key: crypto.randomUUID(),
      })
    ).error,
  ).toBeNull();
  expect(
    (
      await anon.rpc('patient_choose_quote', {
        _token: token,
        _quote_id: saved.quote_id,
        _version: 1,
      })
    ).error,
  ).toBeNull();
  const plan = await staff.rpc('save_trip_plan', {
    _request_id: stored.id,
    _version: null,
    _fields: {
      arrival_on: day(-11),
      procedure_on: day(-10),
      departure_on: day(-7),
      clinic_name: 'Istanbul Hair Centre',
      days: [],
    },
  });
  expect(plan.error).toBeNull();
  // The scheduler (production's pg_cron job; the local server runs it beside each drain).
  const run = await serviceClient.rpc('run_aftercare', { _now: new Date().toISOString() });
  expect(run.error).toBeNull();
  return { name, token, stored };
}

const patientText = {
  ar: {
    title: 'متابعتك بعد العلاج',
    week: 'بعد أسبوع',
    concern: 'عندي قلق',
    note: 'اكتب ما تريد أن يعرفه مدير المريض',
    photo: 'صورة (اختيارية)',
    send: 'أرسل',
    answered: 'أخبرتنا بقلقك: مدير المريض يتابعه الآن.',
    worry: 'احمرار وتورّم في منطقة الزراعة منذ أمس',
  },
  en: {
    title: 'Your after-care',
    week: 'After a week',
    concern: 'I have a concern',
    note: 'Write what your patient manager should know',
    photo: 'A photo (optional)',
    send: 'Send',
    answered: 'You told us of a concern: your patient manager is on it now.',
    worry: 'Redness and swelling where the grafts are, since yesterday',
  },
};

for (const lang of ['ar', 'en'] as const) {
  test(`a check-in answered with a concern reaches the manager live (${lang}, 360 px)`, async ({
    page,
    browser,
  }) => {
    const t = patientText[lang];
    const username = createAdmin('aftercare');
    const { name, token, stored } = await treatedRequest(username, lang);

    // The coordinator's dashboard is open before the patient answers, and is never reloaded.
    await login(page, username);
    await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });

    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const patient = await context.newPage();
    await patient.goto(`${lang === 'en' ? '/en' : ''}/r/#${token}`);
    const section = patient.locator('[data-aftercare]');
    await expect(section.getByRole('heading', { name: t.title })).toBeVisible({ timeout: 15_000 });
    // The one-day and one-week check-ins are asked; the later ones wait for their day.
    const week = section.locator('[data-checkin="7"]');
    await expect(week).toContainText(t.week);
    await expect(section.locator('[data-checkin="30"] button')).toHaveCount(0);
    expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expectNoSeriousA11yIssues(patient, '[data-aftercare]');

    await week.getByRole('button', { name: t.concern }).click();
    await week.getByLabel(t.note).fill(t.worry);
    if (lang === 'en') {
      // In English the concern carries a photo, sent through the file gate first.
      await week.getByLabel(t.photo).setInputFiles({
        name: 'grafts.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp({
          create: { width: 800, height: 600, channels: 3, background: '#c0785a' },
        })
          .jpeg()
          .toBuffer(),
      });
    }
    await week.getByRole('button', { name: t.send }).click();
    await expect(week.locator('[data-checkin-answer="concern"]')).toHaveText(t.answered, {
      timeout: 60_000,
    });
    await expect(week).toContainText(t.worry);
    if (lang === 'en') await expect(week).toContainText('With a photo.');
    await expectNoSeriousA11yIssues(patient, '[data-aftercare]');

    // Nobody is assigned, so every coordinator is told at once, with a button to the request.
    const alert = page.getByText(`قلق من المريض في المتابعة بعد العلاج: ${name}`);
    await expect(alert).toBeVisible();
    // This toast's own button (other specs' requests may raise toasts beside it meanwhile).
    await page
      .locator('[data-sonner-toast]')
      .filter({ has: alert })
      .getByRole('button', { name: 'افتح الطلب' })
      .click();
    const dialog = page.getByTestId('request-dialog');
    const aftercare = dialog.getByTestId('aftercare-section');
    await expect(aftercare.locator('[data-checkin-day="7"]')).toContainText('قلق');
    await expect(aftercare.locator('[data-checkin-day="7"]')).toContainText(t.worry);
    await expect(aftercare.locator('[data-checkin-day="1"]')).toContainText('أُرسلت، بانتظار الرد');
    if (lang === 'en') {
      await expect(aftercare.locator('[data-checkin-day="7"]')).toContainText(
        'مع صورة (في الملفات)',
      );
      // The photo is one of the request's files, checked by the gate like any other.
      const staffFiles = await staffClient(username);
      const { data: files } = await staffFiles.rpc('request_files', { _request_id: stored.id });
      expect(JSON.stringify(files)).toContain('report');
    }
    await expect(dialog.getByTestId('timeline')).toContainText('ردّ المريض على متابعة اليوم 7: قلق');
    await expectNoSeriousA11yIssues(page, '[data-testid="aftercare-section"]');

    // The request is due now in the follow-up queue.
    const { data } = await serviceClient
      .from('contact_requests')
      .select('follow_up_at')
      .eq('id', stored.id)
      .single();
    expect(Date.parse(data!.follow_up_at!)).toBeLessThanOrEqual(Date.now());
    await context.close();

    // The team answers on the patient's page; the team report measures the promise per request.
    const staff = await staffClient(username);
    const reply = await staff.rpc('reply_to_patient', {
      _request_id: stored.id,
      _body: 'We asked the clinic: this is normal in the first week.',
      _idempotency_key: crypto.randomUUID(),
    });
    expect(reply.error).toBeNull();
    await page.goto('/admin/team-report');
    const row = page.getByTestId('aftercare-row').filter({ hasText: stored.reference });
    await expect(row).toBeVisible({ timeout: 15_000 });
    // Due of all, sent, answered, concerns, unanswered concerns.
    await expect(row.locator('td')).toHaveText([
      new RegExp(stored.reference),
      '—',
      day(-10),
      '2 / 5',
      '2',
      '1',
      '1',
      '0',
      /^\d+(\.\d)?$/,
      /^\d+(\.\d)?$/,
    ]);
  });
}
