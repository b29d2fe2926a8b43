import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from './helpers.ts';

/**
 * The stand-in answers as PostgREST documents, or 501. Each case is written from PostgREST's own
 * reference (errors, preferences, pagination, transactions, upsert) and is listed, with what it
 * pins, in docs/local-stack.md ("Conformance"); local/tests/local-stack-doc.test.ts keeps that
 * table and these names in step. Fixtures are created here with explicit grants, as a migration
 * must on a hosted project.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(`
    create table public.conf_items (id integer primary key, tag text not null default 'a');
    insert into public.conf_items (id) select g from generate_series(1, 1105) g;
    create table public.conf_upsert (id integer primary key, name text not null);
    insert into public.conf_upsert values (1, 'one');
    create sequence public.conf_counter;
    create view public.conf_callcounter as select nextval('public.conf_counter') as n;
    create table public.conf_log (id serial primary key, note text);
    create function public.conf_numbers(_n integer) returns setof integer language sql stable
      as $$ select generate_series(1, _n) $$;
    create function public.conf_pick(a integer) returns text language sql stable as $$ select 'int' $$;
    create function public.conf_pick(a text) returns text language sql stable as $$ select 'text' $$;
    create function public.conf_log_volatile(note text) returns integer language sql volatile
      as $$ insert into public.conf_log (note) values (note) returning id $$;
    create function public.conf_log_stable(note text) returns integer language sql stable
      as $$ select public.conf_log_volatile(note) $$;
    grant select, update, delete on public.conf_items to anon;
    grant select, insert, update on public.conf_upsert to anon;
    grant select on public.conf_callcounter to anon;
    grant usage on sequence public.conf_counter to anon;
    grant select, insert on public.conf_log to anon;
    grant usage on sequence public.conf_log_id_seq to anon;
    grant execute on function public.conf_numbers(integer), public.conf_pick(integer),
      public.conf_pick(text), public.conf_log_stable(text), public.conf_log_volatile(text) to anon;
  `);
  // The schema cache reloads on a miss at most once a second (schema-cache.ts).
  await new Promise((resolveWait) => setTimeout(resolveWait, 1100));
});
afterAll(async () => {
  await stack.cleanup();
});

async function rest(path: string, init: RequestInit & { prefer?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.anonKey);
  headers.set('Authorization', `Bearer ${stack.anonKey}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  if (init.prefer) headers.set('Prefer', init.prefer);
  const response = await fetch(`${stack.url}/rest/v1/${path}`, { ...init, headers });
  const text = await response.text();
  return {
    status: response.status,
    range: response.headers.get('content-range'),
    body: text === '' ? null : (JSON.parse(text) as unknown),
  };
}

describe('PostgREST conformance', () => {
  it('caps a read at max_rows (1,000, config.toml) and says so in Content-Range', async () => {
    const plain = await rest('conf_items?select=id');
    expect(plain).toMatchObject({ status: 200, range: '0-999/*' });
    expect(plain.body).toHaveLength(1000);
    const counted = await rest('conf_items?select=id&limit=5000', { prefer: 'count=exact' });
    expect(counted).toMatchObject({ status: 206, range: '0-999/1105' });
    expect(counted.body).toHaveLength(1000);
  });

  it('answers 416 PGRST103 for an offset past the counted rows', async () => {
    const past = await rest('conf_items?select=id&offset=2000', { prefer: 'count=exact' });
    expect(past).toMatchObject({
      status: 416,
      range: '*/1105',
      body: {
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: 'An offset of 2000 was requested, but there are only 1105 rows.',
      },
    });
    // Without a count the total is unknown: an empty page, as PostgREST answers.
    expect(await rest('conf_items?select=id&offset=2000')).toMatchObject({
      status: 200,
      range: '*/*',
      body: [],
    });
  });

  it('refuses a PATCH or DELETE over max-affected under handling=strict, changing nothing', async () => {
    const strict = 'handling=strict, max-affected=10';
    const patched = await rest('conf_items?id=lte.14', {
      method: 'PATCH',
      body: JSON.stringify({ tag: 'b' }),
      prefer: strict,
    });
    expect(patched).toMatchObject({
      status: 400,
      body: { code: 'PGRST124', details: 'The query affects 14 rows' },
    });
    const deleted = await rest('conf_items?id=lte.14', { method: 'DELETE', prefer: strict });
    expect(deleted).toMatchObject({ status: 400, body: { code: 'PGRST124' } });
    const { rows } = await stack.sql<{ n: number }>(
      `select count(*)::int as n from public.conf_items where id <= 14 and tag = 'a'`,
    );
    expect(rows[0]?.n).toBe(14);
    // Lenient (the default) ignores max-affected; within the limit, strict lets it through.
    const fits = await rest('conf_items?id=lte.3', {
      method: 'PATCH',
      body: JSON.stringify({ tag: 'c' }),
      prefer: `${strict}, count=exact`,
    });
    expect(fits).toMatchObject({ status: 204, range: '0-2/3' });
  });

  it('refuses unknown preferences under handling=strict (PGRST122) and ignores them otherwise', async () => {
    expect(await rest('conf_items?id=eq.1', { prefer: 'handling=strict, foo, bar' })).toMatchObject(
      { status: 400, body: { code: 'PGRST122', details: 'Invalid preferences: foo, bar' } },
    );
    expect((await rest('conf_items?id=eq.1', { prefer: 'foo' })).status).toBe(200);
  });

  it('answers 300 PGRST203 when two overloads fit the same arguments', async () => {
    const ambiguous = await rest('rpc/conf_pick', { method: 'POST', body: '{"a": 1}' });
    expect(ambiguous).toMatchObject({
      status: 300,
      body: {
        code: 'PGRST203',
        message: expect.stringMatching(
          /^Could not choose the best candidate function between: public\.conf_pick\(a => (integer|text)\), public\.conf_pick\(a => (integer|text)\)$/,
        ),
      },
    });
  });

  it('counts and caps a set-returning rpc like a read', async () => {
    const counted = await rest('rpc/conf_numbers', {
      method: 'POST',
      body: '{"_n": 3}',
      prefer: 'count=exact',
    });
    expect(counted).toMatchObject({ status: 200, range: '0-2/3', body: [1, 2, 3] });
    const capped = await rest('rpc/conf_numbers?_n=1105', { prefer: 'count=exact' });
    expect(capped).toMatchObject({ status: 206, range: '0-999/1105' });
    expect(capped.body).toHaveLength(1000);
  });

  it('answers 200 to an upsert that only updated, 201 when it inserted', async () => {
    const merge = 'resolution=merge-duplicates, return=representation';
    const updated = await rest('conf_upsert', {
      method: 'POST',
      body: JSON.stringify([{ id: 1, name: 'uno' }]),
      prefer: merge,
    });
    expect(updated).toMatchObject({ status: 200, body: [{ id: 1, name: 'uno' }] });
    const inserted = await rest('conf_upsert', {
      method: 'POST',
      body: JSON.stringify([
        { id: 1, name: 'one' },
        { id: 2, name: 'two' },
      ]),
      prefer: merge,
    });
    expect(inserted.status).toBe(201);
    const ignored = await rest('conf_upsert', {
      method: 'POST',
      body: JSON.stringify([{ id: 2, name: 'deux' }]),
      prefer: 'resolution=ignore-duplicates, return=representation',
    });
    expect(ignored).toMatchObject({ status: 201, body: [] });
  });

  it('runs GET, HEAD and stable functions read-only (25006, 405); volatile POSTs may write', async () => {
    const view = await rest('conf_callcounter');
    expect(view).toMatchObject({ status: 405, body: { code: '25006' } });
    expect((await rest('conf_callcounter', { method: 'HEAD' })).status).toBe(405);
    const stable = await rest('rpc/conf_log_stable', { method: 'POST', body: '{"note": "x"}' });
    expect(stable).toMatchObject({ status: 405, body: { code: '25006' } });
    const volatile = await rest('rpc/conf_log_volatile', { method: 'POST', body: '{"note": "y"}' });
    expect(volatile.status).toBe(200);
    const { rows } = await stack.sql<{ note: string }>(`select note from public.conf_log`);
    expect(rows).toEqual([{ note: 'y' }]);
  });

  it('answers 501 where it would otherwise answer differently (Prefer: timezone)', async () => {
    expect(
      await rest('conf_items?id=eq.1', { prefer: 'timezone=America/Los_Angeles' }),
    ).toMatchObject({ status: 501, body: { code: 'LOCAL501' } });
  });
});
