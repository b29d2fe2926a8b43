/**
 * WhatsApp through the Cloud API (issue 46) in a real browser against the local stack: a
 * coordinator has a request open; a notification in Meta's format, signed with the app secret as
 * Meta signs it (X-Hub-Signature-256), reaches the whatsapp-webhook function, and the message
 * appears in the open dialog live, with the 24-hour window open. A send Meta refused says Meta's
 * reason; a patient who last wrote more than 24 hours ago shows the window closed (templates only).
 * Axe on the conversation.
 */
import { expect, test } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { LOCAL_WHATSAPP_APP_SECRET } from '../../local/functions.ts';
import { apiUrl, serviceClient, uniqueName } from './backend.ts';
import { openRequest, search, uniquePhone } from './coordinator.ts';
import { expectNoSeriousA11yIssues } from './helpers.ts';
import { createAdmin, login } from './staff.ts';

let counter = 0;

async function notify(value: Record<string, unknown>) {
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
              ...value,
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
  return (await response.json()) as Record<string, unknown>;
}

const message = (from: string, text: string, secondsAgo = 0) => ({
  from,
  id: `wamid.E2E${Date.now()}${++counter}`,
  timestamp: String(Math.floor(Date.now() / 1000) - secondsAgo),
  type: 'text',
  text: { body: text },
});

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
  return { dialog, phone, name };
}

test('a signed WhatsApp message appears live in an open dialog; a refused send says Meta’s reason', async ({
  page,
}) => {
  const { dialog, phone } = await openFreshRequest(page, 'wa');
  const section = dialog.getByTestId('whatsapp-section');
  await expect(section).toContainText('لم يكتب المريض إلى رقم الوكالة على واتساب بعد.');

  expect(
    await notify({ messages: [message(phone, 'هل يمكن الحجز الأسبوع القادم؟')] }),
  ).toMatchObject({ received: 1 });
  const thread = section.getByTestId('whatsapp-messages');
  await expect(thread).toContainText('هل يمكن الحجز الأسبوع القادم؟', { timeout: 10_000 });
  await expect(thread.locator('[data-direction="in"]')).toContainText('المريض');
  await expect(section.getByTestId('whatsapp-window')).toContainText('يمكن الرد برسالة حرة حتى');

  // A message the agency sent that Meta refused: the dialog says why, as Meta said it.
  const { data: stored } = await serviceClient
    .from('whatsapp_messages')
    .select('request_id, phone_key')
    .eq('phone_key', phone)
    .single();
  expect(stored).not.toBeNull();
  const outbound = `wamid.E2EOUT${Date.now()}`;
  const { error } = await serviceClient.from('whatsapp_messages').insert({
    request_id: stored!.request_id,
    phone_key: phone,
    direction: 'out',
    wa_message_id: outbound,
    kind: 'text',
    body: 'نعم، نرسل لك المواعيد',
    state: 'queued',
    author: 'sara',
  });
  expect(error).toBeNull();
  await notify({
    statuses: [
      {
        id: outbound,
        status: 'failed',
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: phone,
        errors: [
          {
            code: 131026,
            title: 'Message undeliverable',
            message: 'Message undeliverable',
            error_data: { details: 'Unable to deliver message.' },
          },
        ],
      },
    ],
  });
  await expect(thread.getByTestId('whatsapp-state')).toHaveText(
    'لم تُرسل: Message undeliverable · Unable to deliver message. · 131026',
    { timeout: 10_000 },
  );
  await expectNoSeriousA11yIssues(page, '[data-testid="whatsapp-section"]');
});

test('after 24 hours without a message from the patient the window is closed', async ({ page }) => {
  const { dialog, phone } = await openFreshRequest(page, 'wa-old');
  await notify({ messages: [message(phone, 'old question', 25 * 3600)] });
  const section = dialog.getByTestId('whatsapp-section');
  await expect(section.getByTestId('whatsapp-messages')).toContainText('old question', {
    timeout: 10_000,
  });
  await expect(section.getByTestId('whatsapp-window')).toHaveText(
    'مضت أكثر من 24 ساعة على آخر رسالة من المريض: لا يسمح واتساب إلا بالقوالب المعتمدة.',
  );
});
