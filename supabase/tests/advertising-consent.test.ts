import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { site } from '../../src/config/site.ts';
import { ar } from '../../src/i18n/ui/ar.ts';
import { en } from '../../src/i18n/ui/en.ts';
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
 * The advertising opt-in (supabase/migrations/20261126150000_advertising_consent.sql): stored only
 * when ticked, with the version of the exact wording the box showed and the server's time; withdrawn
 * by a stamp that only the database's functions write, never by the public.
 */

const backends = await sqlBackends();
const version = site.advertisingConsent.version;

interface AdvertisingRow {
  advertising_consent_version: string | null;
  advertising_consented_at: Date | null;
  advertising_withdrawn_at: Date | null;
  created_at: Date;
}

describe.each(backends)('advertising consent on $name', (backend) => {
  let db: Database;
  let admin: Actor;

  const recordOf = async (id: string) =>
    (
      await db.query<AdvertisingRow>(
        `select advertising_consent_version, advertising_consented_at, advertising_withdrawn_at,
                created_at
         from public.offer_leads where id = $1`,
        [id],
      )
    ).rows[0];
  const ticked = async (overrides: Record<string, unknown> = {}) => {
    const id = randomUUID();
    await as(db, anon, (tx) =>
      insertLead(
        tx,
        leadRow({
          id,
          source: 'next-offer:hair-transplant',
          advertising_consent_version: version,
          ...overrides,
        }),
      ),
    );
    return id;
  };
  const withdraw = (actor: Actor, id: string) =>
    as(db, actor, async (tx) => {
      const { rows } = await tx.query<{ ok: boolean }>(
        `select public.withdraw_advertising_consent($1) as ok`,
        [id],
      );
      return rows[0]?.ok;
    });

  beforeAll(async () => {
    db = await backend.open();
    await resetData(db);
    admin = await createLiveAdmin(db);
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec(`truncate public.offer_leads, private.lead_submissions cascade`);
  });

  it('keeps the exact wording the box shows, in both languages', async () => {
    const { rows } = await db.query<{ language: string; body: string }>(
      `select language::text, body from private.advertising_consent_texts where version = $1
       order by language`,
      [version],
    );
    expect(rows).toEqual([
      { language: 'ar', body: ar['consent.advertising'] },
      { language: 'en', body: en['consent.advertising'] },
    ]);
  });

  it('stores a ticked opt-in with its version and the server time, whatever the browser sends', async () => {
    const id = await ticked({
      advertising_consented_at: '2020-01-01T00:00:00Z',
      advertising_withdrawn_at: '2020-01-02T00:00:00Z',
    });
    const row = await recordOf(id);
    expect(row?.advertising_consent_version).toBe(version);
    expect(row?.advertising_consented_at?.getTime()).toBe(row?.created_at.getTime());
    expect(row?.advertising_withdrawn_at).toBeNull();
  });

  it('stores no consent when the box was not ticked, even with a time sent', async () => {
    const id = randomUUID();
    await as(db, anon, (tx) =>
      insertLead(tx, leadRow({ id, advertising_consented_at: '2026-11-26T10:00:00Z' })),
    );
    expect(await recordOf(id)).toMatchObject({
      advertising_consent_version: null,
      advertising_consented_at: null,
      advertising_withdrawn_at: null,
    });
  });

  it('refuses a wording that was never published, or one in another language', async () => {
    await expectSqlError(ticked({ advertising_consent_version: '9.9' }), '23514');
    await db.exec(`insert into private.advertising_consent_texts (version, language, body, effective_on)
                   values ('0.5', 'en', 'An English-only wording of the opt-in.', '2026-11-26')`);
    try {
      await expectSqlError(ticked({ advertising_consent_version: '0.5', language: 'ar' }), '23514');
    } finally {
      await db.exec(`delete from private.advertising_consent_texts where version = '0.5'`);
    }
  });

  it('lets neither the public nor a signed-in visitor read the wordings or withdraw', async () => {
    const id = await ticked();
    const visitor = await createUser(db);
    for (const actor of [anon, visitor]) {
      await expectSqlError(
        as(db, actor, (tx) => tx.query(`select * from private.advertising_consent_texts`)),
        '42501',
      );
      await expectSqlError(
        as(db, actor, (tx) => tx.query(`select private.withdraw_advertising_consent($1)`, [id])),
        '42501',
      );
    }
    await expectSqlError(withdraw(anon, id), '42501');
    const refused = await expectSqlError(withdraw(visitor, id), '42501');
    expect(refused.hint).toBe('not_admin');
    expect((await recordOf(id))?.advertising_withdrawn_at).toBeNull();
  });

  it('lets staff record a withdrawal once, keeping the consent and its first time', async () => {
    const id = await ticked();
    expect(await withdraw(admin, id)).toBe(true);
    const first = (await recordOf(id))!;
    expect(first.advertising_consent_version).toBe(version);
    expect(first.advertising_withdrawn_at).not.toBeNull();
    expect(first.advertising_withdrawn_at!.getTime()).toBeGreaterThanOrEqual(
      first.advertising_consented_at!.getTime(),
    );
    expect(await withdraw(admin, id)).toBe(false);
    expect((await recordOf(id))!.advertising_withdrawn_at!.getTime()).toBe(
      first.advertising_withdrawn_at!.getTime(),
    );
    // Once in the timeline, by the staff member who recorded it.
    const { rows: events } = await db.query<{ author: string | null; new_value: string }>(
      `select e.author, e.new_value from public.request_events e
       join public.contact_requests r on r.id = e.request_id
       where r.lead_id = $1 and e.kind = 'advertising_withdrawn'`,
      [id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.new_value).toBe('staff');
    expect(events[0]!.author).toEqual(expect.any(String));
    // Nothing to withdraw where nothing was given.
    const plain = randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id: plain })));
    expect(await withdraw(admin, plain)).toBe(false);
    expect((await recordOf(plain))?.advertising_withdrawn_at).toBeNull();
  });

  it('withdraws by the lead id for a security-definer caller (the patient page’s RPC)', async () => {
    const id = await ticked();
    // The API roles, the service role included, cannot call it directly.
    await expectSqlError(
      as(db, serviceRole, (tx) =>
        tx.query(`select private.withdraw_advertising_consent($1)`, [id]),
      ),
      '42501',
    );
    // A function owned by the database owner (as the patient page's RPC will be) can.
    const { rows } = await db.query<{ ok: boolean }>(
      `select private.withdraw_advertising_consent($1) as ok`,
      [id],
    );
    expect(rows[0]?.ok).toBe(true);
    expect((await recordOf(id))?.advertising_withdrawn_at).not.toBeNull();
  });

  it('lets no one edit the record directly, not even staff', async () => {
    const id = await ticked();
    for (const column of ['advertising_withdrawn_at', 'advertising_consented_at']) {
      await expectSqlError(
        as(db, admin, (tx) =>
          tx.query(`update public.offer_leads set ${column} = now() where id = $1`, [id]),
        ),
        '42501',
      );
    }
    // And on any path the record stays coherent: no withdrawal without a consent before it.
    await expectSqlError(
      db.query(
        `update public.offer_leads set advertising_withdrawn_at = advertising_consented_at - interval '1 day'
         where id = $1`,
        [id],
      ),
      '23514',
    );
    await expectSqlError(
      db.query(`update public.offer_leads set advertising_consented_at = null where id = $1`, [id]),
      '23514',
    );
  });

  it('lets the patient withdraw on their own page, by their own link only, once, in the timeline', async () => {
    const link = () => randomBytes(32).toString('base64url');
    const token = link();
    const id = await ticked({ patient_token: token });
    const neighbour = await ticked({ patient_token: link() });
    const plainToken = link();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ patient_token: plainToken })));
    const call = (actor: Actor, fn: string, key: string) =>
      as(db, actor, async (tx) => {
        const { rows } = await tx.query<{ answer: Record<string, unknown> | null }>(
          `select public.${fn}($1) as answer`,
          [key],
        );
        return rows[0]?.answer ?? null;
      });
    const user = await createUser(db);

    expect((await call(anon, 'patient_request', token))?.['advertising']).toBe(true);
    expect((await call(anon, 'patient_request', plainToken))?.['advertising']).toBeNull();
    // A wrong link changes nothing and tells nothing, whoever sends it.
    for (const actor of [anon, user, admin])
      expect(await call(actor, 'patient_withdraw_advertising', link())).toBeNull();
    expect((await recordOf(id))?.advertising_withdrawn_at).toBeNull();

    expect(await call(anon, 'patient_withdraw_advertising', token)).toEqual({
      ok: true,
      withdrawn: true,
    });
    expect((await recordOf(id))?.advertising_withdrawn_at).not.toBeNull();
    expect((await recordOf(id))?.advertising_consent_version).toBe(version);
    expect((await recordOf(neighbour))?.advertising_withdrawn_at).toBeNull();
    expect((await call(anon, 'patient_request', token))?.['advertising']).toBe(false);
    // Again: nothing left to withdraw, and no second entry.
    expect(await call(anon, 'patient_withdraw_advertising', token)).toEqual({
      ok: true,
      withdrawn: false,
    });
    expect(await call(anon, 'patient_withdraw_advertising', plainToken)).toEqual({
      ok: true,
      withdrawn: false,
    });
    const { rows } = await db.query<{ author: string | null }>(
      `select e.author from public.request_events e
       join public.contact_requests r on r.id = e.request_id
       where r.lead_id = $1 and e.kind = 'advertising_withdrawn'`,
      [id],
    );
    expect(rows).toEqual([{ author: null }]);
  });
});
