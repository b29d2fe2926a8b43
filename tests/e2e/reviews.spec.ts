/**
 * Verified reviews (issue 45, item 1) end to end, in a real browser against the local stack: a
 * hair patient whose request reached after-care, treated six months ago at the chosen quote's
 * clinic, writes a review on their page at 360 px (the consent to publish is required); an owner
 * publishes it on /admin/reviews; the clinic snapshot is exported through the real API
 * (scripts/clinics/export.ts, with the public key) and the site is rebuilt from it into a
 * temporary directory; the clinic's page from that build shows the review with its treatment,
 * month, months since, "treated through Rihla Care" and the line on how reviews are checked, in
 * both languages, and carries no AggregateRating for one review.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * A hair request whose patient chose a sent quote of a new clinic, treated 190 days ago (the trip
 * plan's procedure day), at the after-care step: what the staff screens would leave.
 */
async function treatedRequest(username: string, treatedDaysAgo = 190) {
  const staff = await staffClient(username);
  const name = `${uniqueName('Amina')} Kareem`;
  const token = randomBytes(32).toString('base64url');
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
  const stored = await storedRequest(name);
  const suffix = Math.random().toString(36).slice(2, 7);
  const slug = `review-clinic-${suffix}`;
  const { data: clinic, error: clinicError } = await serviceClient
    .from('clinics')
    .insert({
      slug,
      name_ar: `مركز المراجعات ${suffix}`,
      name_en: `Review Centre ${suffix}`,
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
  const plan = await staff.rpc('save_trip_plan', {
    _request_id: stored.id,
    _version: null,
    _fields: {
      arrival_on: day(-treatedDaysAgo - 2),
      procedure_on: day(-treatedDaysAgo),
      departure_on: day(-treatedDaysAgo + 3),
    },
  });
  expect(plan.error).toBeNull();
  const info = await staff.rpc('patient_page_info', { _request_id: stored.id });
  const step = await staff.rpc('set_patient_step', {
    _request_id: stored.id,
    _step: 'aftercare',
    _from_step: ((info.data as { step: string | null }).step ?? '') as string,
  });
  expect(step.error).toBeNull();
  return { token, slug };
}

const BODY =
  'ستة أشهر بعد الزراعة: الكثافة كما وعدني الطبيب، والفريق تابعني كل شهر. أنصح بها دون تردد.';

test('a review written at month 6 on the patient page appears on the clinic page after an owner publishes and a rebuild', async ({
  browser,
  page,
}) => {
  test.setTimeout(420_000);
  const owner = createAdmin('reviews');
  const { token, slug } = await treatedRequest(owner);

  // The patient, at 360 px: the month-6 invitation, the consent required, the review sent.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const patient = await context.newPage();
  await patient.goto(`/r/#${token}`);
  const section = patient.locator('[data-review]');
  await expect(section.getByRole('heading', { name: /مراجعتك لـمركز المراجعات/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(section).toContainText('مرت ستة أشهر على علاجك');
  await expect(section).toContainText('عولجت عن طريق رحلة كير');
  await expect(section).toContainText('إعلان لعيادة أو منافس أو منتج');
  await section.getByLabel('5 نجوم من 5').check();
  await section.getByLabel('مراجعتك', { exact: true }).fill(BODY);
  await section.getByRole('button', { name: 'أرسل مراجعتي' }).click();
  await expect(section.getByText('ضع علامة على الموافقة على النشر أولًا.')).toBeVisible();
  await section.getByRole('checkbox').check();
  await section.getByRole('button', { name: 'أرسل مراجعتي' }).click();
  await expect(section.getByText('شكرًا لك: حُفظت مراجعتك وهي بانتظار المراجعة.')).toBeVisible();
  await expect(section.getByText('بانتظار المراجعة: ننشرها ما لم تخالف قاعدة.')).toBeVisible();
  expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    360,
  );
  await expectNoSeriousA11yIssues(patient, '[data-review]');

  // Nothing is public before an owner publishes.
  const before = await anon.rpc('published_reviews');
  expect(JSON.stringify(before.data)).not.toContain(BODY);

  // The owner publishes it on the moderation screen.
  await login(page, owner);
  await expect(page).toHaveURL(/\/admin\/dashboard/, { timeout: 20_000 });
  await page.goto('/admin/reviews');
  const card = page.getByTestId('review-card').filter({ hasText: BODY });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: 'انشر' }).click();
  await expect(card).toHaveAttribute('data-status', 'published');
  await expectNoSeriousA11yIssues(page, '#content');

  // The patient's page says it is published.
  await patient.reload();
  await expect(section.getByText('منشورة على صفحة العيادة.')).toBeVisible({ timeout: 20_000 });

  // The rebuild: the snapshot exported through the real API, the site built from it.
  const out = mkdtempSync(join(tmpdir(), 'rihla-reviews-'));
  try {
    const snapshot = join(out, 'clinics.json');
    execFileSync(process.execPath, ['scripts/clinics/export.ts', '--out', snapshot], {
      env: { ...process.env, SUPABASE_URL: apiUrl, SUPABASE_ANON_KEY: LOCAL_ANON_KEY },
      stdio: 'pipe',
    });
    const exported = JSON.parse(readFileSync(snapshot, 'utf8')) as {
      reviews: { clinic: string; body: string }[];
    };
    expect(exported.reviews.filter((r) => r.clinic === slug).map((r) => r.body)).toEqual([BODY]);
    // Nothing that leads to the patient: no reference, no request, no full name.
    expect(JSON.stringify(exported.reviews)).not.toMatch(/request_id|reference|Kareem/);
    execFileSync(join('node_modules', '.bin', 'astro'), ['build', '--outDir', join(out, 'dist')], {
      env: {
        ...process.env,
        CLINICS_SNAPSHOT: snapshot,
        PUBLIC_SUPABASE_URL: apiUrl,
        OFFERS_NOW: '2025-10-25T12:00:00Z',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: 'pipe',
      timeout: 480_000,
    });
    // The clinic's pages from that build, served at their addresses beside the running site (no
    // service worker, which would answer the navigation before the route does).
    const visitor = await browser.newContext({ serviceWorkers: 'block' });
    const site = await visitor.newPage();
    for (const lang of ['ar', 'en'] as const) {
      const path = `${lang === 'en' ? '/en' : ''}/clinics/${slug}`;
      const html = readFileSync(join(out, 'dist', path, 'index.html'), 'utf8');
      expect(html).not.toContain('AggregateRating');
      await site.route(`**${path}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
      );
      await site.goto(path);
      const reviews = site.locator('[data-reviews]');
      const review = reviews.locator('[data-review]');
      await expect(review).toHaveCount(1);
      await expect(review.locator('[data-review-body]')).toHaveText(BODY);
      if (lang === 'ar') {
        await expect(review).toContainText('زراعة الشعر');
        await expect(review).toContainText('كتبها بعد 6 أشهر من العلاج');
        await expect(review).toContainText('عولج عن طريق رحلة كير');
        await expect(review).toContainText('Amina K.');
        await expect(reviews).toContainText('كيف نجمع التقييمات ونتحقق منها');
      } else {
        await expect(review).toContainText('Hair transplant');
        await expect(review).toContainText('written 6 months after the treatment');
        await expect(review).toContainText('Treated through Rihla Care');
        await expect(reviews).toContainText('How we collect and check reviews');
        await expect(reviews).toContainText('1 verified review; we show no average before 5.');
      }
      await expectNoSeriousA11yIssues(site, '[data-reviews]');
      await site.unroute(`**${path}`);
    }
    await visitor.close();
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  await context.close();
});

test('in English at day 30, the patient writes a review anonymously, edits it and withdraws it', async ({
  browser,
}) => {
  const owner = createAdmin('reviews-en');
  const { token } = await treatedRequest(owner, 40);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const patient = await context.newPage();
  await patient.goto(`/en/r/#${token}`);
  const section = patient.locator('[data-review]');
  await expect(section.getByRole('heading', { name: /Your review of Review Centre/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(section).toContainText('It has been a month since your treatment');
  await expect(section).toContainText('1 month ago · treated through Rihla Care');
  await section.getByLabel('4 stars of 5').check();
  await section.getByLabel('Your review', { exact: true }).fill('Too short.');
  await section.getByLabel(/I agree that Rihla Care publishes this review/).check();
  await section.getByRole('button', { name: 'Send my review' }).click();
  await expect(section.getByText('A review has 20 to 2000 characters.')).toBeVisible();
  const text = 'Clean clinic, clear explanations, and the first month went as they said.';
  await section.getByLabel('Your review', { exact: true }).fill(text);
  await section.getByRole('radio', { name: 'Anonymously' }).check();
  await section.getByRole('button', { name: 'Send my review' }).click();
  await expect(
    section.getByText('Thank you: your review is saved and waits to be checked.'),
  ).toBeVisible();
  const stored = await serviceClient.from('clinic_reviews').select('body, shown_name, rating');
  expect(stored.data).toContainEqual({ body: text, shown_name: null, rating: 4 });

  // An edit: the form keeps what was written, the consent is asked again.
  await expect(section.getByLabel('Your review', { exact: true })).toHaveValue(text);
  await section.getByLabel('5 stars of 5').check();
  await section.getByLabel(/I agree that Rihla Care publishes this review/).check();
  await section.getByRole('button', { name: 'Save the changes' }).click();
  await expect(
    section.getByText('Thank you: your review is saved and waits to be checked.'),
  ).toBeVisible();
  expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    360,
  );
  await expectNoSeriousA11yIssues(patient, '[data-review]');

  // Withdrawn: deleted, and the form is there again for a new one.
  patient.once('dialog', (dialog) => void dialog.accept());
  await section.getByRole('button', { name: 'Withdraw my review' }).click();
  await expect(section.getByText('Your review was withdrawn and deleted.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Send my review' })).toBeVisible();
  const gone = await serviceClient.from('clinic_reviews').select('body').eq('body', text);
  expect(gone.data).toEqual([]);
  await context.close();
});
