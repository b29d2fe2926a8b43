import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from './helpers.ts';

/**
 * rpc as PostgREST answers it, written from PostgREST's own spec (test/spec/Feature/Query/RpcSpec.hs
 * and its fixtures: `overloaded`, `overloaded_default`, `overloaded_same_args`,
 * `overloaded_unnamed_param`, `overloaded_unnamed_json_jsonb_param`) and its planner (Plan.hs
 * findProc, Response.hs Content-Range). Listed in docs/local-stack.md ("Conformance").
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(`
    create function public.rpc_overloaded() returns setof int language sql as $$ values (1), (2), (3) $$;
    create function public.rpc_overloaded(json) returns table(x int, y text) language sql
      as $$ select * from json_to_recordset($1) as r(x int, y text) $$;
    create function public.rpc_overloaded(a int, b int) returns int language sql as $$ select a + b $$;
    create function public.rpc_overloaded(a text, b text, c text) returns text language sql as $$ select a || b || c $$;
    create function public.rpc_overloaded_default(opt_param text default 'Code w7') returns setof text
      language sql as $$ select opt_param $$;
    create function public.rpc_overloaded_default(must_param int) returns jsonb language sql
      as $$ select row_to_json(r)::jsonb from (select must_param as val) as r $$;
    create function public.rpc_overloaded_default(a int, opt_param text default 'Design IOS') returns setof text
      language sql as $$ select opt_param || a $$;
    create function public.rpc_overloaded_default(a int, must_param int) returns jsonb language sql
      as $$ select row_to_json(r)::jsonb from (select a, must_param as val) as r $$;
    create function public.rpc_same_args(arg integer) returns text language sql as $$ select 'int' $$;
    create function public.rpc_same_args(arg xml) returns text language sql as $$ select 'xml' $$;
    create function public.rpc_same_args(arg text, num integer default 0) returns text language sql as $$ select 'text' $$;
    create function public.rpc_unnamed(json) returns json language sql as $$ select $1 $$;
    create function public.rpc_unnamed(text) returns text language sql as $$ select $1 $$;
    create function public.rpc_unnamed() returns int language sql as $$ select 1 $$;
    create function public.rpc_unnamed(x int, y int) returns int language sql as $$ select x + y $$;
    create function public.rpc_unnamed_json_jsonb(json) returns json language sql as $$ select $1 $$;
    create function public.rpc_unnamed_json_jsonb(jsonb) returns jsonb language sql as $$ select $1 $$;
    create function public.rpc_unnamed_json_jsonb(x int, y int) returns int language sql as $$ select x + y $$;
    create function public.rpc_two_unnamed(int, int) returns int language sql as $$ select $1 + $2 $$;
    create type public.rpc_point as (x int, y int);
    create function public.rpc_point_sum(p public.rpc_point, ps public.rpc_point[]) returns int
      language sql as $$ select p.x + p.y + (select coalesce(sum(q.x + q.y), 0)::int from unnest(ps) q) $$;
    create function public.rpc_numbers(_n int) returns setof int language sql stable
      as $$ select generate_series(1, _n) $$;
    create function public.rpc_scalar(_n int) returns int language sql stable as $$ select _n * 2 $$;
    create function public.rpc_nothing() returns void language sql as $$ select $$;
    grant usage on type public.rpc_point to anon;
  `);
  await stack.db.exec(`
    grant execute on all functions in schema public to anon;
  `);
  // The schema cache reloads on a miss at most once a second (schema-cache.ts).
  await new Promise((resolveWait) => setTimeout(resolveWait, 1100));
});
afterAll(async () => {
  await stack.cleanup();
});

async function rpc(
  path: string,
  init: { method?: string; body?: string; prefer?: string; contentType?: string } = {},
) {
  const headers = new Headers({ apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` });
  if (init.body !== undefined) headers.set('Content-Type', init.contentType ?? 'application/json');
  if (init.prefer) headers.set('Prefer', init.prefer);
  const response = await fetch(`${stack.url}/rest/v1/rpc/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body ?? null,
  });
  const text = await response.text();
  return {
    status: response.status,
    range: response.headers.get('content-range'),
    body: text === '' ? null : (JSON.parse(text) as unknown),
  };
}

describe('PostgREST rpc conformance', () => {
  it('picks among overloads by their parameter names, as PostgREST does', async () => {
    expect(await rpc('rpc_overloaded')).toMatchObject({ status: 200, body: [1, 2, 3] });
    expect(await rpc('rpc_overloaded?a=1&b=2')).toMatchObject({ status: 200, body: 3 });
    expect(await rpc('rpc_overloaded?a=1&b=2&c=3')).toMatchObject({ status: 200, body: '123' });
    expect(await rpc('rpc_overloaded', { body: '{}' })).toMatchObject({ body: [1, 2, 3] });
    expect(await rpc('rpc_overloaded', { body: '{"a":1,"b":2}' })).toMatchObject({ body: 3 });
    // No named overload fits: the single unnamed json parameter takes the whole body.
    expect(await rpc('rpc_overloaded', { body: '[{"x":1,"y":"one"}]' })).toMatchObject({
      status: 200,
      body: [{ x: 1, y: 'one' }],
    });
    expect(await rpc('rpc_overloaded_default', { body: '{}' })).toMatchObject({
      body: ['Code w7'],
    });
    expect(await rpc('rpc_overloaded_default', { body: '{"must_param":1}' })).toMatchObject({
      body: { val: 1 },
    });
    expect(await rpc('rpc_overloaded_default', { body: '{"a":4}' })).toMatchObject({
      body: ['Design IOS4'],
    });
    expect(await rpc('rpc_overloaded_default', { body: '{"a":2,"must_param":4}' })).toMatchObject({
      body: { a: 2, val: 4 },
    });
    // ?columns= names the arguments; other keys are ignored.
    expect(
      await rpc('rpc_overloaded?columns=a,b', { body: '{"a":1,"b":2,"smth":"else"}' }),
    ).toMatchObject({ status: 200, body: 3 });
  });

  it('falls back to a single unnamed json parameter only when no named overload fits', async () => {
    expect(await rpc('rpc_unnamed', { body: '{}' })).toMatchObject({ status: 200, body: 1 });
    expect(await rpc('rpc_unnamed', { body: '{"x":1,"y":2}' })).toMatchObject({ body: 3 });
    expect(await rpc('rpc_unnamed', { body: '{"A":1,"B":2,"C":3}' })).toMatchObject({
      status: 200,
      body: { A: 1, B: 2, C: 3 },
    });
    // GET never falls back, whatever the Content-Type says.
    expect(await rpc('rpc_unnamed')).toMatchObject({ status: 200, body: 1 });
    // A text/plain, XML or binary body (PostgREST's unnamed text/xml/bytea): documented 501.
    expect(
      await rpc('rpc_unnamed', { body: 'unnamed text arg', contentType: 'text/plain' }),
    ).toMatchObject({ status: 501, body: { code: 'LOCAL501' } });
  });

  it('lists the candidates in PostgREST’s order when it cannot choose (300 PGRST203)', async () => {
    expect(await rpc('rpc_same_args?arg=value')).toEqual({
      status: 300,
      range: null,
      body: {
        code: 'PGRST203',
        message:
          'Could not choose the best candidate function between: public.rpc_same_args(arg => integer), public.rpc_same_args(arg => xml), public.rpc_same_args(arg => text, num => integer)',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      },
    });
    expect(await rpc('rpc_unnamed_json_jsonb', { body: '{"A":1,"B":2,"C":3}' })).toMatchObject({
      status: 300,
      body: {
        code: 'PGRST203',
        message:
          'Could not choose the best candidate function between: public.rpc_unnamed_json_jsonb( => json), public.rpc_unnamed_json_jsonb( => jsonb)',
      },
    });
  });

  it('answers 404 PGRST202 naming the arguments, and knows no function it could not call', async () => {
    expect(await rpc('rpc_overloaded?a=1&b=2&wrong_arg=value')).toMatchObject({
      status: 404,
      body: {
        code: 'PGRST202',
        message:
          'Could not find the function public.rpc_overloaded(a, b, wrong_arg) in the schema cache',
        details:
          'Searched for the function public.rpc_overloaded with parameters a, b, wrong_arg, but no matches were found in the schema cache.',
      },
    });
    expect(await rpc('rpc_unnamed', { body: '{"a":1,"b":2}' })).toMatchObject({
      status: 200,
      body: { a: 1, b: 2 },
    });
    // Two unnamed parameters: PostgREST's schema cache leaves the function out.
    expect(await rpc('rpc_two_unnamed', { body: '{}' })).toMatchObject({
      status: 404,
      body: {
        code: 'PGRST202',
        details:
          'Searched for the function public.rpc_two_unnamed without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      },
    });
  });

  it('passes row-typed and array-of-row arguments from JSON objects', async () => {
    expect(
      await rpc('rpc_point_sum', {
        body: '{"p":{"x":1,"y":2},"ps":[{"x":3,"y":4},{"x":5,"y":6}]}',
      }),
    ).toMatchObject({ status: 200, body: 21 });
  });

  it('sends Content-Range on every rpc, counted with count=exact (POST, GET, HEAD)', async () => {
    expect(await rpc('rpc_numbers', { body: '{"_n":3}', prefer: 'count=exact' })).toMatchObject({
      status: 200,
      range: '0-2/3',
      body: [1, 2, 3],
    });
    expect(await rpc('rpc_numbers?_n=3', { prefer: 'count=exact' })).toMatchObject({
      status: 200,
      range: '0-2/3',
    });
    expect(await rpc('rpc_numbers?_n=3', { method: 'HEAD', prefer: 'count=exact' })).toMatchObject({
      status: 200,
      range: '0-2/3',
      body: null,
    });
    expect(await rpc('rpc_scalar', { body: '{"_n":2}' })).toMatchObject({
      status: 200,
      range: '0-0/*',
      body: 4,
    });
    expect(await rpc('rpc_scalar?_n=2', { prefer: 'count=exact' })).toMatchObject({
      range: '0-0/1',
      body: 4,
    });
    expect(await rpc('rpc_nothing', { body: '{}', prefer: 'count=exact' })).toMatchObject({
      status: 204,
      range: '0-0/1',
    });
  });

  it('answers count=planned and count=estimated with the documented 501', async () => {
    for (const count of ['planned', 'estimated']) {
      expect(
        await rpc('rpc_numbers', { body: '{"_n":3}', prefer: `count=${count}` }),
      ).toMatchObject({ status: 501, body: { code: 'LOCAL501' } });
    }
  });
});
