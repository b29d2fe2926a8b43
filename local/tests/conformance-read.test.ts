import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from './helpers.ts';

/**
 * Reads as PostgREST answers them, written from its reference ("Full-Text Search": fts, plfts,
 * phfts, wfts with an optional configuration; to_tsvector() applied to a column that is not a
 * tsvector since v13; "Computed Fields": functions of one row, selected, filtered and ordered like
 * columns, not part of `*`). Listed in docs/local-stack.md ("Conformance").
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(`
    create table public.read_docs (
      id int primary key, body text not null, vec tsvector, first_name text, last_name text
    );
    insert into public.read_docs values
      (1, 'The fat cats ate the rats', to_tsvector('english', 'The fat cats ate the rats'), 'Ada', 'Lovelace'),
      (2, 'A cat sat on the mat', to_tsvector('english', 'A cat sat on the mat'), 'Alan', 'Turing'),
      (3, 'Dogs chase cars', to_tsvector('english', 'Dogs chase cars'), 'Grace', 'Hopper');
    create function public.full_name(public.read_docs) returns text language sql stable
      as $$ select $1.first_name || ' ' || $1.last_name $$;
    grant select, insert on public.read_docs to anon;
    grant execute on function public.full_name(public.read_docs) to anon;
  `);
  await new Promise((resolveWait) => setTimeout(resolveWait, 1100));
});
afterAll(async () => {
  await stack.cleanup();
});

async function rest(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.anonKey);
  headers.set('Authorization', `Bearer ${stack.anonKey}`);
  const response = await fetch(`${stack.url}/rest/v1/${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

describe('PostgREST read conformance', () => {
  it('filters with fts, plfts, phfts and wfts, on tsvector and text columns, with a configuration', async () => {
    const ids = async (query: string) => {
      const got = await rest(`read_docs?select=id&order=id&${query}`);
      expect(got.status, query).toBe(200);
      return (got.body as { id: number }[]).map((row) => row.id);
    };
    expect(await ids('vec=fts.cat')).toEqual([1, 2]);
    expect(await ids('vec=fts(english).cats%20%26%20rats')).toEqual([1]);
    expect(await ids('body=fts(english).cat')).toEqual([1, 2]);
    expect(await ids('body=plfts(english).fat%20cats')).toEqual([1]);
    expect(await ids('body=phfts(english).cat%20sat')).toEqual([2]);
    expect(await ids('body=wfts(english).cat%20-rats')).toEqual([2]);
    expect(await ids('vec=not.fts.cat')).toEqual([3]);
  });

  it('selects, filters and orders computed fields, never part of *', async () => {
    expect(await rest('read_docs?select=id,full_name&id=eq.1')).toEqual({
      status: 200,
      body: [{ id: 1, full_name: 'Ada Lovelace' }],
    });
    expect(await rest('read_docs?select=id,name:full_name&full_name=like.Alan*')).toEqual({
      status: 200,
      body: [{ id: 2, name: 'Alan Turing' }],
    });
    const ordered = await rest('read_docs?select=id&order=full_name.desc');
    expect(ordered.body).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
    const star = (await rest('read_docs?select=*&id=eq.1')).body as Record<string, unknown>[];
    expect(Object.keys(star[0] ?? {})).not.toContain('full_name');
    // In a write's returned rows: the documented 501.
    expect(
      await rest('read_docs?select=full_name', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify({ id: 4, body: 'x', first_name: 'a', last_name: 'b' }),
      }),
    ).toMatchObject({ status: 501, body: { code: 'LOCAL501' } });
  });
});
