import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_WHATSAPP_APP_SECRET } from '../functions.ts';
import { REPO_ROOT } from '../migrate.ts';
import { startTestStack } from './helpers.ts';

/**
 * The WhatsApp webhook (issue 46) as deployed: its Deno entry (supabase/functions/whatsapp-webhook/
 * index.ts) served by Deno, writing with the secret key to a running local stack, and called with
 * notifications in Meta's documented format (object whatsapp_business_account → entry → changes →
 * value.messages / value.statuses), signed as Meta signs them: X-Hub-Signature-256 is sha256= and
 * the hex HMAC-SHA256 of the raw body under the app secret. A wrong signature, a replay, an
 * unknown number, a media message, a status failure and another business number.
 */

const APP_SECRET = 'test-whatsapp-app-secret';
const PHONE_NUMBER_ID = '106540352242922';
const deno = join(REPO_ROOT, 'node_modules', '.bin', 'deno');
const denoDir = join(REPO_ROOT, '.data', 'deno');

let stack: Awaited<ReturnType<typeof startTestStack>>;
let child: ChildProcess;
let functionUrl: string;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  stack = await startTestStack();
  const port = await freePort();
  mkdirSync(denoDir, { recursive: true });
  const wrapper = join(denoDir, `test-whatsapp-webhook-${port}.ts`);
  writeFileSync(
    wrapper,
    `const serve = Deno.serve;
// @ts-ignore: only the address changes; the entry's handler is served as deployed.
Deno.serve = (handler) => serve({ port: ${port}, hostname: '127.0.0.1', onListen() { console.log('listening'); } }, handler);
await import(${JSON.stringify(`file://${join(REPO_ROOT, 'supabase/functions/whatsapp-webhook/index.ts')}`)});
`,
  );
  child = spawn(
    deno,
    [
      'run',
      '--no-config',
      '--no-remote',
      '--no-npm',
      '--quiet',
      '--allow-net=127.0.0.1',
      '--allow-env',
      wrapper,
    ],
    {
      env: {
        ...process.env,
        DENO_DIR: denoDir,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
        SUPABASE_URL: stack.url,
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: stack.secretKey }),
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: 'test-verify-token',
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`Deno did not listen: ${output}`)), 90_000);
    child.stdout?.on('data', (chunk) => {
      if (String(chunk).includes('listening')) {
        clearTimeout(timer);
        resolveReady();
      }
    });
    child.once('exit', (code) => reject(new Error(`Deno exited with ${code}: ${output}`)));
  });
  functionUrl = `http://127.0.0.1:${port}/`;
}, 180_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await stack?.cleanup();
});

let counter = 0;
const now = () => String(Math.floor(Date.now() / 1000));

/** One notification as Meta sends it, for the business number `phoneNumberId`. */
function notification(
  value: { messages?: unknown[]; statuses?: unknown[]; contacts?: unknown[] },
  phoneNumberId = PHONE_NUMBER_ID,
) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
}

const textMessage = (from: string, body: string, id = `wamid.HBgL${Date.now()}${++counter}`) => ({
  from,
  id,
  timestamp: now(),
  type: 'text',
  text: { body },
});

async function post(body: string, secret: string | null = APP_SECRET) {
  const response = await fetch(functionUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(secret
        ? {
            'X-Hub-Signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
          }
        : {}),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const messagesOf = async (phoneKey: string) =>
  (
    await stack.sql<Record<string, unknown>>(
      `select m.kind, m.body, m.media_id, m.media_type, m.media_name, r.source, r.name
       from public.whatsapp_messages m join public.contact_requests r on r.id = m.request_id
       where m.phone_key = $1 order by m.created_at`,
      [phoneKey],
    )
  ).rows;

describe('the WhatsApp webhook under Deno, against the local stack', () => {
  it('answers Meta’s verification handshake with the challenge, for the verify token only', async () => {
    const ok = await fetch(
      `${functionUrl}?hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(
      `${functionUrl}?hub.mode=subscribe&hub.verify_token=guessed&hub.challenge=1158201444`,
    );
    expect(wrong.status).toBe(403);
    await wrong.arrayBuffer();
  });

  it('refuses a body whose signature is not Meta’s, and stores nothing of it', async () => {
    const body = notification({ messages: [textMessage('966511111111', 'forged')] });
    expect((await post(body, 'another-secret')).status).toBe(401);
    expect((await post(body, null)).status).toBe(401);
    // Signed, then changed by one byte on the way.
    const signature = createHmac('sha256', APP_SECRET).update(body).digest('hex');
    const tampered = await fetch(functionUrl, {
      method: 'POST',
      headers: { 'X-Hub-Signature-256': `sha256=${signature}` },
      body: body.replace('forged', 'forgeD'),
    });
    expect(tampered.status).toBe(401);
    await tampered.arrayBuffer();
    expect(await messagesOf('966511111111')).toEqual([]);
  });

  it('opens a request for an unknown number, and stores a replay once', async () => {
    const body = notification({
      contacts: [{ profile: { name: 'Huda Salem' }, wa_id: '966522222222' }],
      messages: [textMessage('966522222222', 'أريد زراعة أسنان')],
    });
    expect(await post(body)).toEqual({
      status: 200,
      body: { ok: true, received: 1, duplicates: 0, statuses: 0, skipped: 0 },
    });
    expect(await post(body)).toEqual({
      status: 200,
      body: { ok: true, received: 0, duplicates: 1, statuses: 0, skipped: 0 },
    });
    expect(await messagesOf('966522222222')).toEqual([
      {
        kind: 'text',
        body: 'أريد زراعة أسنان',
        media_id: null,
        media_type: null,
        media_name: null,
        source: 'whatsapp',
        name: 'Huda Salem',
      },
    ]);
  });

  it('keeps an image and a document as Meta names them, and a location as a message', async () => {
    const from = '966533333333';
    const body = notification({
      messages: [
        {
          from,
          id: `wamid.IMG${Date.now()}`,
          timestamp: now(),
          type: 'image',
          image: {
            caption: 'the back of my head',
            mime_type: 'image/jpeg',
            sha256: '81d3bd8a8db4868c9520ed47186e8b7c5789e61ff79f7f834be6950b808a90d3',
            id: '2754859441498128',
          },
        },
        {
          from,
          id: `wamid.DOC${Date.now()}`,
          timestamp: now(),
          type: 'document',
          document: {
            filename: 'panoramic.pdf',
            mime_type: 'application/pdf',
            sha256: 'c0ffee',
            id: '1003383421387256',
          },
        },
        {
          from,
          id: `wamid.LOC${Date.now()}`,
          timestamp: now(),
          type: 'location',
          location: { latitude: 41.0438, longitude: 29.0094, name: 'Hotel', address: 'Şişli' },
        },
        { from, id: `wamid.REACT${Date.now()}`, timestamp: now(), type: 'reaction', reaction: {} },
      ],
    });
    expect((await post(body)).body).toMatchObject({ received: 3, skipped: 1 });
    expect(
      (await messagesOf(from)).map(({ kind, body: text, media_id, media_name }) => ({
        kind,
        text,
        media_id,
        media_name,
      })),
    ).toEqual([
      {
        kind: 'image',
        text: 'the back of my head',
        media_id: '2754859441498128',
        media_name: null,
      },
      { kind: 'document', text: null, media_id: '1003383421387256', media_name: 'panoramic.pdf' },
      { kind: 'location', text: null, media_id: null, media_name: null },
    ]);
  });

  it('records a failed send with Meta’s reason', async () => {
    await post(notification({ messages: [textMessage('966544444444', 'hi')] }));
    const outbound = `wamid.OUT${Date.now()}`;
    await stack.sql(
      `insert into public.whatsapp_messages (request_id, direction, wa_message_id, kind, body, phone_key, state)
       select request_id, 'out', $1, 'text', 'We are here', phone_key, 'queued'
       from public.whatsapp_messages where phone_key = '966544444444' limit 1`,
      [outbound],
    );
    const failed = notification({
      statuses: [
        {
          id: outbound,
          status: 'failed',
          timestamp: now(),
          recipient_id: '966544444444',
          errors: [
            {
              code: 131047,
              title: 'Re-engagement message',
              message: 'Re-engagement message',
              error_data: {
                details:
                  'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
              },
              href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
            },
          ],
        },
      ],
    });
    expect((await post(failed)).body).toMatchObject({ statuses: 1 });
    const { rows } = await stack.sql(
      `select state, error_code, error_title, error_detail from public.whatsapp_messages
       where wa_message_id = $1`,
      [outbound],
    );
    expect(rows[0]).toEqual({
      state: 'failed',
      error_code: 131047,
      error_title: 'Re-engagement message',
      error_detail:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    });
  });

  it('skips what Meta sends about another business number of the account', async () => {
    const body = notification({ messages: [textMessage('966555555555', 'not ours')] }, '999');
    expect((await post(body)).body).toMatchObject({ received: 0, skipped: 1 });
    expect(await messagesOf('966555555555')).toEqual([]);
  });

  it('is served by the local server too, with the local app secret (npm start)', async () => {
    const body = notification({ messages: [textMessage('966566666666', 'via npm start')] });
    const response = await fetch(`${stack.url}/functions/v1/whatsapp-webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': `sha256=${createHmac('sha256', LOCAL_WHATSAPP_APP_SECRET).update(body).digest('hex')}`,
      },
      body,
    });
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 200,
      body: { received: 1 },
    });
  });
});
