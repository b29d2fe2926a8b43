import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import {
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * Search that costs what it finds (supabase/migrations/20261126120200_search_that_costs_what_it_finds.sql):
 * oversized arguments and callers who may not read the inbox are refused before any scan, and at
 * 100,000 requests an admin's search goes through the trigram indexes (PostgreSQL's plans).
 */

const backends = await sqlBackends();

const page = (db: Database, actor: Actor, args: Record<string, unknown>) =>
  as(db, actor, async (tx) => {
    const names = Object.keys(args);
    const { rows } = await tx.query<{ page: { rows: { name: string }[]; matched: number } }>(
      `select public.request_page(${names.map((name, i) => `${name} => $${i + 1}`).join(', ')}) as page`,
      Object.values(args),
    );
    return rows[0]?.page;
  });

describe.each(backends)('request_page guard on $name', (backend) => {
  let db: Database;
  let admin: Actor;
  beforeAll(async () => {
    db = await backend.open();
    await resetData(db);
    admin = await createLiveAdmin(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('refuses search text over 200 characters and long filters with 22001, even a 1 MB one', async () => {
    expect((await page(db, admin, { _query: 'ا'.repeat(200) }))?.matched).toBe(0);
    for (const args of [
      { _query: 'x'.repeat(201) },
      { _query: 'x'.repeat(1024 * 1024) },
      { _source: 's'.repeat(201) },
      { _assignee: 'a'.repeat(21) },
    ]) {
      const error = await expectSqlError(page(db, admin, args), '22001');
      expect(error.hint).toBe('argument_too_long');
    }
  });

  it('refuses callers who may not read the inbox before any scan, whatever they send', async () => {
    const user = await createUser(db);
    await expectSqlError(page(db, user, { _query: 'x'.repeat(1024 * 1024) }), '42501');
    await expectSqlError(page(db, user, {}), '42501');
    await expectSqlError(page(db, anon, {}), '42501');
    const ids = (actor: Actor) =>
      as(db, actor, (tx) => tx.query(`select public.request_ids_matching('%a%', null)`));
    await expectSqlError(ids(user), '42501');
    await expectSqlError(ids(anon), '42501');
    await ids(admin);
  });
});

describe.each(backends.filter((backend) => backend.name === 'postgres'))(
  'search plans at 100,000 requests on $name',
  (backend) => {
    let db: Database;
    let admin: Actor;
    beforeAll(async () => {
      db = await backend.open();
      await resetData(db);
      admin = await createLiveAdmin(db);
      // One statement per table, triggers off (replica role): seconds, not minutes.
      await db.transaction(async (tx) => {
        await tx.query(`set local session_replication_role = replica`);
        await tx.query(
          `insert into public.offer_leads (id, name, phone, country_code, source, language)
           select gen_random_uuid(), 'Patient ' || md5(g::text), (966500000000 + g)::text, '+966',
                  '/', 'ar'
           from generate_series(1, 100000) g`,
        );
        await tx.query(
          `insert into public.contact_requests
             (lead_id, name, phone, country_code, source, language, service, notes, created_at)
           select id, name, phone, country_code, source, language, 'other', 'note ' || md5(name),
                  now() - random() * interval '300 days'
           from public.offer_leads`,
        );
      });
      await db.query(`analyze public.contact_requests`);
      // Idle, well under a minute (the trigram indexes are built row by row); on the shared 2-core
      // machine under load it took over 120 s. A hang still fails.
    }, 480_000);
    afterAll(async () => {
      await db.close();
    });

    const plan = async (tx: Queryable, sql: string, params: unknown[]) => {
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    /** The plan as `actor` over the API, or as the database owner (no actor: no RLS). */
    const explain = (actor: Actor | null, sql: string, params: unknown[] = []) =>
      actor ? as(db, actor, (tx) => plan(tx, sql, params)) : plan(db, sql, params);

    it('under row-level security a LIKE on the inbox is a sequential scan (why the ids come first)', async () => {
      const seen = await explain(
        admin,
        `select r.id from public.contact_requests r where r.search_text like $1`,
        ['%4f2a9%'],
      );
      expect(seen).toMatch(/Seq Scan on contact_requests/);
    });

    it("finds an admin's text and phone matches through the trigram indexes", async () => {
      // The statement request_ids_matching runs, as its owner (outside row-level security).
      const text = await explain(
        null,
        `select r.id from public.contact_requests r where r.search_text like $1`,
        ['%4f2a9%'],
      );
      expect(text).toMatch(/Bitmap Index Scan on contact_requests_search_trgm_idx/);
      const phone = await explain(
        null,
        `select r.id from public.contact_requests r where r.phone_key like $1`,
        ['%5001234%'],
      );
      expect(phone).toMatch(/Bitmap Index Scan on contact_requests_phone_key_trgm_idx/);
      // request_page's page query as staff: the matching ids, then each row by its key.
      const rows = await explain(
        admin,
        `select r.* from public.contact_requests r
         where r.id in (select public.request_ids_matching($1, null))
         order by r.created_at desc, r.id desc limit 50`,
        ['%4f2a9%'],
      );
      expect(rows).toMatch(/Index Scan using contact_requests_pkey/);
      expect(rows).not.toMatch(/Seq Scan/);
    });

    it('finds a number stored without its country code by btree lookups, not a scan', async () => {
      // The third branch of request_ids_matching (20261127140000) for "+966 50 001 2345".
      const national = await explain(
        null,
        `select r.id from public.contact_requests r
         where r.phone_key = any($1) and nullif(r.country_code, '') is null
           and r.deleted_at is null`,
        [['66500012345', '6500012345', '500012345']],
      );
      expect(national).toMatch(/Index Scan (using|on) contact_requests_phone_key_idx/);
      expect(national).not.toMatch(/Seq Scan/);
      const answer = await page(db, admin, { _query: '+966 50 001 2345' });
      expect(answer?.rows.map((row) => row.name)).toHaveLength(1);
    });

    it('answers an admin the same rows through the indexes as a plain scan would', async () => {
      const { rows } = await db.query<{ name: string }>(
        `select name from public.contact_requests where search_text like '%4f2a9%'
         order by created_at desc, id desc limit 50`,
      );
      expect(rows.length).toBeGreaterThan(0);
      const answer = await page(db, admin, { _query: '4f2a9' });
      expect(answer?.rows.map((row) => row.name)).toEqual(rows.map((row) => row.name));
      expect(answer?.matched).toBe(rows.length);
    });
  },
);
