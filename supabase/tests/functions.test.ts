import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHttpEmailTransport } from '../functions/_shared/email.ts';
import { createGoogleIndexingSubmitter } from '../functions/_shared/google-indexing.ts';
import type { FunctionRuntime, MailMessage } from '../functions/_shared/runtime.ts';
import { es256Signer, userClaims } from './helpers/tokens.ts';
import {
  createHandler as createIndexingHandler,
  parseUrls,
} from '../functions/google-indexing/handler.ts';
import {
  composeEmail,
  createHandler as createNotificationHandler,
  internationalDigits,
  multiLine,
  replyToAddress,
  singleLine,
  type StoredLead,
} from '../functions/send-form-notification/handler.ts';

/**
 * The edge-function handlers, runtime-neutral, with injected platforms: what they accept, what they
 * send and to whom, and how the production providers (HTTP e-mail API, Google Indexing with a
 * service account, IndexNow) are called. No network: fetch is recorded.
 */

interface Recorded {
  url: string;
  init: RequestInit;
}

function recordingFetch(answer: (url: string, init: RequestInit) => Response): {
  fetch: typeof fetch;
  calls: Recorded[];
} {
  const calls: Recorded[] = [];
  const fake = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return answer(url, init);
  }) as typeof fetch;
  return { fetch: fake, calls };
}

function runtime(
  overrides: Partial<Omit<FunctionRuntime, 'env'>> & { env?: Record<string, string> } = {},
): FunctionRuntime & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  const env: Record<string, string> = overrides.env ?? {
    NOTIFY_EMAIL_TO: 'inbox@agency.test',
    NOTIFY_EMAIL_FROM: 'Site <site@agency.test>',
    ...projectKeyEnv,
  };
  return {
    env: (name) => env[name],
    fetch: overrides.fetch ?? (async () => new Response('{}')),
    mail: overrides.mail ?? {
      async send(message) {
        sent.push(message);
        return { id: `mail-${sent.length}` };
      },
    },
    indexing: overrides.indexing ?? {
      submit: async (urls) => urls.map((url) => ({ url, service: 'local' as const, ok: true })),
    },
    sent,
  };
}

/** The project keys as the platform passes them to a function: new style (JSON of named keys) and legacy. */
const projectKeyEnv = {
  SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({
    default: 'sb_publishable_test',
    web: 'sb_publishable_web',
  }),
  SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_test' }),
  SUPABASE_ANON_KEY: 'legacy-anon-jwt',
  SUPABASE_SERVICE_ROLE_KEY: 'legacy-service-jwt',
};

const post = (body: unknown, headers: Record<string, string> = { apikey: 'sb_publishable_test' }) =>
  new Request('http://functions.test/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('send-form-notification', () => {
  const stored = (overrides: Partial<StoredLead> = {}): StoredLead => ({
    lead_id: '6f1c2a9e-0000-4000-8000-000000000001',
    attempt: 1,
    created_at: '2026-11-23T10:00:00+00:00',
    name: 'Layla',
    phone: '0501234567',
    country_code: '+966',
    country: 'Saudi Arabia',
    email: null,
    service: 'dental-implants',
    notes: null,
    source: '/',
    page_url: null,
    language: 'ar',
    ready_to_travel: null,
    preferred_countries: [],
    appointment_time: null,
    ...overrides,
  });

  it('composes a plain-text e-mail from the stored row, with a WhatsApp link', () => {
    const mail = composeEmail(stored());
    expect(mail.subject).toBe('[Rihla Care] استشارة طبية جديدة (dental-implants)');
    expect(mail.text).toContain('Phone: +966501234567');
    expect(mail.text).toContain('WhatsApp: https://wa.me/966501234567');
    expect(mail.text).toContain('Service: dental-implants');
    expect(mail.text).not.toContain('Email:');
    expect(composeEmail(stored({ source: '/hair-transplant-offer', service: null })).subject).toBe(
      '[Rihla Care] تسجيل جديد - عرض زراعة الشعر',
    );
    expect(
      composeEmail(stored({ source: 'next-offer:hair-transplant', service: 'hair-transplant' }))
        .subject,
    ).toBe('[Rihla Care] طلب إشعار بالعرض القادم (hair-transplant)');
  });

  it('keeps control and bidi characters out of every line, and line breaks only in the message', () => {
    const mail = composeEmail(
      stored({
        name: 'Ali \u202Egnp.exe\u202C Hassan\r\nBcc: x@y.z',
        country: 'Saudi\tArabia\u0000\u2066',
        notes: 'line 1\r\nline 2\u2028\u0007 \u200Fend',
      }),
    );
    expect(mail.text).toContain('Name: Ali gnp.exe Hassan Bcc: x@y.z');
    expect(mail.text).toContain('Country: Saudi Arabia');
    expect(mail.text).toContain('line 1\nline 2');
    expect(`${mail.subject}${mail.text}`).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
    );
    expect(singleLine(' a\u0085b\u2029c ')).toBe('a b c');
    expect(multiLine('a\r\n\u202Eb')).toBe('a\n b');
  });

  it('sets Reply-To only for a plain address', () => {
    expect(replyToAddress('layla@example.com')).toBe('layla@example.com');
    for (const bad of [
      'a@b.c\r\nBcc: x@y.z',
      '"x"@y.com',
      'a@b.com, c@d.com',
      'a\u202E@b.com',
      null,
    ]) {
      expect(replyToAddress(bad)).toBeNull();
    }
  });

  it('international digits match the database’s canonical_phone for the usual spellings', () => {
    expect(internationalDigits('+966', '0501234567')).toBe('966501234567');
    expect(internationalDigits('+966', '00966501234567')).toBe('966501234567');
    expect(internationalDigits(null, '966501234567')).toBe('966501234567');
  });

  it('answers preflights, wrong methods, bad bodies and a missing configuration before any query', async () => {
    const handler = createNotificationHandler(runtime());
    expect(
      (await handler(new Request('http://functions.test/', { method: 'OPTIONS' }))).status,
    ).toBe(204);
    expect((await handler(new Request('http://functions.test/'))).status).toBe(405);
    expect((await handler(post('{"name": '))).status).toBe(400);
    expect((await handler(post({ lead_id: 'not-a-uuid' }))).status).toBe(400);
    const unconfigured = createNotificationHandler(runtime({ env: projectKeyEnv }));
    expect((await unconfigured(post({}))).status).toBe(500);
    // The database is unreachable: the lead waits in the outbox, nothing is mailed.
    const platform = runtime({
      env: {
        NOTIFY_EMAIL_TO: 'inbox@agency.test',
        NOTIFY_EMAIL_FROM: 'Site <site@agency.test>',
        SUPABASE_URL: 'http://127.0.0.1:9',
        ...projectKeyEnv,
      },
      fetch: async () => new Response('down', { status: 503 }),
    });
    const down = await createNotificationHandler(platform)(post({}));
    expect(down.status).toBe(503);
    expect(platform.sent).toEqual([]);
  });

  it('admits callers holding a project key of either style and refuses the rest, with CORS headers', async () => {
    // An empty outbox: the drain mails nothing and answers 202.
    const handler = createNotificationHandler(
      runtime({
        env: {
          NOTIFY_EMAIL_TO: 'inbox@agency.test',
          NOTIFY_EMAIL_FROM: 'Site <site@agency.test>',
          SUPABASE_URL: 'http://127.0.0.1:9',
          ...projectKeyEnv,
        },
        fetch: async () => new Response('[]'),
      }),
    );
    const lead = { name: 'Layla', phone: '966501234567' };
    for (const apikey of [
      'sb_publishable_test',
      'sb_publishable_web',
      'sb_secret_test',
      'legacy-anon-jwt',
      'legacy-service-jwt',
    ]) {
      expect((await handler(post(lead, { apikey }))).status, apikey).toBe(202);
    }
    for (const headers of [
      {},
      { apikey: 'sb_publishable_other' },
      { apikey: 'sb_publishable_tes' },
      { Authorization: 'Bearer sb_publishable_test' },
    ]) {
      const refused = await handler(post(lead, headers));
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    }
    const unconfigured = createNotificationHandler(
      runtime({ env: { NOTIFY_EMAIL_TO: 'a@b.test', NOTIFY_EMAIL_FROM: 'c@d.test' } }),
    );
    expect((await unconfigured(post(lead))).status).toBe(401);
  });

  it('production transport: posts a Resend-style body with the API key and surfaces failures', async () => {
    const ok = recordingFetch(() => Response.json({ id: 'resend-1' }));
    const transport = createHttpEmailTransport(
      (name) => ({ EMAIL_API_KEY: 'key-1' })[name],
      ok.fetch,
    );
    expect(
      await transport.send({
        to: 'a@b.c',
        from: 'x@y.z',
        subject: 'S',
        text: 'T',
        replyTo: 'r@s.t',
      }),
    ).toEqual({ id: 'resend-1' });
    expect(ok.calls[0]?.url).toBe('https://api.resend.com/emails');
    expect(new Headers(ok.calls[0]?.init.headers).get('authorization')).toBe('Bearer key-1');
    expect(JSON.parse(String(ok.calls[0]?.init.body))).toEqual({
      from: 'x@y.z',
      to: ['a@b.c'],
      subject: 'S',
      text: 'T',
      reply_to: 'r@s.t',
    });
    const down = recordingFetch(() => new Response('nope', { status: 500 }));
    await expect(
      createHttpEmailTransport(() => 'key', down.fetch).send({
        to: 'a@b.c',
        from: 'x@y.z',
        subject: 'S',
        text: 'T',
      }),
    ).rejects.toThrow('500');
    await expect(
      createHttpEmailTransport(() => undefined, ok.fetch).send({
        to: 'a@b.c',
        from: 'x@y.z',
        subject: 'S',
        text: 'T',
      }),
    ).rejects.toThrow('EMAIL_API_KEY');
  });
});

describe('google-indexing', () => {
  // Session tokens as Auth signs them with the project's ES256 key (published in SUPABASE_JWKS).
  const signer = es256Signer();
  const token = (sub: string) => signer.sign(userClaims(sub));
  const env = {
    SUPABASE_URL: 'http://api.test',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_JWKS: JSON.stringify(signer.jwks),
    SITE_URL: 'https://rihla.care',
  };

  it('asks with the publishable key when the project has one, and a failing check is a 500 with CORS', async () => {
    const verdicts = recordingFetch(() => Response.json(true));
    const handler = createIndexingHandler(
      runtime({
        env: { ...env, SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_x"}' },
        fetch: verdicts.fetch,
      }),
    );
    const admin = { Authorization: `Bearer ${token('admin-id')}` };
    expect((await handler(post({ urls: ['https://rihla.care/'] }, admin))).status).toBe(200);
    expect(new Headers(verdicts.calls[0]?.init.headers).get('apikey')).toBe('sb_publishable_x');
    const broken = createIndexingHandler(
      runtime({
        env,
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      }),
    );
    const failed = await broken(post({ urls: ['https://rihla.care/'] }, admin));
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
    expect(await failed.json()).toEqual({ error: 'internal_error' });
    const unconfigured = createIndexingHandler(runtime({ env: {} }));
    const refused = await unconfigured(post({ urls: ['https://rihla.care/'] }, admin));
    expect(refused.status).toBe(500);
    expect(refused.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('asks the database whether the caller is an admin, with the caller’s own token', async () => {
    const verdicts = recordingFetch((_url, init) =>
      Response.json(JSON.parse(String(init.body)).check_user_id === 'admin-id'),
    );
    const handler = createIndexingHandler(runtime({ env, fetch: verdicts.fetch }));
    const urls = ['https://rihla.care/', 'https://rihla.care/blog'];
    expect((await handler(post({ urls }))).status).toBe(401);
    // A token that only looks like the admin's (another key) never reaches the database.
    const forged = es256Signer(signer.kid).sign(userClaims('admin-id'));
    expect((await handler(post({ urls }, { Authorization: `Bearer ${forged}` }))).status).toBe(401);
    expect(verdicts.calls).toEqual([]);
    expect(
      (await handler(post({ urls }, { Authorization: `Bearer ${token('someone')}` }))).status,
    ).toBe(403);
    const adminToken = token('admin-id');
    const accepted = await handler(post({ urls }, { Authorization: `Bearer ${adminToken}` }));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ ok: true, submitted: 2 });
    expect(verdicts.calls.at(-1)?.url).toBe('http://api.test/rest/v1/rpc/is_admin');
    expect(new Headers(verdicts.calls.at(-1)?.init.headers).get('authorization')).toBe(
      `Bearer ${adminToken}`,
    );
  });

  it('accepts only absolute http(s) URLs on the site, 1 to 100 of them', () => {
    expect(parseUrls({ urls: ['https://rihla.care/a'] }, 'https://rihla.care')).toEqual([
      'https://rihla.care/a',
    ]);
    expect(parseUrls({ urls: ['https://evil.example/a'] }, 'https://rihla.care')).toMatch(
      /^not on rihla.care/,
    );
    expect(parseUrls({ urls: ['/relative'] }, undefined)).toMatch(/^not an absolute URL/);
    expect(parseUrls({ urls: ['javascript:alert(1)'] }, undefined)).toMatch(/^not an http/);
    expect(parseUrls({ urls: [] }, undefined)).toMatch(/1 to 100/);
    expect(parseUrls({ urls: Array(101).fill('https://rihla.care/') }, undefined)).toMatch(
      /1 to 100/,
    );
  });

  it('production submitter: signs a service-account JWT (RS256), then publishes each URL; IndexNow too', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = {
      client_email: 'indexer@project.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const google = recordingFetch((url) =>
      url.endsWith('/token')
        ? Response.json({ access_token: 'google-token' })
        : new Response('{}', { status: 200 }),
    );
    const submitter = createGoogleIndexingSubmitter(
      (name) =>
        ({ GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify(account), INDEXNOW_KEY: 'k123' })[name],
      google.fetch,
    );
    const results = await submitter.submit(['https://rihla.care/', 'https://rihla.care/blog']);
    expect(results.map((result) => `${result.service}:${result.ok}`)).toEqual([
      'google:true',
      'google:true',
      'indexnow:true',
      'indexnow:true',
    ]);

    const tokenCall = google.calls[0] as Recorded;
    expect(tokenCall.url).toBe('https://oauth2.googleapis.com/token');
    const assertion = new URLSearchParams(String(tokenCall.init.body)).get('assertion') ?? '';
    const [header, claims, signature] = assertion.split('.') as [string, string, string];
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${header}.${claims}`);
    expect(verifier.verify(publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      iss: account.client_email,
      scope: 'https://www.googleapis.com/auth/indexing',
      aud: 'https://oauth2.googleapis.com/token',
    });
    const publishes = google.calls.filter((call) => call.url.includes('urlNotifications:publish'));
    expect(publishes.map((call) => JSON.parse(String(call.init.body)))).toEqual([
      { url: 'https://rihla.care/', type: 'URL_UPDATED' },
      { url: 'https://rihla.care/blog', type: 'URL_UPDATED' },
    ]);
    expect(new Headers(publishes[0]?.init.headers).get('authorization')).toBe(
      'Bearer google-token',
    );
    const indexNow = google.calls.find((call) => call.url === 'https://api.indexnow.org/indexnow');
    expect(JSON.parse(String(indexNow?.init.body))).toEqual({
      host: 'rihla.care',
      key: 'k123',
      urlList: ['https://rihla.care/', 'https://rihla.care/blog'],
    });
  });

  it('production submitter: refuses to run unconfigured, and the handler reports it as 502', async () => {
    const submitter = createGoogleIndexingSubmitter(
      () => undefined,
      recordingFetch(() => new Response()).fetch,
    );
    await expect(submitter.submit(['https://rihla.care/'])).rejects.toThrow('not configured');
    const handler = createIndexingHandler(
      runtime({ env, fetch: async () => Response.json(true), indexing: submitter }),
    );
    const response = await handler(
      post({ urls: ['https://rihla.care/'] }, { Authorization: `Bearer ${token('admin-id')}` }),
    );
    expect(response.status).toBe(502);
  });
});
