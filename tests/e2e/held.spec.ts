/**
 * Requests held for verification (issue 27) as a coordinator sees them: the card says «قيد التحقق»
 * and why, and one button moves the request into the inbox, live, for good.
 */
import { expect, test } from '@playwright/test';
import { serviceClient, storedRequest, uniqueName } from './backend.ts';
import { createAdmin, login } from './staff.ts';

test('a held request shows why it is held, and staff move it into the requests', async ({
  page,
}) => {
  const name = uniqueName('محجوز');
  // The service role keeps the hold it is given, as a flood's lead would carry it.
  const { error } = await serviceClient.from('offer_leads').insert({
    name,
    phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country_code: '+966',
    service: 'dental-implants',
    source: '/',
    held_reason: 'flood',
  });
  expect(error).toBeNull();
  await login(page, createAdmin('held'));
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'بحث' }).fill(name);
  const card = page.getByTestId('request-card').filter({ hasText: name });
  const notice = card.getByTestId('held-notice');
  await expect(notice).toContainText('قيد التحقق: وصل أثناء تدفّق غير معتاد من الطلبات');
  await notice.getByRole('button', { name: `نقل طلب ${name} إلى الطلبات` }).click();
  await expect(page.getByText('نُقل الطلب إلى الطلبات')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect((await storedRequest(name))?.held_reason).toBeNull();
});
