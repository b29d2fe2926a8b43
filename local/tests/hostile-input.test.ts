import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, client, count, lead, startTestStack, type Client } from './helpers.ts';

/**
 * Hostile input on every public write path (issue 8, part 5): REST insert and upsert into
 * offer_leads, rpc admin_login (anon and signed-in anonymous user), the functions
 * send-form-notification and google-indexing, and auth sign-up. A corpus of script tags, SQL
 * fragments, bidi overrides, emoji, control characters, NUL bytes, lone surrogates, wrong types and
 * 1 MB bodies. Each answer is either a success or a clear 4xx (never a 5xx); what is stored comes
 * back to the admin views byte for byte, obeys the constraints, and keeps its inbox row; and the
 * server goes on serving (afterEach). robustness.test.ts covers malformed JSON, unknown
 * tables/columns and bad tokens; this file covers the values themselves.
 *
 * This file found two server bugs, now fixed and kept as tests: /signup and /token answered 500 to
 * text Postgres cannot store (NUL, lone surrogates), and admin_login recorded unbounded usernames.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: Client;
let anon: Client;
/** A signed-in anonymous visitor (what the admin login page creates before admin_login). */
let visitorToken: string;
let visitorId: string;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await adminClient(stack, 'hostile-admin');
  anon = client(stack);
  const visitor = client(stack);
  const { data, error } = await visitor.auth.signInAnonymously();
  expect(error).toBeNull();
  visitorToken = data.session!.access_token;
  visitorId = data.user!.id;
});
afterAll(async () => {
  await stack.cleanup();
});
afterEach(async () => {
  // Whatever came before, a normal submission still works.
  const { error, status } = await client(stack).from('offer_leads').insert(lead());
  expect(error).toBeNull();
  expect(status).toBe(201);
});

const MiB = 1024 * 1024;

/** Text people (or bots) put into forms. Every entry is well-formed Unicode without NUL. */
const corpus: [string, string][] = [
  ['script tag', '<script>alert(document.cookie)</script>'],
  ['attribute breakout', '"><img src=x onerror=alert(1)>'],
  ['SQL terminator', "'); drop table offer_leads; --"],
  ['SQL tautology', "' or '1'='1"],
  ['SQL with dollar quoting', '$$; select pg_sleep(10); $$'],
  ['right-to-left override', 'Ali\u202Egnp.exe'],
  ['bidi isolates and marks', '\u2066مرحبا\u2069 \u200F\u200E'],
  ['zero-width characters and BOM', 'Fa\u200Bti\u200Dma\uFEFF'],
  ['emoji with ZWJ and flag', '👩‍⚕️ نورة 🇸🇦'],
  ['astral characters', '𠜎𠜱𠝹 𝕳𝖊𝖑𝖑𝖔'],
  ['combining marks', 'Z̷̧̛a̸l̶g̵o̴ تجربة'],
  ['Arabic with tashkeel', 'مُحَمَّد بْن عَبْدِ اللّٰه'],
  ['CRLF header injection', 'Layla\r\nBcc: victim@example.com'],
  ['format strings and templates', '%s%s%n%x {0} ${7*7} {{7*7}}'],
  ['path traversal', '../../../../etc/passwd'],
  ['JSON in a string', '{"role":"service_role","is_admin":true}'],
  ['spreadsheet formula', '=HYPERLINK("http://evil.example","x")'],
  ['backslashes and quotes', `\\" \\\\ ' \` \\u0000 \\x00`],
  ['C0 controls and ANSI escape', '\u0001\u0007\u001b[31mred\u007f'],
  ['surrounding spaces', '   Omar   '],
  ['only spaces', '     '],
  ['long Arabic text', 'ن'.repeat(1990)],
];

/** Text PostgreSQL cannot store: refused with a 4xx, whatever the column. */
const unstorable: [string, string, string][] = [
  ['NUL byte', 'Lay\u0000la', '22P05'],
  ['lone surrogate', 'Lay\uD800la', '22P02'],
];

const codePoints = (text: string) => [...text].length;
/** PostgreSQL's btrim(): spaces only. */
const pgTrim = (text: string) => text.replace(/^ +| +$/g, '');
const blankToNull = (text: string) => (pgTrim(text) === '' ? null : pgTrim(text));
/** Bidi controls are removed from single-line lead fields (20261123140400_names_that_cannot_lie.sql). */
const noBidi = (text: string) =>
  text.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
/** Characters of a name that count as visible (offer_leads_name_visible). */
const visibleLength = (text: string) =>
  codePoints(
    text.replace(
      // eslint-disable-next-line no-misleading-character-class -- the class lists invisible and combining characters on purpose, one by one
      /[\s\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]/gu,
      '',
    ),
  );
const bytes = (text: string) => Buffer.from(text, 'utf8').toString('hex');
/** jsonb's text form of a flat object of strings ({"a": "b", "c": "d"}), whose size the constraint bounds. */
const jsonbBytes = (object: Record<string, string>) =>
  Buffer.byteLength(
    `{${Object.entries(object)
      .map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`)
      .join(', ')}}`,
  );

interface Field {
  column: string;
  /** The inbox column the lead's value is copied to, if any. */
  requestColumn?: string;
  put(value: string): Record<string, unknown>;
  /** What the database keeps (after its documented normalization). */
  stored(value: string): unknown;
  /** Whether the constraints accept it. */
  fits(value: string): boolean;
}

const textField = (
  column: string,
  max: number,
  options: {
    requestColumn?: string;
    normalize?: (text: string) => string | null;
    multiLine?: boolean;
  } = {},
): Field => {
  const base = options.normalize ?? ((text: string) => text);
  // Single-line fields lose their bidi controls; the multi-line notes keep what was typed.
  const normalize = options.multiLine ? base : (text: string) => base(noBidi(text));
  return {
    column,
    ...(options.requestColumn ? { requestColumn: options.requestColumn } : {}),
    put: (value) => ({ [column]: value }),
    stored: normalize,
    fits: (value) => {
      const kept = normalize(value);
      return kept === null || codePoints(kept) <= max;
    },
  };
};

const fields: Field[] = [
  {
    column: 'name',
    requestColumn: 'name',
    put: (value) => ({ name: value }),
    stored: (value) => pgTrim(noBidi(value)),
    fits: (value) =>
      codePoints(pgTrim(noBidi(value))) >= 2 &&
      codePoints(pgTrim(noBidi(value))) <= 100 &&
      visibleLength(noBidi(value)) >= 2,
  },
  {
    column: 'phone',
    requestColumn: 'phone',
    put: (value) => ({ phone: value }),
    stored: (value) => noBidi(value),
    fits: (value) => /^[0-9]{8,15}$/.test(noBidi(value)),
  },
  textField('notes', 2000, { requestColumn: 'message', normalize: blankToNull, multiLine: true }),
  textField('country', 100, { requestColumn: 'country', normalize: blankToNull }),
  textField('source', 200, { requestColumn: 'source', normalize: blankToNull }),
  textField('page_url', 2000, { normalize: blankToNull }),
  textField('utm_campaign', 200, { requestColumn: 'utm_campaign' }),
  textField('utm_term', 200, { requestColumn: 'utm_term' }),
  {
    column: 'email',
    requestColumn: 'email',
    put: (value) => ({ email: `${value}@example.com` }),
    stored: (value) => blankToNull(noBidi(`${value}@example.com`)),
    fits: (value) => {
      const email = pgTrim(noBidi(`${value}@example.com`));
      return (
        codePoints(email) <= 254 &&
        /^[^@ \t\n\r\f\v]+@[^@ \t\n\r\f\v]+\.[^@ \t\n\r\f\v]+$/.test(email)
      );
    },
  },
  {
    column: 'country_code',
    requestColumn: 'country_code',
    // With a national number (no code in its digits): the phone rule then keeps the code as sent,
    // or none for a blank one, so what is stored is what was sent.
    put: (value) => ({ country_code: value, phone: freshNationalPhone() }),
    stored: (value) => blankToNull(noBidi(value)),
    fits: (value) => /^(\+[0-9]{1,4})?$/.test(pgTrim(noBidi(value))),
  },
  {
    column: 'preferred_countries',
    requestColumn: 'preferred_countries',
    put: (value) => ({ preferred_countries: [value, 'turkey'] }),
    stored: (value) => [noBidi(value), 'turkey'],
    fits: (value) => codePoints(`${noBidi(value)}turkey`) <= 1000,
  },
  {
    column: 'campaign_params',
    put: (value) => ({ campaign_params: { ref: value, gclid: 'abc' } }),
    stored: (value) => ({ ref: value, gclid: 'abc' }),
    fits: (value) => jsonbBytes({ ref: value, gclid: 'abc' }) <= 4096,
  },
  {
    column: 'campaign_params',
    put: (value) => ({ campaign_params: { [value]: 'key' } }),
    stored: (value) => ({ [value]: 'key' }),
    fits: (value) => jsonbBytes({ [value]: 'key' }) <= 4096,
  },
];

let phoneSerial = Math.floor(Math.random() * 9_000_000);
/** A fresh phone per lead: the database allows 5 leads per phone per hour. */
const freshPhone = () =>
  `9665${String(10_000_000 + (phoneSerial++ % 89_999_999)).padStart(8, '0')}`;
const freshNationalPhone = () =>
  `05${String(10_000_000 + (phoneSerial++ % 89_999_999)).padStart(8, '0')}`;

/** Insert with the anon key the way the site does, alternating insert and the retry-safe upsert. */
async function submit(row: Record<string, unknown>, upsert: boolean) {
  const table = anon.from('offer_leads');
  return upsert
    ? table.upsert(row as never, { onConflict: 'id', ignoreDuplicates: true })
    : table.insert(row as never);
}

function expectPostgrestError(error: unknown, code: string) {
  expect(error).toMatchObject({ code });
  expect(Object.keys(error as object)).toEqual(
    expect.arrayContaining(['code', 'message', 'details', 'hint']),
  );
  expect(typeof (error as { message: unknown }).message).toBe('string');
}

async function storedCount(id: string) {
  const { rows } = await stack.sql<{ leads: number; requests: number }>(
    `select (select count(*)::int from offer_leads where id = $1) as leads,
            (select count(*)::int from contact_requests where lead_id = $1) as requests`,
    [id],
  );
  return rows[0];
}

describe('REST insert and upsert into offer_leads (anon key)', () => {
  for (const [label, value] of corpus) {
    it(`${label}: a clear 4xx, or stored byte for byte as the admin views read it`, async () => {
      const accepted: { id: string; field: Field }[] = [];
      for (const [index, field] of fields.entries()) {
        const row = { ...lead({ phone: freshPhone() }), ...field.put(value) };
        const { error, status } = await submit(row, index % 2 === 1);
        const where = `${field.column} = ${JSON.stringify(value).slice(0, 60)}`;
        if (field.fits(value)) {
          expect(error, where).toBeNull();
          expect(status, where).toBe(201);
          accepted.push({ id: row.id, field });
          expect(await storedCount(row.id), where).toEqual({ leads: 1, requests: 1 });
        } else {
          expect(status, where).toBe(400);
          expectPostgrestError(error, '23514');
          expect(await storedCount(row.id), where).toEqual({ leads: 0, requests: 0 });
        }
      }
      if (accepted.length === 0) return;

      // The admin views (supabase-js as an admin, as src/islands/admin reads them).
      const ids = accepted.map(({ id }) => id);
      const leads = await admin.from('offer_leads').select('*').in('id', ids);
      const requests = await admin.from('contact_requests').select('*').in('lead_id', ids);
      expect(leads.error).toBeNull();
      expect(requests.error).toBeNull();
      expect(leads.data).toHaveLength(ids.length);
      expect(requests.data).toHaveLength(ids.length);
      for (const { id, field } of accepted) {
        const expected = field.stored(value);
        const storedLead = leads.data!.find((row) => row.id === id) as Record<string, unknown>;
        expect(storedLead[field.column], field.column).toEqual(expected);
        if (field.requestColumn) {
          const request = requests.data!.find((row) => row.lead_id === id) as Record<
            string,
            unknown
          >;
          expect(request[field.requestColumn], field.requestColumn).toEqual(expected);
        }
        // Byte for byte in the database itself, not only after JSON decoding.
        if (typeof expected === 'string') {
          const { rows } = await stack.sql<{ hex: string }>(
            `select encode(convert_to(${field.column}, 'UTF8'), 'hex') as hex from offer_leads where id = $1`,
            [id],
          );
          expect(rows[0]?.hex, field.column).toBe(bytes(expected));
        }
      }
    });
  }

  for (const [label, value, code] of unstorable) {
    it(`${label}: refused with ${code} in every column, nothing stored`, async () => {
      for (const [index, field] of fields.entries()) {
        const row = { ...lead({ phone: freshPhone() }), ...field.put(value) };
        const { error, status } = await submit(row, index % 2 === 1);
        expect(status, field.column).toBe(400);
        expectPostgrestError(error, code);
        expect(await storedCount(row.id)).toEqual({ leads: 0, requests: 0 });
      }
    });
  }

  it('wrong types: typed columns refuse them; text columns keep the JSON text', async () => {
    const refused: [Record<string, unknown>, string][] = [
      [{ id: 42 }, '22P02'],
      [{ id: { $ne: null } }, '22P02'],
      [{ service: 7 }, '22P02'],
      [{ service: ['ivf'] }, '22P02'],
      [{ language: true }, '22P02'],
      [{ ready_to_travel: 1 }, '22P02'],
      [{ appointment_time: { when: 'now' } }, '22P02'],
      [{ preferred_countries: 'turkey' }, '22P02'],
      [{ preferred_countries: { a: 1 } }, '22P02'],
      [{ preferred_countries: [['a']] }, '0A000'],
      [{ preferred_countries: [null] }, '23514'],
      [{ campaign_params: 'utm' }, '23514'],
      [{ campaign_params: [1, 2] }, '23514'],
      [{ campaign_params: 5 }, '23514'],
      [{ email: 5 }, '23514'],
      [{ country_code: [966] }, '23514'],
      [{ phone: true }, '23514'],
      [{ phone: [966501234567] }, '23514'],
      [{ name: null }, '23502'],
      [{ status: 'completed' }, 'PGRST204'],
      [{ lead_id: crypto.randomUUID() }, 'PGRST204'],
    ];
    for (const [patch, code] of refused) {
      const row = { ...lead({ phone: freshPhone() }), ...patch };
      const { error, status } = await submit(row, false);
      expect(status, JSON.stringify(patch)).toBe(400);
      expectPostgrestError(error, code);
    }
    const kept: [Record<string, unknown>, string, unknown][] = [
      [{ name: 12345 }, 'name', '12345'],
      [{ name: true }, 'name', 'true'],
      [{ name: { first: 'a', list: [1, 2] } }, 'name', '{"first":"a","list":[1,2]}'],
      [{ notes: ['a', 'b'] }, 'notes', '["a","b"]'],
      [{ preferred_countries: [1, 2.5, true] }, 'preferred_countries', ['1', '2.5', 'true']],
      [{ campaign_params: null }, 'campaign_params', null],
    ];
    for (const [patch, column, expected] of kept) {
      const row = { ...lead({ phone: freshPhone() }), ...patch };
      const { error, status } = await submit(row, true);
      expect(error, JSON.stringify(patch)).toBeNull();
      expect(status).toBe(201);
      const { data } = await admin.from('offer_leads').select('*').eq('id', row.id).single();
      expect((data as Record<string, unknown>)[column]).toEqual(expected);
    }
    // A typed phone number is stored as its digits.
    const numeric = { ...lead(), phone: 966_512_345_678 };
    expect((await submit(numeric, false)).status).toBe(201);
    expect(
      (await stack.sql(`select phone from offer_leads where id = $1`, [numeric.id])).rows,
    ).toEqual([{ phone: '966512345678' }]);
  });

  it('the public cannot backdate a lead, overwrite one, read one back or steer the statement', async () => {
    const original = lead({ name: 'Original Name' });
    expect((await submit(original, false)).status).toBe(201);

    const backdated = lead({ created_at: '1999-01-01T00:00:00Z' });
    expect((await submit(backdated, false)).status).toBe(201);
    const { rows } = await stack.sql<{ recent: boolean }>(
      `select created_at > now() - interval '5 minutes' as recent from offer_leads where id = $1`,
      [backdated.id],
    );
    expect(rows).toEqual([{ recent: true }]);

    const hijack = { ...original, name: 'Hijacked', phone: freshPhone() };
    const merge = await fetch(`${stack.url}/rest/v1/offer_leads?on_conflict=id`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        Authorization: `Bearer ${stack.anonKey}`,
        'Content-Type': 'application/json',
        Prefer: 'resolution=merge-duplicates',
      },
      body: JSON.stringify(hijack),
    });
    expect(merge.status).toBe(401);
    // A retry of the same id with other content stores nothing (idempotent, never an update).
    expect((await submit(hijack, true)).status).toBe(201);
    expect((await submit(hijack, false)).status).toBe(201);
    expect(
      (await stack.sql(`select name from offer_leads where id = $1`, [original.id])).rows,
    ).toEqual([{ name: 'Original Name' }]);

    const readBack = await anon.from('offer_leads').insert(lead()).select('*');
    expect(readBack.status).toBe(401);
    expectPostgrestError(readBack.error, '42501');

    for (const [query, status, code] of [
      ['columns=name);drop table offer_leads;--', 400, 'PGRST204'],
      ['on_conflict=phone', 400, '42P10'],
      ['on_conflict=id;select', 400, '42703'],
      ['select=id,name', 401, '42501'],
    ] as const) {
      const response = await fetch(`${stack.url}/rest/v1/offer_leads?${query}`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          Authorization: `Bearer ${stack.anonKey}`,
          'Content-Type': 'application/json',
          Prefer: 'resolution=ignore-duplicates,return=representation',
        },
        body: JSON.stringify(lead()),
      });
      expect(response.status, query).toBe(status);
      expect(((await response.json()) as { code: string }).code, query).toBe(code);
    }
  });
});

/** A raw request with a body of exactly `size` bytes of JSON: {"<key>":"xxxx…"}. */
function bodyOfSize(size: number, key: string, extra: Record<string, unknown> = {}): string {
  const prefix = JSON.stringify({ ...extra, [key]: '' }).slice(0, -2);
  const body = `${prefix}${'x'.repeat(size - prefix.length - 2)}"}`;
  expect(Buffer.byteLength(body)).toBe(size);
  JSON.parse(body);
  return body;
}

function post(
  path: string,
  body: string,
  token = stack.anonKey,
  headers: Record<string, string> = {},
) {
  return fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body,
  });
}

describe('1 MB bodies on every public write path', () => {
  const paths = [
    '/rest/v1/offer_leads',
    '/rest/v1/rpc/admin_login',
    '/functions/v1/send-form-notification',
    '/functions/v1/google-indexing',
    '/auth/v1/signup',
  ];

  it('over 1 MiB: 413 PGRST413 everywhere, nothing stored', async () => {
    const before = await count(stack, 'offer_leads');
    for (const path of paths) {
      const response = await post(path, bodyOfSize(MiB + 1, 'name'), visitorToken);
      expect(response.status, path).toBe(413);
      expect(((await response.json()) as { code: string }).code, path).toBe('PGRST413');
    }
    expect(await count(stack, 'offer_leads')).toBe(before);
  });

  it('just under 1 MiB: each path refuses it with its own 4xx, or ignores the excess', async () => {
    const almost = MiB - 64;
    const lead = await post(
      '/rest/v1/offer_leads',
      bodyOfSize(almost, 'notes', { name: 'Omar', phone: freshPhone() }),
    );
    expect(lead.status).toBe(400);
    expect(((await lead.json()) as { code: string }).code).toBe('23514');

    // An RPC body over 64 KB never reaches the database (local/http.ts MAX_RPC_BODY_BYTES).
    const login = await post(
      '/rest/v1/rpc/admin_login',
      bodyOfSize(almost, '_password', { _username: 'nobody-here' }),
      visitorToken,
    );
    expect(login.status).toBe(413);
    expect(await login.json()).toMatchObject({ code: 'PGRST413' });

    // The function reads at most 16 KB and only a lead id from it: nothing to mail.
    const notify = await post(
      '/functions/v1/send-form-notification',
      bodyOfSize(almost, 'message', { name: 'Omar', phone: '966501234567' }),
    );
    expect(notify.status).toBe(400);
    expect(await notify.json()).toMatchObject({ error: 'invalid_body' });

    const { data } = await admin.auth.getSession();
    const indexing = await post(
      '/functions/v1/google-indexing',
      bodyOfSize(almost, 'note', { urls: ['https://rihla.care/'] }),
      data.session!.access_token,
    );
    expect(indexing.status).toBe(400);
    expect(await indexing.json()).toMatchObject({ error: 'invalid_body' });

    const signup = await post(
      '/auth/v1/signup',
      bodyOfSize(almost, 'password', { email: 'big@example.com' }),
    );
    expect(signup.status).toBe(422);
    expect(await signup.json()).toMatchObject({ error_code: 'signup_disabled' });
  });
});

describe('rpc admin_login', () => {
  const login = (args: Record<string, unknown>, token: string) =>
    post('/rest/v1/rpc/admin_login', JSON.stringify(args), token);
  const failures = async () => count(stack, 'private.admin_login_failures');

  it('as anon: 401 for any input, and nothing recorded', async () => {
    const before = await failures();
    for (const [label, value] of [...corpus, ...unstorable.map(([l, v]) => [l, v] as const)]) {
      const response = await login({ _username: value, _password: value }, stack.anonKey);
      // NUL and lone surrogates fail while the arguments are read, before the privilege check.
      expect([401, 400], label).toContain(response.status);
      const body = (await response.json()) as { code: string };
      expect(['42501', '22P05', '22P02'], label).toContain(body.code);
    }
    for (const args of [
      { _username: 5, _password: true },
      { _username: null, _password: ['x'] },
    ]) {
      expect((await login(args, stack.anonKey)).status).toBe(401);
    }
    expect(await failures()).toBe(before);
  });

  it('as a signed-in visitor: false (or a 4xx), the failure recorded byte for byte, no session', async () => {
    for (const [label, value] of corpus.slice(0, 16)) {
      const username = `${value} ${label}`;
      const response = await login({ _username: username, _password: value }, visitorToken);
      expect(response.status, label).toBe(200);
      expect(await response.json(), label).toBe(false);
      const { rows } = await stack.sql<{ n: number }>(
        `select count(*)::int as n from private.admin_login_failures where username = lower(btrim($1))`,
        [username],
      );
      expect(rows[0]?.n, label).toBe(1);
      // Failures slow down their address (this test's); start each input from a clean slate.
      await stack.sql(`delete from private.admin_login_failures`);
    }
    for (const [label, value, code] of unstorable) {
      const response = await login({ _username: value, _password: 'x' }, visitorToken);
      expect(response.status, label).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe(code);
    }
    // SQL in the credentials of the real admin account changes nothing.
    for (const args of [
      { _username: "hostile-admin' --", _password: 'x' },
      { _username: 'hostile-admin', _password: "' or '1'='1" },
      { _username: 'hostile-admin', _password: { $gt: '' } },
      { _username: ['hostile-admin'], _password: 'correct horse battery' },
      { _username: 5, _password: null },
    ]) {
      const response = await login(args, visitorToken);
      expect(response.status, JSON.stringify(args)).toBe(200);
      expect(await response.json()).toBe(false);
      await stack.sql(`delete from private.admin_login_failures`);
    }
    const sessions = await stack.sql(`select 1 from private.admin_sessions where user_id = $1`, [
      visitorId,
    ]);
    expect(sessions.rows).toEqual([]);
  });

  it('a 3,000-character username is answered false, not 500', async () => {
    const username = Array.from({ length: 3000 }, (_, i) =>
      String.fromCharCode(0x4e00 + ((i * 7919) % 20000)),
    ).join('');
    const response = await login({ _username: username, _password: 'x' }, visitorToken);
    expect(response.status).toBe(200);
  });
});

describe('send-form-notification', () => {
  const outbox = () => join(stack.dataDir, 'outbox');
  const mails = () => (existsSync(outbox()) ? readdirSync(outbox()) : []);
  const notify = (body: unknown, token = stack.anonKey) =>
    post('/functions/v1/send-form-notification', JSON.stringify(body), token);

  it('hostile text reaches a mail only as a stored lead, as plain text, never as a header', async () => {
    for (const [label, value] of corpus) {
      // Text in the request itself is never mailed.
      const before = new Set(mails());
      const forged = await notify({
        name: value,
        phone: '966501234567',
        message: value,
        subject: value,
        lead_id: crypto.randomUUID(),
      });
      expect(forged.status, label).toBe(202);
      expect(mails(), label).toHaveLength(before.size);

      // Stored text (if the database accepts it) is mailed once, cleaned of controls.
      const row = lead({ name: `Omar ${label}`, notes: value, country: value.slice(0, 100) });
      const stored = await client(stack).from('offer_leads').insert(row);
      if (stored.error) continue;
      const response = await notify({ lead_id: row.id });
      expect(response.status, label).toBe(202);
      const added = mails().filter((file) => !before.has(file));
      expect(added, label).toHaveLength(1);
      const mail = JSON.parse(readFileSync(join(outbox(), added[0]!), 'utf8')) as Record<
        string,
        string
      >;
      expect(mail['to']).toBe('care@rihla.care');
      expect(mail['subject'], label).toBe('[Rihla Care] استشارة طبية جديدة (dental-implants)');
      expect(mail['text'], label).not.toMatch(
        /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
      );
    }
  });

  it('wrong types and shapes: 400 naming the field; other fields are ignored', async () => {
    const cases: [unknown, string][] = [
      [{ lead_id: 5 }, 'lead_id'],
      [{ lead_id: ['6f1c2a9e-0000-4000-8000-000000000001'] }, 'lead_id'],
      [{ lead_id: "1' or '1'='1" }, 'lead_id'],
      [[{ lead_id: '6f1c2a9e-0000-4000-8000-000000000001' }], ''],
      ['just a string', ''],
      [null, ''],
    ];
    for (const [body, field] of cases) {
      const response = await notify(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { error: string; issues: { field: string }[] };
      expect(answer.error).toBe('invalid_body');
      expect(answer.issues.map((issue) => issue.field)).toContain(field);
    }
    const ignored = await notify({ name: 5, phone: ['x'], email: { to: 'x@y.z' } });
    expect(ignored.status).toBe(202);
    // No platform JWT check here (config.toml), but a caller without a project key is refused.
    const noKey = await fetch(`${stack.url}/functions/v1/send-form-notification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(noKey.status).toBe(401);
  });
});

describe('google-indexing', () => {
  const index = (body: unknown, token: string) =>
    post(
      '/functions/v1/google-indexing',
      typeof body === 'string' ? body : JSON.stringify(body),
      token,
    );

  it('anon 401 and signed-in visitor 403, whatever the body', async () => {
    for (const body of [
      { urls: ['https://rihla.care/'] },
      ...corpus.map(([, value]) => ({ urls: [value] })),
      'not json',
    ]) {
      expect((await index(body, stack.anonKey)).status).toBe(401);
      expect((await index(body, visitorToken)).status).toBe(403);
    }
  });

  it('as an admin: hostile URLs are refused with 400, accepted ones recorded as sent', async () => {
    const { data } = await admin.auth.getSession();
    const token = data.session!.access_token;
    const recorded = () => {
      const dir = join(stack.dataDir, 'indexing');
      return existsSync(dir) ? readdirSync(dir) : [];
    };
    const refused: unknown[] = [
      ...corpus.map(([, value]) => ({ urls: [value] })),
      { urls: ['javascript:alert(1)'] },
      { urls: ['file:///etc/passwd'] },
      { urls: ['data:text/html,<script>alert(1)</script>'] },
      { urls: [`https://rihla.care/${'a'.repeat(2001)}`] },
      { urls: 'https://rihla.care/' },
      { urls: [42] },
      { urls: [{ href: 'https://rihla.care/' }] },
      { urls: [] },
      { urls: Array.from({ length: 101 }, (_, i) => `https://rihla.care/${i}`) },
      [{ urls: ['https://rihla.care/'] }],
      'not json',
    ];
    const before = recorded().length;
    for (const body of refused) {
      const response = await index(body, token);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_body' });
    }
    expect(recorded()).toHaveLength(before);

    // SITE_URL is not set locally, so any http(s) host passes; the URLs are recorded exactly.
    const urls = [
      'https://rihla.care/\u202Efdp.exe',
      'https://rihla.care/<script>',
      'https://rihla.care/?q=%27%20or%201=1',
    ];
    const accepted = await index({ urls }, token);
    if (process.env['SITE_URL']) return;
    expect(accepted.status).toBe(200);
    const added = recorded().sort().at(-1)!;
    const record = JSON.parse(readFileSync(join(stack.dataDir, 'indexing', added), 'utf8')) as {
      urls: string[];
    };
    expect(record.urls).toEqual(urls);
  });
});

describe('auth sign-up', () => {
  const signup = (body: unknown) =>
    post('/auth/v1/signup', typeof body === 'string' ? body : JSON.stringify(body));
  const users = () => count(stack, 'auth.users');

  it('e-mail sign-ups are off: any e-mail and password is refused with 422, no user created', async () => {
    const before = await users();
    for (const [label, value] of [...corpus, ...unstorable.map(([l, v]) => [l, v] as const)]) {
      for (const body of [
        { email: `${value}@example.com`, password: value },
        { email: 'layla@example.com', password: value },
      ]) {
        const response = await signup(body);
        expect(response.status, label).toBe(422);
        expect(await response.json()).toMatchObject({ error_code: 'signup_disabled' });
      }
    }
    expect(await users()).toBe(before);
  });

  it('anonymous sign-up keeps hostile user metadata byte for byte', async () => {
    for (const [label, value] of corpus) {
      const response = await signup({ data: { note: value } });
      expect(response.status, label).toBe(200);
      const session = (await response.json()) as {
        user: { id: string; user_metadata: { note: string } };
      };
      expect(session.user.user_metadata.note, label).toBe(value);
      const { rows } = await stack.sql<{ hex: string }>(
        `select encode(convert_to(raw_user_meta_data ->> 'note', 'UTF8'), 'hex') as hex from auth.users where id = $1`,
        [session.user.id],
      );
      expect(rows[0]?.hex, label).toBe(bytes(value));
    }
  });

  it('malformed bodies: 400 bad_json', async () => {
    for (const body of ['[]', '"x"', '{nope', 'null']) {
      const response = await signup(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toMatchObject({ error_code: 'bad_json' });
    }
  });

  it('fields of the wrong JSON type: 400 bad_json, not an anonymous sign-up', async () => {
    const before = await users();
    for (const body of [
      { email: 123, password: 'secret123' },
      { email: ['a@b.co'], password: 'secret123' },
      { email: { at: 'a@b.co' } },
      { password: 42 },
      { phone: 966501234567 },
      { data: 'note' },
      { data: [1, 2] },
    ]) {
      const response = await signup(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error_code: 'bad_json' });
      const signIn = await post('/auth/v1/token?grant_type=password', JSON.stringify(body));
      expect(signIn.status, JSON.stringify(body)).toBe(400);
    }
    expect(await users()).toBe(before);
  });

  for (const [label, value] of unstorable) {
    it(`user metadata with a ${label} is refused with a 4xx, not 500`, async () => {
      const response = await signup({ data: { note: value } });
      expect(response.status).toBeLessThan(500);
    });
  }

  it('a password sign-in with a NUL byte is refused with a 4xx, not 500', async () => {
    const response = await post(
      '/auth/v1/token?grant_type=password',
      JSON.stringify({ email: 'a\u0000@b.co', password: 'secret123' }),
    );
    expect(response.status).toBeLessThan(500);
  });

  it('a refresh token with a NUL byte is refused with a 4xx, not 500', async () => {
    const response = await post(
      '/auth/v1/token?grant_type=refresh_token',
      JSON.stringify({ refresh_token: 'a\u0000b' }),
    );
    expect(response.status).toBeLessThan(500);
  });
});

describe('after all of it', () => {
  it('every stored lead has its inbox row and the admin views load every row', async () => {
    expect(await count(stack, 'offer_leads')).toBe(await count(stack, 'contact_requests'));
    const total = await count(stack, 'contact_requests');
    const requests = await admin
      .from('contact_requests')
      .select('*')
      .order('created_at', { ascending: false });
    const leads = await admin
      .from('offer_leads')
      .select(
        'id, name, phone, country_code, country, source, utm_campaign, utm_source, utm_medium, created_at',
      );
    expect(requests.error).toBeNull();
    expect(leads.error).toBeNull();
    expect(requests.data).toHaveLength(total);
    expect(leads.data).toHaveLength(total);
    // Nothing stored breaks the constraints the views rely on, seen from the outside.
    for (const row of leads.data!) {
      expect(row.phone).toMatch(/^[0-9]{8,15}$/);
      expect(codePoints(pgTrim(row.name))).toBeGreaterThanOrEqual(2);
      expect(codePoints(pgTrim(row.name))).toBeLessThanOrEqual(100);
      expect(row.name.isWellFormed() && !row.name.includes('\u0000')).toBe(true);
    }
  });
});
