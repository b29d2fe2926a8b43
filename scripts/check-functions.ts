/**
 * The edge functions as Supabase runs them: under Deno, from their `index.ts` entries. For each
 * function in supabase/functions/ (every folder but _shared):
 *   1. every import is a relative file (no URL, npm: or jsr: import, so deploys and this check need
 *      no network);
 *   2. `deno check` type-checks the entry with Deno's own types, and `deno test` runs the shared
 *      modules' *.deno-test.ts (the file gate on the crafted corpus, tests/fixtures/crafted/);
 *   3. the entry is started with Deno on a loopback port (Deno.serve is pointed there; nothing else
 *      changes) and called: a preflight, refusals, and error paths, each with CORS headers; for
 *      google-indexing, its own check of the caller's JWT under Deno's Web Crypto (a valid ES256
 *      session passes, another key, `alg: none`, an HMAC as ES256 and an expired token do not);
 *      for whatsapp-webhook, Meta's verification handshake and its X-Hub-Signature-256 (unsigned
 *      and wrongly signed bodies refused, a signed one reaching the unreachable database: 503).
 * Deno is the npm package `deno` (a devDependency; its binary comes from @deno/linux-x64-glibc).
 *
 *   node scripts/check-functions.ts [--port N]   (default: free loopback ports)
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { es256Signer, hs256, unsigned, userClaims } from '../supabase/tests/helpers/tokens.ts';

const repo = resolve(import.meta.dirname, '..');
const functionsDir = join(repo, 'supabase', 'functions');
const deno = join(repo, 'node_modules', '.bin', 'deno');
const denoDir = join(repo, '.data', 'deno');
const flags = ['--no-config', '--no-remote', '--no-npm', '--quiet'];

const { values } = parseArgs({ options: { port: { type: 'string' } } });

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const failures: string[] = [];
const fail = (message: string) => {
  failures.push(message);
  console.error(`  ✗ ${message}`);
};
const pass = (message: string) => console.log(`  ✓ ${message}`);

const names = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name)
  .sort();

// 1. Only relative imports, anywhere under supabase/functions.
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? tsFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}
for (const file of tsFiles(functionsDir)) {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(
    /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g,
  )) {
    const specifier = match[1] as string;
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
      fail(
        `${file.slice(repo.length + 1)} imports "${specifier}": only relative imports are allowed`,
      );
    }
  }
}

// 2. deno check on every entry.
const env = { ...process.env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
mkdirSync(denoDir, { recursive: true });
const entries = names.map((name) => join(functionsDir, name, 'index.ts'));
const check = spawnSync(deno, ['check', ...flags, ...entries], {
  env,
  encoding: 'utf8',
  timeout: 300_000,
});
if (check.status === 0) pass(`deno check: ${names.join(', ')}`);
else fail(`deno check failed:\n${check.stdout}${check.stderr}`);

// 2b. The shared modules' own tests under Deno (*.deno-test.ts: the file gate on the crafted
// corpus of tests/fixtures/crafted/, read-only).
const denoTests = tsFiles(functionsDir).filter((file) => file.endsWith('.deno-test.ts'));
if (denoTests.length) {
  const tested = spawnSync(
    deno,
    ['test', ...flags, `--allow-read=${join(repo, 'tests', 'fixtures', 'crafted')}`, ...denoTests],
    { env, encoding: 'utf8', timeout: 300_000 },
  );
  const names = denoTests.map((file) => file.slice(functionsDir.length + 1)).join(', ');
  if (tested.status === 0) pass(`deno test: ${names}`);
  else fail(`deno test failed (${names}):\n${tested.stdout}${tested.stderr}`);
}

// 3. Each entry under Deno on a loopback port, called. Session tokens are signed with an ES256 key
// whose public half the function gets as SUPABASE_JWKS, as the platform provisions it.
const signer = es256Signer();
interface Call {
  what: string;
  init: RequestInit;
  status: number;
  /** The query string of the call, for GET handshakes. */
  query?: string;
}
const calls: Record<string, Call[]> = {
  'send-form-notification': [
    { what: 'preflight', init: { method: 'OPTIONS' }, status: 204 },
    { what: 'no project key', init: { method: 'POST', body: '{}' }, status: 401 },
    {
      what: 'invalid body with the publishable key',
      init: {
        method: 'POST',
        headers: { apikey: 'sb_publishable_smoke' },
        body: '{"lead_id":"not-a-uuid"}',
      },
      status: 400,
    },
  ],
  'request-files': [
    { what: 'preflight', init: { method: 'OPTIONS' }, status: 204 },
    { what: 'no project key', init: { method: 'POST', body: '{}' }, status: 401 },
    {
      what: 'invalid body with the publishable key',
      init: {
        method: 'POST',
        headers: { apikey: 'sb_publishable_smoke' },
        body: '{"action":"sign","token":"short","file_id":"not-a-uuid"}',
      },
      status: 400,
    },
    {
      // The database cannot be reached: the drain says so, with CORS.
      what: 'drain with the database unreachable',
      init: {
        method: 'POST',
        headers: { apikey: 'sb_publishable_smoke' },
        body: '{"action":"drain"}',
      },
      status: 503,
    },
  ],
  'google-indexing': [
    { what: 'preflight', init: { method: 'OPTIONS' }, status: 204 },
    { what: 'no session', init: { method: 'POST', body: '{}' }, status: 401 },
    // The function verifies its caller itself, with Deno's Web Crypto (_shared/caller.ts).
    ...Object.entries({
      'a token of another key under the real kid': es256Signer(signer.kid).sign(userClaims('s')),
      'alg none': unsigned(userClaims('s'), signer.kid),
      'an HMAC presented as ES256': hs256(userClaims('s'), 'secret-of-32-characters-or-more!!', {
        alg: 'ES256',
        kid: signer.kid,
      }),
      'an expired ES256 token': signer.sign(userClaims('s', -5)),
    }).map(([what, token]) => indexingCall(what, token, 401)),
    // A valid ES256 session passes the check; the admin check then cannot reach the database,
    // and the thrown error must still carry CORS. A legacy HS256 token goes to the (unreachable)
    // Auth server: an error too, never a pass.
    indexingCall('a valid ES256 session, database unreachable', signer.sign(userClaims('s')), 500),
    indexingCall(
      'an HS256 session, Auth unreachable',
      hs256(userClaims('s'), 'secret-of-32-characters-or-more!!'),
      500,
    ),
  ],
};

// The WhatsApp webhook's secrets in the smoke run, and a notification in Meta's format signed with
// them (X-Hub-Signature-256: the HMAC-SHA256 of the raw body under the app secret).
const WHATSAPP_SMOKE_SECRET = 'smoke-whatsapp-app-secret';
const WHATSAPP_SMOKE_TOKEN = 'smoke-whatsapp-verify-token';
const whatsappBody = JSON.stringify({
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
            contacts: [{ profile: { name: 'Smoke' }, wa_id: '966501234567' }],
            messages: [
              {
                from: '966501234567',
                id: 'wamid.SMOKE',
                timestamp: '1764750000',
                type: 'text',
                text: { body: 'hello' },
              },
            ],
          },
        },
      ],
    },
  ],
});
const whatsappSignature = (secret: string) =>
  `sha256=${createHmac('sha256', secret).update(whatsappBody).digest('hex')}`;
calls['whatsapp-webhook'] = [
  { what: 'preflight', init: { method: 'OPTIONS' }, status: 204 },
  {
    what: 'the verification handshake with the verify token',
    query: `?hub.mode=subscribe&hub.verify_token=${WHATSAPP_SMOKE_TOKEN}&hub.challenge=1158201444`,
    init: { method: 'GET' },
    status: 200,
  },
  {
    what: 'the handshake with another token',
    query: '?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    init: { method: 'GET' },
    status: 403,
  },
  { what: 'an unsigned notification', init: { method: 'POST', body: whatsappBody }, status: 401 },
  {
    what: 'a notification signed with another secret',
    init: {
      method: 'POST',
      headers: { 'X-Hub-Signature-256': whatsappSignature('another-secret') },
      body: whatsappBody,
    },
    status: 401,
  },
  {
    // Signed by Meta, the database unreachable: 503, so Meta delivers it again.
    what: 'a signed notification, database unreachable',
    init: {
      method: 'POST',
      headers: { 'X-Hub-Signature-256': whatsappSignature(WHATSAPP_SMOKE_SECRET) },
      body: whatsappBody,
    },
    status: 503,
  },
];

function indexingCall(what: string, token: string, status: number): Call {
  return {
    what,
    init: {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: '{"urls":["https://rihla.care/"]}',
    },
    status,
  };
}

async function smoke(name: string, port: number): Promise<void> {
  const wrapper = join(denoDir, `smoke-${name}.ts`);
  writeFileSync(
    wrapper,
    `const serve = Deno.serve;
// @ts-ignore: only the address changes; the entry's handler is served as deployed.
Deno.serve = (handler) => serve({ port: ${port}, hostname: '127.0.0.1', onListen() { console.log('listening'); } }, handler);
await import(${JSON.stringify(`file://${join(functionsDir, name, 'index.ts')}`)});
`,
  );
  const child = spawn(deno, ['run', ...flags, '--allow-net=127.0.0.1', '--allow-env', wrapper], {
    env: {
      ...env,
      // Nothing listens there: calls to the project fail, as when the database is unreachable.
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_smoke"}',
      SUPABASE_JWKS: JSON.stringify(signer.jwks),
      SUPABASE_ANON_KEY: 'anon-smoke',
      SUPABASE_SERVICE_ROLE_KEY: 'service-smoke',
      NOTIFY_EMAIL_TO: 'inbox@smoke.test',
      NOTIFY_EMAIL_FROM: 'smoke@smoke.test',
      WHATSAPP_APP_SECRET: WHATSAPP_SMOKE_SECRET,
      WHATSAPP_VERIFY_TOKEN: WHATSAPP_SMOKE_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  try {
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(() => reject(new Error('did not listen within 60 s')), 60_000);
      child.stdout.on('data', (chunk) => {
        if (String(chunk).includes('listening')) {
          clearTimeout(timer);
          resolveReady();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}: ${output}`));
      });
    });
    for (const call of calls[name] ?? [
      { what: 'preflight', init: { method: 'OPTIONS' }, status: 204 },
    ]) {
      const response = await fetch(`http://127.0.0.1:${port}/${call.query ?? ''}`, {
        ...call.init,
        headers: {
          Origin: 'https://rihla.care',
          'Content-Type': 'application/json',
          ...call.init.headers,
        },
      });
      await response.arrayBuffer();
      const cors = response.headers.get('access-control-allow-origin');
      if (response.status === call.status && cors === '*') {
        pass(`${name} under Deno: ${call.what} → ${response.status} with CORS`);
      } else {
        fail(
          `${name} under Deno: ${call.what} → ${response.status} (wanted ${call.status}), CORS ${cors ?? 'missing'}`,
        );
      }
    }
  } catch (error) {
    fail(`${name} under Deno: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    child.kill('SIGTERM');
  }
}

for (const [index, name] of names.entries()) {
  await smoke(name, values.port ? Number(values.port) + index * 2 : await freePort());
}

if (failures.length) {
  console.error(`\n${failures.length} function check(s) failed`);
  process.exit(1);
}
console.log(`\nAll ${names.length} functions pass under Deno.`);
