import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { openPostgres } from '../db.ts';
import { prepareDatabase } from '../migrate.ts';
import { startTestPostgres, stopTestPostgres } from '../../supabase/tests/helpers/postgres.ts';
import { lead, startTestStack } from './helpers.ts';

/**
 * Production's limits on API statements, locally: per-role statement timeouts (anon 3 s,
 * authenticated 8 s; real PostgreSQL only, PGlite cannot interrupt a statement) and the refusal of
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
