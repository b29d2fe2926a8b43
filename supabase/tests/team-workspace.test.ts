import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import {
  type Actor,
  addPublicLead,
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  resetData,
  serviceRole,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * The coordinators' team workspace (migration 20261123130000_team_workspace.sql): conditional saves,
 * the append-only timeline, assignment, follow-ups, duplicates by canonical phone and the paged
 * inbox, acted out by anon, a signed-in non-admin and two admins on every backend.
 */

interface RequestRow {
  id: string;
  version: number;
  status: string;
  notes: string | null;
  assigned_to: string | null;
  follow_up_at: string | null;
  phone_key: string;
}

interface EventRow {
  kind: string;
  author: string | null;
  author_id: string | null;
  old_value: string | null;
  new_value: string | null;
  version: number;
  created_at: string;
}

interface Page {
  rows: (RequestRow & { name: string; duplicates: number })[];
  matched: number;
  counters: Record<string, number>;
}

const backends = await sqlBackends();

describe.each(backends)('team workspace on $name', (backend) => {
  let db: Database;
  let sara: Actor & { role: 'authenticated' };
  let omar: Actor & { role: 'authenticated' };
  let user: Actor & { role: 'authenticated' };
  let staffIds: Record<string, string>;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  beforeEach(async () => {
    await resetData(db);
    sara = await createLiveAdmin(db, 'sara', 'sara long password');
    omar = await createLiveAdmin(db, 'omar', 'omar long password');
    user = await createUser(db);
    const { rows } = await db.query<{ id: string; username: string }>(
      `select id::text, username from private.admin_users`,
    );
    staffIds = Object.fromEntries(rows.map((row) => [row.username, row.id]));
  });

  async function addLead(overrides: Record<string, unknown> = {}): Promise<RequestRow> {
    const { requestId } = await addPublicLead(db, overrides);
    const { rows } = await db.query<RequestRow>(
      `select id::text, version, status::text, notes, assigned_to::text, follow_up_at::text, phone_key
       from public.contact_requests where id = $1`,
      [requestId],
    );
    return rows[0]!;
  }

  function save(actor: Actor, id: string, version: number, changes: Record<string, unknown>) {
    return as(db, actor, async (tx) => {
      const { rows } = await tx.query<RequestRow>(
        `select id::text, version, status::text, notes, assigned_to::text, follow_up_at::text
         from public.update_request($1, $2, $3::jsonb)`,
        [id, version, JSON.stringify(changes)],
      );
      return rows[0]!;
    });
  }

  async function stored(id: string): Promise<RequestRow> {
    const { rows } = await db.query<RequestRow>(
      `select id::text, version, status::text, notes, assigned_to::text, follow_up_at::text, phone_key
       from public.contact_requests where id = $1`,
      [id],
    );
    return rows[0]!;
  }

  async function events(id: string): Promise<EventRow[]> {
    const { rows } = await db.query<EventRow>(
      `select kind, author, author_id::text, old_value, new_value, version, created_at::text
       from public.request_events where request_id = $1 order by id`,
      [id],
    );
    return rows;
  }

  const readEvents = (actor: Actor, id: string) =>
    as(db, actor, async (tx: Queryable) => {
      const { rows } = await tx.query<{ kind: string }>(
        `select kind from public.request_events where request_id = $1`,
        [id],
      );
      return rows;
    });

  it('a new lead arrives at version 1, unassigned, without a follow-up', async () => {
    const request = await addLead();
    expect(request).toMatchObject({
      version: 1,
      status: 'new',
      assigned_to: null,
      follow_up_at: null,
    });
  });

  it('refuses a stale save: the second coordinator changes nothing and learns the version', async () => {
    const request = await addLead();
    // Both open version 1; Sara saves first.
    const first = await save(sara, request.id, 1, {
      status: 'completed',
      notes: 'حجز مؤكد… دفع العربون',
    });
    expect(first).toMatchObject({ version: 2, status: 'completed' });

    const refused = await expectSqlError(
      save(omar, request.id, 1, { status: 'new', notes: 'لم يرد على الاتصال' }),
      'PT409',
    );
    expect(refused.hint).toBe('stale_version');
    expect(refused.detail).toBe('2');
    expect(await stored(request.id)).toMatchObject({
      version: 2,
      status: 'completed',
      notes: 'حجز مؤكد… دفع العربون',
    });

    // Omar re-applies on top of version 2: both notes are in the timeline, with their authors.
    await save(omar, request.id, 2, { notes: 'لم يرد على الاتصال' });
    const timeline = await events(request.id);
    expect(timeline.map((event) => [event.kind, event.author, event.new_value])).toEqual([
      ['status', 'sara', 'completed'],
      ['note', 'sara', 'حجز مؤكد… دفع العربون'],
      ['note', 'omar', 'لم يرد على الاتصال'],
    ]);
    expect(timeline[2]!.author_id).toBe(staffIds['omar']);
    expect((await stored(request.id)).notes).toBe('لم يرد على الاتصال');
  });

  it('answers a missing or hidden request with PT404, and anon cannot call the save at all', async () => {
    const request = await addLead();
    await expectSqlError(
      save(sara, '00000000-0000-4000-8000-000000000000', 1, { status: 'new' }),
      'PT404',
    );
    await expectSqlError(save(user, request.id, 1, { status: 'completed' }), 'PT404');
    await expectSqlError(save(anon, request.id, 1, { status: 'completed' }), '42501');
    expect(await stored(request.id)).toMatchObject({ version: 1, status: 'new' });
    expect(await events(request.id)).toEqual([]);
  });

  it('accepts only the workspace fields', async () => {
    const request = await addLead();
    const error = await expectSqlError(
      save(sara, request.id, 1, { name: 'Someone else' }),
      '22023',
    );
    expect(error.hint).toBe('unknown_field');
    await expectSqlError(save(sara, request.id, 1, { status: 'lost' }), '22P02');
    expect((await stored(request.id)).version).toBe(1);
  });

  it("keeps the spec's plain update of status and notes working, with events and a new version", async () => {
    const request = await addLead();
    await as(db, sara, (tx) =>
      tx.query(
        `update public.contact_requests set status = 'in_progress', notes = $2 where id = $1`,
        [request.id, 'اتصلت مرة'],
      ),
    );
    expect(await stored(request.id)).toMatchObject({ version: 2, status: 'in_progress' });
    expect((await events(request.id)).map((event) => [event.kind, event.author])).toEqual([
      ['status', 'sara'],
      ['note', 'sara'],
    ]);
    // The version is the database's: a client cannot set it.
    await expectSqlError(
      as(db, sara, (tx) =>
        tx.query(`update public.contact_requests set version = 1 where id = $1`, [request.id]),
      ),
      '42501',
    );
  });

  it('records assignment and follow-up changes with server time, and a system author for scripts', async () => {
    const request = await addLead();
    const before = Date.now();
    await save(sara, request.id, 1, {
      assigned_to: staffIds['omar'],
      follow_up_at: '2026-11-24T09:30:00Z',
    });
    await as(db, serviceRole, (tx) =>
      tx.query(`update public.contact_requests set status = 'cancelled' where id = $1`, [
        request.id,
      ]),
    );
    const timeline = await events(request.id);
    expect(
      timeline.map((event) => [event.kind, event.author, event.old_value, event.new_value]),
    ).toEqual([
      ['assignment', 'sara', null, 'omar'],
      ['follow_up', 'sara', null, '2026-11-24T09:30:00Z'],
      ['status', null, 'new', 'cancelled'],
    ]);
    expect(timeline.map((event) => event.version)).toEqual([2, 2, 3]);
    // Server time: between the start of the test and now (with slack for clock granularity).
    const at = Date.parse(timeline[0]!.created_at);
    expect(at).toBeGreaterThan(before - 60_000);
    expect(at).toBeLessThan(Date.now() + 60_000);

    // Clearing the assignment and follow-up are changes too.
    await save(omar, request.id, 3, { assigned_to: null, follow_up_at: null });
    expect(await stored(request.id)).toMatchObject({ assigned_to: null, follow_up_at: null });
    expect(
      (await events(request.id))
        .slice(-2)
        .map((event) => [event.kind, event.author, event.new_value]),
    ).toEqual([
      ['assignment', 'omar', null],
      ['follow_up', 'omar', null],
    ]);
  });

  it('refuses to assign a request to an account that does not exist', async () => {
    const request = await addLead();
    await expectSqlError(
      save(sara, request.id, 1, { assigned_to: '00000000-0000-4000-8000-000000000000' }),
      '23503',
    );
  });

  it('lets admins read the timeline, hides it from others, and lets nobody write, change or delete it', async () => {
    const request = await addLead();
    await save(sara, request.id, 1, { status: 'in_progress' });
    expect(await readEvents(sara, request.id)).toHaveLength(1);
    expect(await readEvents(omar, request.id)).toHaveLength(1);
    expect(await readEvents(user, request.id)).toEqual([]);
    await expectSqlError(readEvents(anon, request.id), '42501');

    for (const actor of [anon, user, sara, omar]) {
      await expectSqlError(
        as(db, actor, (tx) =>
          tx.query(
            `insert into public.request_events (request_id, version, kind, new_value)
             values ($1, 9, 'note', 'forged')`,
            [request.id],
          ),
        ),
        '42501',
      );
      await expectSqlError(
        as(db, actor, (tx) =>
          tx.query(`update public.request_events set new_value = 'x' where request_id = $1`, [
            request.id,
          ]),
        ),
        '42501',
      );
      await expectSqlError(
        as(db, actor, (tx) =>
          tx.query(`delete from public.request_events where request_id = $1`, [request.id]),
        ),
        '42501',
      );
    }
    // Not even the service role or the database owner rewrites history.
    await expectSqlError(
      as(db, serviceRole, (tx) =>
        tx.query(`update public.request_events set new_value = 'x' where request_id = $1`, [
          request.id,
        ]),
      ),
      '42501',
    );
    await expectSqlError(
      db.query(`delete from public.request_events where request_id = $1`, [request.id]),
      '42501',
    );
    expect(await events(request.id)).toHaveLength(1);
  });

  it('erases the timeline with its request once purged from the bin, from either admin view', async () => {
    const fromDashboard = await addLead();
    const fromLeads = await addLead();
    await save(sara, fromDashboard.id, 1, { notes: 'one' });
    await save(sara, fromLeads.id, 1, { notes: 'two' });
    // An owner's delete from either view moves the request to the bin (20261126100000).
    await as(db, omar, (tx) =>
      tx.query(`delete from public.contact_requests where id = $1`, [fromDashboard.id]),
    );
    await as(db, omar, (tx) =>
      tx.query(
        `delete from public.offer_leads where id = (select lead_id from public.contact_requests where id = $1)`,
        [fromLeads.id],
      ),
    );
    // The kept counters follow the bin at once.
    const counters = await as(db, sara, async (tx) => {
      const { rows: page } = await tx.query<{ page: Page }>(`select public.request_page() as page`);
      return page[0]!.page.counters;
    });
    expect(counters).toMatchObject({ total: 0, new: 0, completed: 0, unassigned: 0 });
    await as(db, omar, (tx) =>
      tx.query(`select public.purge_requests($1::uuid[], gen_random_uuid()::text)`, [
        [fromDashboard.id, fromLeads.id],
      ]),
    );
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.request_events`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('shows staff accounts to admins only', async () => {
    const names = (actor: Actor) =>
      as(db, actor, async (tx) => {
        const { rows } = await tx.query<{ username: string }>(
          `select username from public.staff_accounts order by username`,
        );
        return rows.map((row) => row.username);
      });
    expect(await names(sara)).toEqual(['omar', 'sara']);
    expect(await names(user)).toEqual([]);
    await expectSqlError(names(anon), '42501');
    const mine = await as(db, omar, async (tx) => {
      const { rows } = await tx.query<{ id: string | null }>(
        `select public.my_staff_id()::text as id`,
      );
      return rows[0]!.id;
    });
    expect(mine).toBe(staffIds['omar']);
    const nobody = await as(db, user, async (tx) => {
      const { rows } = await tx.query<{ id: string | null }>(
        `select public.my_staff_id()::text as id`,
      );
      return rows[0]!.id;
    });
    expect(nobody).toBeNull();
  });

  it('finds duplicates by canonical phone, however the number was typed', async () => {
    const first = await addLead({ phone: '0501234567', country_code: '+966' });
    const second = await addLead({ phone: '00966501234567', country_code: null });
    const third = await addLead({ phone: '966501234567', country_code: '+966' });
    const other = await addLead({ phone: '0501234568', country_code: '+966' });
    expect(new Set([first.phone_key, second.phone_key, third.phone_key])).toEqual(
      new Set(['966501234567']),
    );
    const page = await as(db, sara, async (tx) => {
      const { rows } = await tx.query<{ page: Page }>(`select public.request_page() as page`);
      return rows[0]!.page;
    });
    const duplicates = Object.fromEntries(page.rows.map((row) => [row.id, row.duplicates]));
    expect(duplicates).toEqual({ [first.id]: 2, [second.id]: 2, [third.id]: 2, [other.id]: 0 });
  });

  describe('request_page', () => {
    const page = (actor: Actor, args: Record<string, unknown> = {}) =>
      as(db, actor, async (tx) => {
        const names = Object.keys(args);
        const { rows } = await tx.query<{ page: Page }>(
          `select public.request_page(${names.map((name, index) => `${name} => $${index + 1}`).join(', ')}) as page`,
          names.map((name) => args[name]),
        );
        return rows[0]!.page;
      });

    it('pages newest first and counts what the filters match', async () => {
      const made: RequestRow[] = [];
      for (let index = 0; index < 5; index += 1)
        made.push(await addLead({ name: `Page lead ${index}` }));
      await save(sara, made[0]!.id, 1, { status: 'completed', assigned_to: staffIds['sara'] });
      await save(sara, made[1]!.id, 1, { status: 'in_progress', assigned_to: staffIds['omar'] });
      await save(omar, made[2]!.id, 1, { follow_up_at: '2025-06-01T00:00:00Z' });

      const first = await page(sara, { _limit: 2 });
      expect(first.rows.map((row) => row.name)).toEqual(['Page lead 4', 'Page lead 3']);
      expect(first.matched).toBe(5);
      expect(first.counters).toEqual({
        total: 5,
        new: 3,
        in_progress: 1,
        completed: 1,
        mine: 1,
        unassigned: 3,
        due: 1,
        overdue: 1,
      });
      const last = first.rows[1]!;
      const next = await page(sara, {
        _limit: 2,
        _after_created_at: (last as unknown as { created_at: string }).created_at,
        _after_id: last.id,
      });
      expect(next.rows.map((row) => row.name)).toEqual(['Page lead 2', 'Page lead 1']);

      expect((await page(sara, { _assignee: 'mine' })).rows.map((row) => row.name)).toEqual([
        'Page lead 0',
      ]);
      expect((await page(omar, { _assignee: 'mine' })).rows.map((row) => row.name)).toEqual([
        'Page lead 1',
      ]);
      expect((await page(sara, { _assignee: 'unassigned' })).matched).toBe(3);
      expect(
        (await page(sara, { _due_before: new Date().toISOString() })).rows.map((row) => row.name),
      ).toEqual(['Page lead 2']);
      expect((await page(sara, { _status: 'completed' })).rows.map((row) => row.name)).toEqual([
        'Page lead 0',
      ]);
      expect((await page(sara, { _query: 'lead 3' })).rows.map((row) => row.name)).toEqual([
        'Page lead 3',
      ]);
    });

    it('searches phone digits as typed', async () => {
      await addLead({ name: 'Phone match', phone: '0551112233', country_code: '+966' });
      await addLead({ name: 'Phone other', phone: '0559998877', country_code: '+966' });
      for (const typed of ['0551112233', '+966 55 111 2233', '00966551112233', '1112233']) {
        expect(
          (await page(sara, { _query: typed })).rows.map((row) => row.name),
          typed,
        ).toEqual(['Phone match']);
      }
    });

    it('refuses a signed-in non-admin (before any scan) and anon', async () => {
      await addLead();
      await expectSqlError(page(user), '42501');
      await expectSqlError(page(anon), '42501');
    });
  });

  it('reports leads and completed requests per campaign over a date range, to admins only', async () => {
    const spring = await addLead({ utm_source: 'google', utm_campaign: 'spring', source: '/' });
    await addLead({ utm_source: 'google', utm_campaign: 'spring', source: '/' });
    await addLead({
      utm_source: 'meta',
      utm_campaign: 'ramadan',
      source: 'hair-transplant-offer-page',
    });
    const old = await addLead({ utm_source: 'google', utm_campaign: 'spring', source: '/' });
    await save(sara, spring.id, 1, { status: 'completed' });
    await db.query(
      `update public.contact_requests set created_at = now() - interval '90 days' where id = $1`,
      [old.id],
    );
    const report = (actor: Actor) =>
      as(db, actor, async (tx) => {
        const { rows } = await tx.query<{ report: Record<string, unknown>[] }>(
          `select public.campaign_report(now() - interval '30 days', now() + interval '1 minute') as report`,
        );
        return rows[0]!.report;
      });
    expect(await report(sara)).toEqual([
      {
        utm_source: 'google',
        utm_campaign: 'spring',
        source: '/',
        leads: 2,
        in_progress: 0,
        completed: 1,
      },
      {
        utm_source: 'meta',
        utm_campaign: 'ramadan',
        source: 'hair-transplant-offer-page',
        leads: 1,
        in_progress: 0,
        completed: 0,
      },
    ]);
    expect(await report(user)).toEqual([]);
    await expectSqlError(report(anon), '42501');
  });
});
