/**
 * The back office's screenshots in docs/ (docs/admin.md), taken again from the real screens:
 * `npm run docs:screenshots [-- --no-build] [--only admin-bin[,admin-quotes…]] [--site-port N --api-port N]`
 * (--only: those shots, in this file's order; a later one may use what an earlier one stored).
 *
 * It builds the site against its own API port (skipped with --no-build when that build exists),
 * serves it with a fresh local backend (scripts/bench/serve-build.ts), creates an owner and a
 * coordinator with the admin CLI, stores a small realistic inbox the way the forms store leads,
 * and photographs each screen in Debian Chromium. Each shot is a function below, named after its
 * file; a feature with screens of its own adds one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LOCAL_SERVICE_ROLE_KEY } from '../local/keys.ts';
import { buildSite, withBuildServer } from './bench/serve-build.ts';
import { contactShots } from './docs-screenshots-contact.ts';
import { journeyShots } from './docs-screenshots-journey.ts';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    'site-port': { type: 'string', default: '4398' },
    'api-port': { type: 'string', default: '54398' },
  },
});
const API_PORT = values['api-port'];
const SITE_PORT = values['site-port'];
const DIST = '.data/docs-shots-dist';
const DATA_DIR = '.data/docs-shots';
const PASSWORD = 'screenshots password';
const OWNER = 'nadia.owner';
const COORDINATOR = 'sara.coordinator';
const COORDINATOR_NAME = 'سارة';

/** Name, country code, number, treatment, the page the form was on, language. */
const PATIENTS: [string, string, string, string, string, 'ar' | 'en'][] = [
  ['محمد العتيبي', '+966', '966501234567', 'hair-transplant', '/', 'ar'],
  ['فاطمة الزهراني', '+966', '966552345678', 'dental-implants', '/dental-implants-turkey/', 'ar'],
  ['عبدالله القحطاني', '+971', '971501112233', 'rhinoplasty', '/', 'ar'],
  ['نورة الشمري', '+966', '966563456789', 'hair-transplant', '/hair-transplant-offer/', 'ar'],
  ['Ahmed Hassan', '+20', '201001234567', 'ivf', '/en/', 'en'],
  ['خالد الدوسري', '+965', '96550123456', 'bariatric-surgery', '/', 'ar'],
  ['ريم المطيري', '+966', '966574567890', 'hollywood-smile', '/', 'ar'],
];

function cli(...args: string[]): void {
  execFileSync(process.execPath, ['scripts/admin.ts', ...args, '--data-dir', DATA_DIR], {
    stdio: 'pipe',
  });
}

async function rest(path: string, init: RequestInit): Promise<unknown> {
  const answer = await fetch(`http://127.0.0.1:${API_PORT}${path}`, {
    ...init,
    headers: {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...init.headers,
    },
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return answer.status === 204 ? null : answer.json();
}

async function seedInbox(): Promise<void> {
  await rest('/rest/v1/offer_leads', {
    method: 'POST',
    body: JSON.stringify(
      PATIENTS.map(([name, country_code, phone, service, source, language]) => ({
        name,
        country_code,
        phone,
        service,
        source,
        language,
      })),
    ),
  });
  // A follow-up already due and one later today, so the queue's counters show something.
  const rows = (await rest('/rest/v1/contact_requests?select=id,name&order=created_at', {
    method: 'GET',
  })) as { id: string; name: string }[];
  const due = [-90, 120];
  for (const [index, row] of rows.slice(0, due.length).entries()) {
    await rest(`/rest/v1/contact_requests?id=eq.${row.id}`, {
      method: 'PATCH',
      body: JSON.stringify({
        follow_up_at: new Date(Date.now() + due[index]! * 60_000).toISOString(),
        status: 'in_progress',
      }),
    });
  }
}

async function signIn(browser: Browser, username: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, locale: 'ar', deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${SITE_PORT}/admin/login`);
  await page.getByLabel('اسم المستخدم').fill(username);
  await page.getByLabel('كلمة المرور').fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.getByTestId('showing').waitFor({ timeout: 30_000 });
  await page.locator('[data-live="live"]').waitFor({ timeout: 30_000 });
  return { context, page };
}

const openRequest = async (page: Page, name: string) => {
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  await page.getByTestId('request-dialog').waitFor();
};

/** Every screenshot, by its file name in docs/. */
const shots: Record<string, (browser: Browser) => Promise<void>> = {
  async 'admin-dashboard'(browser) {
    const { context, page } = await signIn(browser, COORDINATOR);
    await page.getByTestId('view-cards').click();
    await page.screenshot({ path: 'docs/admin-dashboard.png' });
    await context.close();
  },
  async 'admin-table'(browser) {
    const { context, page } = await signIn(browser, OWNER);
    await page.getByTestId('view-table').click();
    const boxes = page.getByTestId('request-row').getByRole('checkbox');
    for (const index of [0, 1, 2]) await boxes.nth(index).check();
    await page.getByTestId('bulk-bar').waitFor();
    await page.screenshot({ path: 'docs/admin-table.png' });
    await context.close();
  },
  async 'admin-dialog-phone'(browser) {
    const { context, page } = await signIn(browser, COORDINATOR, { width: 390, height: 844 });
    await openRequest(page, PATIENTS[0]![0]);
    await page.getByLabel('ملاحظات الإدارة').fill('اتصلت به، يفضل السفر في مارس');
    await page.screenshot({ path: 'docs/admin-dialog-phone.png' });
    await context.close();
  },
  async 'admin-bin'(browser) {
    const { context, page } = await signIn(browser, OWNER);
    const name = PATIENTS[5]![0];
    await openRequest(page, name);
    page.once('dialog', (confirm) => void confirm.accept());
    await page
      .getByTestId('request-dialog')
      .getByRole('button', { name: 'حذف', exact: true })
      .click();
    await page.getByTestId('request-dialog').waitFor({ state: 'hidden' });
    await page.goto(`http://127.0.0.1:${SITE_PORT}/admin/bin`);
    await page.getByText(name).first().waitFor();
    await page.screenshot({ path: 'docs/admin-bin.png' });
    await context.close();
  },
  async 'admin-sign-out'(browser) {
    const { context, page } = await signIn(browser, COORDINATOR);
    await openRequest(page, PATIENTS[3]![0]);
    await page.getByLabel('ملاحظات الإدارة').fill('رقم الجواز سيرسله غداً');
    await page
      .getByTestId('request-dialog')
      .getByRole('button', { name: 'إلغاء', exact: true })
      .click();
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.getByTestId('sign-out-dialog').waitFor();
    await page.screenshot({ path: 'docs/admin-sign-out.png' });
    await context.close();
  },
};

// Issue 32's screens (scripts/docs-screenshots-contact.ts), after the ones above.
Object.assign(
  shots,
  contactShots({
    cli,
    rest,
    signIn: (browser, username) => signIn(browser, username),
    site: `http://127.0.0.1:${SITE_PORT}`,
    owner: OWNER,
    coordinator: COORDINATOR,
    coordinatorName: COORDINATOR_NAME,
    password: PASSWORD,
  }),
);

// Issue 44's screens on the patient's page (scripts/docs-screenshots-journey.ts).
Object.assign(
  shots,
  journeyShots({
    rest,
    site: `http://127.0.0.1:${SITE_PORT}`,
    api: `http://127.0.0.1:${API_PORT}`,
    owner: OWNER,
    password: PASSWORD,
  }),
);

if (!values['no-build'] || !existsSync(DIST)) {
  console.log(`building into ${DIST}…`);
  buildSite(DIST, API_PORT);
}
await withBuildServer(
  { dist: DIST, dataDir: DATA_DIR, sitePort: SITE_PORT, apiPort: API_PORT },
  async () => {
    cli('create', OWNER, '--role', 'owner', '--password', PASSWORD);
    cli('create', COORDINATOR, '--role', 'coordinator', '--password', PASSWORD);
    cli('profile', COORDINATOR, '--name', COORDINATOR_NAME, '--whatsapp', '966501112222');
    await seedInbox();
    const browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      for (const [name, shoot] of Object.entries(shots)) {
        if (values.only && !values.only.split(',').includes(name)) continue;
        console.log(`docs/${name}.png`);
        await shoot(browser);
      }
    } finally {
      await browser.close();
    }
  },
);
