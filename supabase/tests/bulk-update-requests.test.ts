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
 * Bulk status and assignment (migration 20261124131000_bulk_update_requests.sql): each selected
 * row changes only at the version the coordinator saw, the others come back as stale, and the
 * timeline is written by the existing triggers with the caller as author. Acted out by anon, a
 * signed-in non-admin and two admins on every backend.
 */

interface BulkResult {
  updated: { id: string; version: number }[];
  stale: { id: string; version: number }[];
  missing: string[];
}

const backends = await sqlBackends();

describe.each(backends)('bulk_update_requests on $name', (backend) => {
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

  /** `count` new requests, oldest first: their ids. */
  async function addLeads(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.push(
        (await addPublicLead(db, { name: `Bulk lead ${index} ${Math.random()}` })).requestId,
      );
    }
    return ids;
  }

  function bulk(actor: Actor, items: { id: string; version: number }[], changes: object) {
    return as(db, actor, async (tx) => {
      const { rows } = await tx.query<{ result: BulkResult }>(
        `select public.bulk_update_requests($1::jsonb, $2::jsonb) as result`,
        [
          JSON.stringify(items.map((item) => ({ id: item.id, expected_version: item.version }))),
          JSON.stringify(changes),
        ],
      );
      return rows[0]!.result;
    });
  }

  async function stored(ids: string[]) {
    const { rows } = await db.query<{
      id: string;
      version: number;
      status: string;
      assigned_to: string | null;
    }>(
      `select id::text, version, status::text, assigned_to::text
       from public.contact_requests where id = any($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  async function events(ids: string[]) {
    const { rows } = await db.query<{
      request_id: string;
      kind: string;
      author: string | null;
      author_id: string | null;
      new_value: string | null;
    }>(
      `select request_id::text, kind, author, author_id::text, new_value
       from public.request_events where request_id = any($1::uuid[]) order by id`,
      [ids],
    );
    return rows;
  }

  it('refuses anon and a signed-in non-admin, changing nothing', async () => {
    const ids = await addLeads(2);
    const items = ids.map((id) => ({ id, version: 1 }));
    await expectSqlError(bulk(anon, items, { status: 'completed' }), '42501');
    const refused = await expectSqlError(bulk(user, items, { status: 'completed' }), '42501');
    expect(refused.hint).toBe('not_admin');
    for (const row of (await stored(ids)).values()) {
      expect(row).toMatchObject({ version: 1, status: 'new' });
    }
    expect(await events(ids)).toEqual([]);
  });

  it('updates the rows still at the seen version and reports the stale one, per author', async () => {
    const ids = await addLeads(3);
    // Both coordinators see version 1 of all three; Omar changes the second one first.
    await as(db, omar, (tx) =>
      tx.query(`select public.update_request($1, 1, '{"status":"cancelled"}'::jsonb)`, [ids[1]]),
    );
    const result = await bulk(
      sara,
      ids.map((id) => ({ id, version: 1 })),
      { status: 'in_progress', assigned_to: staffIds['sara'] },
    );
    expect(result.updated.map((row) => row.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(result.updated.every((row) => row.version === 2)).toBe(true);
    expect(result.stale).toEqual([{ id: ids[1], version: 2 }]);
    expect(result.missing).toEqual([]);

    const rows = await stored(ids);
    expect(rows.get(ids[0]!)).toMatchObject({
      version: 2,
      status: 'in_progress',
      assigned_to: staffIds['sara'],
    });
    // Omar's change stands: the stale row was skipped, not overwritten.
    expect(rows.get(ids[1]!)).toMatchObject({ version: 2, status: 'cancelled', assigned_to: null });

    const storedEvents = await events(ids);
    const timeline = storedEvents.map(
      (event) => [ids.indexOf(event.request_id), event.kind, event.author] as const,
    );
    // Omar's change came first; within Sara's one statement the order of rows is the plan's.
    expect(timeline[0]).toEqual([1, 'status', 'omar']);
    expect(timeline.slice(1).sort()).toEqual([
      [0, 'assignment', 'sara'],
      [0, 'status', 'sara'],
      [2, 'assignment', 'sara'],
      [2, 'status', 'sara'],
    ]);
    expect(storedEvents.find((event) => event.author === 'sara')?.author_id).toBe(staffIds['sara']);
  });

  it('unassigns with a null assignee and reports erased requests as missing', async () => {
    const ids = await addLeads(2);
    await bulk(
      omar,
      ids.map((id) => ({ id, version: 1 })),
      { assigned_to: staffIds['omar'] },
    );
    await db.query(`delete from public.contact_requests where id = $1`, [ids[1]]);
    const result = await bulk(
      sara,
      ids.map((id) => ({ id, version: 2 })),
      { assigned_to: null },
    );
    expect(result).toEqual({ updated: [{ id: ids[0], version: 3 }], stale: [], missing: [ids[1]] });
    expect((await stored(ids)).get(ids[0]!)).toMatchObject({ assigned_to: null, status: 'new' });
  });

  it('accepts only status and assignment, valid values and a bounded list', async () => {
    const ids = await addLeads(1);
    const items = [{ id: ids[0]!, version: 1 }];
    const field = await expectSqlError(bulk(sara, items, { notes: 'x' }), '22023');
    expect(field.hint).toBe('unknown_field');
    await expectSqlError(bulk(sara, items, {}), '22023');
    await expectSqlError(bulk(sara, items, { status: 'lost' }), '22P02');
    await expectSqlError(bulk(sara, [], { status: 'completed' }), '22023');
    const many = Array.from({ length: 501 }, () => items[0]!);
    expect((await expectSqlError(bulk(sara, many, { status: 'new' }), '22023')).hint).toBe(
      'too_many',
    );
    await expectSqlError(
      bulk(sara, items, { assigned_to: '00000000-0000-4000-8000-000000000000' }),
      '23503',
    );
    expect((await stored(ids)).get(ids[0]!)).toMatchObject({ version: 1, status: 'new' });
  });
});
