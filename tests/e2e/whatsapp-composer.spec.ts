/**
 * The WhatsApp composer of the request dialog (issue 46 item 3) in a real browser against the
 * local stack and its Graph API stand-in (local/graph-api.ts): inside the 24-hour window a
 * coordinator writes free text, the worker sends it and the dialog shows Meta's states as the
 * stand-in's signed status webhooks report them (sent, then delivered); to a number Meta cannot
 * deliver to, the message ends failed with Meta's documented reason. Outside the window the
 * composer offers only the approved templates and says why. Phone width, axe on the section.
 */
import { expect, test } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_WHATSAPP_ACCESS_TOKEN, LOCAL_WHATSAPP_APP_SECRET } from '../../local/functions.ts';
import { apiUrl, serviceClient, uniqueName } from './backend.ts';
import { openRequest, search, uniquePhone } from './coordinator.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login } from './staff.ts';

test.use({ viewport: { width: 360, height: 780 } });

let counter = 0;

async function patientWrites(
  from: string,
  text: string,
  secondsAgo = 0,
  content: Record<string, unknown> = { type: 'text', text: { body: text } },
) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              messages: [
                {
                  from,
                  id: `wamid.E2EC${Date.now()}${++counter}`,
                  timestamp: String(Math.floor(Date.now() / 1000) - secondsAgo),
                  ...content,
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const response = await fetch(`${apiUrl}/functions/v1/whatsapp-webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Hub-Signature-256': `sha256=${createHmac('sha256', LOCAL_WHATSAPP_APP_SECRET).update(body).digest('hex')}`,
    },
    body,
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

async function openFreshRequest(page: import('@playwright/test').Page, prefix: string) {
  const name = uniqueName(prefix);
  const phone = uniquePhone();
  const { error } = await serviceClient.from('offer_leads').insert({
    name,
    phone,
    country_code: '+966',
    country: 'السعودية',
    service: 'dental-implants',
    source: '/',
  });
  expect(error).toBeNull();
  await login(page, createAdmin(prefix, 'coordinator'));
  await expect(search(page)).toBeVisible({ timeout: 15_000 });
  const dialog = await openRequest(page, name);
  return { dialog, phone };
}

test('inside the window free text goes out and shows Meta’s states; a failed send says Meta’s reason', async ({
  page,
}) => {
  const { dialog, phone } = await openFreshRequest(page, 'wa-send');
  await patientWrites(phone, 'متى يمكنني السفر؟');
  const section = dialog.getByTestId('whatsapp-section');
  const composer = section.getByTestId('whatsapp-composer');
  await expect(composer).toHaveAttribute('data-window', 'open', { timeout: 10_000 });
  await composer.getByTestId('whatsapp-text').fill('أهلاً بك، نرسل لك المواعيد اليوم.');
  await composer.getByTestId('whatsapp-send').click();
  await expect(composer.getByTestId('whatsapp-send-status')).toHaveText(
    'في طريقها إلى واتساب؛ تظهر حالتها في المحادثة.',
  );
  const sent = section.locator('[data-direction="out"]').last();
  await expect(sent).toContainText('أهلاً بك، نرسل لك المواعيد اليوم.');
  await expect(sent.getByTestId('whatsapp-state')).toHaveText('وصلت', { timeout: 20_000 });

  // Meta accepts a message to a number it then cannot deliver to, and reports it failed.
  const control = await fetch(`${apiUrl}/local/graph/test/undeliverable`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${LOCAL_WHATSAPP_ACCESS_TOKEN}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ number: phone }),
  });
  expect(control.status).toBe(200);
  await control.arrayBuffer();
  await composer.getByTestId('whatsapp-text').fill('هل وصلتك رسالتنا؟');
  await composer.getByTestId('whatsapp-send').click();
  const failed = section.locator('[data-direction="out"]').last();
  await expect(failed).toContainText('هل وصلتك رسالتنا؟');
  await expect(failed.getByTestId('whatsapp-state')).toHaveText(
    /^لم تُرسل: Message undeliverable · Unable to deliver message\..* · 131026$/,
    { timeout: 20_000 },
  );
  await expectNoSeriousA11yIssues(page, '[data-testid="whatsapp-section"]');
});

test('outside the window the composer offers only approved templates, and says why', async ({
  page,
}) => {
  const { dialog, phone } = await openFreshRequest(page, 'wa-tpl');
  await patientWrites(phone, 'سؤال قديم', 26 * 3600);
  const section = dialog.getByTestId('whatsapp-section');
  const composer = section.getByTestId('whatsapp-composer');
  await expect(composer).toHaveAttribute('data-window', 'closed', { timeout: 10_000 });
  await expect(composer.getByTestId('whatsapp-text')).toHaveCount(0);
  await expect(composer.getByTestId('whatsapp-templates-only')).toHaveText(
    'خارج نافذة الـ24 ساعة لا يسمح واتساب برسالة حرة: اختر قالباً اعتمدته Meta.',
  );
  const choices = composer.getByTestId('whatsapp-template-choices').getByRole('radio');
  await expect(choices).toHaveCount(2);
  await composer.getByRole('radio', { name: /حاولنا التواصل معك/ }).check();
  await composer.getByTestId('whatsapp-send').click();
  const sent = section.locator('[data-direction="out"]').last();
  await expect(sent).toContainText('حاولنا التواصل معك بخصوص طلبك');
  await expect(sent.getByTestId('whatsapp-state')).toHaveText('وصلت', { timeout: 20_000 });
  await expectNoSeriousA11yIssues(page, '[data-testid="whatsapp-section"]');
});

test('a photo sent on WhatsApp passes the file check into the request’s files; one with a GPS position is refused', async ({
  page,
}) => {
  const { dialog, phone } = await openFreshRequest(page, 'wa-media');
  const fixture = (name: string) =>
    readFileSync(join(import.meta.dirname, '..', 'fixtures', 'crafted', name)).toString('base64');
  for (const [id, file] of [
    [`e2e-clean-${Date.now()}`, 'clean.jpg'],
    [`e2e-gps-${Date.now()}`, 'exif-gps.jpg'],
  ] as const) {
    const added = await fetch(`${apiUrl}/local/graph/test/media`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${LOCAL_WHATSAPP_ACCESS_TOKEN}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ id, mime_type: 'image/jpeg', base64: fixture(file) }),
    });
    expect(added.status).toBe(200);
    await added.arrayBuffer();
    await patientWrites(phone, '', 0, { type: 'image', image: { id, mime_type: 'image/jpeg' } });
  }
  const section = dialog.getByTestId('whatsapp-section');
  const states = section.getByTestId('whatsapp-media-state');
  await expect(states).toHaveText(
    ['محفوظ في ملفات الطلب بعد الفحص.', 'لم يُقبل الملف: فيه بيانات موقع'],
    { timeout: 15_000 },
  );
  await expectNoSeriousA11yIssues(page, '[data-testid="whatsapp-section"]');
});
