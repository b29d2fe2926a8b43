import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
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
 * The follow-up queue (request_page's _follow_up, 20261126100100_follow_up_queue.sql) and the
 * leads screen's paging in the database (lead_page, 20261126100200_lead_page.sql), as anon, a
 * signed-in non-admin, a coordinator and an owner, on every backend.
 */

interface Page {
  rows: { id: string; name: string; follow_up_at: string | null }[];
  matched: number;
  counters: { due: number; overdue: number };
}

interface LeadPage {
  rows: {
    id: string;
    name: string;
    request_id: string;
    status: string;
    request_created_at: string;
  }[];
  matched: number;
}

const backends = await sqlBackends();

describe.each(backends)('follow-up queue and lead_page on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let coordinator: Actor & { role: 'authenticated' };
  let user: Actor & { role: 'authenticated' };
  const idOf: Record<string, string> = {};

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  beforeEach(async () => {
    await resetData(db);
    owner = await createLiveAdmin(db, 'nadia.owner', 'nadia long password', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    user = await createUser(db);
    // Created in this order (a oldest); follow-ups in another, so the two orders differ.
    const followUps: Record<string, string | null> = {
      a: `now() - interval '1 hour'`,
      b: `now() - interval '3 days'`,
      c: `now() + interval '2 minutes'`,
      d: `now() - interval '10 minutes'`,
      e: null,
      f: `now() + interval '3 days'`,
    };
    let minutesAgo = 60;
    for (const [name, followUp] of Object.entries(followUps)) {
      const { requestId } = await addPublicLead(db, { name: `Patient ${name}` });
      await db.query(
        `update public.contact_requests
         set created_at = now() - make_interval(mins => $2), follow_up_at = ${followUp ?? 'null'}
         where id = $1`,
        [requestId, minutesAgo],
      );
      idOf[name] = requestId;
      minutesAgo -= 1;
    }
    // A closed request is never in the queue.
    await db.query(`update public.contact_requests set status = 'completed' where id = $1`, [
      idOf['d'],
    ]);
  });

  const page = (actor: Actor, args: string) =>
    as(db, actor, async (tx) => {
      const { rows } = await tx.query<{ p: Page }>(`select public.request_page(${args}) as p`);
      return rows[0]!.p;
    });
  const names = (answer: { rows: { name: string }[] }) =>
    answer.rows.map((row) => row.name.replace('Patient ', ''));
  const endOfDay = `_due_counter_before => now() + interval '1 hour'`;

  it('lists overdue follow-ups and those due later today, earliest first, with counters', async () => {
    for (const actor of [coordinator, owner]) {
      const overdue = await page(actor, `_follow_up => 'overdue', ${endOfDay}`);
      expect(names(overdue)).toEqual(['b', 'a']);
      expect(overdue.matched).toBe(2);
      expect(overdue.counters).toMatchObject({ overdue: 2, due: 3 });
      const today = await page(actor, `_follow_up => 'today', ${endOfDay}`);
      expect(names(today)).toEqual(['c']);
      // The "due" filter (today and overdue) is sorted by follow-up time too.
      const due = await page(actor, `_due_before => now() + interval '1 hour'`);
      expect(names(due)).toEqual(['b', 'a', 'c']);
      // Without a follow-up filter: newest first, as before.
      expect(names(await page(actor, endOfDay))).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    }
  });

  it('pages the queue by follow-up time', async () => {
    const first = await page(coordinator, `_due_before => now() + interval '1 hour', _limit => 2`);
    expect(names(first)).toEqual(['b', 'a']);
    const last = first.rows.at(-1)!;
    const next = await page(
      coordinator,
      `_due_before => now() + interval '1 hour', _limit => 2,
       _after_follow_up_at => '${last.follow_up_at}', _after_id => '${last.id}'`,
    );
    expect(names(next)).toEqual(['c']);
  });

  it('leaves requests in the bin out of the queue and refuses an unknown filter', async () => {
    await as(db, owner, (tx) =>
      tx.query(`delete from public.contact_requests where id = $1`, [idOf['b']]),
    );
    const overdue = await page(coordinator, `_follow_up => 'overdue', ${endOfDay}`);
    expect(names(overdue)).toEqual(['a']);
    expect(overdue.counters.overdue).toBe(1);
    await expectSqlError(page(coordinator, `_follow_up => 'someday'`), '22023');
    await expectSqlError(page(user, `_follow_up => 'overdue'`), '42501');
    await expectSqlError(page(anon, `_follow_up => 'overdue'`), '42501');
  });

  const leads = (actor: Actor, args = '') =>
    as(db, actor, async (tx) => {
      const { rows } = await tx.query<{ p: LeadPage }>(`select public.lead_page(${args}) as p`);
      return rows[0]!.p;
    });

  it('pages and searches the leads in the database, each with its request', async () => {
    const first = await leads(coordinator, `_limit => 4`);
    expect(names(first)).toEqual(['f', 'e', 'd', 'c']);
    expect(first.matched).toBe(6);
    expect(first.rows[2]).toMatchObject({ request_id: idOf['d'], status: 'completed' });
    const last = first.rows.at(-1)!;
    const next = await leads(
      coordinator,
      `_limit => 4, _after_created_at => '${last.request_created_at}', _after_id => '${last.request_id}'`,
    );
    expect(names(next)).toEqual(['b', 'a']);
    // The cap: never more than 100 rows, whatever is asked.
    expect((await leads(owner, `_limit => 100000`)).rows).toHaveLength(6);
    const found = await leads(coordinator, `_query => 'patient e'`);
    expect(names(found)).toEqual(['e']);
    expect(found.matched).toBe(1);
    // A lead whose request is in the bin is not listed.
    await as(db, owner, (tx) =>
      tx.query(`delete from public.contact_requests where id = $1`, [idOf['f']]),
    );
    expect(names(await leads(coordinator))).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect((await leads(coordinator)).matched).toBe(5);
    await expectSqlError(leads(user), '42501');
    await expectSqlError(leads(anon), '42501');
    // The search's guard: an oversized query is refused before it is folded.
    await expectSqlError(leads(coordinator, `_query => '${'x'.repeat(201)}'`), '22001');
  });
});
