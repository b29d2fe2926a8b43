import { request } from 'node:http';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { ADMIN_PASSWORD, lead, startTestStack, type Client } from './helpers.ts';

/**
 * The attacks of issue 14 against the real local stack, each next to a legitimate user acting at
 * the same moment. Distinct clients are distinct loopback source addresses (a socket bound to
 * 127.0.0.2, 127.0.0.3, … connecting to the server on 127.0.0.1), so the address-based limits run
 * end to end. The production lead limits apply here (`leadLimits: {}`).
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ leadLimits: {} });
  await stack.sql(`select private.create_admin('staff', $1)`, [ADMIN_PASSWORD]);
});
afterAll(async () => {
  await stack.cleanup();
});
beforeEach(async () => {
  await stack.sql(
    `truncate public.offer_leads, private.lead_submissions, private.admin_login_failures cascade`,
  );
});

/** A fetch whose connections leave from `localAddress`, so the server sees that client address. */
function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const incoming = new Request(input, init);
    const body = incoming.body ? Buffer.from(await incoming.arrayBuffer()) : undefined;
    const url = new URL(incoming.url);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: incoming.method,
          headers: Object.fromEntries(incoming.headers),
          localAddress,
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (typeof value === 'string') headers.set(name, value);
              else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
            }
            const status = response.statusCode ?? 500;
            resolve(
              new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), {
                status,
                headers,
              }),
            );
          });
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/** supabase-js as a browser at `address` would use it. */
function clientAt(address: string): Client {
  return createClient<Database>(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchFrom(address) },
  });
}

async function signedInAdmin(address: string): Promise<Client> {
  const admin = clientAt(address);
  expect((await admin.auth.signInAnonymously()).error).toBeNull();
  const { data, error } = await admin.rpc('admin_login', {
    _username: 'staff',
    _password: ADMIN_PASSWORD,
  });
  expect(error).toBeNull();
  expect(data).toBe(true);
  return admin;
}

/** A client that reuses a captured access token (what an attacker holding it would do). */
function withToken(address: string, token: string): Client {
  return createClient<Database>(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchFrom(address), headers: { Authorization: `Bearer ${token}` } },
  });
}

describe('rights die with the session', () => {
  it('a signed-out session’s access token reads nothing, though it has not expired', async () => {
    await stack.sql(
      `insert into public.offer_leads (name, phone) values ('Layla Haddad', '966501234567')`,
    );
    const admin = await signedInAdmin('127.0.0.2');
    const token = (await admin.auth.getSession()).data.session?.access_token ?? '';
    expect(
      (await withToken('127.0.0.2', token).from('contact_requests').select('id')).data,
    ).toHaveLength(1);
    // A plain sign-out (no admin_logout) ends the auth session.
    expect((await admin.auth.signOut()).error).toBeNull();
    const after = await withToken('127.0.0.2', token).from('contact_requests').select('id');
    expect(after.error).toBeNull();
    expect(after.data).toEqual([]);
    // The same account signed in anew, elsewhere, still works.
    const again = await signedInAdmin('127.0.0.3');
    expect((await again.from('contact_requests').select('id')).data).toHaveLength(1);
  });

  it('refresh-token reuse (a stolen token replayed) ends the session and its rights', async () => {
    await stack.sql(
      `insert into public.offer_leads (name, phone) values ('Omar Saleh', '966501234568')`,
    );
    const admin = await signedInAdmin('127.0.0.2');
    const first = (await admin.auth.getSession()).data.session;
    const token = first?.access_token ?? '';
    const refresh = async (refreshToken: string) =>
      fetchFrom('127.0.0.2')(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    const child = await refresh(first?.refresh_token ?? '');
    expect(child.status).toBe(200);
    // The owner refreshes on; the stolen first token is now two rotations old (GoTrue gives the
    // parent of the active token that token back, conformance-auth.test.ts).
    const next = ((await child.json()) as { refresh_token: string }).refresh_token;
    expect((await refresh(next)).status).toBe(200);
    // Replayed after GoTrue's reuse interval: the session is ended.
    await stack.sql(`update auth.refresh_tokens set updated_at = now() - interval '1 minute'`);
    expect((await refresh(first?.refresh_token ?? '')).status).toBe(400);
    expect(
      (await withToken('127.0.0.2', token).from('contact_requests').select('id')).data,
    ).toEqual([]);
  });
});

describe('a stranger cannot lock the admin out', () => {
  it('five wrong passwords from one address do not stop the real admin at another', async () => {
    const attacker = clientAt('127.0.0.4');
    await attacker.auth.signInAnonymously();
    const answers: (number | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const { status } = await attacker.rpc('admin_login', {
        _username: 'staff',
        _password: `guess number ${i}`,
      });
      answers.push(status);
    }
    // Each answer is a plain "no" or, from the 4th on, "wait" (how soon depends on the clock).
    expect(answers.slice(0, 3)).toEqual([200, 200, 200]);
    for (const status of answers.slice(3)) expect([200, 423]).toContain(status);
    // However long the attacker keeps at it, only their own address is slowed: with 8 recent
    // failures it waits 32 s, and a forged X-Forwarded-For does not give it a fresh address.
    await stack.sql(
      `insert into private.admin_login_failures (username, client_address)
       select 'staff', '127.0.0.4' from generate_series(1, 8 - (
         select count(*)::int from private.admin_login_failures))`,
    );
    const spoofing = createClient<Database>(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fetchFrom('127.0.0.4'), headers: { 'X-Forwarded-For': '203.0.113.99' } },
    });
    await spoofing.auth.signInAnonymously();
    const spoofed = await spoofing.rpc('admin_login', { _username: 'staff', _password: 'again' });
    expect(spoofed.status).toBe(423);
    expect(spoofed.error).toMatchObject({ code: 'PT423', hint: 'login_throttled' });

    await signedInAdmin('127.0.0.5');
    const { rows } = await stack.sql<{ client_address: string; n: number }>(
      `select client_address, count(*)::int as n from private.admin_login_failures group by 1`,
    );
    // Every failure is the attacker's; the admin's success cleared nothing of theirs.
    expect(rows).toEqual([{ client_address: '127.0.0.4', n: 8 }]);
  });
});

describe('a flood from one address', () => {
  it('is stored as held (not mailed one by one) while a patient elsewhere submits normally', async () => {
    const bot = clientAt('127.0.0.6');
    const patient = clientAt('127.0.0.7');
    const statuses: number[] = [];
    const flood = (async () => {
      for (let i = 0; i < 40; i++) {
        // A new phone number each time, and a forged forwarding header: neither helps.
        const { status } = await bot
          .from('offer_leads')
          .insert(lead())
          .setHeader('X-Forwarded-For', `198.51.100.${i}`)
          .setHeader('CF-Connecting-IP', `198.51.100.${i}`);
        statuses.push(status);
      }
    })();
    const patientLead = lead({ name: 'Patient Elsewhere' });
    const { error } = await patient.from('offer_leads').insert(patientLead);
    const patientDone = error === null;
    await flood;
    expect(patientDone).toBe(true);
    expect(statuses.filter((status) => status === 201)).toHaveLength(40);
    const { rows } = await stack.sql<{ patient: boolean; held: string | null; n: number }>(
      `select (name = 'Patient Elsewhere') as patient, held_reason as held, count(*)::int as n
       from public.contact_requests group by 1, 2 order by 1, 2`,
    );
    expect(rows).toEqual([
      { patient: false, held: 'address', n: 35 },
      { patient: false, held: null, n: 5 },
      { patient: true, held: null, n: 1 },
    ]);
  });

  it('refuses only a repeat of one number from one address: PT429 with the limit named', async () => {
    const bot = clientAt('127.0.0.8');
    const row = lead();
    for (let i = 0; i < 5; i++) {
      expect(
        (await bot.from('offer_leads').insert({ ...row, id: crypto.randomUUID() })).error,
      ).toBeNull();
    }
    const { error, status } = await bot
      .from('offer_leads')
      .insert({ ...row, id: crypto.randomUUID() });
    expect(status).toBe(429);
    expect(error).toMatchObject({
      code: 'PT429',
      hint: 'rate_limited',
      details: 'limit: 5 leads per phone number per hour',
    });
  });
});

describe('the client address', () => {
  it('is the socket address whatever forwarding headers the client forges', async () => {
    const forged = clientAt('127.0.0.9');
    const { data, error } = await forged
      .rpc('my_client_address')
      .setHeader('X-Forwarded-For', '198.51.100.7')
      .setHeader('CF-Connecting-IP', '198.51.100.7')
      .setHeader('X-Real-IP', '198.51.100.7');
    expect(error).toBeNull();
    expect(data).toBe('127.0.0.9');
  });
});
