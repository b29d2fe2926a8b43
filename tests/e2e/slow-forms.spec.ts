/**
 * Issue 12: a patient on a slow phone never waits blind and never loses what they typed. The
 * islands' scripts are held back by the test (as a thin connection does), and the server HTML must
 * already take typing and answer presses; once the script arrives, nothing typed is lost and one
 * lead is stored.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { rowsNamed, uniqueName } from './backend.ts';

/** The offer runs at this time in the test build (OFFERS_NOW in scripts/test.ts). */
const duringTheOffer = new Date('2025-10-26T09:00:00Z');

// A service worker would answer the script requests before page.route() sees them.
test.use({ serviceWorkers: 'block' });
// Each test walks a whole form on a shared, loaded machine.
test.describe.configure({ timeout: 60_000 });

/** Holds back requests matching `pattern` until `release()` is called. */
async function holdBack(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * A Saudi mobile number no other test uses: the database limits leads per phone number, and other
 * specs send 050 123 4567 many times.
 */
const uniqueMobile = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const arabicDigits = (digits: string) =>
  digits.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

const hydrated = (page: Page, selector: string) =>
  expect(page.locator(`${selector}[data-hydrated]`)).toBeAttached({ timeout: 20_000 });

test('typing before the home form hydrates is kept, and submit stores one lead with it', async ({
  page,
}) => {
  const release = await holdBack(page, /\/_astro\/LeadForm[^/]*\.js/);
  const name = uniqueName('قبل التحميل');
  const mobile = uniqueMobile();
  await page.goto('/');
  const form = page.getByTestId('lead-form-wizard');
  await form.getByLabel('الاسم الكامل').fill(name);
  await form.getByLabel('رقم الهاتف (واتساب)').fill(arabicDigits(mobile));
  await expect(form).not.toHaveAttribute('data-hydrated');
  release();
  await hydrated(page, '[data-testid="lead-form-wizard"]');
  await expect(form.getByLabel('الاسم الكامل')).toHaveValue(name);
  await expect(form.getByLabel('رقم الهاتف (واتساب)')).toHaveValue(mobile);

  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('combobox', { name: 'العلاج المطلوب' }).selectOption('hair-transplant');
  await form.getByRole('button', { name: 'التالي' }).click();
  // Readiness and timing are optional: send straight away.
  await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
  await expect(page.getByText('شكراً لتواصلك معنا!')).toBeVisible({ timeout: 20_000 });
  await page.waitForURL(/\/thank-you\/?$/, { timeout: 20_000 });
  const rows = await rowsNamed('offer_leads', name);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    phone: `966${mobile.slice(1)}`,
    country_code: '+966',
    service: 'hair-transplant',
    ready_to_travel: 'maybe',
    appointment_time: 'flexible',
  });
});

test('"التالي" answers before hydration, and the island carries the press out', async ({
  page,
}) => {
  const release = await holdBack(page, /\/_astro\/LeadForm[^/]*\.js/);
  await page.goto('/');
  const form = page.getByTestId('lead-form-wizard');
  const early = page.locator('[data-lead-early]').first();
  await form.getByRole('button', { name: 'التالي' }).click();
  await expect(early).toHaveText('الرجاء إدخال الاسم');
  await expect(form.getByLabel('الاسم الكامل')).toBeFocused();
  await form.getByLabel('الاسم الكامل').fill('سارة');
  await form.getByLabel('رقم الهاتف (واتساب)').fill('0501234567');
  await form.getByRole('button', { name: 'التالي' }).click();
  await expect(early).toHaveText('لحظة، نجهّز النموذج…');
  release();
  await expect(form.getByTestId('wizard-progress')).toHaveText('الخطوة 2 من 3', {
    timeout: 20_000,
  });
  await expect(early).toBeHidden();
  await form.getByRole('button', { name: 'السابق' }).click();
  await expect(form.getByLabel('الاسم الكامل')).toHaveValue('سارة');
});

test('a reload keeps what was typed; back from /thank-you shows a fresh form', async ({ page }) => {
  const name = uniqueName('رجوع');
  const mobile = uniqueMobile();
  await page.goto('/');
  const form = page.getByTestId('lead-form-wizard');
  // Typing is the first touch that hydrates the form (client:interact); the island keeps a draft.
  await form.getByLabel('الاسم الكامل').fill(name);
  await form.getByLabel('رقم الهاتف (واتساب)').fill(mobile);
  await hydrated(page, '[data-testid="lead-form-wizard"]');
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('rihla:lead-draft:wizard') ?? ''))
    .toContain(name);
  await page.reload();
  // With a draft to adopt, the form hydrates once the page has loaded, untouched.
  await hydrated(page, '[data-testid="lead-form-wizard"]');
  await expect(form.getByLabel('الاسم الكامل')).toHaveValue(name);
  await expect(form.getByLabel('رقم الهاتف (واتساب)')).toHaveValue(mobile);

  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('combobox', { name: 'العلاج المطلوب' }).selectOption('hair-transplant');
  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
  await page.waitForURL(/\/thank-you\/?$/, { timeout: 20_000 });
  await page.goBack();
  await expect(form.getByTestId('wizard-progress')).toHaveText('الخطوة 1 من 3');
  await expect(form.getByLabel('الاسم الكامل')).toHaveValue('');
  await expect(form.getByLabel('رقم الهاتف (واتساب)')).toHaveValue('');
  expect(await rowsNamed('offer_leads', name)).toHaveLength(1);
});

/**
 * The offer page during the offer with the dialog's script held back: opens the dialog from the
 * server HTML and types a unique name and a unique Saudi mobile, written by `phone`.
 */
async function typeIntoHeldOfferDialog(
  page: Page,
  label: string,
  phone: (mobile: string) => string,
) {
  const release = await holdBack(page, /\/_astro\/OfferRegistration[^/]*\.js/);
  const name = uniqueName(label);
  const mobile = uniqueMobile();
  await page.clock.install({ time: duringTheOffer });
  await page.goto('/hair-transplant-offer');
  await page.getByTestId('offer-badge').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('الاسم الكامل').fill(name);
  await dialog.getByLabel('رقم الهاتف مع رمز الدولة').fill(phone(mobile));
  return { release, name, mobile, dialog };
}

test('the offer dialog opens at once with its script held back, and keeps what was typed', async ({
  page,
}) => {
  const { release, name, mobile, dialog } = await typeIntoHeldOfferDialog(
    page,
    'عرض مبكر',
    (mobile) => `00966${mobile.slice(1)}`,
  );
  await expect(dialog.getByTestId('offer-form')).not.toHaveAttribute('data-hydrated');
  release();
  await hydrated(page, '[data-testid="offer-form"]');
  await expect(dialog.getByLabel('الاسم الكامل')).toHaveValue(name);
  await dialog.getByRole('button', { name: 'سجل الآن' }).click();
  await expect(page.getByText('تم التسجيل بنجاح!')).toBeVisible({ timeout: 20_000 });
  await page.waitForURL(/\/thank-you\/?$/, { timeout: 20_000 });
  const rows = await rowsNamed('offer_leads', name);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ phone: `966${mobile.slice(1)}`, country_code: '+966' });
});

test('an offer registration made before the script arrives is sent once it arrives', async ({
  page,
}) => {
  // With its country code: a number without one makes the arriving island ask which country it is
  // from (issue 26), which tests/e2e/one-person.spec.ts covers.
  const { release, name, mobile, dialog } = await typeIntoHeldOfferDialog(
    page,
    'عرض معلق',
    (mobile) => `+966${mobile.slice(1)}`,
  );
  await dialog.getByRole('button', { name: 'سجل الآن' }).click();
  await expect(dialog.getByRole('button', { name: 'سجل الآن' })).toHaveAttribute('data-busy');
  release();
  await page.waitForURL(/\/thank-you\/?$/, { timeout: 20_000 });
  const rows = await rowsNamed('offer_leads', name);
  expect(rows).toEqual([
    expect.objectContaining({ phone: `966${mobile.slice(1)}`, country_code: '+966' }),
  ]);
});

/** WhatsApp answers in the browser only: the navigation is caught and never leaves the machine. */
async function catchWhatsapp(page: Page) {
  await page.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
}

test('with the form island unable to load, "التالي" sends the typed name and phone to WhatsApp', async ({
  page,
}) => {
  await page.route(/\/_astro\/LeadForm[^/]*\.js/, (route) => route.abort('internetdisconnected'));
  await catchWhatsapp(page);
  await page.goto('/');
  const form = page.getByTestId('lead-form-wizard');
  await form.getByLabel('الاسم الكامل').fill('سارة بلا نموذج');
  await form.getByLabel('رقم الهاتف (واتساب)').fill(arabicDigits('0501234567'));
  // Astro gives up on the island after its one retry; the early script then knows.
  await expect(page.locator('astro-island[data-island-failed]')).toHaveCount(1, {
    timeout: 20_000,
  });
  await form.getByRole('button', { name: 'التالي' }).click();
  await expect(page).toHaveURL(/^https:\/\/wa\.me\/\d+\?text=/, { timeout: 20_000 });
  const text = new URL(page.url()).searchParams.get('text') ?? '';
  expect(text).toContain('الاسم: سارة بلا نموذج');
  expect(text).toContain('الهاتف: +966 0501234567');
});

test('a consultation sent while its island is still missing goes to WhatsApp with everything typed', async ({
  page,
}) => {
  await page.route(/\/_astro\/LeadForm[^/]*\.js/, (route) => route.abort('internetdisconnected'));
  await catchWhatsapp(page);
  await page.goto('/hair-transplant-turkey');
  const form = page.getByTestId('lead-form-single');
  await form.getByLabel('الاسم الكامل').fill('خالد بلا نموذج');
  await form.getByRole('combobox', { name: 'رمز الدولة' }).selectOption('+971');
  await form.getByLabel('رقم الهاتف (واتساب)').fill('501234567');
  await form.getByRole('combobox', { name: 'العلاج المطلوب' }).selectOption('hair-transplant');
  await form.getByRole('textbox', { name: /ملاحظات/ }).fill('أفضّل شهر مارس');
  // Before Astro has given up on the island the press waits for it; after, it goes at once.
  await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
  await expect(page).toHaveURL(/^https:\/\/wa\.me\/\d+\?text=/, { timeout: 20_000 });
  const text = new URL(page.url()).searchParams.get('text') ?? '';
  expect(text).toContain('الاسم: خالد بلا نموذج');
  expect(text).toContain('الهاتف: +971 501234567');
  expect(text).toContain('العلاج: زراعة الشعر');
  expect(text).toContain('ملاحظات: أفضّل شهر مارس');
});

test('the floating button never covers a control or a form hint at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const targets: [string, string][] = [
    ['/hair-transplant-offer', 'a:has-text("احجز عبر واتساب")'],
    ['/hair-transplant-offer', '[data-offer-register]'],
    ['/', '[data-testid="lead-form-wizard"] [id$="phone-hint"]'],
    ['/', '[data-testid="lead-form-wizard"] [data-wizard-next]'],
  ];
  for (const [path, selector] of targets) {
    await page.goto(path);
    const all = page.locator(selector);
    for (let index = 0; index < (await all.count()); index++) {
      const target = all.nth(index);
      // Bring the target to the bottom of the screen, where the floating button sits.
      await target.evaluate((el) =>
        window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 24),
      );
      await expect
        .poll(
          () =>
            target.evaluate((el) => {
              const fab = document.querySelector('details[data-fab]');
              if (!fab || fab.hasAttribute('data-away')) return false;
              const a = fab.querySelector('summary')!.getBoundingClientRect();
              const b = el.getBoundingClientRect();
              return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            }),
          { message: `${path} ${selector} #${index}` },
        )
        .toBe(false);
    }
  }
});

test('the floating button never covers a line of text at 360 and 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  const pages = [
    '/',
    '/hair-transplant-offer',
    '/hair-transplant-turkey',
    '/blog/hair-transplant-turkey-guide',
  ];
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 740 });
    for (const path of pages) {
      await page.goto(path);
      // The button moves away only once its script has run (after the first paint, with the
      // page's late modules); until then it stays put, as it does for a visitor.
      await page.locator('details[data-fab][data-watched]').waitFor({ state: 'attached' });
      // Down the page a third of a screen at a time; at each stop, once the button has settled,
      // no line box of any text may meet the button while it is shown.
      const covered = await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        const fab = document.querySelector('details[data-fab]')!;
        const summary = fab.querySelector('summary')!;
        const found: string[] = [];
        document.documentElement.style.scrollBehavior = 'auto';
        for (let y = 0; y < document.documentElement.scrollHeight; y += 250) {
          window.scrollTo(0, y);
          await frame();
          await frame();
          // Wait for the button to finish sliding in or out.
          await Promise.all(fab.getAnimations().map((animation) => animation.finished));
          if (fab.hasAttribute('data-away')) continue;
          const button = summary.getBoundingClientRect();
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const range = document.createRange();
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.nodeValue?.trim() || fab.contains(node)) continue;
            const parent = node.parentElement!;
            const box = parent.getBoundingClientRect();
            if (box.bottom < button.top || box.top > button.bottom) continue;
            // Hidden text (visibility, or a closed <details>' answer: Chromium still gives that
            // skipped content boxes, overlapping what is shown) is not covered.
            if (!parent.checkVisibility({ visibilityProperty: true })) continue;
            range.selectNodeContents(node);
            for (const line of range.getClientRects())
              if (
                line.width > 0 &&
                line.left < button.right &&
                button.left < line.right &&
                line.top < button.bottom &&
                button.top < line.bottom
              )
                found.push(
                  `${Math.round(window.scrollY)}: «${node.nodeValue.trim().slice(0, 40)}»`,
                );
          }
        }
        return found;
      });
      expect(covered, `${path} at ${width} px`).toEqual([]);
    }
  }
});

/**
 * Presses `form`'s submit button right after the island has adopted the typed inputs: in a
 * microtask after the first change the island makes on taking over (`attribute` on an element
 * matching `marker`), so before any frame or other task. A press made then used to meet the
 * island with its state not yet updated: the form answered "at least 2 letters" to a typed name
 * and sent nothing (seen once in the gate, reproduced under load).
 */
async function pressAtTakeover(page: Page, form: string, marker: string, attribute: string) {
  await page.evaluate(
    ({ form, marker, attribute }) => {
      const target = document.querySelector(marker);
      if (!target) throw new Error(`no ${marker}`);
      const observer = new MutationObserver(() => {
        observer.disconnect();
        const element = document.querySelector<HTMLFormElement>(form);
        element?.requestSubmit(element.querySelector<HTMLElement>('[type="submit"]'));
      });
      observer.observe(target, { attributes: true, attributeFilter: [attribute] });
    },
    { form, marker, attribute },
  );
}

test('a press at the moment the offer dialog’s island takes over is sent, once', async ({
  page,
}) => {
  const { release, name, mobile } = await typeIntoHeldOfferDialog(
    page,
    'عرض لحظة',
    (mobile) => `966${mobile.slice(1)}`,
  );
  // The island's first act on taking over is to clear the click it was loaded for.
  await pressAtTakeover(
    page,
    '[data-testid="offer-form"]',
    'astro-island[data-click-pending]',
    'data-click-pending',
  );
  release();
  await page.waitForURL(/\/thank-you\/?$/, { timeout: 20_000 });
  const rows = await rowsNamed('offer_leads', name);
  expect(rows).toEqual([
    expect.objectContaining({ phone: `966${mobile.slice(1)}`, country_code: '+966' }),
  ]);
});

test('a press at the moment the consultation form’s island takes over is sent, once', async ({
  page,
}) => {
  const release = await holdBack(page, /\/_astro\/LeadForm[^/]*\.js/);
  const name = uniqueName('استشارة لحظة');
  const mobile = uniqueMobile();
  await page.goto('/hair-transplant-turkey');
  const form = page.getByTestId('lead-form-single');
  await form.getByLabel('الاسم الكامل').fill(name);
  await form.getByLabel('رقم الهاتف (واتساب)').fill(mobile);
  await form.getByRole('combobox', { name: 'العلاج المطلوب' }).selectOption('hair-transplant');
  await expect(form).not.toHaveAttribute('data-hydrated');
  // The island's first act on taking over is to hide the early script's note.
  await pressAtTakeover(page, '[data-testid="lead-form-single"]', '[data-lead-early]', 'hidden');
  release();
  await page.waitForURL(/\/thank-you\/?$/, { timeout: 20_000 });
  const rows = await rowsNamed('offer_leads', name);
  expect(rows).toEqual([
    expect.objectContaining({
      phone: `966${mobile.slice(1)}`,
      country_code: '+966',
      service: 'hair-transplant',
    }),
  ]);
});

test('a number corrected after a send whose answers were lost is stored corrected', async ({
  page,
}) => {
  const name = uniqueName('إرسال ضائع');
  const first = uniqueMobile();
  const corrected = uniqueMobile();
  // Every try reaches the database, and every answer is lost on the way back (a patchy line).
  const losing = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fetch();
    await route.abort('failed');
  };
  await page.route('**/rest/v1/offer_leads**', losing);
  await page.goto('/');
  const form = page.getByTestId('lead-form-wizard');
  await form.getByLabel('الاسم الكامل').fill(name);
  await form.getByLabel('رقم الهاتف (واتساب)').fill(first);
  await hydrated(page, '[data-testid="lead-form-wizard"]');
  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('combobox', { name: 'العلاج المطلوب' }).selectOption('hair-transplant');
  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
  await expect(page.getByText('حدث خطأ أثناء الإرسال', { exact: false })).toBeVisible({
    timeout: 20_000,
  });
  expect((await rowsNamed('offer_leads', name)).map((row) => row['phone'])).toEqual([
    `966${first.slice(1)}`,
  ]);

  // The patient sees a typo in the number, corrects it and sends again, on a good line now.
  await page.unroute('**/rest/v1/offer_leads**', losing);
  await form.getByRole('button', { name: 'السابق' }).click();
  await form.getByRole('button', { name: 'السابق' }).click();
  await form.getByLabel('رقم الهاتف (واتساب)').fill(corrected);
  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('button', { name: 'التالي' }).click();
  await form.getByRole('button', { name: 'أرسل طلب الاستشارة' }).click();
  await page.waitForURL(/\/thank-you\/?$/, { timeout: 20_000 });
  expect((await rowsNamed('offer_leads', name)).map((row) => row['phone']).sort()).toEqual(
    [`966${first.slice(1)}`, `966${corrected.slice(1)}`].sort(),
  );
});
