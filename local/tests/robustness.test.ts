import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../jwt.ts';
import { client, lead, sleep, startTestStack } from './helpers.ts';

/**
 * The local server must survive bad input and keep serving: malformed JSON, unknown tables and
 * columns, wrong types, huge bodies, clients that vanish mid-request, bad tokens. Errors come back
 * PostgREST-shaped ({code, message, details, hint}); the unsupported rest of the API answers 501.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ maxBodyBytes: 256 * 1024 });
});
afterAll(async () => {
  await stack.cleanup();
});
afterEach(async () => {
  // After every abuse, a normal request still works.
  const { error, status } = await client(stack).from('offer_leads').insert(lead());
  expect(error).toBeNull();
  expect(status).toBe(201);
});

function rest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${stack.anonKey}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(body['code']).toBe(code);
  return body;
}

describe('malformed requests get PostgREST-shaped 4xx answers', () => {
  it('malformed or empty JSON', async () => {
    await expectError(
      await rest('offer_leads', { method: 'POST', body: '{"name": "Layla", ' }),
      400,
      'PGRST102',
    );
    await expectError(await rest('offer_leads', { method: 'POST', body: '' }), 400, 'PGRST102');
    await expectError(
      await rest('offer_leads', { method: 'POST', body: '"just a string"' }),
      400,
      'PGRST102',
    );
    await expectError(
      await rest('offer_leads', {
        method: 'POST',
        body: '[{"name":"A","phone":"12345678"},{"name":"B"}]',
      }),
      400,
      'PGRST102',
    );
    await expectError(
      await rest('rpc/is_admin', { method: 'POST', body: '{nope' }),
      400,
      'PGRST102',
    );
  });

  it('unknown tables, columns, functions and operators', async () => {
    await expectError(await rest('no_such_table'), 404, 'PGRST205');
    await expectError(await rest('admin_users'), 404, 'PGRST205');
    await expectError(await rest('offer_leads?select=id,secret'), 400, '42703');
    await expectError(await rest('offer_leads?secret=eq.1'), 400, '42703');
    await expectError(await rest('offer_leads?order=secret.desc'), 400, '42703');
    await expectError(
      await rest('offer_leads', { method: 'POST', body: JSON.stringify({ ...lead(), secret: 1 }) }),
      400,
      'PGRST204',
    );
    await expectError(await rest('offer_leads?id=equals.1'), 400, 'PGRST100');
    await expectError(await rest('offer_leads?limit=-1'), 400, 'PGRST103');
    await expectError(
      await rest('rpc/drop_everything', { method: 'POST', body: '{}' }),
      404,
      'PGRST202',
    );
    await expectError(
      await rest('rpc/is_admin', { method: 'POST', body: '{"user":"x"}' }),
      404,
      'PGRST202',
    );
    await expectError(await rest('offer_leads/extra/segments'), 404, 'PGRST125');
    await expectError(await rest('offer%E0%A4%A'), 404, 'PGRST125');
  });

  it('wrong types', async () => {
    const insert = (row: Record<string, unknown>) =>
      rest('offer_leads', { method: 'POST', body: JSON.stringify(row) });
    await expectError(await insert(lead({ service: 'teeth' as never })), 400, '22P02');
    await expectError(await insert({ ...lead(), id: 'not-a-uuid' }), 400, '22P02');
    await expectError(await insert({ ...lead(), preferred_countries: 'Turkey' }), 400, '22P02');
    await expectError(await insert({ ...lead(), phone: { digits: '966' } }), 400, '23514');
    await expectError(await insert({ ...lead(), name: null }), 400, '23502');
    const admin = signJwt({ role: 'service_role' }, stack.jwtSecret);
    const filtered = await rest('offer_leads?id=eq.not-a-uuid', {
      headers: { Authorization: `Bearer ${admin}` },
    });
    await expectError(filtered, 400, '22P02');
    await expectError(
      await rest('offer_leads?created_at=gt.yesterday-ish', {
        headers: { Authorization: `Bearer ${admin}` },
      }),
      400,
      '22007',
    );
  });

  it('bad credentials', async () => {
    const noKey = await fetch(`${stack.url}/rest/v1/offer_leads`);
    expect(noKey.status).toBe(401);
    const forged = signJwt({ role: 'service_role' }, 'not-the-secret-but-long-enough-to-sign');
    await expectError(
      await rest('offer_leads', { headers: { Authorization: `Bearer ${forged}` } }),
      401,
      'PGRST301',
    );
    const expired = signJwt(
      { role: 'authenticated', sub: crypto.randomUUID(), exp: 1 },
      stack.jwtSecret,
    );
    await expectError(
      await rest('offer_leads', { headers: { Authorization: `Bearer ${expired}` } }),
      401,
      'PGRST303',
    );
    const superuser = signJwt({ role: 'postgres' }, stack.jwtSecret);
    await expectError(
      await rest('offer_leads', { headers: { Authorization: `Bearer ${superuser}` } }),
      401,
      '22023',
    );
    await expectError(
      await rest('offer_leads', { headers: { 'Accept-Profile': 'private' } }),
      406,
      'PGRST106',
    );
  });
});

describe('limits and hostile clients', () => {
  it('refuses a huge body with 413 and keeps serving', async () => {
    const huge = JSON.stringify({ ...lead(), notes: 'x'.repeat(2 * 1024 * 1024) });
    const response = await rest('offer_leads', { method: 'POST', body: huge });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('PGRST413');
    expect(stack.logs.some((line) => /^POST \/rest\/v1\/offer_leads 413 /.test(line))).toBe(true);
  });

  it('survives a client that disconnects mid-body, and one that sends garbage', async () => {
    const port = Number(new URL(stack.url).port);
    await new Promise<void>((resolveSent) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /rest/v1/offer_leads HTTP/1.1\r\nHost: x\r\napikey: ${stack.anonKey}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"name":"Half`,
        );
        setTimeout(() => {
          socket.destroy();
          resolveSent();
        }, 50);
      });
    });
    await new Promise<void>((resolveSent) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.end('GARBAGE \x00\x01 NOT HTTP\r\n\r\n'),
      );
      socket.on('data', () => {});
      socket.on('close', () => resolveSent());
    });
    await sleep(50);
    expect(
      stack.logs.some(
        (line) =>
          line.startsWith('POST /rest/v1/offer_leads') && line.endsWith('(client went away)'),
      ),
    ).toBe(true);
  });

  it('serves many concurrent bad requests and good ones side by side', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        index % 3 === 0
          ? rest('offer_leads', { method: 'POST', body: '{' })
          : index % 3 === 1
            ? rest('nope')
            : rest('offer_leads', { method: 'POST', body: JSON.stringify(lead()) }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual(
      [...Array(20).fill(201), ...Array(20).fill(400), ...Array(20).fill(404)].sort(),
    );
  });
});

describe('fuzzing', () => {
  it('never answers 5xx (other than 501) to random paths, filters, headers and bodies', async () => {
    const service = signJwt({ role: 'service_role' }, stack.jwtSecret);
    const token = fc.constantFrom(stack.anonKey, service, 'garbage', `${service}x`);
    const column = fc.constantFrom(
      'id',
      'name',
      'phone',
      'status',
      'created_at',
      'preferred_countries',
      'campaign_params',
      'x',
      'or',
      'select',
      'order',
      'limit',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        'eq.1',
        'in.(a,b)',
        'is.null',
        'not.eq.x',
        'like.*a*',
        'cs.{a}',
        'gt.2020-01-01',
        'desc',
        '-1',
        '*',
        'id,name',
        'eq.',
        '(',
        'fts.x',
      ),
    );
    const body = fc.oneof(
      fc.json({ maxDepth: 2 }),
      fc.string({ maxLength: 30 }),
      fc.constant(JSON.stringify(lead())),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'offer_leads',
          'contact_requests',
          'rpc/is_admin',
          'rpc/admin_login',
          'nope',
          'offer_leads/x',
        ),
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'HEAD', 'PUT'),
        fc.array(fc.tuple(column, value), { maxLength: 4 }),
        token,
        body,
        fc.constantFrom(
          undefined,
          'application/vnd.pgrst.object+json',
          'text/csv',
          'application/json',
        ),
        fc.constantFrom(
          undefined,
          'return=representation',
          'count=exact',
          'resolution=ignore-duplicates',
          'tx=rollback',
        ),
        async (path, method, params, bearer, payload, accept, prefer) => {
          const query = new URLSearchParams(params).toString();
          const response = await rest(`${path}${query ? `?${query}` : ''}`, {
            method,
            headers: {
              Authorization: `Bearer ${bearer}`,
              ...(accept ? { Accept: accept } : {}),
              ...(prefer ? { Prefer: prefer } : {}),
            },
            ...(method === 'GET' || method === 'HEAD' ? {} : { body: payload }),
          });
          await response.arrayBuffer();
          expect(
            response.status === 501 || response.status < 500,
            `${method} ${path}?${query} → ${response.status}`,
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('outside the implemented subset: a clear 501', () => {
  const cases: [string, RequestInit & { headers?: Record<string, string> }][] = [
    ['offer_leads?or=(name.eq.a,name.eq.b)', {}],
    ['offer_leads?select=*,contact_requests(*)', {}],
    ['offer_leads?notes=adj.hair', {}],
    ['offer_leads', { headers: { Accept: 'text/csv' } }],
    ['offer_leads?id=eq.00000000-0000-0000-0000-000000000000', { method: 'PUT', body: '{}' }],
    ['', {}],
  ];
  for (const [path, init] of cases) {
    it(`${init.method ?? 'GET'} /rest/v1/${path}${init.headers ? ` (${Object.values(init.headers).join()})` : ''}`, async () => {
      const body = await expectError(await rest(path, init), 501, 'LOCAL501');
      expect(String(body['message'])).toMatch(/^Not implemented by the local Supabase stand-in: /);
    });
  }

  it('other services', async () => {
    for (const path of [
      '/storage/v1/object/list/public',
      '/graphql/v1',
      '/realtime/v1/api/broadcast',
    ]) {
      const response = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey },
      });
      expect(response.status, path).toBe(501);
    }
  });
});
