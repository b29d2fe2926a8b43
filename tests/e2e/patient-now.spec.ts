/**
 * "What now" from the request's real state (issue 43), on a 360 px phone in both languages: a
 * hair request walks from photos needed (how many, which; the button goes to the photos) to
 * waiting (the promised time), a quote to compare (the button goes to it), the choice recorded
 * (the clinic and who calls), travel and after-care, each with one sentence and one button and
 * the matching current step; the staff's panel shows the patient's sentence word for word.
 * The files and quotes are written through the same functions the page, the file check and the
 * coordinator's screen use.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, serviceClient, storedRequest, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login, PASSWORD } from './staff.ts';

test.use({ viewport: { width: 360, height: 740 } });

const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });

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

async function clinic() {
  const suffix = Math.random().toString(36).slice(2, 7);
  const { data, error } = await serviceClient
    .from('clinics')
    .insert({
      slug: `now-clinic-${suffix}`,
      name_ar: `عيادة الخطوة ${suffix}`,
      name_en: `Step Clinic ${suffix}`,
      city_ar: 'إسطنبول',
      city_en: 'Istanbul',
      country: 'turkey',
      treatments: ['hair-transplant'],
    })
    .select('id, name_ar, name_en')
    .single();
  expect(error).toBeNull();
  await serviceClient.from('clinic_accreditations').insert({
    clinic_id: data!.id,
    body: 'JCI',
    certificate_number: `JCI-${suffix}`,
    valid_until: '2099-12-31',
  });
  return data!;
}

const text = {
  ar: {
    photos:
      'ينقصنا 4 ملفات لنطلب لك عروض العيادات: الجبهة وخط الشعر، أعلى الرأس، التاج (أعلى مؤخرة الرأس)، المنطقة المانحة (خلف الرأس).',
    photosButton: 'أرسل الصور والمستندات',
    waiting: 'وصلنا كل ما نحتاجه، ونطلب لك عروض العيادات الآن. ستجدها هنا قبل',
    compare: 'عرض العيادة جاهز: راجعه أدناه واختره إن ناسبك.',
    compareButton: 'قارن العروض',
    chosen: (clinic: string) =>
      `اخترت عرض ${clinic}. سيتصل بك مدير المريض خلال 24 ساعة ليؤكد المواعيد ويرتّب سفرك.`,
    travel: 'سفرك قيد الترتيب',
    aftercare: 'نتابعك بعد العلاج',
    chatUs: 'راسلنا على واتساب',
  },
  en: {
    photos:
      'We still need 4 photos or documents to ask the clinics for your quotes: front and hairline, top of the head, crown (back of the top), donor area (back of the head).',
    photosButton: 'Send photos and documents',
    waiting:
      'We have everything we need and are asking the clinics now. Your quotes will be here by',
    compare: 'Your quote is ready: read it below and choose it if it suits you.',
    compareButton: 'Compare the quotes',
    chosen: (clinic: string) =>
      `You chose ${clinic}; your patient manager will call you within 24 hours to confirm the dates and arrange your travel.`,
    travel: 'Your trip is being arranged',
    aftercare: 'We stay with you after treatment',
    chatUs: 'Message us on WhatsApp',
  },
};

async function expectNow(page: Page, sentence: string, button: string, step: string) {
  await page.reload();
  await expect(page.locator('[data-now-text]')).toContainText(sentence);
  await expect(page.locator('[data-now-button]')).toHaveText(button);
  await expect(page.locator('[data-steps] [aria-current="step"]')).toHaveAttribute(
    'data-step',
    step,
  );
}

for (const lang of ['ar', 'en'] as const) {
  test(`what now at each state, with one button, the steps and the staff's panel agreeing (${lang}, 360 px)`, async ({
    page,
    browser,
  }) => {
    const t = text[lang];
    const username = createAdmin('now');
    const staff = await staffClient(username);
    const name = uniqueName(lang === 'ar' ? 'مريض الخطوات' : 'Steps Patient');
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
    await page.goto(`${lang === 'en' ? '/en' : ''}/r/#${token}`);

    // Before any photo: how many and which, and the button goes to them (the link stays).
    await expectNow(page, t.photos, t.photosButton, 'documents');
    await expectNoSeriousA11yIssues(page);
    await page.locator('[data-now-button]').click();
    await expect(page.locator('#files')).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`#${token}$`));

    // The four views arrive (begun by the patient's link, passed by the file check).
    for (const slot of ['hair_front', 'hair_top', 'hair_crown', 'hair_donor']) {
      const begun = await anon.rpc('patient_file_begin', {
        _token: token,
        _slot: slot,
        _content_type: 'image/webp',
        _bytes: 1000,
        _file_name: `${slot}.webp`,
        _with_thumb: false,
      });
      expect(begun.error).toBeNull();
      const finished = await serviceClient.rpc('finish_request_file', {
        _file_id: (begun.data as { file_id: string }).file_id,
        _ok: true,
        _bytes: 1000,
        _reason: '',
      });
      expect(finished.error).toBeNull();
    }
    await expectNow(page, t.waiting, t.chatUs, 'quotes');

    // A coordinator sends a quote: one to compare, and the button goes to it.
    const partner = await clinic();
    const draft = await staff.rpc('save_quote_draft', {
      _request_id: stored.id,
      _clinic_id: partner.id,
      // A new draft: no version or revision opened yet (the staff write protocol, issue 41).
      _draft_version: null,
      _draft_revision: null,
      _fields: {
        technique: 'FUE',
        price: 2400,
        currency: 'EUR',
        valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(draft.error).toBeNull();
    const saved = draft.data as { quote_id: string; version: number; revision: number };
    const quoteId = saved.quote_id;
    const sent = await staff.rpc('send_quote', {
      _quote_id: quoteId,
      _version: saved.version,
      _revision: saved.revision,
      _idempotency_key: crypto.randomUUID(),
    });
    expect(sent.error).toBeNull();
    await expectNow(page, t.compare, t.compareButton, 'decision');
    expect(await page.locator('[data-now-button]').getAttribute('href')).toBe('#patient-quotes');

    // The patient's choice: the clinic, and who calls next.
    const choice = await anon.rpc('patient_choose_quote', {
      _token: token,
      _quote_id: quoteId,
      _version: 1,
    });
    expect(choice.error).toBeNull();
    const clinicName = lang === 'ar' ? partner.name_ar : partner.name_en;
    await expectNow(page, t.chosen(clinicName), t.chatUs, 'travel');
    const patientSentence = await page.locator('[data-now-text]').textContent();

    if (lang === 'ar') {
      // The staff's panel shows the patient's sentence, word for word.
      const office = await browser.newPage();
      await login(office, username);
      await expect(office.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
      await office.getByRole('searchbox', { name: 'بحث' }).fill(stored.reference);
      await office.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
      await expect(office.getByTestId('patient-now')).toHaveText(
        `يقرأ المريض الآن: ${patientSentence}`,
      );
      await office.close();
    }

    // The step the staff's panel shows now (the patient's choice moved it): each change names it.
    const info = await staff.rpc('patient_page_info', { _request_id: stored.id });
    let seen = (info.data as { step: string | null } | null)?.step ?? '';
    for (const step of ['travel', 'aftercare'] as const) {
      expect(
        (
          await staff.rpc('set_patient_step', {
            _request_id: stored.id,
            _step: step,
            _from_step: seen,
          })
        ).error,
      ).toBeNull();
      seen = step;
      await expectNow(
        page,
        t[step],
        lang === 'ar'
          ? step === 'aftercare'
            ? 'أرسل تحديثاً على واتساب'
            : t.chatUs
          : step === 'aftercare'
            ? 'Send an update on WhatsApp'
            : t.chatUs,
        step,
      );
    }
  });
}
