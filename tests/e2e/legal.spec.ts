/**
 * The privacy policy and terms: both pages in both languages, indexable and in the sitemap; linked
 * from the footer of every page and from the consent note of every form; and every stored lead
 * carries the policy version the visitor was shown and the server's time of agreement.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { site } from '../../src/config/site.ts';
import { rowsNamed, uniqueName } from './backend.ts';
import { waitForIslands } from './helpers.ts';

const dist = process.env['SITE_DIST'] ?? '.data/e2e-dist';
/** The offer runs at this time in the test build (OFFERS_NOW in scripts/test.ts). */
const duringTheOffer = new Date('2025-10-26T09:00:00Z');

const sitemapPaths = [
  ...readFileSync(`${dist}/sitemap-0.xml`, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g),
].map((match) => new URL(match[1]!).pathname);

const documents = [
  {
    path: '/privacy',
    lang: 'ar',
    title: 'سياسة الخصوصية',
    version: `الإصدار ${site.policies.version}`,
  },
  {
    path: '/terms',
    lang: 'ar',
    title: 'الشروط والأحكام',
    version: `الإصدار ${site.policies.version}`,
  },
  {
    path: '/en/privacy',
    lang: 'en',
    title: 'Privacy policy',
    version: `Version ${site.policies.version}`,
  },
  {
    path: '/en/terms',
    lang: 'en',
    title: 'Terms of use',
    version: `Version ${site.policies.version}`,
  },
] as const;

const noteLinks = {
  ar: { privacy: 'سياسة الخصوصية', terms: 'الشروط', prefix: '' },
  en: { privacy: 'privacy policy', terms: 'terms', prefix: '/en' },
};

/** The note's two links lead to the policy pages of its language, in a new tab. */
async function expectPolicyLinks(note: Locator, lang: 'ar' | 'en') {
  const { privacy, terms, prefix } = noteLinks[lang];
  const privacyLink = note.getByRole('link', { name: privacy });
  const termsLink = note.getByRole('link', { name: terms });
  await expect(privacyLink).toHaveAttribute('href', `${prefix}/privacy`);
  await expect(termsLink).toHaveAttribute('href', `${prefix}/terms`);
  await expect(privacyLink).toHaveAttribute('target', '_blank');
  await expect(termsLink).toHaveAttribute('target', '_blank');
}

for (const document of documents) {
  test(`${document.path} is a dated, versioned, indexable page in its language`, async ({
    page,
  }) => {
    const response = await page.goto(document.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', document.lang);
    await expect(page.locator('html')).toHaveAttribute(
      'dir',
      document.lang === 'ar' ? 'rtl' : 'ltr',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(document.title);
    const version = page.getByTestId('policy-version');
    await expect(version).toContainText(document.version);
    await expect(version.locator('time')).toHaveAttribute('datetime', site.policies.effective);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    expect(sitemapPaths).toContain(document.path);
    // The facts come from the site config, not from copies in the text.
    const body = page.locator('article');
    await expect(body).toContainText(site.email);
    await expect(body).toContainText(site.address.street);
  });
}

test('the privacy policy names the authority, the rights and what the browser keeps', async ({
  page,
}) => {
  await page.goto('/en/privacy');
  const body = page.locator('article');
  await expect(body).toContainText(site.dataProtection.authority.name);
  for (const right of [
    'access',
    'corrected',
    'erased',
    'portability',
    'object',
    'withdraw your consent',
    'complain',
  ]) {
    await expect(body).toContainText(right);
  }
  for (const key of ['rihla:lang', 'rihla:lead-draft:wizard', 'rihla:attribution']) {
    await expect(body).toContainText(key);
  }
  await expect(body).toContainText(
    `${site.dataProtection.retentionMonths} months after its last activity`,
  );
  await expect(body).toContainText(site.dataProtection.hostingRegion.en);
});

test('every page links both policy pages of its language from its footer', async ({ request }) => {
  test.setTimeout(120_000);
  const pages = [...sitemapPaths, '/thank-you', '/en/thank-you', '/install', '/no-such-page'];
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    const footer = html.slice(html.lastIndexOf('<footer'));
    const prefix = /^\/en(\/|$)/.test(path) ? '/en' : '';
    expect(footer, path).toContain(`href="${prefix}/privacy"`);
    expect(footer, path).toContain(`href="${prefix}/terms"`);
  }
});

test('the footer links open the policy pages', async ({ page }) => {
  for (const { home, privacy, terms, heading } of [
    { home: '/', privacy: 'سياسة الخصوصية', terms: 'الشروط والأحكام', heading: 'الشروط والأحكام' },
    { home: '/en/', privacy: 'Privacy policy', terms: 'Terms of use', heading: 'Terms of use' },
  ]) {
    await page.goto(home);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: privacy, exact: true })).toBeVisible();
    await footer.getByRole('link', { name: terms, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});

test('the consent notes of the home form and of a consultation block link the policy', async ({
  page,
}) => {
  for (const [path, lang, variant] of [
    ['/', 'ar', 'wizard'],
    ['/en/', 'en', 'wizard'],
    ['/dental-implants-turkey', 'ar', 'single'],
    ['/en/dental-implants-turkey', 'en', 'single'],
  ] as const) {
    await page.goto(path);
    const form = page.getByTestId(`lead-form-${variant}`);
    await form.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    await expectPolicyLinks(form, lang);
  }
});

test('the offer dialog states the health-data consent and links its words', async ({ page }) => {
  await page.clock.install({ time: duringTheOffer });
  await page.goto('/hair-transplant-offer');
  await waitForIslands(page);
  await page.getByTestId('offer-badge').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Explicit consent for the health data a registration implies (issue 34), and its links.
  await expect(dialog).toContainText(
    'بالتسجيل توافق صراحةً على أن نستخدم اهتمامك بزراعة الشعر وما تخبرنا به عن حالتك لنتواصل معك بخصوص هذا العرض',
  );
  await expectPolicyLinks(dialog, 'ar');
  // Reading the policy opens another tab; what was typed stays in the dialog.
  await dialog.getByLabel('الاسم الكامل').fill('قارئ السياسة');
  const [policyTab] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'سياسة الخصوصية' }).click(),
  ]);
  await expect(policyTab.getByRole('heading', { level: 1 })).toHaveText('سياسة الخصوصية');
  await policyTab.close();
  await expect(dialog.getByLabel('الاسم الكامل')).toHaveValue('قارئ السياسة');
});

async function expectConsentRecorded(name: string) {
  const [lead] = await rowsNamed('offer_leads', name);
  expect(lead).toMatchObject({ policy_version: site.policies.version });
  const consentedAt = new Date(String(lead?.['consented_at']));
  expect(consentedAt.getTime()).toBe(new Date(String(lead?.['created_at'])).getTime());
  // The inbox row shows the same record.
  const [request] = await rowsNamed('contact_requests', name);
  expect(request).toMatchObject({ policy_version: site.policies.version });
  expect(new Date(String(request?.['consented_at'])).getTime()).toBe(consentedAt.getTime());
}

test('an offer registration stores the policy version and the consent time', async ({ page }) => {
  await page.clock.install({ time: duringTheOffer });
  await page.goto('/hair-transplant-offer');
  await waitForIslands(page);
  await page.getByTestId('offer-badge').click();
  const dialog = page.getByRole('dialog');
  const name = uniqueName('موافقة العرض');
  await dialog.getByLabel('الاسم الكامل').fill(name);
  await dialog.getByLabel('رقم الهاتف مع رمز الدولة').fill('966551234567');
  await dialog.getByRole('button', { name: 'سجل الآن' }).click();
  await expect(page).toHaveURL(/\/thank-you\/?$/, { timeout: 15_000 });
  await expectConsentRecorded(name);
});

async function submitConsultation(page: Page, name: string) {
  await page.goto('/en/dental-implants-turkey');
  const form = page.getByTestId('lead-form-single');
  await form.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Phone number (WhatsApp)').fill('050 765 4321');
  await form
    .getByRole('combobox', { name: 'Treatment' })
    .selectOption({ label: 'Dental implants' });
  await form.getByText('Yes', { exact: true }).click();
  await form.getByText('This month', { exact: true }).click();
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page).toHaveURL(/\/en\/thank-you\/?$/, { timeout: 15_000 });
}

test('a consultation request stores the policy version and the consent time', async ({ page }) => {
  const name = uniqueName('Consent Patient');
  await submitConsultation(page, name);
  await expectConsentRecorded(name);
});
