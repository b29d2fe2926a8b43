import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { site } from '../../src/config/site.ts';
import {
  anon,
  as,
  countRows,
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
 * Consent recorded with every lead (supabase/migrations/20261123150000_consent_records.sql): the
 * policy version the form showed, checked against the published ones, and the server's time of
 * agreement, which no one can set or change afterwards.
 */

const backends = await sqlBackends();

interface ConsentRow {
  policy_version: string | null;
  consented_at: Date | null;
  created_at: Date;
}

describe.each(backends)('consent records on $name', (backend) => {
  let db: Database;
  let admin: Actor;

  const consentOf = async (id: string) => {
    const { rows } = await db.query<ConsentRow>(
      `select policy_version, consented_at, created_at from public.offer_leads where id = $1`,
      [id],
    );
    return rows[0];
  };
  const serverNow = async () =>
    (await db.query<{ now: Date }>(`select clock_timestamp() as now`)).rows[0]!.now;

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

  it('publishes the version and date the site shows on /privacy and /terms', async () => {
    const { rows } = await db.query<{ version: string; effective_on: string }>(
      `select version, effective_on::text from private.policy_versions
       order by effective_on desc limit 1`,
    );
    expect(rows[0]).toEqual({
      version: site.policies.version,
      effective_on: site.policies.effective,
    });
  });

  it('stores the version a visitor was shown and the server time of agreement', async () => {
    const id = randomUUID();
    const before = await serverNow();
    const inserted = await as(db, anon, (tx) =>
      insertLead(tx, leadRow({ id, policy_version: site.policies.version })),
    );
    const after = await serverNow();
    expect(inserted).toBe(1);
    const row = await consentOf(id);
    expect(row?.policy_version).toBe(site.policies.version);
    expect(row?.consented_at).toBeInstanceOf(Date);
    expect(row!.consented_at!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(row!.consented_at!.getTime()).toBeLessThanOrEqual(after.getTime());
    expect(row!.consented_at!.getTime()).toBe(row!.created_at.getTime());
  });

  it('ignores a consent time sent by the browser and uses its own', async () => {
    const id = randomUUID();
    const before = await serverNow();
    await as(db, anon, (tx) =>
      insertLead(
        tx,
        leadRow({
          id,
          policy_version: site.policies.version,
          consented_at: '2020-01-01T00:00:00Z',
        }),
      ),
    );
    const row = await consentOf(id);
    expect(row!.consented_at!.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('refuses a version that was never published, storing nothing', async () => {
    const error = await expectSqlError(
      as(db, anon, (tx) => insertLead(tx, leadRow({ policy_version: '9.9' }))),
      '23514',
    );
    expect(error.message).toContain('Unknown privacy policy version');
    expect(error.hint).toBe('offer_leads_policy_version_known');
    expect(await countRows(db, 'public.offer_leads')).toBe(0);
    expect(await countRows(db, 'public.contact_requests')).toBe(0);
  });

  it('records the latest version for a lead that names none', async () => {
    const id = randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id })));
    expect((await consentOf(id))?.policy_version).toBe(site.policies.version);
  });

  it('records consent for a signed-in visitor and the service role alike', async () => {
    const user = await createUser(db);
    const viaUser = randomUUID();
    const viaService = randomUUID();
    await as(db, user, (tx) =>
      insertLead(tx, leadRow({ id: viaUser, policy_version: site.policies.version })),
    );
    await as(db, serviceRole, (tx) => insertLead(tx, leadRow({ id: viaService })));
    for (const id of [viaUser, viaService]) {
      const row = await consentOf(id);
      expect(row?.policy_version).toBe(site.policies.version);
      expect(row?.consented_at).toBeInstanceOf(Date);
    }
  });

  it('lets admins read the record but never change it', async () => {
    const id = randomUUID();
    await as(db, anon, (tx) =>
      insertLead(tx, leadRow({ id, policy_version: site.policies.version })),
    );
    const seen = await as(db, admin, (tx) =>
      tx.query<{ policy_version: string; consented: boolean }>(
        `select policy_version, consented_at is not null as consented
         from public.offer_leads where id = $1`,
        [id],
      ),
    );
    expect(seen.rows).toEqual([{ policy_version: site.policies.version, consented: true }]);
    for (const change of [
      `update public.offer_leads set consented_at = now() - interval '1 year' where id = $1`,
      `update public.offer_leads set policy_version = null where id = $1`,
    ]) {
      await expectSqlError(
        as(db, admin, (tx) => tx.query(change, [id])),
        '42501',
      );
    }
    // Visitors can read back nothing but the id of the row they are inserting.
    await expectSqlError(
      as(db, anon, (tx) =>
        tx.query(`select policy_version from public.offer_leads where id = $1`, [id]),
      ),
      '42501',
    );
  });

  it('shows the same record on the lead’s inbox row, read-only for admins', async () => {
    const id = randomUUID();
    await as(db, anon, (tx) =>
      insertLead(tx, leadRow({ id, policy_version: site.policies.version })),
    );
    const lead = await consentOf(id);
    const { rows } = await as(db, admin, (tx) =>
      tx.query<{ id: string; policy_version: string; consented_at: Date }>(
        `select id::text, policy_version, consented_at from public.contact_requests
         where lead_id = $1`,
        [id],
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.policy_version).toBe(site.policies.version);
    expect(rows[0]?.consented_at.getTime()).toBe(lead!.consented_at!.getTime());
    await expectSqlError(
      as(db, admin, (tx) =>
        tx.query(`update public.contact_requests set consented_at = now() where id = $1`, [
          rows[0]!.id,
        ]),
      ),
      '42501',
    );
  });

  it('keeps a retried submission’s first consent time', async () => {
    const id = randomUUID();
    await as(db, anon, (tx) =>
      insertLead(tx, leadRow({ id, policy_version: site.policies.version })),
    );
    const first = (await consentOf(id))!.consented_at!.getTime();
    // The retry arrives later and is stored once (prepare_offer_lead skips known ids).
    expect(
      await as(db, anon, (tx) =>
        insertLead(tx, leadRow({ id, policy_version: site.policies.version })),
      ),
    ).toBe(0);
    expect((await consentOf(id))!.consented_at!.getTime()).toBe(first);
  });

  it('never stores a version without its consent time, on any path', async () => {
    await expectSqlError(
      db.query(
        `insert into public.offer_leads (name, phone, policy_version)
         values ('Layla Haddad', '966501234567', 'not-published')`,
      ),
      '23514',
    );
    // With the trigger out of the way (as a bulk import might be), the constraints still hold.
    await db.exec(`alter table public.offer_leads disable trigger record_lead_consent`);
    try {
      await expectSqlError(
        db.query(
          `insert into public.offer_leads (name, phone, policy_version)
           values ('Layla Haddad', '966501234567', '1.0')`,
        ),
        '23514',
      );
      await expectSqlError(
        db.query(
          `insert into public.offer_leads (name, phone, policy_version, consented_at)
           values ('Layla Haddad', '966501234567', 'not-published', now())`,
        ),
        '23503',
      );
    } finally {
      await db.exec(`alter table public.offer_leads enable trigger record_lead_consent`);
    }
  });
});
