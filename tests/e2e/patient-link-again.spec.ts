/**
 * A lost link comes back without a human (issue 43), on a 360 px phone in both languages: /r/
 * without a link shows "send me my link again"; the patient types the request's phone number as
 * they know it (Arabic-Indic digits with the trunk zero, or with its country code), the answer is
 * the one an unknown contact gets too, the local outbox receives the new link at the request's own
 * e-mail only, that link opens the request, and the old link is dead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../../local/keys.ts';
import { apiUrl, storedRequest, uniqueName } from './backend.ts';
import { dataDir } from './staff.ts';

test.use({ viewport: { width: 360, height: 740 } });

interface Mail {
  to: string;
  subject: string;
  text: string;
  idempotencyKey?: string;
}

/** The mails in the local outbox (one JSON file each). */
function outbox(): Mail[] {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Mail);
}

const texts = {
  ar: {
    title: 'أرسل لي رابطي مرة أخرى',
    label: 'رقم هاتفك أو بريدك الإلكتروني',
    send: 'أرسل الرابط',
    done: 'إن كان هذا الرقم أو البريد لطلب عندنا',
    invalid: 'هذا الرابط لم يعد صالحاً',
  },
  en: {
    title: 'Send me my link again',
    label: 'Your phone number or e-mail',
    send: 'Send the link',
    done: 'If this number or e-mail belongs to a request',
    invalid: 'This link is no longer valid',
  },
};

const toArabicDigits = (digits: string) =>
  digits.replace(/[0-9]/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]!);

for (const lang of ['ar', 'en'] as const) {
  const path = lang === 'en' ? '/en/r/' : '/r/';
  const words = texts[lang];

  test(`a lost link comes back to the request's own e-mail, the old one dead (${lang}, 360 px)`, async ({
    page,
  }) => {
    const name = uniqueName(lang === 'ar' ? 'مريض الرابط' : 'Lost Link Patient');
    const national = `5${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const email = `lost-${randomBytes(4).toString('hex')}@example.com`;
    const oldToken = randomBytes(32).toString('base64url');
    const anon = createClient(apiUrl, LOCAL_ANON_KEY, { auth: { persistSession: false } });
    const { error } = await anon.from('offer_leads').insert({
      name,
      phone: `966${national}`,
      country_code: '+966',
      email,
      service: 'hair-transplant',
      source: lang === 'en' ? '/en/' : '/',
      language: lang,
      patient_token: oldToken,
    });
    expect(error).toBeNull();
    const { reference } = await storedRequest(name);

    await page.goto(path);
    await expect(page.getByRole('heading', { name: words.invalid })).toBeVisible();
    await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
    const field = page.getByLabel(words.label);

    // A contact no request has gets the very same answer.
    await field.fill(`nobody-${randomBytes(4).toString('hex')}@example.com`);
    await page.getByRole('button', { name: words.send }).click();
    const result = page.locator('[data-link-again-result]');
    await expect(result).toContainText(words.done);
    const unknownAnswer = await result.textContent();

    await page.reload();
    await field.fill(lang === 'ar' ? toArabicDigits(`0${national}`) : `+966 ${national}`);
    await page.getByRole('button', { name: words.send }).click();
    await expect(result).toContainText(words.done);
    expect(await result.textContent()).toBe(unknownAnswer);

    // The worker drains every few seconds: the new link reaches the request's e-mail only.
    let mail: Mail | undefined;
    await expect
      .poll(
        () => {
          mail = outbox().find(
            (m) =>
              m.idempotencyKey?.startsWith('patient-link-again-') && m.text.includes(reference),
          );
          return mail?.to ?? null;
        },
        { timeout: 60_000 },
      )
      .toBe(email);
    const link = /^(https?:\/\/\S+\/r\/#[A-Za-z0-9_-]{43})$/m.exec(mail!.text)?.[1];
    expect(link, mail!.text).toBeTruthy();
    expect(link).toContain(path);
    expect(link).not.toContain(oldToken);

    await page.goto(link!);
    await expect(page.locator('[data-reference]')).toHaveText(reference);

    await page.goto(`${path}#${oldToken}`);
    await expect(page.getByRole('heading', { name: words.invalid })).toBeVisible();
    await expect(page.locator('[data-reference]')).toBeHidden();
  });
}
