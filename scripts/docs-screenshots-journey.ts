/**
 * The patient's journey after the choice in docs/patient-page.md (issue 44): the trip plan and the
 * after-care check-ins on a 360 px phone, in Arabic. Part of `npm run docs:screenshots`
 * (scripts/docs-screenshots.ts): a request is stored the way the form stores one, a clinic's
 * quote chosen, a trip plan written with the service key as the coordinator's dialog would save
 * it, and the after-care scheduler run as pg_cron runs it, so the page shows what a patient sees.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { LOCAL_ANON_KEY } from '../local/keys.ts';

type Rest = (path: string, init: RequestInit) => Promise<unknown>;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A client signed in as the back office signs in (anonymous session, then admin_login). */
async function staffClient(api: string, username: string, password: string) {
  const client = createClient(api, LOCAL_ANON_KEY, { auth: { persistSession: false } });
  await client.auth.signInAnonymously();
  const { data, error } = await client.rpc('admin_login', {
    _username: username,
    _password: password,
  });
  if (error || data !== true) throw new Error(`admin_login: ${error?.message ?? data}`);
  return client;
}

const must = <T>(answer: { data: T; error: { message: string } | null }, what: string): T => {
  if (answer.error) throw new Error(`${what}: ${answer.error.message}`);
  return answer.data;
};

/**
 * A hair request whose patient chose a quote, and its trip plan saved as the dialog saves it, with
 * the procedure `procedureIn` days away (negative: done).
 */
async function journey(options: Options, procedureIn: number) {
  const { rest, api, owner, password } = options;
  const token = randomBytes(32).toString('base64url');
  const [lead] = (await rest('/rest/v1/offer_leads', {
    method: 'POST',
    body: JSON.stringify({
      name: 'محمد العتيبي',
      country_code: '+966',
      phone: `9665${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`,
      service: 'hair-transplant',
      source: '/',
      language: 'ar',
      patient_token: token,
    }),
  })) as { id: string }[];
  const [request] = (await rest(`/rest/v1/contact_requests?select=id&lead_id=eq.${lead!.id}`, {
    method: 'GET',
  })) as { id: string }[];
  const [clinic] = (await rest('/rest/v1/clinics', {
    method: 'POST',
    body: JSON.stringify({
      slug: `istanbul-hair-${randomBytes(3).toString('hex')}`,
      name_ar: 'مركز إسطنبول للشعر',
      name_en: 'Istanbul Hair Centre',
      city_ar: 'إسطنبول',
      city_en: 'Istanbul',
      country: 'turkey',
      treatments: ['hair-transplant'],
    }),
  })) as { id: string }[];
  await rest('/rest/v1/clinic_accreditations', {
    method: 'POST',
    body: JSON.stringify({
      clinic_id: clinic!.id,
      body: 'JCI',
      certificate_number: `JCI-${randomBytes(3).toString('hex')}`,
      valid_until: '2099-12-31',
    }),
  });
  const staff = await staffClient(api, owner, password);
  const draft = must(
    await staff.rpc('save_quote_draft', {
      _request_id: request!.id,
      _clinic_id: clinic!.id,
      _draft_version: null,
      _draft_revision: null,
      _fields: {
        technique: 'FUE',
        price: 2300,
        currency: 'EUR',
        hotel: 'Şişli Suites',
        nights: 3,
        transfer: true,
        interpreter: true,
        included: ['الفندق 3 ليالٍ', 'التنقلات', 'PRP', 'الأدوية'],
        not_included: ['تذاكر الطيران'],
        valid_until: day(14),
      },
    }),
    'save_quote_draft',
  ) as { quote_id: string; version: number; revision: number };
  must(
    await staff.rpc('send_quote', {
      _quote_id: draft.quote_id,
      _version: draft.version,
      _revision: draft.revision,
      _idempotency_key: crypto.randomUUID(),
    }),
    'send_quote',
  );
  const patient = createClient(api, LOCAL_ANON_KEY, { auth: { persistSession: false } });
  must(
    await patient.rpc('patient_choose_quote', {
      _token: token,
      _quote_id: draft.quote_id,
      _version: 1,
    }),
    'patient_choose_quote',
  );
  const arrival = procedureIn - 1;
  must(
    await staff.rpc('save_trip_plan', {
      _request_id: request!.id,
      _version: null,
      _fields: {
        arrival_on: day(arrival),
        procedure_on: day(procedureIn),
        departure_on: day(procedureIn + 3),
        clinic_name: 'مركز إسطنبول للشعر',
        clinic_address: 'شارع هالاسكارغازي 38، شيشلي، إسطنبول',
        clinic_address_local: 'Halaskargazi Cd. No:38, Şişli, İstanbul',
        hotel_name: 'Şişli Suites',
        hotel_address_local: 'Büyükdere Cd. No:12, Şişli, İstanbul',
        transfer: 'سائق العيادة من المطار إلى الفندق وإليه',
        interpreter: 'مترجم عربي طوال الأيام',
        emergency_phone: '+905321234567',
        days: [
          {
            on: day(arrival),
            time: '14:30',
            kind: 'arrival',
            note: 'الاستقبال في المطار، البوابة 8',
          },
          { on: day(procedureIn), time: '09:00', kind: 'procedure', note: '' },
          { on: day(procedureIn + 1), time: '10:00', kind: 'checkup', note: '' },
          { on: day(procedureIn + 2), time: null, kind: 'first_wash', note: '' },
          { on: day(procedureIn + 3), time: '11:00', kind: 'departure', note: '' },
        ],
      },
    }),
    'save_trip_plan',
  );
  return { token, requestId: request!.id };
}

interface Options {
  rest: Rest;
  site: string;
  api: string;
  owner: string;
  password: string;
}

export function journeyShots(options: Options) {
  const { rest, site } = options;
  const phone = async (browser: Browser, token: string, section: string, file: string) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      locale: 'ar',
    });
    const page = await context.newPage();
    await page.goto(`${site}/r/#${token}`);
    const part = page.locator(section);
    await part.waitFor({ timeout: 30_000 });
    await part.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await part.screenshot({ path: `docs/${file}.png` });
    await context.close();
  };
  return {
    async 'patient-trip-ar'(browser: Browser) {
      const { token } = await journey(options, 21);
      await phone(browser, token, '[data-trip]', 'patient-trip-ar');
    },
    async 'patient-aftercare-ar'(browser: Browser) {
      // Treated eight days ago and home since: the day-1 and day-7 check-ins have been asked.
      const { token } = await journey(options, -8);
      await rest('/rest/v1/rpc/run_aftercare', { method: 'POST', body: '{}' });
      await phone(browser, token, '[data-aftercare]', 'patient-aftercare-ar');
    },
  };
}
