import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { newPatientToken } from '../../src/lib/patient/link.ts';
import {
  anon,
  as,
  createUser,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * The patient link a stranger sends (issue 42, item 2; 20261202120100_server_checked_patient_token.sql):
 * only the shape the product's browser makes is kept (43 base64url characters, 256 bits, not
 * patterned), and a token already in use is replaced by a server-made one without an error, so
 * the insert's answer never tells whether a token exists.
 */

const backends = await sqlBackends();
const sha256 = (text: string) => createHash('sha256').update(text).digest();

describe.each(backends)('the patient link token on $name', (backend) => {
  let db: Database;
  let visitor: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.patient_page_calls`);
    visitor = await createUser(db);
  });

  /** The sha256 the database keeps for a lead's link, or null. */
  async function storedHash(leadId: string): Promise<Buffer | null> {
    const { rows } = await db.query<{ h: Buffer | Uint8Array | null }>(
      `select token_hash as h from private.patient_pages where lead_id = $1`,
      [leadId],
    );
    return rows[0]?.h ? Buffer.from(rows[0].h) : null;
  }

  /** The lead behind a token, as the patient's page resolves it (null: opens nothing). */
  async function leadOf(token: string): Promise<string | null> {
    const { rows } = await db.query<{ id: string | null }>(
      `select private.patient_lead_for_token($1)::text as id`,
      [token],
    );
    return rows[0]!.id;
  }

  it.each([
    ['the 22-character token the attack used', 'A'.repeat(22)],
    ['a constant token of the right length', 'A'.repeat(43)],
    ['a short repeating pattern of the right length', 'abcdefgh'.repeat(5) + 'abA'],
    [
      'a token whose last character carries more than 256 bits',
      newPatientToken().slice(0, 42) + 'B',
    ],
    ['a longer token', newPatientToken() + 'AAAA'],
    ['a token with characters outside base64url', newPatientToken().slice(0, 41) + '+A'],
  ])('refuses %s, as anon and as a signed-in visitor', async (_what, token) => {
    for (const actor of [anon, visitor] as Actor[]) {
      const id = crypto.randomUUID();
      const error = await expectSqlError(
        as(db, actor, (tx) => insertLead(tx, leadRow({ id, patient_token: token }))),
        '23514',
      );
      expect(error.hint).toBe('offer_leads_patient_token_format');
      expect(error.message).toContain('43 random base64url characters');
      expect(await storedHash(id)).toBeNull();
    }
    expect(await leadOf(token)).toBeNull();
  });

  it("keeps the browser's own token, the one the thank-you page shows", async () => {
    for (const actor of [anon, visitor] as Actor[]) {
      const token = newPatientToken();
      const id = crypto.randomUUID();
      expect(
        await as(db, actor, (tx) => insertLead(tx, leadRow({ id, patient_token: token }))),
      ).toBe(1);
      expect(await storedHash(id)).toEqual(sha256(token));
      expect(await leadOf(token)).toBe(id);
    }
  });

  it('answers a reused token exactly like a fresh one and gives the second lead a link of its own', async () => {
    const token = newPatientToken();
    const first = crypto.randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id: first, patient_token: token })));

    for (const actor of [anon, visitor] as Actor[]) {
      const second = crypto.randomUUID();
      // No error, no constraint name, no hash: the same answer as for an unused token.
      const stored = await as(db, actor, (tx) =>
        insertLead(tx, leadRow({ id: second, patient_token: token, email: 'omar@example.com' })),
      );
      expect(stored).toBe(1);
      const hash = await storedHash(second);
      expect(hash).not.toBeNull();
      expect(hash).not.toEqual(sha256(token));
      // The token still opens the first lead's page only.
      expect(await leadOf(token)).toBe(first);
      // The second lead's confirmation carries its own server-made link, which opens it.
      const { rows } = await db.query<{ link_token: string }>(
        `select link_token from private.patient_confirmations where lead_id = $1`,
        [second],
      );
      const own = rows[0]!.link_token;
      expect(own).not.toBe(token);
      expect(own).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await leadOf(own)).toBe(second);
      expect(sha256(own)).toEqual(hash);
    }
  });

  it('a retry of the same lead still stores it once with its first token', async () => {
    const token = newPatientToken();
    const id = crypto.randomUUID();
    const row = leadRow({ id, patient_token: token });
    await as(db, anon, (tx) => insertLead(tx, row));
    // The form's retry: the same id and token, with PostgREST's on conflict do nothing.
    await as(db, anon, (tx) =>
      tx.query(
        `insert into public.offer_leads (id, name, phone, patient_token)
         values ($1, $2, $3, $4) on conflict (id) do nothing`,
        [id, row['name'], row['phone'], token],
      ),
    );
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.offer_leads where id = $1`,
      [id],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await leadOf(token)).toBe(id);
  });

  it('a lead without a token gets a 256-bit server-made one', async () => {
    const id = crypto.randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id })));
    const { rows } = await db.query<{ link_token: string }>(
      `select link_token from private.patient_confirmations where lead_id = $1`,
      [id],
    );
    expect(rows[0]!.link_token).toMatch(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/);
    expect(await leadOf(rows[0]!.link_token)).toBe(id);
  });

  it('the check itself is not callable by the API roles', async () => {
    for (const actor of [anon, visitor] as Actor[]) {
      await expectSqlError(
        as(db, actor, (tx) =>
          tx.query(`select private.is_browser_patient_token($1)`, [newPatientToken()]),
        ),
        '42501',
      );
    }
  });

  it('a random 256-bit token from Node passes the check too (the shape is the encoding, not the maker)', async () => {
    const { rows } = await db.query<{ ok: boolean }>(
      `select bool_and(private.is_browser_patient_token(t)) as ok from unnest($1::text[]) t`,
      [Array.from({ length: 200 }, () => randomBytes(32).toString('base64url'))],
    );
    expect(rows[0]!.ok).toBe(true);
  });
});
