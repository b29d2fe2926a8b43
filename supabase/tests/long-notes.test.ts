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
 * Admin notes hold a whole WhatsApp chat (migration 20261126105000_long_admin_notes.sql): 20,000
 * characters are stored whole, in the request and in its timeline; one more is refused with
 * nothing changed; and only a live admin writes notes at all. On every backend.
 */

const backends = await sqlBackends();

/** A chat of exactly `length` characters, Arabic with line breaks, as WhatsApp exports it. */
function chat(length: number): string {
  const line = '[24/11/2026، 09:30] سارة: المريض أرسل التحاليل وجواز السفر\n';
  return (line.repeat(Math.ceil(length / line.length)).slice(0, length - 1) + 'ت').slice(0, length);
}

describe.each(backends)('long admin notes on $name', (backend) => {
  let db: Database;
  let sara: Actor & { role: 'authenticated' };
  let user: Actor & { role: 'authenticated' };
  let id: string;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  beforeEach(async () => {
    await resetData(db);
    sara = await createLiveAdmin(db, 'sara', 'sara long password');
    user = await createUser(db);
    id = (await addPublicLead(db)).requestId;
  });

  function save(actor: Actor, version: number, notes: string) {
    return as(db, actor, (tx) =>
      tx.query(`select id from public.update_request($1, $2, $3::jsonb)`, [
        id,
        version,
        JSON.stringify({ notes }),
      ]),
    );
  }

  async function stored() {
    const { rows } = await db.query<{ notes: string | null; version: number; event: string }>(
      `select r.notes, r.version,
         (select e.new_value from public.request_events e
          where e.request_id = r.id and e.kind = 'note' order by e.id desc limit 1) as event
       from public.contact_requests r where r.id = $1`,
      [id],
    );
    return rows[0]!;
  }

  it('stores a 20,000-character chat whole, in the request and its timeline', async () => {
    const notes = chat(20_000);
    expect([...notes].length).toBe(20_000);
    await save(sara, 1, notes);
    const row = await stored();
    expect(row.notes).toBe(notes);
    expect(row.event).toBe(notes);
    expect(row.version).toBe(2);
  });

  it('refuses one character more and changes nothing', async () => {
    await expectSqlError(save(sara, 1, chat(20_001)), '23514');
    expect(await stored()).toMatchObject({ notes: null, version: 1, event: null });
  });

  it('lets neither anon nor a signed-in non-admin write notes', async () => {
    await expectSqlError(save(anon, 1, 'x'), '42501');
    // Row-level security hides the request from a non-admin: there is nothing to update.
    await expectSqlError(save(user, 1, 'x'), 'PT404');
    expect(await stored()).toMatchObject({ notes: null, version: 1 });
  });
});
