import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { normalizeSearchText } from '../../src/lib/admin/filters.ts';
import {
  type Actor,
  addPublicLead,
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  resetData,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * The dashboard's search in the database (migration 20261124130000_request_search_index.sql): the
 * same folding as the browser's normalizeSearchText, phone digits as typed, literal `%` and `_`,
 * and trigram indexes on exactly the expressions request_page() searches.
 */

interface Page {
  rows: { id: string; name: string }[];
  matched: number;
}

const backends = await sqlBackends();

describe.each(backends)('request search on $name', (backend) => {
  let db: Database;
  let sara: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  beforeEach(async () => {
    await resetData(db);
    sara = await createLiveAdmin(db, 'sara', 'sara long password');
  });

  const addLead = async (overrides: Record<string, unknown>): Promise<string> =>
    (await addPublicLead(db, overrides)).requestId;

  const search = (query: string, args: Record<string, unknown> = {}) =>
    as(db, sara, async (tx) => {
      const names = Object.keys(args);
      const { rows } = await tx.query<{ page: Page }>(
        `select public.request_page(_query => $1${names.map((name, index) => `, ${name} => $${index + 2}`).join('')}) as page`,
        [query, ...names.map((name) => args[name])],
      );
      return rows[0]!.page;
    });
  const names = async (query: string, args: Record<string, unknown> = {}) =>
    (await search(query, args)).rows.map((row) => row.name).sort();

  it('folds text exactly as the dashboard does', async () => {
    const samples = [
      'أحمد  إبراهيم',
      'آمنة الـــزهراء',
      'مُحَمَّد عليّ',
      'مصطفى ٱلقرشي',
      'فاطمة',
      '٠٥٠١٢٣٤٥٦٧',
      '۰۵۰۱۲۳',
      'Layla.HADDAD@Example.com',
      '  ＡＢＣ　١٢ ',
      'ﻻ ﷲ',
      '',
    ];
    const { rows } = await db.query<{ folded: string[] }>(
      `select array_agg(public.fold_search_text(t) order by n) as folded
       from unnest($1::text[]) with ordinality as s(t, n)`,
      [samples],
    );
    expect(rows[0]!.folded).toEqual(samples.map(normalizeSearchText));
  });

  it('finds names however the Arabic letters, diacritics and case were typed', async () => {
    await addLead({ name: 'أحمد إبراهيم', email: null });
    await addLead({ name: 'فاطمة الزهراء', email: null });
    await addLead({ name: 'مُصطفى علي', email: 'Mustafa.Ali@Example.com' });
    expect(await names('احمد')).toEqual(['أحمد إبراهيم']);
    expect(await names('ابراهيم')).toEqual(['أحمد إبراهيم']);
    expect(await names('فاطمه')).toEqual(['فاطمة الزهراء']);
    expect(await names('مصطفى')).toEqual(['مُصطفى علي']);
    expect(await names('mustafa.ali@example')).toEqual(['مُصطفى علي']);
    expect(await names('  ALI@  ')).toEqual(['مُصطفى علي']);
    const page = await search('الزهراء');
    expect(page.matched).toBe(1);
  });

  it('finds admin notes, never across two fields, and takes % and _ literally', async () => {
    const noted = await addLead({ name: 'Noted One', email: 'noted@example.com' });
    await addLead({ name: 'Percent 100% sure', email: 'p_x@example.com' });
    await addLead({ name: 'Plain Two', email: 'plain@example.com' });
    await db.query(`update public.contact_requests set notes = 'حجز مؤكد' where id = $1`, [noted]);
    expect(await names('حجز')).toEqual(['Noted One']);
    // The end of a name and the start of its e-mail are not one piece of text.
    expect(await names('one noted')).toEqual([]);
    expect(await names('%')).toEqual(['Percent 100% sure']);
    expect(await names('p_x')).toEqual(['Percent 100% sure']);
    expect(await names('p%x')).toEqual([]);
  });

  it('matches phone digits as typed, Arabic-Indic digits too, and only for phone-like queries', async () => {
    await addLead({ name: 'Phone match', phone: '0551112233', country_code: '+966' });
    await addLead({ name: 'Phone other', phone: '0559998877', country_code: '+966' });
    await addLead({ name: 'Room 2233', phone: '0557776655', country_code: '+966' });
    for (const typed of ['٠٥٥١١١٢٢٣٣', '(055) 111-2233', '+966 55 111 2233', '00966551112233']) {
      expect(await names(typed), typed).toEqual(['Phone match']);
    }
    // Four digits find the number that holds them and the name that holds them.
    expect(await names('2233')).toEqual(['Phone match', 'Room 2233']);
    // Not a phone-like query: the digits are only text.
    expect(await names('room 2233')).toEqual(['Room 2233']);
  });

  it('finds a number stored without its country code by the full number, for staff only', async () => {
    await addLead({ name: 'National only', phone: '0545024476', country_code: null });
    await addLead({ name: 'Full number', phone: '545024476', country_code: '+966' });
    await addLead({ name: 'Emirati', phone: '545024476', country_code: '+971' });
    await addLead({ name: 'Other digits', phone: '0545024477', country_code: null });
    for (const typed of ['+966 54 502 4476', '966545024476', '00966545024476']) {
      expect(await names(typed), typed).toEqual(['Full number', 'National only']);
    }
    // The national spelling finds every number holding those digits, as before; nine digits are
    // never read as a full number.
    const holding = ['Emirati', 'Full number', 'National only'];
    expect(await names('0545024476')).toEqual(holding);
    expect(await names('545024476')).toEqual(holding);
    expect(await names('45024476')).toEqual(holding);
    // The leads screen searches the same way.
    const leads = await as(db, sara, async (tx) => {
      const { rows } = await tx.query<{ page: { rows: { name: string }[] } }>(
        `select public.lead_page(_query => '+966 54 502 4476') as page`,
      );
      return rows[0]!.page.rows.map((row) => row.name).sort();
    });
    expect(leads).toEqual(['Full number', 'National only']);
    const ids = (actor: Actor) =>
      as(db, actor, (tx) => tx.query(`select public.request_ids_matching(null, '%966545024476%')`));
    await expectSqlError(ids(anon), '42501');
    await expectSqlError(ids(await createUser(db)), '42501');
    expect((await ids(sara)).rows).toHaveLength(2);
  });

  it('combines search with the filters and keyset paging', async () => {
    for (let index = 0; index < 4; index += 1) {
      await addLead({ name: `سارة ${index}`, service: index % 2 ? 'ivf' : 'dental-implants' });
    }
    await addLead({ name: 'Someone else' });
    const first = await search('ساره', { _limit: 3 });
    expect(first.matched).toBe(4);
    expect(first.rows).toHaveLength(3);
    const last = first.rows[2]!;
    const { rows } = await db.query<{ created_at: string }>(
      `select created_at::text from public.contact_requests where id = $1`,
      [last.id],
    );
    const rest = await search('ساره', {
      _limit: 3,
      _after_created_at: rows[0]!.created_at,
      _after_id: last.id,
    });
    expect([...first.rows, ...rest.rows].map((row) => row.name).sort()).toEqual([
      'سارة 0',
      'سارة 1',
      'سارة 2',
      'سارة 3',
    ]);
    const ivf = await search('ساره', { _service: 'ivf' });
    expect(ivf.rows.map((row) => row.name).sort()).toEqual(['سارة 1', 'سارة 3']);
    expect(ivf.matched).toBe(2);
    expect((await search('ساره', { _assignee: 'anything else' })).matched).toBe(0);
  });

  it('filters "not specified" sources with an empty source', async () => {
    await addLead({ name: 'No source', source: null });
    await addLead({ name: 'Home page', source: '/' });
    const page = await as(db, sara, async (tx) => {
      const { rows } = await tx.query<{ page: Page }>(
        `select public.request_page(_source => '') as page`,
      );
      return rows[0]!.page;
    });
    expect(page.rows.map((row) => row.name)).toEqual(['No source']);
    expect(page.matched).toBe(1);
  });

  it('counts sources and requests per local day for the filter and the chart, for admins only', async () => {
    const late = await addLead({ name: 'Late evening', source: '/' });
    await addLead({ name: 'Offer', source: 'hair-transplant-offer-page' });
    await addLead({ name: 'Nowhere', source: null });
    const old = await addLead({ name: 'Old', source: '/' });
    // 22:30 UTC is already the next day in Riyadh (UTC+3).
    await db.query(
      `update public.contact_requests set created_at = '2026-11-20T22:30:00Z' where id = $1`,
      [late],
    );
    await db.query(
      `update public.contact_requests set created_at = '2026-11-01T10:00:00Z' where id = $1`,
      [old],
    );
    await db.query(
      `update public.contact_requests set created_at = '2026-11-21T10:00:00Z' where id <> all($1)`,
      [[late, old]],
    );
    const overview = (actor: Actor) =>
      as(db, actor, async (tx) => {
        const { rows } = await tx.query<{ overview: Record<string, unknown> }>(
          `select public.request_overview('2026-11-10T00:00:00Z', 'Asia/Riyadh') as overview`,
        );
        return rows[0]!.overview;
      });
    const seen = (await overview(sara)) as {
      sources: { source: string | null; n: number }[];
      days: { day: string; source: string | null; n: number }[];
    };
    expect(seen.sources[0]).toEqual({ source: '/', n: 2 });
    expect(seen.sources.slice(1)).toEqual(
      expect.arrayContaining([
        { source: 'hair-transplant-offer-page', n: 1 },
        { source: null, n: 1 },
      ]),
    );
    expect(seen.days).toHaveLength(3);
    expect(seen.days).toEqual(
      expect.arrayContaining([
        { day: '2026-11-21', source: '/', n: 1 },
        { day: '2026-11-21', source: 'hair-transplant-offer-page', n: 1 },
        { day: '2026-11-21', source: null, n: 1 },
      ]),
    );
    expect(await overview(await createUser(db))).toEqual({ sources: [], days: [] });
    await expectSqlError(overview(anon), '42501');
  });

  it("counts follow-ups due before the end of the coordinator's day without filtering on them", async () => {
    const later = await addLead({ name: 'Later today' });
    await addLead({ name: 'No follow-up' });
    await db.query(
      `update public.contact_requests set follow_up_at = now() + interval '1 hour' where id = $1`,
      [later],
    );
    const counted = (args: string) =>
      as(db, sara, async (tx) => {
        const { rows } = await tx.query<{ page: Page & { counters: Record<string, number> } }>(
          `select public.request_page(${args}) as page`,
        );
        return rows[0]!.page;
      });
    expect((await counted('')).counters['due']).toBe(0);
    const endOfDay = await counted(`_due_counter_before => now() + interval '1 day'`);
    expect(endOfDay.counters['due']).toBe(1);
    expect(endOfDay.matched).toBe(2);
  });

  it('has trigram indexes on the columns the search uses, and returns rows without search_text', async () => {
    const plan = (sql: string) =>
      db.transaction(async (tx) => {
        await tx.query(`set local enable_seqscan = off`);
        const { rows } = await tx.query<Record<string, string>>(`explain ${sql}`);
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
    expect(
      await plan(`select id from public.contact_requests r where r.search_text like '%احمد%'`),
    ).toContain('contact_requests_search_trgm_idx');
    expect(
      await plan(`select id from public.contact_requests r where r.phone_key like '%551112%'`),
    ).toContain('contact_requests_phone_key_trgm_idx');
    await addLead({ name: 'أحمد' });
    const page = await search('احمد');
    expect(page.rows).toHaveLength(1);
    expect(Object.keys(page.rows[0]!)).not.toContain('search_text');
    expect(Object.keys(page.rows[0]!)).toContain('duplicates');
  });
});
