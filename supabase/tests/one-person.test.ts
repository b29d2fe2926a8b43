import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import {
  type Actor,
  addPublicLead,
  anon,
  as,
  countRows,
  createLiveAdmin,
  createUser,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * One person, every channel (migrations 20261126110000–20261126110200): staff correct contact
 * details at the version they saw, enter requests from WhatsApp or the phone, see a person's
 * requests and the possible matches, merge and undo. Acted out by anon, a signed-in non-admin and
 * staff on every backend.
 */

interface Request {
  id: string;
  lead_id: string;
  version: number;
  name: string;
  phone: string;
  country_code: string | null;
  email: string | null;
  phone_key: string;
  person_id: string | null;
  entry_channel: string | null;
  entered_by_name: string | null;
  consent_how: string | null;
  consent_given_by: string | null;
  source: string | null;
}

const backends = await sqlBackends();

describe.each(backends)('one person on $name', (backend) => {
  let db: Database;
  let sara: Actor & { role: 'authenticated' };
  let user: Actor & { role: 'authenticated' };

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
  });

  /** A public lead as stored; returns its request. */
  async function addLead(overrides: Record<string, unknown>): Promise<Request> {
    const { requestId } = await addPublicLead(db, { ...overrides, name: `Lead ${Math.random()}` });
    return request(`id = '${requestId}'`);
  }

  async function request(where: string): Promise<Request> {
    const { rows } = await db.query<Request>(
      `select id::text, lead_id::text, version, name, phone, country_code, email, phone_key,
              person_id::text, entry_channel, entered_by_name, consent_how, consent_given_by, source
       from public.contact_requests where ${where}`,
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  const call = <T>(actor: Actor, sql: string, params: unknown[]) =>
    as(db, actor, async (tx: Queryable) => {
      const { rows } = await tx.query<{ result: T }>(`select ${sql} as result`, params);
      return rows[0]!.result;
    });

  const correct = (actor: Actor, id: string, version: number, changes: object) =>
    call<Request>(actor, `to_jsonb(public.correct_request_contact($1, $2, $3::jsonb))`, [
      id,
      version,
      JSON.stringify(changes),
    ]);

  const events = async (id: string) =>
    (
      await db.query<{ kind: string; author: string | null; old_value: string; new_value: string }>(
        `select kind, author, old_value, new_value from public.request_events
         where request_id = $1 order by id`,
        [id],
      )
    ).rows;

  const entry = (overrides: Record<string, unknown> = {}) => ({
    name: 'Mona from WhatsApp',
    phone: '966545024476',
    country_code: '+966',
    country: 'السعودية',
    service: 'dental-implants',
    message: 'Asked about implants on WhatsApp',
    channel: 'whatsapp',
    consent_how: 'Agreed in the WhatsApp chat to be called back',
    consent_given_at: new Date().toISOString(),
    consent_given_by: 'Mona herself',
    ...overrides,
  });

  const enter = (actor: Actor, value: object) =>
    call<Request>(actor, `to_jsonb(public.enter_request($1::jsonb))`, [JSON.stringify(value)]);

  describe('correcting contact details', () => {
    it('gives a national-only number its country: callable, an event, the duplicate linked', async () => {
      const full = await addLead({ phone: '966545024476', country_code: '+966' });
      const national = await addLead({ phone: '0545024476', country_code: null, country: null });
      expect(national.phone_key).not.toBe(full.phone_key);

      const saved = await correct(sara, national.id, national.version, {
        phone: '966545024476',
        country_code: '+966',
        country: 'السعودية',
        name: 'Layla Corrected',
        email: 'layla.new@example.com',
      });
      expect(saved.version).toBe(national.version + 1);
      const after = await request(`id = '${national.id}'`);
      expect(after.phone_key).toBe(full.phone_key);
      expect(after.name).toBe('Layla Corrected');
      const { rows: lead } = await db.query<{ phone: string; country_code: string }>(
        `select phone, country_code from public.offer_leads where id = $1`,
        [national.lead_id],
      );
      expect(lead[0]).toEqual({ phone: '966545024476', country_code: '+966' });
      expect(await events(national.id)).toEqual([
        expect.objectContaining({ kind: 'name', author: 'sara', new_value: 'Layla Corrected' }),
        expect.objectContaining({
          kind: 'phone',
          author: 'sara',
          old_value: '0545024476',
          new_value: '+966545024476',
        }),
        expect.objectContaining({ kind: 'email', new_value: 'layla.new@example.com' }),
      ]);
    });

    it('changes nothing at a stale version (PT409) and refuses a phone without its country', async () => {
      const lead = await addLead({ phone: '0545024476', country_code: null, country: null });
      await correct(sara, lead.id, lead.version, { name: 'First save' });
      const stale = await expectSqlError(
        correct(sara, lead.id, lead.version, { name: 'Second save' }),
        'PT409',
      );
      expect(stale.hint).toBe('stale_version');
      expect((await request(`id = '${lead.id}'`)).name).toBe('First save');
      await expectSqlError(
        correct(sara, lead.id, lead.version + 1, { phone: '966545024476' }),
        '22023',
      );
      await expectSqlError(
        correct(sara, lead.id, lead.version + 1, { phone: '966545024476', country_code: '' }),
        '23514',
      );
      await expectSqlError(
        correct(sara, lead.id, lead.version + 1, { email: 'not an address' }),
        '23514',
      );
      await expectSqlError(
        correct(sara, '00000000-0000-0000-0000-000000000000', 1, { name: 'Nobody' }),
        'PT404',
      );
    });

    it('is refused to anon and to a signed-in non-admin', async () => {
      const lead = await addLead({});
      await expectSqlError(correct(anon, lead.id, lead.version, { name: 'Anon' }), '42501');
      await expectSqlError(correct(user, lead.id, lead.version, { name: 'User' }), '42501');
      expect((await request(`id = '${lead.id}'`)).name).toBe(lead.name);
    });
  });

  describe('requests staff enter', () => {
    it('is a real lead: inbox row, channel and basis, an event, no mail, no public limits', async () => {
      const first = await enter(sara, entry());
      const stored = await request(`id = '${first.id}'`);
      expect(stored).toMatchObject({
        entry_channel: 'whatsapp',
        entered_by_name: 'sara',
        consent_how: 'Agreed in the WhatsApp chat to be called back',
        consent_given_by: 'Mona herself',
        source: 'staff:whatsapp',
        phone_key: '966545024476',
      });
      expect(await countRows(db, 'private.lead_notifications')).toBe(0);
      expect(await events(first.id)).toEqual([
        expect.objectContaining({ kind: 'entered', author: 'sara', new_value: 'whatsapp' }),
      ]);
      // Five leads per number and hour bind visitors; a coordinator entering more is not one.
      for (let index = 0; index < 6; index += 1) {
        await enter(sara, entry({ name: `Mona ${index}`, channel: 'phone' }));
      }
      expect(await countRows(db, 'public.contact_requests')).toBe(7);
      // A public lead is still mailed and still limited per number afterwards.
      await expectSqlError(
        as(db, anon, (tx) =>
          insertLead(tx, leadRow({ phone: '966545024476', country_code: '+966' })),
        ),
        'PT429',
      );
    });

    it('stores a retry with the same id once', async () => {
      const id = '4f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
      const first = await enter(sara, entry({ id }));
      const again = await enter(sara, entry({ id }));
      expect(again.id).toBe(first.id);
      expect(await countRows(db, 'public.contact_requests')).toBe(1);
    });

    it('needs the lawful basis, a country code and the lead constraints', async () => {
      await expectSqlError(enter(sara, entry({ consent_how: '' })), '23514');
      await expectSqlError(enter(sara, entry({ consent_given_by: null })), '23514');
      await expectSqlError(
        enter(sara, entry({ country_code: null, phone: '0545024476' })),
        '23514',
      );
      await expectSqlError(enter(sara, entry({ channel: 'fax' })), '23514');
      await expectSqlError(enter(sara, entry({ channel: null })), '23514');
      await expectSqlError(enter(sara, entry({ phone: '12' })), '23514');
      const future = new Date(Date.now() + 86_400_000).toISOString();
      await expectSqlError(enter(sara, entry({ consent_given_at: future })), '23514');
      expect(await countRows(db, 'public.offer_leads')).toBe(0);
    });

    it('is refused to anon and to a signed-in non-admin', async () => {
      await expectSqlError(enter(anon, entry()), '42501');
      await expectSqlError(enter(user, entry()), '42501');
      expect(await countRows(db, 'public.offer_leads')).toBe(0);
    });

    it('cannot be faked by a visitor: the entry columns stay empty on a public lead', async () => {
      const lead = await addLead({ source: 'staff:whatsapp' });
      expect(lead.entry_channel).toBeNull();
      expect(lead.entered_by_name).toBeNull();
      expect(await countRows(db, 'private.lead_notifications')).toBe(1);
    });
  });

  describe('a person, possible matches, merge and undo', () => {
    type Person = { person: { id: string }[]; possible: { id: string }[] };
    const person = (actor: Actor, id: string) =>
      call<Person>(actor, `public.person_requests($1)`, [id]);
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

    it('groups by canonical phone, offers the national-only number, merges and undoes', async () => {
      const a = await addLead({ phone: '966545024476', country_code: '+966' });
      const b = await addLead({ phone: '00966545024476', country_code: null, country: null });
      const national = await addLead({ phone: '0545024476', country_code: null, country: null });
      const other = await addLead({ phone: '963944123456', country_code: '+963' });

      let view = await person(sara, a.id);
      expect(ids(view.person)).toEqual(ids([a, b]));
      expect(ids(view.possible)).toEqual([national.id]);
      expect(ids((await person(sara, national.id)).possible)).toEqual(ids([a, b]));

      const merged = await call<{ person_id: string; merged: number }>(
        sara,
        `public.merge_requests($1, $2, gen_random_uuid()::text)`,
        [national.id, a.id],
      );
      expect(merged.merged).toBe(3);
      view = await person(sara, a.id);
      expect(ids(view.person)).toEqual(ids([a, b, national]));
      expect(view.possible).toEqual([]);
      expect(await events(national.id)).toEqual([
        expect.objectContaining({ kind: 'merge', author: 'sara', new_value: merged.person_id }),
      ]);
      await expectSqlError(
        call(sara, `public.merge_requests($1, $2, gen_random_uuid()::text)`, [a.id, b.id]),
        '22023',
      );
      expect(ids((await person(sara, other.id)).person)).toEqual([other.id]);

      const undone = await call<{ restored: number }>(
        sara,
        `public.undo_merge($1, gen_random_uuid()::text)`,
        [a.id],
      );
      expect(undone.restored).toBe(3);
      view = await person(sara, a.id);
      expect(ids(view.person)).toEqual(ids([a, b]));
      expect(ids(view.possible)).toEqual([national.id]);
      expect((await events(national.id)).map((event) => event.kind)).toEqual(['merge', 'unmerge']);
      await expectSqlError(
        call(sara, `public.undo_merge($1, gen_random_uuid()::text)`, [a.id]),
        '22023',
      );
      expect(await countRows(db, 'public.contact_requests')).toBe(4);
    });

    it('is refused to anon and to a signed-in non-admin', async () => {
      const a = await addLead({ phone: '966545024476', country_code: '+966' });
      const national = await addLead({ phone: '0545024476', country_code: null, country: null });
      for (const actor of [anon, user]) {
        await expectSqlError(call(actor, `public.person_requests($1)`, [a.id]), '42501');
        await expectSqlError(
          call(actor, `public.merge_requests($1, $2, gen_random_uuid()::text)`, [
            a.id,
            national.id,
          ]),
          '42501',
        );
        await expectSqlError(
          call(actor, `public.undo_merge($1, gen_random_uuid()::text)`, [a.id]),
          '42501',
        );
      }
      expect((await request(`id = '${national.id}'`)).person_id).toBeNull();
    });
  });
});
