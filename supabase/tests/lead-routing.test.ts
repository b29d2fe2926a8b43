import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import {
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * Routing new requests (migration 20261127120200_lead_routing.sql) as anon, a signed-in non-admin,
 * coordinators and an owner, on every backend: off by default; when the owner turns it on, round
 * robin among the staff on duty (by language and treatment when asked), in the request's insert
 * and in its timeline; coordinators mark only themselves on or off duty; staff entries and held
 * leads are not routed.
 */

const backends = await sqlBackends();

interface Routing {
  enabled: boolean;
  staff: { username: string; on_duty: boolean; languages: string[]; services: string[] }[];
}

describe.each(backends)('lead routing on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let sara: Actor & { role: 'authenticated' };
  let huda: Actor & { role: 'authenticated' };
  let omar: Actor & { role: 'authenticated' };
  let user: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`update private.routing_rule set enabled = false, by_language = false,
      by_service = false`);
    owner = await createLiveAdmin(db, 'nadia.owner', 'nadia long password', 'owner');
    sara = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    huda = await createLiveAdmin(db, 'huda', 'huda long password', 'coordinator');
    omar = await createLiveAdmin(db, 'omar', 'omar long password', 'coordinator');
    user = await createUser(db);
  });

  const call = <T>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx: Queryable) => (await tx.query<{ v: T }>(sql, params)).rows[0]?.v);

  /** Sends leads through the public form and returns each one's assignee (username or null). */
  async function arrive(...overrides: Record<string, unknown>[]): Promise<(string | null)[]> {
    const assignees: (string | null)[] = [];
    for (const override of overrides) {
      const name = `Routed ${Math.random().toString(36).slice(2, 8)}`;
      await as(db, anon, (tx) => insertLead(tx, leadRow({ ...override, name })));
      const { rows } = await db.query<{ username: string | null }>(
        `select a.username from public.contact_requests r
         left join private.admin_users a on a.id = r.assigned_to where r.name = $1`,
        [name],
      );
      assignees.push(rows[0]!.username);
    }
    return assignees;
  }

  const onDuty = (actor: Actor, on = true) =>
    call<boolean>(actor, `select public.set_my_duty($1) as v`, [on]);

  it('assigns nobody while the rule is off (the default), even with staff on duty', async () => {
    await onDuty(sara);
    expect(await arrive({}, {})).toEqual([null, null]);
    expect(await call(sara, `select public.my_duty() as v`)).toEqual({
      on_duty: true,
      routing_enabled: false,
    });
  });

  it('takes turns among the staff on duty, in the insert and in the timeline', async () => {
    await call(
      owner,
      `select public.save_routing_rule((public.routing_settings() ->> 'updated_at')::timestamptz, '{"enabled": true}') as v`,
    );
    for (const actor of [sara, huda, omar]) await onDuty(actor);
    const first = await arrive({}, {}, {});
    expect([...first].sort()).toEqual(['huda', 'omar', 'sara']);
    // The turn goes on in the same order: the one routed longest ago is next.
    expect(await arrive({}, {}, {})).toEqual(first);
    // Off duty, out of the turn; a disabled account too.
    await onDuty(huda, false);
    await db.query(`select private.set_admin_disabled('omar', true)`);
    expect(await arrive({}, {})).toEqual(['sara', 'sara']);
    const { rows } = await db.query(
      `select e.kind, e.author, e.old_value, e.new_value, e.version
       from public.request_events e join public.contact_requests r on r.id = e.request_id
       where r.assigned_to = (select id from private.admin_users where username = 'huda')`,
    );
    expect(rows).toEqual([
      { kind: 'routed', author: null, old_value: 'round_robin', new_value: 'huda', version: 1 },
      { kind: 'routed', author: null, old_value: 'round_robin', new_value: 'huda', version: 1 },
    ]);
    // Nobody on duty: the request waits unassigned (every coordinator is alerted).
    await onDuty(sara, false);
    expect(await arrive({})).toEqual([null]);
  });

  it('narrows the turn to the language and treatment of the request when the rule says so', async () => {
    await call(
      owner,
      `select public.save_routing_rule((public.routing_settings() ->> 'updated_at')::timestamptz, '{"enabled": true, "by_language": true}') as v`,
    );
    for (const actor of [sara, huda]) await onDuty(actor);
    const sid = await call<string>(sara, `select public.my_staff_id()::text as v`);
    const hid = await call<string>(huda, `select public.my_staff_id()::text as v`);
    await call(owner, `select public.set_staff_routing($1, '{"languages": ["ar"]}') as v`, [sid]);
    await call(owner, `select public.set_staff_routing($1, '{"languages": ["en"]}') as v`, [hid]);
    expect(await arrive({ language: 'en' }, { language: 'ar' }, { language: 'en' })).toEqual([
      'huda',
      'sara',
      'huda',
    ]);
    await call(
      owner,
      `select public.save_routing_rule((public.routing_settings() ->> 'updated_at')::timestamptz, '{"by_language": false, "by_service": true}') as v`,
    );
    await call(owner, `select public.set_staff_routing($1, '{"services": ["dental"]}') as v`, [
      sid,
    ]);
    await call(
      owner,
      `select public.set_staff_routing($1, '{"services": ["hairTransplant"]}') as v`,
      [hid],
    );
    expect(
      await arrive(
        { service: 'hair-transplant' },
        { service: 'dental-implants' },
        { service: 'ivf' },
      ),
    ).toEqual(['huda', 'sara', null]);
    const { rows } = await db.query(
      `select distinct old_value from public.request_events where kind = 'routed' order by 1`,
    );
    expect(rows).toEqual([
      { old_value: 'round_robin:language' },
      { old_value: 'round_robin:service' },
    ]);
  });

  it('leaves staff entries and held leads unrouted', async () => {
    await call(
      owner,
      `select public.save_routing_rule((public.routing_settings() ->> 'updated_at')::timestamptz, '{"enabled": true}') as v`,
    );
    await onDuty(sara);
    const entered = await call<{ assigned_to: string | null; first_contact_due_at: string | null }>(
      huda,
      `select to_jsonb(public.enter_request($1::jsonb)) as v`,
      [
        JSON.stringify({
          name: 'By Phone',
          phone: '966501112299',
          country_code: '+966',
          service: 'dental-implants',
          channel: 'phone',
          consent_how: 'agreed on the phone',
          consent_given_at: new Date().toISOString(),
          consent_given_by: 'the patient',
        }),
      ],
    );
    expect(entered).toMatchObject({ assigned_to: null, first_contact_due_at: null });
    // A lead held as doubtful: no turn, no clock until staff release it.
    const { rows: limits } = await db.query<{ n: number }>(
      `select per_address_per_10_minutes as n from private.lead_limit_settings`,
    );
    await db.exec(`update private.lead_limit_settings set per_address_per_10_minutes = 1`);
    const address = '203.0.113.9';
    const held: string[] = [];
    for (const name of ['Held One', 'Held Two']) {
      await as(db, { ...anon, address }, (tx) => insertLead(tx, leadRow({ name })));
      const { rows } = await db.query<{ id: string; held_reason: string | null }>(
        `select id::text, held_reason from public.contact_requests where name = $1`,
        [name],
      );
      if (rows[0]!.held_reason) held.push(rows[0]!.id);
    }
    await db.query(`update private.lead_limit_settings set per_address_per_10_minutes = $1`, [
      limits[0]!.n,
    ]);
    expect(held).toHaveLength(1);
    const before = await db.query(
      `select assigned_to, first_contact_due_at from public.contact_requests where id = $1`,
      held,
    );
    expect(before.rows).toEqual([{ assigned_to: null, first_contact_due_at: null }]);
    await call(
      huda,
      `select public.release_held_requests($1::uuid[], gen_random_uuid()::text) as v`,
      [held],
    );
    const after = await db.query<{ due: boolean }>(
      `select first_contact_due_at > now() as due from public.contact_requests where id = $1`,
      held,
    );
    expect(after.rows).toEqual([{ due: true }]);
  });

  it('lets a coordinator set only her own duty, and only owners the rule and the others', async () => {
    const sid = await call<string>(sara, `select public.my_staff_id()::text as v`);
    for (const actor of [anon, user]) {
      await expectSqlError(call(actor, `select public.set_my_duty(true) as v`), '42501');
      await expectSqlError(call(actor, `select public.routing_settings() as v`), '42501');
    }
    for (const actor of [anon, user, huda]) {
      await expectSqlError(
        call(
          actor,
          `select public.save_routing_rule((public.routing_settings() ->> 'updated_at')::timestamptz, '{"enabled": true}') as v`,
        ),
        '42501',
      );
      await expectSqlError(
        call(actor, `select public.set_staff_routing($1, '{"on_duty": true}') as v`, [sid]),
        '42501',
      );
    }
    await onDuty(huda);
    const seen = await call<Routing>(sara, `select public.routing_settings() as v`);
    expect(seen?.enabled).toBe(false);
    expect(seen?.staff.map((row) => [row.username, row.on_duty])).toEqual([
      ['huda', true],
      ['nadia.owner', false],
      ['omar', false],
      ['sara', false],
    ]);
    const changed = await call<Routing>(
      owner,
      `select public.set_staff_routing($1, '{"on_duty": true, "languages": ["en"], "services": ["ivf"]}') as v`,
      [sid],
    );
    expect(changed?.staff.find((row) => row.username === 'sara')).toMatchObject({
      on_duty: true,
      languages: ['en'],
      services: ['ivf'],
    });
    await expectSqlError(
      call(owner, `select public.set_staff_routing($1, '{"colour": "red"}') as v`, [sid]),
      '22023',
    );
    await expectSqlError(
      call(owner, `select public.set_staff_routing($1, '{"languages": ["fr"]}') as v`, [sid]),
      '22P02',
    );
  });
});
