/**
 * Reminders that fit a medical trip (issue 44, item 3), in both languages on a 360 px phone: a
 * patient whose confirmed trip begins in 7 days gets "your trip is coming up" in the local outbox
 * from the server's own scheduler run (real time), in the request's language, naming the date and
 * the request page, never the private link. The test then moves the clock itself (the service
 * role's public.schedule_patient_reminders(_now), six days on): after the patient tapped «أوقف
 * التذكيرات» on their page nothing comes; once they turn the reminders back on, "your trip begins
 * tomorrow" arrives. Each step is on the staff's timeline.
 *
 * The request has no e-mail until its quote was chosen, so the mails about the quote do not use up
 * the recipient's daily limit of three automatic mails before the reminders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, serviceClient, storedRequest, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, dataDir, login, PASSWORD } from './staff.ts';

test.use({ viewport: { width: 360, height: 740 } });

interface Mail {
  to: string;
  subject: string;
  text: string;
  idempotencyKey?: string;
}

function outbox(): Mail[] {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Mail);
}
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');
const DAY = 86_400_000;
/** A date `offset` days from today in Riyadh (+966: the patient's time zone, UTC+3). */
const riyadhDay = (offset: number) =>
  new Date(Date.now() + 3 * 3_600_000 + offset * DAY).toISOString().slice(0, 10);

const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });

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

/** A hair request, its quote chosen, a trip whose confirmed arrival is 7 days away. */
async function requestOnItsWay(lang: 'ar' | 'en', arrival: string) {
  const username = createAdmin('reminder');
  const staff = await staffClient(username);
  const name = uniqueName(lang === 'ar' ? 'مريض التذكير' : 'Reminder Patient');
  const token = randomBytes(32).toString('base64url');
  const { error } = await anon.from('offer_leads').insert({
    name,
    phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country_code: '+966',
    service: 'hair-transplant',
    source: lang === 'en' ? '/en/' : '/',
    language: lang,
    patient_token: token,
  });
  expect(error).toBeNull();
  const stored = await storedRequest(name);
  const suffix = Math.random().toString(36).slice(2, 7);
  const { data: clinic, error: clinicError } = await serviceClient
    .from('clinics')
    .insert({
      slug: `reminder-clinic-${suffix}`,
      name_ar: `مركز التذكير ${suffix}`,
      name_en: `Reminder Centre ${suffix}`,
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
    _fields: { technique: 'FUE', price: 2400, currency: 'EUR', valid_until: riyadhDay(30) },
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
      arrival_on: arrival,
      procedure_on: riyadhDay(8),
      departure_on: riyadhDay(11),
      clinic_name: 'Istanbul Hair Centre',
    },
  });
  expect(plan.error).toBeNull();
  const confirmed = await anon.rpc('patient_confirm_trip', {
    _token: token,
    _version: (plan.data as { version: number }).version,
  });
  expect(confirmed.error).toBeNull();
  // Only now an address to mail: the reminders are the first mails it gets.
  const email = `reminder-${randomBytes(4).toString('hex')}@example.com`;
  const { error: emailError } = await serviceClient
    .from('contact_requests')
    .update({ email })
    .eq('id', stored.id);
  expect(emailError).toBeNull();
  return { token, stored, email, username, name };
}

const texts = {
  ar: {
    week: 'رحلتك العلاجية تقترب',
    tomorrow: 'رحلتك العلاجية غداً',
    weekLine: 'تبدأ رحلتك العلاجية يوم',
    stopLine: '«أوقف التذكيرات»',
    title: 'التذكيرات',
    on: 'التذكيرات مفعّلة.',
    off: 'أوقفت التذكيرات.',
    stop: 'أوقف التذكيرات',
    resume: 'أعد تشغيل التذكيرات',
    last: 'آخر تذكير:',
  },
  en: {
    week: 'Your treatment trip is coming up',
    tomorrow: 'Your treatment trip begins tomorrow',
    weekLine: 'Your treatment trip begins on',
    stopLine: '"Stop reminders"',
    title: 'Reminders',
    on: 'Reminders are on.',
    off: 'You stopped the reminders.',
    stop: 'Stop reminders',
    resume: 'Send reminders again',
    last: 'Last reminder:',
  },
};

for (const lang of ['ar', 'en'] as const) {
  const path = lang === 'en' ? '/en/r/' : '/r/';
  const words = texts[lang];

  test(`the trip's reminders reach the outbox when due, and the patient's tap stops them (${lang}, 360 px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const arrival = riyadhDay(7);
    const { token, stored, email } = await requestOnItsWay(lang, arrival);
    const mailFor = (subject: string) =>
      outbox().filter(
        (m) =>
          m.to === email &&
          m.idempotencyKey?.startsWith('patient-notice-') &&
          plain(m.subject).startsWith(subject),
      );

    // Seven days before the arrival: the server's own run (every few seconds) finds it due.
    await expect.poll(() => mailFor(words.week).length, { timeout: 60_000 }).toBe(1);
    const week = mailFor(words.week)[0]!;
    expect(plain(week.subject)).toContain(stored.reference);
    const date = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${arrival}T00:00:00Z`));
    expect(plain(week.text)).toContain(`${words.weekLine} ${date}`);
    expect(week.text).toContain(words.stopLine);
    expect(week.text.split('\n').some((line) => line.endsWith(path))).toBe(true);
    expect(week.text).not.toContain(token);
    // Not yet the day before.
    expect(mailFor(words.tomorrow)).toEqual([]);

    // The patient's page: reminders on, the last one dated, one tap stops them.
    await page.goto(`${path}#${token}`);
    const section = page.locator('[data-reminders]');
    await expect(section.getByRole('heading', { name: words.title })).toBeVisible({
      timeout: 15_000,
    });
    await expect(section.locator('[data-reminders-state]')).toHaveText(words.on);
    await expect(section.locator('[data-reminders-last]')).toContainText(words.last);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousA11yIssues(page, '[data-reminders]');
    await section.getByRole('button', { name: words.stop }).click();
    await expect(section.locator('[data-reminders-state]')).toContainText(words.off);
    const resume = section.getByRole('button', { name: words.resume });
    await expect(resume).toBeVisible();

    // The test's clock: six days on, the day before the arrival. Stopped, nothing comes.
    const dayBefore = new Date(Date.now() + 6 * DAY).toISOString();
    const run = async () => {
      const { error } = await serviceClient.rpc('schedule_patient_reminders', {
        _now: dayBefore,
      });
      expect(error).toBeNull();
    };
    await run();
    // Three turns of the local worker (every 5 s) would have mailed it.
    await page.waitForTimeout(15_000);
    expect(mailFor(words.tomorrow)).toEqual([]);

    // Back on: the same run now queues it, and the worker mails it.
    await resume.click();
    await expect(section.locator('[data-reminders-state]')).toHaveText(words.on);
    await run();
    await expect.poll(() => mailFor(words.tomorrow).length, { timeout: 60_000 }).toBe(1);
    expect(mailFor(words.week)).toHaveLength(1);

    // The staff's timeline: the reminder sent, the patient's stop and their turning it back on.
    const { data: events, error } = await serviceClient
      .from('request_events')
      .select('old_value, new_value')
      .eq('request_id', stored.id)
      .eq('kind', 'automatic_message');
    expect(error).toBeNull();
    expect(events).toEqual(
      expect.arrayContaining([
        { old_value: 'reminder_trip_week', new_value: 'sent' },
        { old_value: null, new_value: 'reminders_stopped' },
        { old_value: null, new_value: 'reminders_allowed' },
      ]),
    );
    await expect
      .poll(async () => {
        const { data } = await serviceClient
          .from('request_events')
          .select('old_value, new_value')
          .eq('request_id', stored.id)
          .eq('old_value', 'reminder_trip_tomorrow');
        return data;
      })
      .toEqual([{ old_value: 'reminder_trip_tomorrow', new_value: 'sent' }]);
  });
}

test('staff see the reminders in the request dialog and stop every automatic message; the patient’s page says so', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { token, stored, email, username, name } = await requestOnItsWay('ar', riyadhDay(7));
  await expect
    .poll(() => outbox().filter((m) => m.to === email).length, { timeout: 60_000 })
    .toBe(1);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await login(page, username);
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'بحث' }).fill(stored.reference);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const section = page.getByTestId('request-dialog').getByTestId('automatic-messages');
  await expect(section.getByRole('heading', { name: 'الرسائل التلقائية' })).toBeVisible();
  await expect(section.getByTestId('automatic-messages-state')).toHaveText(
    'تصل المريض الرسائل التلقائية: أخبار طلبه والتذكيرات.',
  );
  await expect(section).toContainText('آخر تذكير أُرسل: تذكير: الرحلة بعد أيام');
  await expectNoSeriousA11yIssues(page, '[data-testid="automatic-messages"]');
  page.once('dialog', (dialog) => void dialog.accept());
  await section.getByRole('button', { name: 'إيقاف الرسائل التلقائية' }).click();
  await expect(section.getByTestId('automatic-messages-state')).toContainText(
    `أوقف ${username} الرسائل التلقائية لهذا الطلب`,
  );
  await expect(
    section.getByRole('button', { name: 'السماح بالرسائل التلقائية مرة أخرى' }),
  ).toBeVisible();

  // The patient's page says the team stopped them, with no button to undo it.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const patient = await phone.newPage();
  await patient.goto(`/r/#${token}`);
  const reminders = patient.locator('[data-reminders]');
  await expect(reminders.locator('[data-reminders-state]')).toHaveText(
    'أوقف فريقنا الرسائل التلقائية لطلبك، ومنها التذكيرات.',
    { timeout: 15_000 },
  );
  await expect(reminders.getByRole('button')).toBeHidden();

  // Nothing comes the day before, and the timeline says who stopped them.
  const { error } = await serviceClient.rpc('schedule_patient_reminders', {
    _now: new Date(Date.now() + 6 * DAY).toISOString(),
  });
  expect(error).toBeNull();
  await patient.waitForTimeout(12_000);
  expect(outbox().filter((m) => m.to === email)).toHaveLength(1);
  const { data: events } = await serviceClient
    .from('request_events')
    .select('author, new_value')
    .eq('request_id', stored.id)
    .eq('kind', 'automatic_message')
    .eq('new_value', 'stopped');
  expect(events).toEqual([{ author: username, new_value: 'stopped' }]);
  await context.close();
  await phone.close();
});
