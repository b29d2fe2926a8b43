/**
 * The patient hears what happens (issue 43, item 4), on a 360 px phone in both languages: a
 * coordinator sends a quote and the local outbox receives the "quotes ready" mail at the request's
 * own e-mail, in its language, the request page's address alone on its line; a revision then says
 * what changed, line by line, on the patient page's quote card (2,400 EUR → 2,300 EUR) and in its
 * own mail. The e2e server waits 2 seconds instead of 5 minutes and keeps no quiet hours
 * (RIHLA_PATIENT_NOTICES in playwright.config.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, serviceClient, storedRequest, uniqueName } from './backend.ts';
import { createAdmin, dataDir, PASSWORD } from './staff.ts';

test.use({ viewport: { width: 360, height: 740 } });

interface Mail {
  to: string;
  subject: string;
  text: string;
  idempotencyKey?: string;
}

/** The mails in the local outbox (one JSON file each). */
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

async function clinic() {
  const suffix = Math.random().toString(36).slice(2, 7);
  const { data, error } = await serviceClient
    .from('clinics')
    .insert({
      slug: `notice-clinic-${suffix}`,
      name_ar: `عيادة الإشعار ${suffix}`,
      name_en: `Notice Clinic ${suffix}`,
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

const texts = {
  ar: {
    ready: 'عروضك جاهزة للمقارنة',
    revised: 'تعديل على عرض في طلبك',
    changes: 'ما الذي تغيّر عن النسخة السابقة:',
    price: 'السعر: 2,400 EUR ← 2,300 EUR',
    nights: /ليالي الإقامة: .*3.* ← .*4/,
    included: 'مشمول: أضيف: Hotel؛ أزيل: Medication',
    mailPrice: '- السعر: 2,400 EUR ← 2,300 EUR',
  },
  en: {
    ready: 'Your quotes are ready to compare',
    revised: 'A quote for your request was revised',
    changes: 'What changed from the previous version:',
    price: 'Price: 2,400 EUR → 2,300 EUR',
    nights: 'Nights: 3 nights → 4 nights',
    included: 'Included: Added: Hotel; Removed: Medication',
    mailPrice: '- Price: 2,400 EUR → 2,300 EUR',
  },
};

for (const lang of ['ar', 'en'] as const) {
  const path = lang === 'en' ? '/en/r/' : '/r/';
  const words = texts[lang];

  test(`quotes ready reaches the outbox, a revision says what changed on the card and by mail (${lang}, 360 px)`, async ({
    page,
  }) => {
    const staff = await staffClient(createAdmin('notice'));
    const name = uniqueName(lang === 'ar' ? 'مريض الإشعار' : 'Notice Patient');
    const email = `notice-${randomBytes(4).toString('hex')}@example.com`;
    const token = randomBytes(32).toString('base64url');
    const { error } = await anon.from('offer_leads').insert({
      name,
      phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      country_code: '+966',
      email,
      service: 'hair-transplant',
      source: lang === 'en' ? '/en/' : '/',
      language: lang,
      patient_token: token,
    });
    expect(error).toBeNull();
    const stored = await storedRequest(name);
    const partner = await clinic();
    const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

    const sendVersion = async (fields: Record<string, unknown>, opened: unknown) => {
      const base = opened as { version: number; revision: number } | null;
      const draft = await staff.rpc('save_quote_draft', {
        _request_id: stored.id,
        _clinic_id: partner.id,
        _draft_version: base?.version ?? null,
        _draft_revision: base?.revision ?? null,
        _fields: { technique: 'FUE', currency: 'EUR', valid_until: validUntil, ...fields },
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
    };
    await sendVersion({ price: 2400, nights: 3, included: ['PRP', 'Medication'] }, null);

    const mailFor = (subject: string) =>
      outbox().find(
        (m) =>
          m.to === email &&
          m.idempotencyKey?.startsWith('patient-notice-') &&
          plain(m.subject).startsWith(subject),
      );
    let ready: Mail | undefined;
    await expect
      .poll(() => (ready = mailFor(words.ready)) !== undefined, { timeout: 60_000 })
      .toBe(true);
    expect(plain(ready!.subject)).toContain(stored.reference);
    expect(plain(ready!.text)).toContain('2,400 EUR');
    // The request page alone on its line; no private link in it.
    expect(ready!.text.split('\n').some((line) => line.endsWith(path))).toBe(true);
    expect(ready!.text).not.toContain(token);

    await sendVersion({ price: 2300, nights: 4, included: ['PRP', 'Hotel'] }, null);
    await page.goto(`${path}#${token}`);
    const changes = page.locator('[data-quote-changes]');
    await expect(changes).toBeVisible();
    await expect(changes).toContainText(words.changes);
    await expect(changes.locator('[data-change="price"]')).toHaveText(words.price);
    await expect(changes.locator('[data-change="nights"]')).toHaveText(words.nights);
    await expect(changes.locator('[data-change="included"]')).toHaveText(words.included);
    // The card never scrolls sideways at 360 px.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    let revised: Mail | undefined;
    await expect
      .poll(() => (revised = mailFor(words.revised)) !== undefined, { timeout: 60_000 })
      .toBe(true);
    expect(plain(revised!.text).split('\n')).toContain(words.mailPrice);
  });
}
