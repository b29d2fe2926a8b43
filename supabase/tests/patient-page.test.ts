import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { erasePerson, exportPerson } from '../../local/person-data.ts';
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
 * The patient's page (migrations 20261126140000–140200): the token is stored only as its hash, one
 * function keyed by it answers the patient-facing fields of that one request and null for a wrong,
 * revoked, expired or erased token, the patient's actions are limited per link and per address,
 * staff revoke and re-issue, and the confirmation outbox holds the raw token only until it is sent.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface PatientView {
  reference: string;
  first_name: string;
  service: string;
  status: string;
  step: string | null;
  manager: { name: string; whatsapp: string | null } | null;
  phone_hint: string;
  email_hint: string | null;
}

describe.each(backends)('patient page on $name', (backend) => {
  let db: Database;
  let staff: Actor & { role: 'authenticated' };
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
    staff = await createLiveAdmin(db, 'sara', 'sara long password');
    visitor = await createUser(db);
  });

  async function submit(overrides: Record<string, unknown> = {}, actor: Actor = anon) {
    const token = newToken();
    const id = crypto.randomUUID();
    await as(db, actor, (tx) =>
      insertLead(tx, leadRow({ id, patient_token: token, ...overrides })),
    );
    const { rows } = await db.query<{ id: string; reference: string }>(
      `select id::text, reference from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { token, leadId: id, requestId: rows[0]!.id, reference: rows[0]!.reference };
  }

  const view = (token: string, actor: Actor = anon, opened = true) =>
    as(db, actor, async (tx) => {
      const { rows } = await tx.query<{ v: PatientView | null }>(
        `select public.patient_request($1, $2) as v`,
        [token, opened],
      );
      return rows[0]!.v;
    });

  const call = (actor: Actor, sql: string, params: unknown[]) =>
    as(db, actor, async (tx) => (await tx.query<{ r: unknown }>(sql, params)).rows[0]!.r);

  it('keeps only the hash of the token, and a readable reference', async () => {
    const { token, leadId, reference } = await submit({ email: null });
    expect(reference).toMatch(/^RC-[2346789ACDEFHJKMNPRTWXY]{4}-[2346789ACDEFHJKMNPRTWXY]{2}$/);
    const { rows } = await db.query<{ raw: string | null; hash: string }>(
      `select l.patient_token as raw, encode(p.token_hash, 'hex') as hash
       from public.offer_leads l join private.patient_pages p on p.lead_id = l.id where l.id = $1`,
      [leadId],
    );
    expect(rows[0]).toEqual({ raw: null, hash: sha256(token) });
    // No e-mail: no confirmation, so the raw token is nowhere in the database.
    const dump = await db.query<{ t: string }>(
      `select (select string_agg(to_jsonb(l)::text, ' ') from public.offer_leads l)
         || (select string_agg(to_jsonb(r)::text, ' ') from public.contact_requests r)
         || (select string_agg(to_jsonb(p)::text, ' ') from private.patient_pages p) as t`,
    );
    expect(dump.rows[0]!.t).not.toContain(token);
    expect(await countRows(db, 'private.patient_confirmations')).toBe(0);
  });

  it('refuses a malformed token and never stores one the direct way', async () => {
    await expectSqlError(
      as(db, anon, (tx) => insertLead(tx, leadRow({ patient_token: 'short' }))),
      '23514',
    );
    await expectSqlError(
      db.query(
        `insert into public.offer_leads (name, phone, patient_token) values ('Ali Ahmad', '966501234567', 'x')`,
      ),
      '23514',
    );
    await submit();
    await expectSqlError(
      db.query(`update public.offer_leads set patient_token = $1`, [newToken()]),
      '23514',
    );
  });

  it('answers the patient-facing fields of that request only', async () => {
    const mine = await submit({
      name: 'Layla Haddad',
      phone: '966501234567',
      notes: 'my own note',
    });
    const other = await submit({ name: 'Omar Said', email: 'omar@example.com' });
    await as(db, staff, (tx) =>
      tx.query(`update public.contact_requests set notes = 'STAFF-ONLY remark' where id = $1`, [
        mine.requestId,
      ]),
    );
    for (const actor of [anon, visitor, staff]) {
      const seen = await view(mine.token, actor);
      expect(seen).toMatchObject({
        reference: mine.reference,
        first_name: 'Layla',
        service: 'dental',
        status: 'new',
        step: null,
        manager: null,
        phone_hint: '567',
        email_hint: 'l…@example.com',
      });
      const text = JSON.stringify(seen);
      for (const secret of [
        'STAFF-ONLY',
        'Omar',
        other.reference,
        'Haddad',
        '501234567',
        'my own note',
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('answers null for a wrong, revoked, expired or erased token', async () => {
    const first = await submit();
    expect(await view(newToken())).toBeNull();
    expect(await view('')).toBeNull();
    expect(
      await view(first.token.slice(0, -1) + (first.token.endsWith('A') ? 'B' : 'A')),
    ).toBeNull();

    // Revoked: by staff only.
    for (const actor of [anon, visitor]) {
      await expectSqlError(
        call(actor, `select public.revoke_patient_link($1, gen_random_uuid()::text)`, [
          first.requestId,
        ]),
        '42501',
      );
    }
    await call(staff, `select public.revoke_patient_link($1, gen_random_uuid()::text)`, [
      first.requestId,
    ]);
    expect(await view(first.token)).toBeNull();

    // Re-issued: the new token works, the old one stays dead.
    const fresh = (await call(
      staff,
      `select public.issue_patient_link($1, gen_random_uuid()::text) as r`,
      [first.requestId],
    )) as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await view(fresh))?.reference).toBe(first.reference);
    expect(await view(first.token)).toBeNull();
    const again = (await call(
      staff,
      `select public.issue_patient_link($1, gen_random_uuid()::text) as r`,
      [first.requestId],
    )) as string;
    expect(await view(fresh)).toBeNull();
    expect(await view(again)).not.toBeNull();

    // Expired: the request's retention period has passed (the job has not run yet).
    const old = await submit();
    await db.exec(`alter table public.contact_requests disable trigger user`);
    await db.query(
      `update public.contact_requests set updated_at = now() - interval '25 months' where id = $1`,
      [old.requestId],
    );
    await db.exec(`alter table public.contact_requests enable trigger user`);
    expect(await view(old.token)).toBeNull();

    // In the staff's bin: dead for the patient at once; erased: the link goes with the request.
    const gone = await submit();
    await as(db, staff, (tx) =>
      tx.query(`delete from public.contact_requests where id = $1`, [gone.requestId]),
    );
    expect(await view(gone.token)).toBeNull();
    await db.query(`delete from public.offer_leads where id = $1`, [gone.leadId]);
    expect(await view(gone.token)).toBeNull();
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from private.patient_pages where lead_id = $1`,
      [gone.leadId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('records when staff last saw the page opened, not the thank-you check', async () => {
    const { token, requestId } = await submit();
    const info = () =>
      call(staff, `select public.patient_page_info($1) as r`, [requestId]) as Promise<{
        last_opened_at: string | null;
        link_active: boolean;
      }>;
    await view(token, anon, false);
    expect((await info()).last_opened_at).toBeNull();
    await view(token);
    expect((await info()).last_opened_at).not.toBeNull();
    expect((await info()).link_active).toBe(true);
    await expectSqlError(call(anon, `select public.patient_page_info($1)`, [requestId]), '42501');
    await expectSqlError(
      call(visitor, `select public.patient_page_info($1)`, [requestId]),
      '42501',
    );
  });

  it('shows the manager once assigned, and the step staff set', async () => {
    const { token, requestId } = await submit();
    await db.query(
      `update private.admin_users set display_name = 'سارة', whatsapp = '966555000111' where username = 'sara'`,
    );
    const { rows } = await db.query<{ id: string }>(
      `select id::text from private.admin_users where username = 'sara'`,
    );
    await as(db, staff, (tx) =>
      tx.query(`update public.contact_requests set assigned_to = $1 where id = $2`, [
        rows[0]!.id,
        requestId,
      ]),
    );
    await call(staff, `select public.set_patient_step($1, 'documents', '')`, [requestId]);
    await expectSqlError(
      call(visitor, `select public.set_patient_step($1, 'quotes', 'documents')`, [requestId]),
      '42501',
    );
    await expectSqlError(
      call(staff, `select public.set_patient_step($1, 'nonsense', 'documents')`, [requestId]),
      '23514',
    );
    const seen = await view(token);
    expect(seen?.manager).toMatchObject({ name: 'سارة', whatsapp: '966555000111' });
    expect(seen?.step).toBe('documents');
  });

  it('lets the patient act, as timeline events', async () => {
    const { token, requestId, reference, leadId } = await submit({ name: 'Layla Haddad' });
    expect(
      await call(anon, `select public.patient_send_message($1, 'Can I come in March?') as r`, [
        token,
      ]),
    ).toEqual({ ok: true });
    expect(
      await call(anon, `select public.patient_send_message($1, 'hello') as r`, [newToken()]),
    ).toBeNull();
    await expectSqlError(
      call(anon, `select public.patient_send_message($1, '  ') as r`, [token]),
      '23514',
    );

    await expectSqlError(
      call(anon, `select public.patient_update_contact($1, _phone => '12') as r`, [token]),
      '23514',
    );
    expect(
      await call(
        anon,
        `select public.patient_update_contact($1, _phone => '+966 50 999 8877', _email => '') as r`,
        [token],
      ),
    ).toEqual({ ok: true, changed: true });
    const at = new Date(Date.now() + 2 * 3600_000).toISOString();
    await call(anon, `select public.patient_request_callback($1, $2) as r`, [token, at]);
    await expectSqlError(
      call(anon, `select public.patient_request_callback($1, now()) as r`, [token]),
      '23514',
    );

    const { rows: request } = await db.query<{
      phone: string;
      email: string | null;
      follow_up_at: Date;
    }>(`select phone, email, follow_up_at from public.contact_requests where id = $1`, [requestId]);
    expect(request[0]).toMatchObject({ phone: '966509998877', email: null });
    expect(request[0]!.follow_up_at.toISOString()).toBe(at);
    const events = (await call(
      staff,
      `select jsonb_agg(jsonb_build_object('kind', kind, 'new', new_value) order by id) as r from public.request_events where request_id = $1`,
      [requestId],
    )) as { kind: string; new: string }[];
    expect(events.map((event) => event.kind)).toEqual([
      'patient_message',
      'patient_contact',
      'follow_up',
      'patient_callback',
    ]);
    expect(events[0]!.new).toBe('Can I come in March?');

    // Withdrawal asks for the reference, then erases everything about the request.
    await expectSqlError(
      call(anon, `select public.patient_withdraw($1, 'RC-2222-22') as r`, [token]),
      '22023',
    );
    expect(
      await call(anon, `select public.patient_withdraw($1, $2) as r`, [
        token,
        reference.toLowerCase(),
      ]),
    ).toEqual({
      ok: true,
      erased: true,
    });
    for (const table of [
      'public.offer_leads',
      'public.contact_requests',
      'private.patient_pages',
    ]) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from ${table} where ${table.endsWith('requests') ? 'lead_id' : table.endsWith('pages') ? 'lead_id' : 'id'} = $1`,
        [leadId],
      );
      expect(rows[0]!.n, table).toBe(0);
    }
    expect(await view(token)).toBeNull();
  });

  it('stores a corrected phone as the forms do, whatever the page sends', async () => {
    const { token, requestId } = await submit();
    // The forms' phone rule, whatever the page sends: every spelling of a number is stored as the
    // forms store it (international digits with the code they start with, or none).
    const stored = async () =>
      (
        await db.query<{ phone: string; country_code: string | null }>(
          `select phone, country_code from public.contact_requests where id = $1`,
          [requestId],
        )
      ).rows[0];
    for (const [phone, code, expected] of [
      ['٠٥٠٩٩٩٨٨٧٧', null, { phone: '966509998877', country_code: '+966' }],
      ['00966 50 999 8877', null, { phone: '966509998877', country_code: '+966' }],
      ['0501112222', '00971', { phone: '971501112222', country_code: '+971' }],
      ['+971 50 111 2223', '+971', { phone: '971501112223', country_code: '+971' }],
      ['+44 7700 900123', null, { phone: '447700900123', country_code: null }],
      ['+966 50 999 8877', null, { phone: '966509998877', country_code: '+966' }],
    ] as const) {
      await call(
        anon,
        `select public.patient_update_contact($1, _phone => $2, _country_code => $3) as r`,
        [token, phone, code],
      );
      expect(await stored(), `${phone} / ${code}`).toEqual(expected);
    }
    // Back to a Saudi number with its code; a code alone is refused.
    await call(
      anon,
      `select public.patient_update_contact($1, _phone => '+966 50 999 8877', _country_code => '+966') as r`,
      [token],
    );
    expect(await stored()).toEqual({ phone: '966509998877', country_code: '+966' });
    await expectSqlError(
      call(anon, `select public.patient_update_contact($1, _country_code => '+20') as r`, [token]),
      '22023',
    );
  });

  it('limits actions per link, per address, and wrong links per address', async () => {
    const { token } = await submit();
    const at = { ...anon, address: '203.0.113.7' };
    for (let i = 0; i < 10; i++) {
      await call(at, `select public.patient_send_message($1, $2) as r`, [token, `message ${i}`]);
    }
    const limited = await expectSqlError(
      call(
        { ...anon, address: '198.51.100.1' },
        `select public.patient_send_message($1, 'one more') as r`,
        [token],
      ),
      'PT429',
    );
    expect(limited.hint).toBe('rate_limited');

    // Per address: 30 actions an hour over any links.
    const links = [await submit(), await submit(), await submit()];
    let refused = 0;
    for (const link of links) {
      for (let i = 0; i < 10; i++) {
        try {
          await call(at, `select public.patient_send_message($1, 'x') as r`, [link.token]);
        } catch {
          refused++;
        }
      }
    }
    expect(refused).toBe(10);

    // Wrong links: 20 per address per 10 minutes, then refused even for a right one.
    const guesser = { ...anon, address: '192.0.2.50' };
    for (let i = 0; i < 20; i++) expect(await view(newToken(), guesser)).toBeNull();
    await expectSqlError(view(links[0]!.token, guesser), 'PT429');
    expect(await view(links[0]!.token, { ...anon, address: '192.0.2.51' })).not.toBeNull();
  });

  it('finds a request by its reference', async () => {
    const { reference, requestId } = await submit({ name: 'Reference Person' });
    await submit({ name: 'Someone Else' });
    for (const query of [
      reference,
      reference.toLowerCase(),
      reference.replace(/-/g, '').slice(2),
    ]) {
      const page = (await call(staff, `select public.request_page(_query => $1) as r`, [
        query,
      ])) as {
        rows: { id: string; reference: string; search_text?: string }[];
      };
      expect(
        page.rows.map((row) => row.id),
        query,
      ).toEqual([requestId]);
      expect(page.rows[0]!.search_text).toBeUndefined();
    }
  });

  it('queues one confirmation per lead with an e-mail, and wipes its token once sent', async () => {
    const { token, leadId } = await submit({ email: 'layla@example.com', language: 'en' });
    await submit({ email: null });
    await expectSqlError(
      call(anon, `select public.claim_patient_confirmations() as r`, []),
      '42501',
    );
    await expectSqlError(
      call(visitor, `select public.claim_patient_confirmations() as r`, []),
      '42501',
    );
    const claimed = (await call(
      serviceRole,
      `select public.claim_patient_confirmations() as r`,
      [],
    )) as {
      lead_id: string;
      link_token: string;
      language: string;
      reference: string;
    }[];
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ lead_id: leadId, link_token: token, language: 'en' });
    expect(await call(serviceRole, `select public.claim_patient_confirmations() as r`, [])).toEqual(
      [],
    );
    await call(serviceRole, `select public.finish_patient_confirmation($1, true) as r`, [leadId]);
    const { rows } = await db.query<{ link_token: string | null; sent: boolean }>(
      `select link_token, sent_at is not null as sent from private.patient_confirmations`,
    );
    expect(rows).toEqual([{ link_token: null, sent: true }]);
    // A retried insert of the same lead queues nothing more.
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id: leadId, patient_token: newToken() })));
    expect(await countRows(db, 'private.patient_confirmations')).toBe(1);
  });

  it('queues no confirmation for a held lead (a flood must not mail strangers)', async () => {
    const flood = { ...anon, address: '203.0.113.99' };
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await submit({ email: `victim${i}@example.com` }, flood)).leadId);
    const { rows } = await db.query<{ id: string; held: boolean; queued: boolean }>(
      `select l.id::text, l.held_reason is not null as held,
              exists (select 1 from private.patient_confirmations c where c.lead_id = l.id) as queued
       from public.offer_leads l where l.id = any($1::uuid[])`,
      [ids],
    );
    expect(rows.some((row) => row.held)).toBe(true);
    for (const row of rows) expect(row.queued, JSON.stringify(row)).toBe(!row.held);
  });

  it('is exported and erased with the person', async () => {
    const { token } = await submit({ phone: '966501112233', email: null });
    await call(anon, `select public.patient_send_message($1, 'hi') as r`, [token]);
    const exported = await exportPerson(db, '+966501112233');
    expect(exported.tables['private.patient_pages']).toHaveLength(1);
    expect(exported.tables['private.patient_page_calls']).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toContain(token.slice(0, 20));
    await erasePerson(db, '+966501112233');
    expect(await countRows(db, 'private.patient_pages')).toBe(0);
    expect(await countRows(db, 'private.patient_page_calls')).toBe(0);
    expect(await view(token)).toBeNull();
  });
});
