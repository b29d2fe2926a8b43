/**
 * Two people on one quote (issue 41, item 2), in Debian Chromium against the real local stack: two
 * coordinators on one draft, in both orders (a save over a draft a colleague saved since is refused
 * and shown beside theirs; a draft sent by a colleague is not sent again as a "correction" nobody
 * reviewed); one coordinator in two tabs; and a send whose answer is cut after the server sent it
 * (the editor asks the server and says it was sent; pressing again sends nothing more).
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { serviceClient, storedRequest, uniqueName } from './backend.ts';
import { createAdmin, login } from './staff.ts';

async function addClinic() {
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = `عيادة السباق ${suffix}`;
  const { data, error } = await serviceClient
    .from('clinics')
    .insert({
      slug: `race-clinic-${suffix}`,
      name_ar: name,
      name_en: `Race Clinic ${suffix}`,
      city_ar: 'إسطنبول',
      city_en: 'Istanbul',
      country: 'turkey',
      languages: ['ar', 'en'],
      treatments: ['hair-transplant'],
      currency: 'EUR',
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  const { error: checked } = await serviceClient.from('clinic_accreditations').insert({
    clinic_id: data!.id,
    body: 'JCI',
    certificate_number: `JCI-${suffix}`,
    valid_until: '2099-12-31',
  });
  expect(checked).toBeNull();
  return name;
}

async function newRequest(name: string) {
  const { error } = await serviceClient.from('offer_leads').insert({
    name,
    phone: `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country_code: '+966',
    service: 'hair-transplant',
    source: '/',
    language: 'ar',
  });
  expect(error).toBeNull();
  return storedRequest(name);
}

/** The versions of the request's quotes: price, sent or not, revision. */
async function versions(requestId: string) {
  const quotes = await serviceClient.from('quotes').select('id').eq('request_id', requestId);
  expect(quotes.error).toBeNull();
  const { data, error } = await serviceClient
    .from('quote_versions')
    .select('version, price, team, sent_at')
    .in(
      'quote_id',
      (quotes.data ?? []).map((quote) => quote.id),
    )
    .order('version');
  expect(error).toBeNull();
  return (data ?? []).map((v) => ({
    version: v.version,
    price: Number(v.price),
    team: v.team,
    sent: v.sent_at !== null,
  }));
}

async function signIn(page: Page, username: string) {
  await login(page, username);
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
}

async function openRequest(page: Page, reference: string, name: string) {
  await page.getByRole('searchbox', { name: 'بحث' }).fill(reference);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const dialog = page.getByTestId('request-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function staff(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return { context, page };
}

/** Starts a quote from `clinic` at `price` and waits until the draft is saved. */
async function startQuote(dialog: Locator, clinic: string, price: string) {
  await dialog.getByRole('button', { name: 'عرض جديد من عيادة' }).click();
  await dialog.getByLabel('العيادة').selectOption({ label: `${clinic} · إسطنبول` });
  const editor = dialog.getByTestId('quote-editor');
  await editor.getByLabel('الجرّاح أو الفريق', { exact: true }).fill('Dr. Kaya');
  await editor.getByLabel('السعر', { exact: true }).fill(price);
  await expect(editor.getByTestId('quote-save-state')).toContainText('حُفظت المسودة', {
    timeout: 15_000,
  });
  return editor;
}

/** Opens the draft on the card with «تعديل المسودة». */
async function editDraft(dialog: Locator) {
  const card = dialog.getByTestId('quote-card');
  await expect(card.getByTestId('quote-draft-line')).toBeVisible({ timeout: 10_000 });
  await card.getByRole('button', { name: 'تعديل المسودة' }).click();
  return dialog.getByTestId('quote-editor');
}

async function change(editor: Locator, label: string, value: string) {
  await editor.getByLabel(label, { exact: true }).fill(value);
}

test.describe('two people on one quote', () => {
  test.describe.configure({ mode: 'parallel', timeout: 180_000 });

  test("a save over a colleague's draft is refused and shown beside theirs; the send is too", async ({
    browser,
  }) => {
    const clinic = await addClinic();
    const name = uniqueName('سباق العروض');
    const request = await newRequest(name);
    const first = await staff(browser, createAdmin('racea', 'coordinator'));
    const colleague = createAdmin('raceb', 'coordinator');
    const second = await staff(browser, colleague);
    const mine = await startQuote(
      await openRequest(first.page, request.reference, name),
      clinic,
      '2000',
    );
    // The second opens the same request, edits the draft: 1,800 with another surgeon.
    const theirDialog = await openRequest(second.page, request.reference, name);
    const theirs = await editDraft(theirDialog);
    await change(theirs, 'السعر', '1800');
    await change(theirs, 'الجرّاح أو الفريق', 'Dr. Demir');
    await expect(theirs.getByTestId('quote-save-state')).toContainText('حُفظت المسودة', {
      timeout: 15_000,
    });
    // The first changes the nights: the autosave names the revision it opened, and is refused.
    await change(mine, 'ليالي الإقامة', '4');
    const conflict = mine.getByTestId('quote-conflict');
    await expect(conflict).toContainText('هذه المسودة', { timeout: 15_000 });
    await expect(conflict).toContainText(colleague);
    await expect(conflict).toContainText('Dr. Demir');
    expect(await versions(request.id)).toEqual([
      { version: 1, price: 1800, team: 'Dr. Demir', sent: false },
    ]);
    // Ctrl+Enter while the conflict is open sends nothing.
    await mine.getByLabel('ليالي الإقامة', { exact: true }).press('Control+Enter');
    await first.page.waitForTimeout(1_500);
    expect((await versions(request.id))[0]!.sent).toBe(false);
    // Taking theirs, the first sees 1,800 and can send it.
    await conflict.getByRole('button', { name: 'خذ نسختهم' }).click();
    await expect(mine.getByLabel('السعر', { exact: true })).toHaveValue('1800');
    await mine.getByLabel('السعر', { exact: true }).press('Control+Enter');
    await expect(mine).toBeHidden({ timeout: 15_000 });
    expect(await versions(request.id)).toEqual([
      { version: 1, price: 1800, team: 'Dr. Demir', sent: true },
    ]);
    await first.context.close();
    await second.context.close();
  });

  test('a draft a colleague sent is not sent again as a correction nobody reviewed', async ({
    browser,
  }) => {
    const clinic = await addClinic();
    const name = uniqueName('سباق الإرسال');
    const request = await newRequest(name);
    const sender = createAdmin('racec', 'coordinator');
    const first = await staff(browser, sender);
    const second = await staff(browser, createAdmin('raced', 'coordinator'));
    const mine = await startQuote(
      await openRequest(first.page, request.reference, name),
      clinic,
      '2000',
    );
    // The second opens the draft at 2,000; then the first sends it.
    const theirs = await editDraft(await openRequest(second.page, request.reference, name));
    await expect(theirs.getByLabel('السعر', { exact: true })).toHaveValue('2000');
    await mine.getByLabel('السعر', { exact: true }).press('Control+Enter');
    await expect(mine).toBeHidden({ timeout: 15_000 });
    // The second, still on the draft, types 1,800 with another surgeon and presses Ctrl+Enter.
    await change(theirs, 'السعر', '1800');
    await change(theirs, 'الجرّاح أو الفريق', 'Dr. Demir');
    await theirs.getByLabel('السعر', { exact: true }).press('Control+Enter');
    const conflict = theirs.getByTestId('quote-conflict');
    await expect(conflict).toContainText(`أرسل ${sender} هذه النسخة`, { timeout: 15_000 });
    expect(await versions(request.id)).toEqual([
      { version: 1, price: 2000, team: 'Dr. Kaya', sent: true },
    ]);
    // Only a deliberate choice makes it a new correction.
    await expect(
      conflict.getByRole('button', { name: 'اجعل ما كتبته تصحيحاً جديداً' }),
    ).toBeVisible();
    await first.context.close();
    await second.context.close();
  });

  test("one coordinator in two tabs: one tab's save never overwrites the other's unseen", async ({
    browser,
  }) => {
    const clinic = await addClinic();
    const name = uniqueName('تبويبان');
    const request = await newRequest(name);
    const context = await browser.newContext();
    const one = await context.newPage();
    await signIn(one, createAdmin('tabs', 'coordinator'));
    const two = await context.newPage();
    await two.goto(one.url());
    await expect(two.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
    const first = await startQuote(await openRequest(one, request.reference, name), clinic, '2000');
    const second = await editDraft(await openRequest(two, request.reference, name));
    await change(second, 'السعر', '1750');
    await expect(second.getByTestId('quote-save-state')).toContainText('حُفظت المسودة', {
      timeout: 15_000,
    });
    await one.bringToFront();
    await change(first, 'ليالي الإقامة', '5');
    await expect(first.getByTestId('quote-conflict')).toBeVisible({ timeout: 15_000 });
    expect((await versions(request.id))[0]!.price).toBe(1750);
    await context.close();
  });

  test('a send whose answer is cut after the server sent it says sent, and sends nothing more', async ({
    page,
  }) => {
    const clinic = await addClinic();
    const name = uniqueName('إرسال مقطوع');
    const request = await newRequest(name);
    await signIn(page, createAdmin('cut', 'coordinator'));
    const dialog = await openRequest(page, request.reference, name);
    const editor = await startQuote(dialog, clinic, '2000');
    let cuts = 0;
    await page.route('**/rest/v1/rpc/send_quote', async (route) => {
      cuts += 1;
      await route.fetch(); // the server sends version 1 …
      await route.abort('connectionreset'); // … and its answer never arrives
    });
    await editor.getByLabel('السعر', { exact: true }).press('Control+Enter');
    // The editor asks the server before it says anything: the quote was sent.
    await expect(editor).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText(/أُرسل العرض/).first()).toBeVisible();
    await expect(dialog.getByTestId('quote-card').locator('[data-quote-status]')).toHaveAttribute(
      'data-quote-status',
      'sent',
    );
    expect(cuts).toBe(1);
    expect(await versions(request.id)).toEqual([
      { version: 1, price: 2000, team: 'Dr. Kaya', sent: true },
    ]);
    await expect(page.getByText('تعذّر الوصول إلى الخادم')).toHaveCount(0);
  });
});

test('a send the database refuses for a rule names the rule, never the network', async ({
  page,
}) => {
  const clinic = await addClinic();
  const name = uniqueName('رفض مسمّى');
  const request = await newRequest(name);
  await signIn(page, createAdmin('named', 'coordinator'));
  const dialog = await openRequest(page, request.reference, name);
  const editor = await startQuote(dialog, clinic, '2400');
  // While the draft is open, an owner pauses the clinic: the database refuses the send for that.
  const { error } = await serviceClient
    .from('clinics')
    .update({ active: false })
    .eq('name_ar', clinic);
  expect(error).toBeNull();
  await editor.getByLabel('السعر', { exact: true }).press('Control+Enter');
  await expect(page.getByText('هذه العيادة لم تعد شريكة نشطة.').first()).toBeVisible();
  await expect(page.getByText('تعذّر الوصول إلى الخادم')).toHaveCount(0);
  expect(await versions(request.id)).toEqual([
    { version: 1, price: 2400, team: 'Dr. Kaya', sent: false },
  ]);
});
