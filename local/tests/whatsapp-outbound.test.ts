import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphStandIn, type GraphStandIn } from '../graph-api.ts';
import { REPO_ROOT } from '../migrate.ts';
import { adminClient, client, lead, sleep, startTestStack, type Client } from './helpers.ts';

/**
 * WhatsApp media and outbound under Deno (issue 46 items 2, 3 and 5): the whatsapp-webhook and
 * whatsapp-send entries served by Deno as deployed, against a running local stack and the Graph
 * API stand-in (local/graph-api.ts) on a loopback port, with signed notifications in Meta's
 * documented format. An image Meta holds passes the file gate into the request's files; one with
 * a GPS position is refused by the same gate; a medium Meta no longer has fails with Meta's
 * answer. A message staff queue goes out through the worker and shows Meta's states from the
 * status webhooks the stand-in emits; one to an undeliverable number ends failed with Meta's
 * reason; outside the 24-hour window the database refuses free text.
 */

const APP_SECRET = 'test-whatsapp-app-secret';
const PHONE_NUMBER_ID = '106540352242922';
const TOKEN = 'test-graph-token';
const deno = join(REPO_ROOT, 'node_modules', '.bin', 'deno');
const denoDir = join(REPO_ROOT, '.data', 'deno');
const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(REPO_ROOT, 'tests', 'fixtures', 'crafted', name)));

let stack: Awaited<ReturnType<typeof startTestStack>>;
let graph: GraphStandIn;
let graphServer: Server;
const children: ChildProcess[] = [];
let webhookUrl = '';
let sendUrl = '';
let staff: Client;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Serves a function's Deno entry on a loopback port, as the webhook test does. */
async function serveWithDeno(name: string, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  mkdirSync(denoDir, { recursive: true });
  const wrapper = join(denoDir, `test-${name}-${port}.ts`);
  writeFileSync(
    wrapper,
    `const serve = Deno.serve;
// @ts-ignore: only the address changes; the entry's handler is served as deployed.
Deno.serve = (handler) => serve({ port: ${port}, hostname: '127.0.0.1', onListen() { console.log('listening'); } }, handler);
await import(${JSON.stringify(`file://${join(REPO_ROOT, `supabase/functions/${name}/index.ts`)}`)});
`,
  );
  const child = spawn(
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
      env: { ...process.env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
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
  return `http://127.0.0.1:${port}/`;
}

beforeAll(async () => {
  stack = await startTestStack();
  graph = createGraphStandIn({
    token: TOKEN,
    phoneNumberId: PHONE_NUMBER_ID,
    webhookUrl: () => webhookUrl,
    appSecret: APP_SECRET,
    approvedTemplates: new Set(['rihla_follow_up:ar', 'rihla_follow_up:en']),
  });
  graphServer = createHttpServer((req, res) => {
    void graph.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
  });
  const graphPort = await freePort();
  await new Promise<void>((ready) => graphServer.listen(graphPort, '127.0.0.1', ready));
  graph.setBase(`http://127.0.0.1:${graphPort}`);
  const env = {
    SUPABASE_URL: stack.url,
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: stack.secretKey }),
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: stack.publishableKey }),
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'test-verify-token',
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: TOKEN,
    WHATSAPP_GRAPH_URL: `http://127.0.0.1:${graphPort}`,
  };
  [webhookUrl, sendUrl] = await Promise.all([
    serveWithDeno('whatsapp-webhook', env),
    serveWithDeno('whatsapp-send', env),
  ]);
  staff = await adminClient(stack);
  await stack.sql(`update private.whatsapp_templates set approved = (name = 'rihla_follow_up')`);
}, 240_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((done) => graphServer?.close(done));
  await stack?.cleanup();
});

let counter = 0;
const now = (offset = 0) => String(Math.floor(Date.now() / 1000) + offset);
const wamid = () => `wamid.HBgL${Date.now()}${++counter}`;

async function postSigned(value: Record<string, unknown>) {
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
              metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Hub-Signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const image = (from: string, mediaId: string, mime = 'image/jpeg') => ({
  from,
  id: wamid(),
  timestamp: now(),
  type: 'image',
  image: { mime_type: mime, sha256: 'ignored', id: mediaId },
});

/** A request from the public form for `phone` (a Saudi number written without its code). */
async function newRequest(phone: string): Promise<string> {
  const name = `WhatsApp ${randomUUID()}`;
  expect((await client(stack).from('offer_leads').insert(lead({ name, phone }))).error).toBeNull();
  const { rows } = await stack.sql<{ id: string }>(
    `select id from public.contact_requests where name = $1`,
    [name],
  );
  return rows[0]!.id;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await sleep(100);
    value = await read();
  }
  return value;
}

const drain = async () => {
  const response = await fetch(sendUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: stack.secretKey },
    body: JSON.stringify({ action: 'drain' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('WhatsApp media and outbound under Deno, with the Graph API stand-in', () => {
  it('fetches an image through the file gate into the request’s files, and refuses one with a GPS position', async () => {
    const from = '966571110001';
    graph.addMedia('3001', fixture('clean.jpg'), 'image/jpeg');
    graph.addMedia('3002', fixture('exif-gps.jpg'), 'image/jpeg');
    const posted = await postSigned({
      messages: [image(from, '3001'), image(from, '3002'), image(from, '3003-gone')],
    });
    expect(posted).toMatchObject({ status: 200, body: { received: 3 } });
    const { rows } = await stack.sql<Record<string, unknown>>(
      `select m.media_id, m.media_state, m.media_reason, f.state as file_state, f.slot, f.object_path
       from public.whatsapp_messages m left join private.request_files f on f.id = m.file_id
       where m.phone_key = $1 order by m.media_id`,
      [from],
    );
    expect(rows.map(({ object_path: _path, ...row }) => row)).toEqual([
      {
        media_id: '3001',
        media_state: 'stored',
        media_reason: null,
        file_state: 'ready',
        slot: 'report',
      },
      {
        media_id: '3002',
        media_state: 'refused',
        media_reason: 'location_metadata',
        file_state: 'rejected',
        slot: 'report',
      },
      {
        media_id: '3003-gone',
        media_state: 'failed',
        media_reason: expect.stringContaining('400 100'),
        file_state: null,
        slot: null,
      },
    ]);
    // The stored image is in the private bucket, byte for byte what Meta gave.
    const stored = await fetch(
      `${stack.url}/storage/v1/object/authenticated/request-files/${String(rows[0]!['object_path'])}`,
      { headers: { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` } },
    );
    expect(stored.status).toBe(200);
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(fixture('clean.jpg'));
  });

  it('sends staff’s message through the worker and shows Meta’s states from its status webhooks', async () => {
    const from = '966571110002';
    const requestId = await newRequest('0571110002');
    await postSigned({
      messages: [{ from, id: wamid(), timestamp: now(), type: 'text', text: { body: 'مرحبا' } }],
    });
    const queued = await staff.rpc('send_whatsapp_message', {
      _request_id: requestId,
      _text: 'أهلاً، كيف نساعدك؟',
      _template: null as unknown as string,
      _template_language: null as unknown as string,
      _idempotency_key: randomUUID(),
    });
    expect(queued.error).toBeNull();
    const drained = await drain();
    expect(drained).toMatchObject({ status: 202, body: { ok: true, accepted: 1 } });
    expect(graph.sent.at(-1)).toMatchObject({ to: from, type: 'text', text: 'أهلاً، كيف نساعدك؟' });
    const state = await until(
      async () =>
        (
          await stack.sql<{ state: string; wa_message_id: string }>(
            `select state, wa_message_id from public.whatsapp_messages
             where request_id = $1 and direction = 'out'`,
            [requestId],
          )
        ).rows[0],
      (row) => row?.state === 'delivered',
    );
    expect(state).toEqual({ state: 'delivered', wa_message_id: graph.sent.at(-1)!.id });
  });

  it('ends a message Meta could not deliver as failed, with Meta’s reason', async () => {
    const from = '966571110003';
    graph.markUndeliverable(from);
    const requestId = await newRequest('0571110003');
    await postSigned({
      messages: [{ from, id: wamid(), timestamp: now(), type: 'text', text: { body: 'hi' } }],
    });
    const queued = await staff.rpc('send_whatsapp_message', {
      _request_id: requestId,
      _text: 'Hello',
      _template: null as unknown as string,
      _template_language: null as unknown as string,
      _idempotency_key: randomUUID(),
    });
    expect(queued.error).toBeNull();
    expect((await drain()).body).toMatchObject({ accepted: 1 });
    const failed = await until(
      async () =>
        (await staff.rpc('request_whatsapp', { _request_id: requestId })).data as unknown as {
          messages: { direction: string; state: string; error_code: number; error_title: string }[];
        },
      (seen) => seen.messages.some((m) => m.direction === 'out' && m.state === 'failed'),
    );
    expect(failed.messages.find((m) => m.direction === 'out')).toMatchObject({
      state: 'failed',
      error_code: 131026,
      error_title: 'Message undeliverable',
      error_detail: expect.stringContaining('not a WhatsApp phone number'),
    });
  });

  it('refuses free text outside the window, and sends an approved template there', async () => {
    const from = '966571110004';
    const requestId = await newRequest('0571110004');
    await postSigned({
      messages: [
        { from, id: wamid(), timestamp: now(-30 * 3600), type: 'text', text: { body: 'old' } },
      ],
    });
    const refused = await staff.rpc('send_whatsapp_message', {
      _request_id: requestId,
      _text: 'Are you still there?',
      _template: null as unknown as string,
      _template_language: null as unknown as string,
      _idempotency_key: randomUUID(),
    });
    expect(refused.error).toMatchObject({ code: '23514', hint: 'whatsapp_window_closed' });
    const template = await staff.rpc('send_whatsapp_message', {
      _request_id: requestId,
      _text: null as unknown as string,
      _template: 'rihla_follow_up',
      _template_language: 'en',
      _idempotency_key: randomUUID(),
    });
    expect(template.error).toBeNull();
    expect((await drain()).body).toMatchObject({ accepted: 1 });
    expect(graph.sent.at(-1)).toMatchObject({
      to: from,
      type: 'template',
      template: { name: 'rihla_follow_up', language: 'en' },
    });
  });

  it('refuses a drain without a project key', async () => {
    const response = await fetch(sendUrl, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    await response.arrayBuffer();
  });
});
