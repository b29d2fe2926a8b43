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
  serviceRole,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * A flood is stored as a flood; a patient is never refused for someone else's traffic
 * (supabase/migrations/20261126120000_held_leads.sql): what others send makes a lead held
 * («قيد التحقق»), never refused; only a sender's own repeats are refused.
 */

const backends = await sqlBackends();

describe.each(backends)('held leads on $name', (backend) => {
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
  beforeEach(async () => {
    await db.exec(`truncate public.offer_leads, private.lead_submissions cascade;
      update private.lead_limit_settings set global_per_10_minutes = 30,
        per_address_flood_per_10_minutes = 200`);
  });

  const from = (address: string): Actor => ({ ...anon, address });
  const send = (actor: Actor, row: Record<string, unknown> = {}) =>
    as(db, actor, (tx) => insertLead(tx, leadRow(row)));
  /** Each stored request's phone and hold, oldest first, with whether it has its own mail queued. */
  const stored = async () =>
    (
      await db.query<{ phone: string; held_reason: string | null; mailed: boolean }>(
        `select r.phone, r.held_reason,
                exists (select 1 from private.lead_notifications n
                        where n.lead_id = r.lead_id and not n.digest) as mailed
         from public.contact_requests r order by r.created_at, r.phone`,
      )
    ).rows;
  const ageSubmissions = (minutes: number) =>
    db.query(
      `update private.lead_submissions set submitted_at = submitted_at - make_interval(mins => $1);
       `.trim(),
      [minutes],
    );

  it('holds, never refuses, the next person behind a busy address; others go on', async () => {
    const carrier = from('198.51.100.7');
    for (let i = 0; i < 5; i++) expect(await send(carrier)).toBe(1);
    expect(await send(carrier, { phone: '966501112233' })).toBe(1);
    // A fresh anonymous session from the same address is the same address.
    expect(await send({ ...(await createUser(db)), address: '198.51.100.7' })).toBe(1);
    expect(await send(from('203.0.113.20'), { phone: '966507654321' })).toBe(1);
    const rows = await stored();
    expect(rows.map((row) => row.held_reason)).toEqual([
      null,
      null,
      null,
      null,
      null,
      'address',
      'address',
      null,
    ]);
    expect(rows.map((row) => row.mailed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      true,
    ]);
    await ageSubmissions(11);
    expect(await send(carrier)).toBe(1);
    expect((await stored()).at(-1)?.held_reason).toBeNull();
  });

  it('refuses only the sender who repeats: one number, one address, the 6th time in an hour', async () => {
    const phone = '966598765432';
    for (let i = 0; i < 5; i++) expect(await send(from('198.51.100.7'), { phone })).toBe(1);
    const error = await expectSqlError(send(from('198.51.100.7'), { phone }), 'PT429');
    expect(error.hint).toBe('rate_limited');
    expect(error.detail).toBe('limit: 5 leads per phone number per hour');
    await db.query(`update public.offer_leads set created_at = created_at - interval '61 minutes'`);
    await ageSubmissions(61);
    expect(await send(from('198.51.100.7'), { phone })).toBe(1);
  });

  it("a stranger cannot block a patient's number: five sends from five addresses hold, not refuse, the patient", async () => {
    const victim = '966598765432';
    const spellings = ['0598765432', '00966598765432', '598765432', '966598765432', '0598765432'];
    for (const [i, phone] of spellings.entries()) {
      expect(await send(from(`198.51.100.${i + 1}`), { phone })).toBe(1);
    }
    expect(await send(from('203.0.113.20'), { phone: victim })).toBe(1);
    const patient = (await stored()).at(-1);
    expect(patient).toMatchObject({ phone: victim, held_reason: 'phone', mailed: false });
  });

  it('holds a flood from many addresses; patients with history are accepted as usual', async () => {
    await db.query(`update private.lead_limit_settings set global_per_10_minutes = 8`);
    const known = '966500000099';
    expect(await send(from('203.0.113.50'), { phone: known })).toBe(1);
    await db.query(`update public.offer_leads set created_at = created_at - interval '2 days'`);
    await ageSubmissions(30);
    for (let i = 0; i < 8; i++) expect(await send(from(`198.51.100.${i + 1}`))).toBe(1);
    for (let i = 0; i < 5; i++) {
      expect(await send(from(`203.0.113.${i + 1}`), { phone: `96650000010${i}` })).toBe(1);
    }
    // The patient who wrote before, from a new address, and one from the address with history.
    expect(await send(from('192.0.2.1'), { phone: known })).toBe(1);
    expect(await send(from('203.0.113.50'), { phone: '966500000200' })).toBe(1);
    const rows = await stored();
    expect(rows.map((row) => row.held_reason)).toEqual([
      ...Array(9).fill(null),
      ...Array(5).fill('flood'),
      null,
      null,
    ]);
    await ageSubmissions(11);
    expect(await send(from('203.0.113.9'))).toBe(1);
    expect((await stored()).at(-1)?.held_reason).toBeNull();
  });

  it('mails one digest with the count for every held lead of the hour, none of their text', async () => {
    const busy = from('198.51.100.7');
    for (let i = 0; i < 8; i++) expect(await send(busy, { name: `Bot ${i}` })).toBe(1);
    const { rows } = await db.query<{ digests: number; singles: number }>(
      `select count(*) filter (where digest)::int as digests,
              count(*) filter (where not digest)::int as singles
       from private.lead_notifications`,
    );
    expect(rows[0]).toEqual({ digests: 1, singles: 5 });
    const claimed = await as(db, serviceRole, async (tx: Queryable) => {
      const result = await tx.query<{ c: Record<string, unknown>[] }>(
        `select public.claim_lead_notifications(null, 50) as c`,
      );
      return result.rows[0]?.c ?? [];
    });
    const digest = claimed.find((item) => item['digest'] === true);
    expect(digest).toMatchObject({ digest: true, held: 3 });
    expect(digest).not.toHaveProperty('name');
    expect(claimed.filter((item) => item['digest'] !== true)).toHaveLength(5);
  });

  it('refuses as busy only an outright flood from one address', async () => {
    await db.query(`update private.lead_limit_settings set per_address_flood_per_10_minutes = 7`);
    const bot = from('198.51.100.7');
    for (let i = 0; i < 7; i++) expect(await send(bot)).toBe(1);
    const error = await expectSqlError(send(bot), 'PT503');
    expect(error.hint).toBe('busy');
    expect(error.detail).toBe('limit: 7 leads per client address per 10 minutes');
    expect(await send(from('203.0.113.20'))).toBe(1);
  });

  it('replaces a held_reason the caller sends, and does not limit staff entry or the service role', async () => {
    expect(await send(from('203.0.113.20'), { held_reason: 'flood' })).toBe(1);
    expect((await stored())[0]?.held_reason).toBeNull();
    const phone = '966511111111';
    const staff = { ...admin, address: '198.51.100.9' };
    await as(db, staff, async (tx) => {
      await tx.query(`select set_config('rihla.staff_entry', 'on', true)`);
      for (let i = 0; i < 7; i++) expect(await insertLead(tx, leadRow({ phone }))).toBe(1);
    });
    for (let i = 0; i < 6; i++) expect(await send(serviceRole, { phone })).toBe(1);
    expect((await stored()).filter((row) => row.held_reason !== null)).toEqual([]);
  });

  it('staff release held requests into the inbox; nobody else can', async () => {
    const busy = from('198.51.100.7');
    for (let i = 0; i < 6; i++) expect(await send(busy)).toBe(1);
    const { rows } = await db.query<{ id: string }>(
      `select id from public.contact_requests where held_reason is not null`,
    );
    const ids = rows.map((row) => row.id);
    expect(ids).toHaveLength(1);
    const release = (actor: Actor) =>
      as(db, actor, async (tx) => {
        const result = await tx.query<{ n: number }>(
          `select public.release_held_requests($1::uuid[], gen_random_uuid()::text) as n`,
          [ids],
        );
        return result.rows[0]?.n;
      });
    await expectSqlError(release(anon), '42501');
    await expectSqlError(release(await createUser(db)), '42501');
    expect(await release(admin)).toBe(1);
    expect((await stored()).filter((row) => row.held_reason !== null)).toEqual([]);
    const { rows: leads } = await db.query(
      `select 1 from public.offer_leads where held_reason is not null`,
    );
    expect(leads).toEqual([]);
  });
});
