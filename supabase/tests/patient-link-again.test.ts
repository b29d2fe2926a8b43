import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  anon,
  as,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  serviceRole,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * The patient gets their link back without a human (issue 43, 20261203120000_patient_link_again.sql):
 * public.request_patient_link answers the same whether or not a request has the typed contact;
 * the new link goes only to the request's own e-mail, through the outbox and the recipient
 * policy; the old link dies when the new one leaves; asks are limited per caller address and per
 * typed contact, and the messages by the policy's caps per recipient; staff see it on the timeline.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');

interface Claimed {
  id: number;
  lead_id: string;
  link_token: string;
  email: string;
  language: string;
  reference: string;
}

describe.each(backends)('the link again on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(
      `truncate private.patient_page_calls, private.outbound_messages, private.patient_link_asks`,
    );
  });

  async function submit(overrides: Record<string, unknown> = {}) {
    const id = crypto.randomUUID();
    const token = newToken();
    await as(db, { ...anon, address: '10.9.0.1' }, (tx) =>
      insertLead(tx, leadRow({ id, patient_token: token, ...overrides })),
    );
    const { rows } = await db.query<{ id: string }>(
      `select id::text from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { leadId: id, requestId: rows[0]!.id, token };
  }

  const ask = (contact: string, address = '10.9.1.1') =>
    as(db, { ...anon, address }, async (tx) => {
      const { rows } = await tx.query<{ v: unknown }>(
        `select public.request_patient_link($1) as v`,
        [contact],
      );
      return rows[0]!.v;
    });
  const claim = () =>
    as(db, serviceRole, async (tx) => {
      const { rows } = await tx.query<{ c: Claimed[] }>(
        `select public.claim_patient_link_resends(100) as c`,
      );
      return rows[0]!.c;
    });
  const finish = (id: number) =>
    as(db, serviceRole, (tx) =>
      tx.query(`select public.finish_patient_link_resend($1, true, null)`, [id]),
    );
  const opens = (token: string) =>
    as(db, { ...anon, address: '10.9.2.1' }, async (tx) => {
      const { rows } = await tx.query<{ v: { reference: string } | null }>(
        `select public.patient_request($1, false) as v`,
        [token],
      );
      return rows[0]!.v?.reference ?? null;
    });
  const queued = async () =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from private.patient_link_resends where sent_at is null and gave_up_at is null`,
      )
    ).rows[0]!.n;

  it('answers the same for a contact no request has, and queues nothing for it', async () => {
    const own = await submit({ email: 'layla@example.com', phone: '966501234567' });
    const answers = [
      await ask('nobody@example.com'),
      await ask('+966 55 999 8877'),
      await ask('layla@example.com'),
      await ask('+966 50 123 4567'),
    ];
    // Nothing tells the caller which of them matched.
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    // Both asks that matched are one open message for the request; the others queued nothing.
    expect(await queued()).toBe(1);
    const { rows } = await db.query<{ lead_id: string }>(
      `select lead_id::text from private.patient_link_resends`,
    );
    expect(rows).toEqual([{ lead_id: own.leadId }]);
    // Something that is neither a number nor an address is refused by its rule, before any lookup.
    const refused = await expectSqlError(
      as(db, { ...anon, address: '10.9.1.1' }, (tx) =>
        tx.query(`select public.request_patient_link('hello')`),
      ),
      '22023',
    );
    expect(refused.hint).toBe('patient_link_contact');
  });

  it('sends the new link only to the request’s own e-mail; the old link dies when it leaves', async () => {
    const own = await submit({
      email: 'Layla.H@example.com',
      phone: '966501234567',
      language: 'en',
    });
    // The patient types their number as they know it: Arabic-Indic digits with the trunk zero.
    await ask('٠٥٠ ١٢٣ ٤٥٦٧');
    // The old link still opens until the new one leaves (a refused message never kills it).
    expect(await opens(own.token)).not.toBeNull();
    const claimed = await claim();
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({
      lead_id: own.leadId,
      email: 'Layla.H@example.com',
      language: 'en',
    });
    const fresh = claimed[0]!.link_token;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await opens(own.token)).toBeNull();
    expect(await opens(fresh)).not.toBeNull();
    // A retry of the same row hands the same token, never a third.
    await db.exec(
      `update private.patient_link_resends set claimed_until = now() - interval '1 second'`,
    );
    expect((await claim())[0]!.link_token).toBe(fresh);
    await finish(claimed[0]!.id);
    const { rows: wiped } = await db.query<{ link_token: string | null; sent: boolean }>(
      `select link_token, sent_at is not null as sent from private.patient_link_resends`,
    );
    expect(wiped).toEqual([{ link_token: null, sent: true }]);
    expect(await claim()).toEqual([]);

    // Staff see the ask, the new link and the delivery on the request's timeline.
    const { rows: events } = await db.query<{ kind: string; old_value: string; new_value: string }>(
      `select kind, old_value, new_value from public.request_events
       where request_id = $1 and kind in ('patient_link', 'automatic_message') order by id`,
      [own.requestId],
    );
    expect(events).toEqual([
      { kind: 'patient_link', old_value: null, new_value: 'asked_again' },
      { kind: 'patient_link', old_value: null, new_value: 'reissued' },
      { kind: 'automatic_message', old_value: 'patient_link_again', new_value: 'sent' },
    ]);
  });

  it('never mails what was typed: a request without an e-mail waits for WhatsApp, its link alive', async () => {
    const own = await submit({ email: null, phone: '966507654321' });
    await ask('+966507654321');
    expect(await claim()).toEqual([]);
    const { rows } = await db.query<{ channel: string }>(
      `select channel from private.patient_link_resends where lead_id = $1`,
      [own.leadId],
    );
    expect(rows).toEqual([{ channel: 'whatsapp' }]);
    expect(await opens(own.token)).not.toBeNull();
    // An e-mail typed for a request that has none matches nothing.
    await ask('someone@example.com');
    expect(await queued()).toBe(1);
  });

  it('limits asks per typed contact and per caller address, and messages per recipient', async () => {
    await db.exec(`update private.patient_page_limits set link_asks_per_contact_per_day = 2,
                   link_asks_per_address_per_hour = 4`);
    const own = await submit({ email: 'capped@example.com', phone: '966501112233' });
    // Per contact, from many addresses, matched or not: the same refusal.
    for (const contact of ['capped@example.com', 'nobody@example.com']) {
      await ask(contact, '10.9.3.1');
      await ask(contact.toUpperCase(), '10.9.3.2');
      await expectSqlError(ask(contact, '10.9.3.3'), 'PT429');
    }
    // Per caller address, whatever it types.
    for (let i = 0; i < 4; i++) await ask(`someone${i}@example.com`, '10.9.4.1');
    await expectSqlError(ask('someone9@example.com', '10.9.4.1'), 'PT429');

    // Per recipient: the policy's cap of this kind (3 a day), counted over the sent ones.
    await db.exec(`update private.patient_page_limits set link_asks_per_contact_per_day = 100,
                   link_asks_per_address_per_hour = 100`);
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      await ask('capped@example.com', `10.9.5.${i}`);
      for (const row of await claim()) {
        sent.push(row.link_token);
        await finish(row.id);
      }
    }
    // The one from the first asks, then two more: three a day.
    expect(sent).toHaveLength(3);
    const { rows } = await db.query<{ last_error: string }>(
      `select last_error from private.patient_link_resends where gave_up_at is not null`,
    );
    expect(rows.map((row) => row.last_error)).toEqual([
      'policy: recipient_daily_cap',
      'policy: recipient_daily_cap',
    ]);
    // The last link that went out is the one that opens.
    expect(await opens(sent.at(-1)!)).not.toBeNull();
    expect(await opens(sent[0]!)).toBeNull();
    expect(await opens(own.token)).toBeNull();
  });

  it('sends nothing for a request in the bin, and the worker alone may claim', async () => {
    const own = await submit({ email: 'binned@example.com' });
    await db.query(`update public.contact_requests set deleted_at = now() where id = $1`, [
      own.requestId,
    ]);
    await ask('binned@example.com');
    expect(await queued()).toBe(0);
    for (const call of [
      `select public.claim_patient_link_resends(10)`,
      `select public.finish_patient_link_resend(1, true, null)`,
    ]) {
      await expectSqlError(
        as(db, anon, (tx) => tx.query(call)),
        '42501',
      );
    }
  });
});
