/**
 * A treatment page's own form (issue 43): on the hair-transplant page the form has hair transplant
 * chosen, in the server's HTML already and after the island arrives, and the page's buttons (the
 * hero's and the price cards') bring that form into view instead of sending the patient to the
 * home page's. At 360 px, in both languages.
 */
import { expect, test } from '@playwright/test';
import { rowsNamed, uniqueName } from './backend.ts';
import { waitForIslands } from './helpers.ts';

test.use({ viewport: { width: 360, height: 740 } });

const text = {
  ar: {
    path: '/hair-transplant-turkey',
    cta: 'احصل على استشارة مجانية',
    treatment: 'زراعة الشعر',
    name: 'الاسم الكامل',
    phone: 'رقم الهاتف (واتساب)',
    maybe: 'ربما',
    flexible: 'مرن',
    submit: 'أرسل طلب الاستشارة',
  },
  en: {
    path: '/en/hair-transplant-turkey',
    cta: 'Get a free consultation',
    treatment: 'Hair transplant',
    name: 'Full name',
    phone: 'Phone number (WhatsApp)',
    maybe: 'Maybe',
    flexible: 'Flexible',
    submit: 'Send my request',
  },
};

for (const lang of ['ar', 'en'] as const) {
  test(`the hair-transplant page's buttons lead to its own form, which has hair transplant chosen (${lang}, 360 px)`, async ({
    page,
  }) => {
    const t = text[lang];
    // The server's HTML alone, before any script: the treatment is already chosen.
    const html = await (await page.request.get(t.path)).text();
    expect(html).toMatch(/<option value="hair-transplant" selected(="")?>/);

    await page.goto(t.path);
    const form = page.getByTestId('lead-form-single');
    const treatment = form.getByRole('combobox', {
      name: lang === 'ar' ? 'العلاج المطلوب' : 'Treatment',
    });
    await expect(treatment).toHaveValue('hair-transplant');

    // The hero's button: the same page, its form in view.
    await page.locator('main').getByRole('link', { name: t.cta }).first().click();
    await expect(page).toHaveURL(new RegExp(`${t.path}/?#consultation$`));
    await expect(form).toBeInViewport();
    // Every call to action of the page leads to its own form, none to the home page's.
    const targets = await page
      .locator('main a.btn')
      .evaluateAll((links) =>
        links.map((link) => link.getAttribute('href')).filter((href) => href?.includes('contact')),
      );
    expect(targets).toEqual([]);

    await waitForIslands(page);
    await expect(treatment).toHaveValue('hair-transplant');
    const name = uniqueName(lang === 'ar' ? 'صفحة الشعر' : 'Hair Page');
    await form.getByLabel(t.name).fill(name);
    await form
      .getByLabel(t.phone)
      .fill(`05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    await form.getByText(t.maybe, { exact: true }).click();
    await form.getByText(t.flexible, { exact: true }).click();
    await form.getByRole('button', { name: t.submit }).click();
    await expect(page).toHaveURL(/\/thank-you\/?$/, { timeout: 15_000 });
    const [request] = await rowsNamed('contact_requests', name);
    expect(request).toMatchObject({ service: 'hairTransplant' });
  });
}
