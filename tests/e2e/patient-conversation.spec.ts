/**
 * The manager's replies on the patient's page (issue 43, item 4), in both languages at 360 px: the
 * patient writes from their page, the message shows in the open request dialog, a coordinator
 * replies there, and the reply appears on the patient's open page by its minute refresh, without
 * a reload, marked with the page's name for the manager. The page's clock is moved forward instead
 * of waiting the minute. Offline, the page shows the last thread it saw, dated.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { patientAr } from '../../src/i18n/ui/patient-ar.ts';
import { patientEn } from '../../src/i18n/ui/patient-en.ts';
import { apiUrl, storedRequest, uniqueName } from './backend.ts';
import { openRequest, search, uniquePhone } from './coordinator.ts';
import { createAdmin, login } from './staff.ts';

test.use({ viewport: { width: 360, height: 740 } });

const texts = {
  ar: {
    strings: patientAr,
    question: 'هل أستطيع السفر في مارس؟',
    reply: 'نعم، مارس مناسب، سنتصل بك غداً.',
    you: 'أنت',
  },
  en: {
    strings: patientEn,
    question: 'Can I travel in March?',
    reply: 'Yes, March works; we will call you tomorrow.',
    you: 'You',
  },
};

for (const lang of ['ar', 'en'] as const) {
  test(`a reply from the dialog appears on the open patient page (${lang}, 360 px)`, async ({
    page,
    browser,
  }) => {
    const t = texts[lang];
    const name = uniqueName(lang === 'ar' ? 'مريض المحادثة' : 'Conversation Patient');
    const token = randomBytes(32).toString('base64url');
    const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
    const { error } = await anon.from('offer_leads').insert({
      name,
      phone: uniquePhone(),
      country_code: '+966',
      service: 'hair-transplant',
      source: lang === 'en' ? '/en/' : '/',
      language: lang,
      patient_token: token,
    });
    expect(error).toBeNull();
    const { reference } = await storedRequest(name);

    // The patient writes from their page; the thread shows their message.
    await page.clock.install();
    await page.goto(`${lang === 'en' ? '/en/r/' : '/r/'}#${token}`);
    await expect(page.locator('[data-reference]')).toHaveText(reference);
    const thread = page.locator('[data-conversation]');
    await expect(thread).toBeHidden();
    await page.getByText(t.strings['patient.message.title']).click();
    await page.getByLabel(t.strings['patient.message.label']).fill(t.question);
    await page.getByRole('button', { name: t.strings['patient.message.send'] }).click();
    await expect(page.getByText(t.strings['patient.message.sent'])).toBeVisible();
    await expect(thread.locator('li')).toHaveCount(1);
    await expect(thread.locator('li').first()).toContainText(t.you);
    await expect(thread.locator('li').first()).toContainText(t.question);

    // A coordinator sees it in the dialog and replies, by keyboard.
    const staffContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const staff = await staffContext.newPage();
    await login(staff, createAdmin('talk', 'coordinator'));
    await expect(search(staff)).toBeVisible({ timeout: 15_000 });
    const dialog = await openRequest(staff, name);
    const section = dialog.getByTestId('conversation-section');
    await expect(section.locator('li[data-direction="patient"]')).toContainText(t.question);
    const composer = section.getByTestId('conversation-reply');
    await composer.fill(t.reply);
    await composer.press('Control+Enter');
    await expect(section.getByTestId('conversation-status')).toHaveText(
      'وصل الرد إلى صفحة المريض.',
    );
    await expect(section.locator('li[data-direction="staff"]')).toContainText(t.reply);
    await expect(composer).toHaveValue('');
    await staffContext.close();

    // The open page shows the reply at its next look, marked with the manager's name.
    let reloads = 0;
    page.on('load', () => reloads++);
    await page.clock.fastForward('01:01');
    const reply = thread.locator('li[data-from="staff"]');
    await expect(reply).toContainText(t.reply);
    await expect(reply).toContainText(t.strings['patient.manager']);
    await expect(thread.locator('li').last()).toHaveAttribute('data-from', 'staff');
    expect(reloads).toBe(0);
    // Offline, the page shows the last thread it saw, dated (the shell from the service worker).
    await page.waitForFunction(
      async () => {
        const registration = await navigator.serviceWorker.ready;
        return Boolean(registration.active) && navigator.serviceWorker.controller !== null;
      },
      null,
      { polling: 100 },
    );
    await page.context().setOffline(true);
    await page.reload();
    await expect(thread.locator('[data-conversation-offline]')).toBeVisible();
    await expect(thread.locator('li[data-from="staff"]')).toContainText(t.reply);
    // Nothing spills sideways at 360 px.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
