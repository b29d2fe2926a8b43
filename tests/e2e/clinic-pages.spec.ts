/**
 * A partner clinic's own page (issue 45) in a real browser against the local stack: the page is
 * prerendered from the build's snapshot (the gate builds with tests/build/clinics-snapshot.json),
 * and its first section checks the database live: accredited today while the clinic is active and
 * its accreditation valid, "no longer a partner" once an owner deactivates it. A quote's
 * `#<slug>` link moves to the clinic's own page; a retired clinic's address redirects to the list.
 */
import { expect, test } from '@playwright/test';
import { serviceClient } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';

const slug = 'example-hair-clinic';
const INACTIVE = 'This clinic is no longer one of our partners; we send no new quotes from it.';

/** The snapshot's clinic as a database row (the page is built from the snapshot, checked here). */
async function clinicInDatabase(active: boolean) {
  const { data, error } = await serviceClient
    .from('clinics')
    .upsert(
      {
        slug,
        name_ar: 'عيادة المثال للشعر (بيانات اختبار)',
        name_en: 'Example Hair Clinic (test data)',
        city_ar: 'إسطنبول',
        city_en: 'Istanbul',
        country: 'turkey',
        languages: ['ar', 'en', 'tr'],
        treatments: ['hair-transplant'],
        active,
      },
      { onConflict: 'slug' },
    )
    .select('id')
    .single();
  expect(error).toBeNull();
  await serviceClient.from('clinic_accreditations').delete().eq('clinic_id', data!.id);
  const { error: checked } = await serviceClient.from('clinic_accreditations').insert({
    clinic_id: data!.id,
    body: 'JCI',
    certificate_number: 'JCI-TEST-0001',
    valid_until: '2099-12-31',
  });
  expect(checked).toBeNull();
}

test.describe.configure({ mode: 'serial' });

test('the live check says what is true now, over the page built from the snapshot', async ({
  page,
}) => {
  await clinicInDatabase(true);
  await page.goto(`/en/clinics/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Example Hair Clinic (test data)',
  );
  const live = page.locator('[data-live-result]');
  await expect(live).toHaveText('Checked just now: accredited today (JCI).');
  await expect(page.getByText('31 January 2024 (expired)')).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.goto(`/clinics/${slug}`);
  await expect(live).toHaveText('تحققنا الآن: معتمدة اليوم (JCI).');
  await expectNoSeriousA11yIssues(page);

  await clinicInDatabase(false);
  await page.reload();
  await expect(live).toHaveText(
    'تحققنا الآن: لم تعد هذه العيادة من شركائنا، ولا نرسل منها عروضاً جديدة.',
  );
  await clinicInDatabase(true);
});

test("a quote's #slug link moves to the clinic's own page; a retired clinic's address redirects to the list", async ({
  page,
}) => {
  await clinicInDatabase(true);
  await page.goto(`/en/clinics/#${slug}`);
  await expect(page).toHaveURL(new RegExp(`/en/clinics/${slug}$`));
  await expect(page.locator('[data-live-result]')).toHaveText(
    'Checked just now: accredited today (JCI).',
  );

  const retired = await page.request.get('/clinics/example-former-clinic', { maxRedirects: 0 });
  expect(retired.status()).toBe(302);
  expect(retired.headers()['location']).toBe('/clinics/#example-former-clinic');
  // The clinic an owner deactivated: the list's live profile says so.
  const { error } = await serviceClient.from('clinics').upsert(
    {
      slug: 'example-former-clinic',
      name_ar: 'عيادة سابقة (بيانات اختبار)',
      name_en: 'Former Clinic (test data)',
      city_ar: 'أنطاليا',
      city_en: 'Antalya',
      country: 'turkey',
      active: false,
    },
    { onConflict: 'slug' },
  );
  expect(error).toBeNull();
  await page.goto('/en/clinics/example-former-clinic');
  await expect(page).toHaveURL(/\/en\/clinics\/#example-former-clinic$/);
  await expect(page.getByRole('heading', { name: 'Former Clinic (test data)' })).toBeVisible();
  await expect(page.getByText(INACTIVE)).toBeVisible();
});
