import { expect, test } from '@playwright/test';
import { serviceClient, uniqueName } from './backend.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login } from './staff.ts';

/**
 * An owner's templates under the write protocol (issue 41): a new template whose answer is lost
 * is saved once when the owner presses again (the editor made its id), and a save over a template
 * another owner saved since is refused, the typed text kept and the other owner's text stored.
 */

const stored = async (titleEn: string) =>
  (await serviceClient.from('message_templates').select('id, body_ar').eq('title_en', titleEn))
    .data ?? [];

test('an owner adds a template once though its answer was lost, and never overwrites a colleague', async ({
  page,
}) => {
  const titleEn = uniqueName('Visa letter');
  await login(page, createAdmin('templates', 'owner'));
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await page.goto('/admin/templates');
  await page.getByRole('button', { name: 'قالب جديد' }).click();
  await page.getByLabel('العنوان بالعربية').fill('رسالة التأشيرة');
  await page.getByLabel('العنوان بالإنجليزية').fill(titleEn);
  await page.getByLabel('النص بالعربية').fill('مرحباً {name}، نرسل لك خطاب الدعوة للتأشيرة.');
  await page
    .getByLabel('النص بالإنجليزية')
    .fill('Hello {name}, here is your visa invitation letter.');

  // The server stores the template; its answer never reaches the browser.
  let cuts = 0;
  await page.route('**/rest/v1/rpc/save_message_template', async (route) => {
    cuts += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'حفظ القالب' }).click();
  await expect(page.getByText('لم يصل ردّ الخادم، فلا نعرف بعدُ إن حُفظ القالب.')).toBeVisible();
  await expect(page.getByLabel('العنوان بالإنجليزية')).toHaveValue(titleEn);
  await page.unroute('**/rest/v1/rpc/save_message_template');
  await page.getByRole('button', { name: 'حفظ القالب' }).click();
  await expect(page.getByText('حُفظ القالب.')).toBeVisible();
  expect(cuts).toBe(1);
  expect(await stored(titleEn)).toHaveLength(1);

  // Opened for editing; meanwhile another owner changes its Arabic text.
  const card = page.getByTestId('template-card').filter({ hasText: 'رسالة التأشيرة' });
  await card.getByRole('button', { name: 'تعديل' }).click();
  const body = page.getByLabel('النص بالعربية');
  await expect(body).toHaveValue('مرحباً {name}، نرسل لك خطاب الدعوة للتأشيرة.');
  const { error } = await serviceClient
    .from('message_templates')
    .update({ body_ar: 'مرحباً {name}، خطاب الدعوة في المرفق.' })
    .eq('title_en', titleEn);
  expect(error).toBeNull();
  await body.fill('مرحباً {name}، سنرسل الخطاب غداً.');
  await page.getByRole('button', { name: 'حفظ القالب' }).click();
  await expect(page.getByText('غيّر مالك آخر هذا القالب بعد أن فتحته')).toBeVisible();
  await expect(body).toHaveValue('مرحباً {name}، سنرسل الخطاب غداً.');
  expect((await stored(titleEn)).map((row) => row.body_ar)).toEqual([
    'مرحباً {name}، خطاب الدعوة في المرفق.',
  ]);
  // An archived template is shown apart yet stays readable (the axe contrast check).
  const archive = await serviceClient
    .from('message_templates')
    .update({ archived_at: new Date().toISOString() })
    .eq('title_en', titleEn);
  expect(archive.error).toBeNull();
  await page.getByRole('button', { name: 'إلغاء' }).click();
  await page.reload();
  await expect(page.getByText('مؤرشف: لا يظهر عند الإرسال').first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});
