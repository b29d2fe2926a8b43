import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { openPostgres } from '../db.ts';
import { prepareDatabase } from '../migrate.ts';
import { startTestPostgres, stopTestPostgres } from '../../supabase/tests/helpers/postgres.ts';
import { lead, startTestStack } from './helpers.ts';
import { timeoutSettingMs } from '../rest/transaction.ts';

/**
 * Production's limits on API statements, locally: per-role statement timeouts (anon 3 s,
 * authenticated 8 s; PostgreSQL cuts the statement, on PGlite the stand-in answers a request that
 * ran past it as PostgreSQL would, afterwards, and keeps nothing of it) and the refusal of
 * UPDATE/DELETE without a filter (pg_safeupdate on Supabase; both backends).
 */

type Stack = Awaited<ReturnType<typeof startTestStack>>;
const stacks: Stack[] = [];
afterAll(async () => {
  for (const stack of stacks) await stack.cleanup();
  stopTestPostgres();
});

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

describe('unfiltered UPDATE and DELETE (PGlite)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startTestStack();
    stacks.push(stack);
  });

  it('are refused even for the service role, and filtered ones still work', async () => {
    const service = createClient<Database>(stack.url, stack.secretKey, options);
    const row = lead({ name: 'Kept Lead' });
    expect((await service.from('offer_leads').insert(row)).error).toBeNull();
    const removeAll = await service.from('offer_leads').delete();
    expect(removeAll.error).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    });
    expect(removeAll.status).toBe(400);
    const changeAll = await service.from('contact_requests').update({ notes: 'all of them' });
    expect(changeAll.error).toMatchObject({
      code: '21000',
      message: 'UPDATE requires a WHERE clause',
    });
    const { rows } = await stack.sql<{ n: number }>(
      `select count(*)::int as n from public.offer_leads where id = $1`,
      [row.id],
    );
    expect(rows[0]?.n).toBe(1);
    expect((await service.from('offer_leads').delete().eq('id', row.id)).error).toBeNull();
  });
});

describe('statement_timeout settings', () => {
  it('are read in PostgreSQL’s units (a bare number is milliseconds)', () => {
    expect(timeoutSettingMs('3s')).toBe(3000);
    expect(timeoutSettingMs('8000')).toBe(8000);
    expect(timeoutSettingMs('1min')).toBe(60_000);
    expect(timeoutSettingMs('250ms')).toBe(250);
    expect(() => timeoutSettingMs('soon')).toThrow();
  });
});

describe('statement timeouts per role (PGlite)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startTestStack();
    stacks.push(stack);
    // Busy for `seconds` (PGlite's pg_sleep would not tell a running statement from a waiting one),
    // and writes a row, to show that nothing of a cut request is kept.
    await stack.sql(`create table public.test_busy_marks (at timestamptz default now())`);
    await stack.sql(`grant insert on public.test_busy_marks to anon, authenticated`);
    await stack.sql(`create function public.test_busy(seconds double precision) returns boolean
      language plpgsql as $$
      declare until timestamptz := clock_timestamp() + make_interval(secs => seconds);
      begin
        insert into public.test_busy_marks default values;
        while clock_timestamp() < until loop perform 1; end loop;
        return true;
      end $$`);
    await stack.sql(
      `grant execute on function public.test_busy(double precision) to anon, authenticated`,
    );
    // The stand-in's schema cache reloads for a missing function at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  it('answers a visitor’s request that ran past 3 s as PostgreSQL cuts it, keeping nothing of it', async () => {
    const call = (key: string, bearer: string | null, seconds: number) =>
      fetch(`${stack.url}/rest/v1/rpc/test_busy`, {
        method: 'POST',
        headers: {
          apikey: key,
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ seconds }),
      });
    const cut = await call(stack.publishableKey, null, 3.2);
    expect(cut.status).toBe(500);
    expect(await cut.json()).toEqual({
      code: '57014',
      details: null,
      hint: null,
      message: 'canceling statement due to statement timeout',
    });
    const marks = async () =>
      (await stack.sql<{ n: number }>('select count(*)::int as n from public.test_busy_marks'))
        .rows[0]?.n;
    expect(await marks()).toBe(0);
    // Within the limit it runs and is kept; a signed-in user has 8 s (authenticated's).
    expect((await call(stack.publishableKey, null, 0.1)).status).toBe(200);
    const user = createClient<Database>(stack.url, stack.publishableKey, options);
    const { data } = await user.auth.signInAnonymously();
    expect((await call(stack.publishableKey, data.session!.access_token, 3.2)).status).toBe(200);
    expect(await marks()).toBe(2);
  });
});

describe('statement timeouts per role (PostgreSQL)', () => {
  let stack: Stack | null = null;
  beforeAll(async () => {
    const server = await startTestPostgres();
    if (!server) return;
    const url = await server.createDatabase();
    const db = await openPostgres(url);
    await prepareDatabase(db);
    // A deliberately slow call, visible to the API before the server loads its schema cache.
    await db.exec(`create function public.test_slow(seconds double precision) returns boolean
      language sql as 'select pg_sleep(seconds) is not null';
      grant execute on function public.test_slow(double precision) to anon, authenticated`);
    await db.close();
    stack = await startTestStack({ databaseUrl: url, inMemory: false });
    stacks.push(stack);
  });

  it('stops a visitor’s statement after 3 s, and lets a signed-in user’s run to 8 s', async (context) => {
    if (!stack) return context.skip();
    const visitor = createClient<Database>(stack.url, stack.publishableKey, options);
    const call = (client: typeof visitor) =>
      (
        client.rpc as unknown as (
          name: string,
          args: object,
        ) => Promise<{ error: { code: string } | null }>
      )('test_slow', { seconds: 3.5 });
    const refused = await call(visitor);
    expect(refused.error).toMatchObject({ code: '57014' });
    const user = createClient<Database>(stack.url, stack.publishableKey, options);
    expect((await user.auth.signInAnonymously()).error).toBeNull();
    expect((await call(user)).error).toBeNull();
  });
});
