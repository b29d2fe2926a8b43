/**
 * Honest claims and the small texts that cost trust: no result guarantee and no "minor" surgery,
 * testimonials shown as the patients' own stories with the rating they gave, avatar initials without
 * the article «ال», the footer's address and privacy line, feminine risk labels, and units that do
 * not break across lines.
 */
import { expect, test } from '@playwright/test';

test('the offer promises the clinic’s written graft guarantee, not results', async ({ page }) => {
  await page.goto('/hair-transplant-offer');
  const includes = page.locator('#includes');
  await expect(includes).toContainText('ضمان المستشفى المكتوب على البصيلات');
  await expect(includes).toContainText('لا أحد يضمن نتيجة طبية');
  await expect(page.locator('body')).not.toContainText('مدى الحياة');
});

test('a hair transplant is called surgery, never minor', async ({ page }) => {
  await page.goto('/hair-transplant-turkey');
  await expect(page.locator('main')).toContainText('زراعة الشعر عملية جراحية');
  await expect(page.locator('main')).not.toContainText('إجراء جراحي بسيط');
  await page.goto('/en/hair-transplant-turkey');
  await expect(page.locator('main')).toContainText('A hair transplant is surgery');
  await expect(page.locator('main')).not.toContainText('minor surgical');
});

for (const [home, lead, rating, label] of [
  ['/', 'قصص رواها لنا مرضانا', '5/5', 'التقييم الذي أعطاه المريض: 5 من 5'],
  ['/en/', 'Stories our patients told us', '5/5', 'Rating the patient gave: 5 out of 5'],
] as const) {
  test(`testimonials are marked as collected patient stories with their rating (${home})`, async ({
    page,
  }) => {
    await page.goto(home);
    const section = page.locator('#testimonials');
    await expect(section).toContainText(lead);
    const first = section.getByTestId('testimonials').locator('li').first();
    await expect(first.getByRole('img', { name: label })).toBeVisible();
    await expect(first).toContainText(rating);
  });
}

test('avatar initials skip the article «ال»', async ({ page }) => {
  await page.goto('/');
  const layla = page.getByTestId('coordinators').locator('li').filter({ hasText: 'ليلى الأحمد' });
  await expect(layla.locator('[aria-hidden="true"]').first()).toHaveText('ل أ');
  await page.goto('/en/');
  const laylaEn = page
    .getByTestId('coordinators')
    .locator('li')
    .filter({ hasText: 'Layla Al-Ahmad' });
  await expect(laylaEn.locator('[aria-hidden="true"]').first()).toHaveText('LA');
});

for (const [path, address] of [
  ['/', '10117 برلين'],
  ['/en/', '10117 Berlin'],
] as const) {
  test(`the footer spaces postcode and city and has one privacy line (${path})`, async ({
    page,
  }) => {
    await page.goto(path);
    const footer = page.locator('footer');
    await expect(footer.locator('address')).toContainText(address);
    const text = (await footer.textContent()) ?? '';
    const phrase = path === '/' ? 'بياناتك محمية ومشفّرة' : 'Your data is protected and encrypted';
    expect(text.split(phrase).length - 1).toBe(1);
  });
}

test('risk levels agree with the feminine «درجة الخطورة»', async ({ page }) => {
  await page.goto('/common-mistakes');
  const list = page.getByTestId('mistakes');
  await expect(list.locator('[data-risk=critical]').first()).toContainText('حرجة');
  await expect(list.locator('[data-risk=high]').first()).toContainText('عالية');
  await expect(list.locator('[data-risk=medium]').first()).toContainText('متوسطة');
});

test('All-on-4 and number ranges with their unit stay on one line', async ({ page }) => {
  // A narrow phone screen, where a break inside them would otherwise happen.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/dental-implants-turkey');
  for (const text of ['All-on-4', '24–48 ساعة']) {
    const unit = page.locator('main').getByText(text, { exact: true }).first();
    await expect(unit).toHaveCSS('white-space', 'nowrap');
    const lines = await unit.evaluate((element) => element.getClientRects().length);
    expect(lines, text).toBe(1);
  }
});
