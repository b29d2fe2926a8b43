import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { erasePerson, exportPerson } from '../../local/person-data.ts';
import {
  addPublicLead,
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  resetData,
  serviceRole,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * WhatsApp inbound (issue 46; migration 20261203150000): what the webhook hands the database with
 * the service key. A message joins the request of its number whatever spelling the request holds,
 * and the person's merged requests; an unknown number opens a new request (source whatsapp, the
 * lawful basis "wrote to us on WhatsApp", the first-contact clock running, routed, the agency's
 * mail queued); the same message id again stores nothing; Meta's states of an outbound message
 * only move forward, and a failure keeps Meta's reason; only staff read a conversation, and only
 * of a request they may read; export and erasure reach the messages.
 */

const backends = await sqlBackends();
const seconds = (offset = 0) => String(Math.floor(Date.now() / 1000) + offset);
let counter = 0;
const wamid = () => `wamid.TEST${Date.now()}${++counter}`;

describe.each(backends)('WhatsApp messages, on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    owner = await createLiveAdmin(db, 'owner', 'correct horse battery', 'owner');
  });

  const call = <T = unknown>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]?.r as T);

  interface Received {
    message_id: string;
    request_id: string;
    duplicate: boolean;
    new_request: boolean;
  }
  const receive = (message: Record<string, unknown>) =>
    call<Received>(serviceRole, `select public.whatsapp_receive($1) as r`, [
      JSON.stringify({ id: wamid(), timestamp: seconds(), type: 'text', ...message }),
    ]);

  const requestRow = async (id: string) =>
    (
      await db.query<Record<string, unknown>>(
        `select r.*, l.policy_version as lead_policy_version from public.contact_requests r
         join public.offer_leads l on l.id = r.lead_id where r.id = $1`,
        [id],
      )
    ).rows[0]!;

  it('joins the request of the number, whatever spelling the form stored', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '0501234567' });
    const got = await receive({ from: '966501234567', body: 'مرحبا، متى موعدي؟', name: 'Layla' });
    expect(got).toMatchObject({ request_id: lead.requestId, duplicate: false, new_request: false });
    const { rows } = await db.query<Record<string, unknown>>(
      `select kind, body, direction, state, phone_key from public.whatsapp_messages`,
    );
    expect(rows).toEqual([
      {
        kind: 'text',
        body: 'مرحبا، متى موعدي؟',
        direction: 'in',
        state: 'received',
        phone_key: '966501234567',
      },
    ]);
    // On the timeline as a WhatsApp message of the patient, which is no contact by staff.
    const events = await db.query<{ kind: string; new_value: string; author_id: string | null }>(
      `select kind, new_value, author_id from public.request_events where request_id = $1`,
      [lead.requestId],
    );
    expect(events.rows).toEqual([{ kind: 'whatsapp_in', new_value: 'text', author_id: null }]);
    expect((await requestRow(lead.requestId))['first_contacted_at']).toBeNull();
  });

  it("joins the person's newest request when their requests were merged", async () => {
    const first = await addPublicLead(db, { country_code: '+966', phone: '501112233' });
    const second = await addPublicLead(db, { country_code: '+20', phone: '01001234567' });
    await call(owner, `select public.merge_requests($1, $2, gen_random_uuid()::text) as r`, [
      first.requestId,
      second.requestId,
    ]);
    const got = await receive({ from: '966501112233', body: 'hello again' });
    expect(got.request_id).toBe(second.requestId);
    // The dialog of either request shows the conversation.
    const seen = await call<{ messages: { body: string }[] }>(
      owner,
      `select public.request_whatsapp($1) as r`,
      [first.requestId],
    );
    expect(seen.messages.map((m) => m.body)).toEqual(['hello again']);
  });

  it('opens a new request for a number with none, as a lead from the form would be', async () => {
    const got = await receive({
      from: '971501234567',
      body: 'I want a hair transplant',
      name: 'Omar K',
    });
    expect(got).toMatchObject({ duplicate: false, new_request: true });
    const request = await requestRow(got.request_id);
    expect(request).toMatchObject({
      name: 'Omar K',
      phone: '971501234567',
      country_code: '+971',
      phone_key: '971501234567',
      source: 'whatsapp',
      service: 'other',
      language: 'en',
      message: 'I want a hair transplant',
      status: 'new',
      entry_channel: null,
      consent_how: 'wrote to us on WhatsApp',
      consent_given_by: '+971501234567',
      // No privacy policy was agreed to on a form: none is recorded as agreed.
      policy_version: null,
      consented_at: null,
      lead_policy_version: null,
      first_contacted_at: null,
    });
    expect(request['consent_given_at']).not.toBeNull();
    // The first-contact clock runs, as for a form lead (escalation reads it).
    expect(request['first_contact_due_at']).not.toBeNull();
    // The agency's mail about a new request is queued.
    const mail = await db.query(
      `select 1 from private.lead_notifications n
      join public.contact_requests r on r.lead_id = n.lead_id where r.id = $1`,
      [got.request_id],
    );
    expect(mail.rows).toHaveLength(1);

    // The next message of that number joins it; a number in Arabic script only stays Arabic.
    const again = await receive({
      from: '971501234567',
      type: 'location',
      location: {
        latitude: 25.2,
        longitude: 55.27,
        name: 'Dubai Mall',
        address: 'Downtown',
      },
    });
    expect(again).toMatchObject({ request_id: got.request_id, new_request: false });
    const other = await receive({ from: '963944123456', body: 'مرحبا', name: '.' });
    const otherRequest = await requestRow(other.request_id);
    // A profile name the lead's checks refuse: the number names the request instead.
    expect(otherRequest).toMatchObject({ name: 'واتساب +963944123456', language: 'ar' });
  });

  it('stores a message id once: a retry or replay changes nothing', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '502223344' });
    const message = { id: wamid(), from: '966502223344', body: 'once', timestamp: seconds() };
    const first = await receive(message);
    const second = await receive({ ...message, body: 'tampered' });
    expect(second).toMatchObject({ message_id: first.message_id, duplicate: true });
    const { rows } = await db.query<{ body: string }>(`select body from public.whatsapp_messages`);
    expect(rows).toEqual([{ body: 'once' }]);
    const events = await db.query(`select 1 from public.request_events where request_id = $1`, [
      lead.requestId,
    ]);
    expect(events.rows).toHaveLength(1);
  });

  it('keeps a medium as Meta names it and refuses what it does not store', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '503334455' });
    await receive({
      from: '966503334455',
      type: 'image',
      body: 'my scalp',
      media: { id: '1234567890', mime_type: 'image/jpeg' },
    });
    await receive({
      from: '966503334455',
      type: 'document',
      media: { id: '555', mime_type: 'application/pdf', filename: 'xray.pdf' },
    });
    const { rows } = await db.query(
      `select kind, body, media_id, media_type, media_name from public.whatsapp_messages
       where request_id = $1 order by created_at`,
      [lead.requestId],
    );
    expect(rows).toEqual([
      {
        kind: 'image',
        body: 'my scalp',
        media_id: '1234567890',
        media_type: 'image/jpeg',
        media_name: null,
      },
      {
        kind: 'document',
        body: null,
        media_id: '555',
        media_type: 'application/pdf',
        media_name: 'xray.pdf',
      },
    ]);
    await expectSqlError(receive({ from: '966503334455', type: 'sticker' }), '22023');
    await expectSqlError(receive({ from: 'not-a-number' }), '22023');
    await expectSqlError(receive({ from: '966503334455', timestamp: 'soon' }), '22023');
  });

  it("moves an outbound message's state forward only, and keeps Meta's reason of a failure", async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '504445566' });
    const out = async (id: string) =>
      db.query(
        `insert into public.whatsapp_messages (request_id, direction, wa_message_id, kind, body, phone_key, state)
         values ($1, 'out', $2, 'text', 'Your quote is ready', '966504445566', 'queued')`,
        [lead.requestId, id],
      );
    const status = (body: Record<string, unknown>) =>
      call<boolean>(serviceRole, `select public.whatsapp_status($1) as r`, [
        JSON.stringify({ timestamp: seconds(), recipient_id: '966504445566', ...body }),
      ]);
    const state = async (id: string) =>
      (
        await db.query<Record<string, unknown>>(
          `select state, error_code, error_title, error_detail from public.whatsapp_messages
           where wa_message_id = $1`,
          [id],
        )
      ).rows[0];

    const read = wamid();
    await out(read);
    expect(await status({ id: read, status: 'sent' })).toBe(true);
    expect(await status({ id: read, status: 'read' })).toBe(true);
    expect(await status({ id: read, status: 'delivered' })).toBe(false);
    expect(await state(read)).toMatchObject({ state: 'read', error_code: null });

    const failed = wamid();
    await out(failed);
    expect(
      await status({
        id: failed,
        status: 'failed',
        errors: [
          {
            code: 131047,
            title: 'Re-engagement message',
            message: 'Re-engagement message',
            error_data: {
              details: 'Message failed to send because more than 24 hours have passed',
            },
          },
        ],
      }),
    ).toBe(true);
    expect(await status({ id: failed, status: 'delivered' })).toBe(false);
    expect(await state(failed)).toEqual({
      state: 'failed',
      error_code: 131047,
      error_title: 'Re-engagement message',
      error_detail: 'Message failed to send because more than 24 hours have passed',
    });
    // A status of a message that is not ours, or of an inbound one, changes nothing.
    expect(await status({ id: 'wamid.unknown', status: 'read' })).toBe(false);
    await expectSqlError(status({ id: read, status: 'deleted' }), '22023');
  });

  it('lets only the webhook store, and only staff read, a conversation of a request they may read', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '505556677' });
    await receive({ from: '966505556677', body: 'private words' });
    const visitor = await createUser(db);
    for (const actor of [anon, visitor, owner]) {
      await expectSqlError(
        call(actor, `select public.whatsapp_receive($1) as r`, [
          JSON.stringify({ id: wamid(), from: '966505556677', type: 'text', timestamp: seconds() }),
        ]),
        '42501',
      );
      await expectSqlError(call(actor, `select public.whatsapp_status($1) as r`, ['{}']), '42501');
    }
    await expectSqlError(call(anon, `select count(*) as r from public.whatsapp_messages`), '42501');
    expect(Number(await call(visitor, `select count(*) as r from public.whatsapp_messages`))).toBe(
      0,
    );
    expect(Number(await call(owner, `select count(*) as r from public.whatsapp_messages`))).toBe(1);
    await expectSqlError(
      call(visitor, `select public.request_whatsapp($1) as r`, [lead.requestId]),
      '42501',
    );
    await expectSqlError(
      call(
        owner,
        `insert into public.whatsapp_messages (request_id, direction, kind, phone_key, state)
        values ($1, 'out', 'text', '966505556677', 'sent')`,
        [lead.requestId],
      ),
      '42501',
    );
    const seen = await call<{ messages: { body: string }[]; window_open: boolean }>(
      owner,
      `select public.request_whatsapp($1) as r`,
      [lead.requestId],
    );
    expect(seen).toMatchObject({ window_open: true, messages: [{ body: 'private words' }] });

    // In the bin, the request and its conversation are out of a coordinator's and the policy's view.
    await db.query(`update public.contact_requests set deleted_at = now() where id = $1`, [
      lead.requestId,
    ]);
    expect(Number(await call(owner, `select count(*) as r from public.whatsapp_messages`))).toBe(0);
    // A new message of that number then opens a new request, not one in the bin.
    const next = await receive({ from: '966505556677', body: 'are you there?' });
    expect(next.new_request).toBe(true);
  });

  it('counts the 24-hour window from the last message the patient wrote', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '506667788' });
    await receive({ from: '966506667788', body: 'old', timestamp: seconds(-25 * 3600) });
    const closed = await call<{ window_open: boolean; last_inbound_at: string }>(
      owner,
      `select public.request_whatsapp($1) as r`,
      [lead.requestId],
    );
    expect(closed.window_open).toBe(false);
    await receive({ from: '966506667788', body: 'new', timestamp: seconds(-60) });
    const open = await call<{ window_open: boolean }>(
      owner,
      `select public.request_whatsapp($1) as r`,
      [lead.requestId],
    );
    expect(open.window_open).toBe(true);
  });

  it('exports and erases the messages with the person', async () => {
    await addPublicLead(db, { country_code: '+966', phone: '507778899' });
    await receive({ from: '966507778899', body: 'my history' });
    await receive({
      from: '966507778899',
      type: 'audio',
      media: { id: '77', mime_type: 'audio/ogg' },
    });
    const data = await exportPerson(db, '+966 50 777 8899');
    expect(data.tables['public.whatsapp_messages']).toHaveLength(2);
    const erased = await erasePerson(db, '+966 50 777 8899');
    expect(erased.counts['public.whatsapp_messages']).toBe(2);
    expect((await db.query(`select 1 from public.whatsapp_messages`)).rows).toHaveLength(0);
  });
});
