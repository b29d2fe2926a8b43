import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { erasePerson } from '../../local/person-data.ts';
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
 * WhatsApp outbound and media (issue 46 items 2 and 3; migrations 20261207130000 and 130100).
 * The database applies the customer-service window itself: free text only within 24 hours of the
 * patient's last message, otherwise only a template Meta approved; only live staff send, and only
 * for a request they may act on; a repeated idempotency key answers the stored message. The
 * worker's claim, retry and failure with Meta's reason. An image or document becomes a request
 * file in the slot the patient was asked for (else the reports), refused when no file may take it,
 * and goes with the person's erasure, its object queued for removal from the bucket.
 */

const backends = await sqlBackends();
const seconds = (offset = 0) => String(Math.floor(Date.now() / 1000) + offset);
let counter = 0;
const wamid = () => `wamid.OUTTEST${Date.now()}${++counter}`;
const key = () => `key-${crypto.randomUUID()}`;

describe.each(backends)('WhatsApp outbound and media, on $name', (backend) => {
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
    await db.query(`update private.whatsapp_templates set approved = (name = 'rihla_follow_up')`);
  });

  const call = <T = unknown>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]?.r as T);

  const receive = (message: Record<string, unknown>) =>
    call<{ message_id: string; request_id: string }>(
      serviceRole,
      `select public.whatsapp_receive($1) as r`,
      [JSON.stringify({ id: wamid(), timestamp: seconds(), type: 'text', ...message })],
    );

  interface Sent {
    id: string;
    kind: string;
    body: string;
    state: string;
    template_name: string | null;
    replayed: boolean;
  }
  const send = (
    actor: Actor,
    requestId: string,
    what: { text?: string; template?: string; language?: string },
    idempotencyKey = key(),
  ) =>
    call<Sent>(actor, `select public.send_whatsapp_message($1, $2, $3, $4, $5) as r`, [
      requestId,
      what.text ?? null,
      what.template ?? null,
      what.language ?? null,
      idempotencyKey,
    ]);

  const outbound = async () =>
    (
      await db.query<Record<string, unknown>>(
        `select kind, body, state, template_name, template_language, author, attempts,
                wa_message_id, error_code, error_title, error_detail
         from public.whatsapp_messages where direction = 'out' order by created_at`,
      )
    ).rows;

  it('refuses free text outside the 24-hour window and sends only an approved template there', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '501230001' });
    // Before the patient ever wrote, and 25 hours after they last did: the window is closed.
    const never = await expectSqlError(send(owner, lead.requestId, { text: 'Hello' }), '23514');
    expect(never).toMatchObject({ hint: 'whatsapp_window_closed', detail: 'never' });
    await receive({ from: '966501230001', body: 'old', timestamp: seconds(-25 * 3600) });
    const closed = await expectSqlError(send(owner, lead.requestId, { text: 'Hello' }), '23514');
    expect(closed.hint).toBe('whatsapp_window_closed');
    // A template Meta has not approved is refused too; an approved one goes out in the request's language.
    const unapproved = await expectSqlError(
      send(owner, lead.requestId, { template: 'rihla_reach_you' }),
      'PT404',
    );
    expect(unapproved.hint).toBe('whatsapp_template_not_approved');
    const template = await send(owner, lead.requestId, { template: 'rihla_follow_up' });
    expect(template).toMatchObject({ kind: 'template', state: 'queued', replayed: false });
    expect(await outbound()).toEqual([
      expect.objectContaining({
        kind: 'template',
        template_name: 'rihla_follow_up',
        template_language: 'ar',
        author: 'owner',
        body: expect.stringContaining('رحلة كير'),
      }),
    ]);
    // The templates the composer offers are the approved ones only.
    expect(await call(owner, `select public.whatsapp_templates() as r`)).toEqual([
      expect.objectContaining({ name: 'rihla_follow_up', language: 'ar' }),
      expect.objectContaining({ name: 'rihla_follow_up', language: 'en' }),
    ]);

    // The patient writes: free text may go for 24 hours.
    await receive({ from: '966501230001', body: 'new', timestamp: seconds(-60) });
    const sameKey = key();
    const first = await send(owner, lead.requestId, { text: '  We are here  ' }, sameKey);
    const again = await send(owner, lead.requestId, { text: '  We are here  ' }, sameKey);
    expect(first).toMatchObject({ kind: 'text', body: 'We are here', replayed: false });
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect((await outbound()).map((m) => m['kind'])).toEqual(['template', 'text']);
    // On the timeline as the owner's contact: the first-contact clock stops.
    const events = await db.query<{ kind: string; author: string }>(
      `select kind, author from public.request_events where request_id = $1 and kind = 'whatsapp_out'`,
      [lead.requestId],
    );
    expect(events.rows).toHaveLength(2);
    const request = await db.query<{ first_contacted_at: string | null }>(
      `select first_contacted_at from public.contact_requests where id = $1`,
      [lead.requestId],
    );
    expect(request.rows[0]!.first_contacted_at).not.toBeNull();

    await expectSqlError(send(owner, lead.requestId, {}), '22023');
    await expectSqlError(
      send(owner, lead.requestId, { text: 'x', template: 'rihla_follow_up' }),
      '22023',
    );
    const long = await expectSqlError(
      send(owner, lead.requestId, { text: 'x'.repeat(4097) }),
      '23514',
    );
    expect(long.hint).toBe('whatsapp_text_length');
  });

  it('lets only live staff send, for a request they may act on', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '501230002' });
    await receive({ from: '966501230002', body: 'hi' });
    const visitor = await createUser(db);
    await expectSqlError(send(anon, lead.requestId, { text: 'x' }), '42501');
    await expectSqlError(send(visitor, lead.requestId, { text: 'x' }), '42501');
    await expectSqlError(call(visitor, `select public.whatsapp_templates() as r`), '42501');
    for (const actor of [anon, visitor, owner]) {
      await expectSqlError(call(actor, `select public.claim_whatsapp_sends(10) as r`), '42501');
      await expectSqlError(call(actor, `select public.claim_whatsapp_media(10) as r`), '42501');
    }
    await db.query(`update public.contact_requests set deleted_at = now() where id = $1`, [
      lead.requestId,
    ]);
    const binned = await expectSqlError(send(owner, lead.requestId, { text: 'x' }), 'PT404');
    expect(binned.hint).toBe('request_not_found');
    expect(await outbound()).toEqual([]);
  });

  it('is claimed by the worker, retried when Meta is out of reach and failed with Meta’s reason', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '501230003' });
    await receive({ from: '966501230003', body: 'hi' });
    const one = await send(owner, lead.requestId, { text: 'first' });
    const two = await send(owner, lead.requestId, { text: 'second' });
    const claimed = await call<{ message_id: string; to: string; body: string }[]>(
      serviceRole,
      `select public.claim_whatsapp_sends(10) as r`,
    );
    expect(claimed.map((c) => [c.message_id, c.to, c.body])).toEqual([
      [one.id, '966501230003', 'first'],
      [two.id, '966501230003', 'second'],
    ]);
    // Claimed: not handed out twice.
    expect(await call(serviceRole, `select public.claim_whatsapp_sends(10) as r`)).toEqual([]);
    const finish = (id: string, waId: string | null, error: unknown, retry: boolean) =>
      call<string>(serviceRole, `select public.finish_whatsapp_send($1, $2, $3, $4) as r`, [
        id,
        waId,
        error === null ? null : JSON.stringify(error),
        retry,
      ]);
    const accepted = wamid();
    expect(await finish(one.id, accepted, null, false)).toBe('accepted');
    expect(await finish(two.id, null, { code: 500, title: 'Service unavailable' }, true)).toBe(
      'retry',
    );
    // Waiting for its delay: not due yet.
    expect(await call(serviceRole, `select public.claim_whatsapp_sends(10) as r`)).toEqual([]);
    await db.query(`update public.whatsapp_messages set next_attempt_at = now() where id = $1`, [
      two.id,
    ]);
    expect(
      (await call<unknown[]>(serviceRole, `select public.claim_whatsapp_sends(10) as r`)).length,
    ).toBe(1);
    expect(
      await finish(
        two.id,
        null,
        { code: 131026, title: 'Message undeliverable', details: 'The number is not on WhatsApp.' },
        false,
      ),
    ).toBe('failed');
    // Meta's status of the accepted one moves it on.
    expect(
      await call(serviceRole, `select public.whatsapp_status($1) as r`, [
        JSON.stringify({ id: accepted, status: 'delivered', timestamp: seconds() }),
      ]),
    ).toBe(true);
    expect(await outbound()).toEqual([
      expect.objectContaining({ body: 'first', state: 'delivered', wa_message_id: accepted }),
      expect.objectContaining({
        body: 'second',
        state: 'failed',
        attempts: 2,
        error_code: 131026,
        error_title: 'Message undeliverable',
        error_detail: 'The number is not on WhatsApp.',
      }),
    ]);
    // Finishing again changes nothing.
    expect(await finish(two.id, wamid(), null, false)).toBe('failed');
  });

  it('applies a status Meta sent before the worker recorded Meta’s id', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '501230006' });
    await receive({ from: '966501230006', body: 'hi' });
    const sent = await send(owner, lead.requestId, { text: 'quick' });
    await call(serviceRole, `select public.claim_whatsapp_sends(10) as r`);
    const id = wamid();
    const status = (state: string, errors?: unknown[]) =>
      call<boolean>(serviceRole, `select public.whatsapp_status($1) as r`, [
        JSON.stringify({
          id,
          status: state,
          timestamp: seconds(),
          recipient_id: '966501230006',
          ...(errors ? { errors } : {}),
        }),
      ]);
    // Meta's webhook is faster than the answer to the send: nothing to change yet.
    expect(await status('sent')).toBe(false);
    expect(
      await status('failed', [
        {
          code: 131026,
          title: 'Message undeliverable',
          error_data: { details: 'Not on WhatsApp.' },
        },
      ]),
    ).toBe(false);
    expect(await status('delivered')).toBe(false);
    const kept = await db.query<{ status: Record<string, unknown> }>(
      `select status from private.whatsapp_early_statuses where wa_message_id = $1`,
      [id],
    );
    // The most advanced state, without the number.
    expect(kept.rows[0]!.status).toMatchObject({ status: 'failed' });
    expect(kept.rows[0]!.status['recipient_id']).toBeUndefined();
    expect(
      await call(serviceRole, `select public.finish_whatsapp_send($1, $2, null, false) as r`, [
        sent.id,
        id,
      ]),
    ).toBe('accepted');
    expect(await outbound()).toEqual([
      expect.objectContaining({
        body: 'quick',
        wa_message_id: id,
        state: 'failed',
        error_code: 131026,
        error_title: 'Message undeliverable',
        error_detail: 'Not on WhatsApp.',
      }),
    ]);
    expect(
      (
        await db.query(`select 1 from private.whatsapp_early_statuses where wa_message_id = $1`, [
          id,
        ])
      ).rows,
    ).toHaveLength(0);
  });

  it('records «توقف» or STOP as the withdrawal of advertising and of automatic messages', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '501230007' });
    await db.query(
      `update public.offer_leads
       set advertising_consent_version = (select version from private.advertising_consent_texts limit 1),
           advertising_consented_at = now()
       where id = $1`,
      [lead.leadId],
    );
    await receive({ from: '966501230007', body: 'توقف عن ماذا؟' });
    const state = async () =>
      (
        await db.query<{ withdrawn: boolean; stopped: boolean }>(
          `select l.advertising_withdrawn_at is not null as withdrawn,
                  exists (select 1 from private.outbound_stops s where s.lead_id = l.id) as stopped
           from public.offer_leads l where l.id = $1`,
          [lead.leadId],
        )
      ).rows[0];
    // A sentence with the word in it is a message, not the stop word.
    expect(await state()).toEqual({ withdrawn: false, stopped: false });
    await receive({ from: '966501230007', body: ' «توقف» ' });
    expect(await state()).toEqual({ withdrawn: true, stopped: true });
    const events = await db.query<{ old_value: string; new_value: string }>(
      `select old_value, new_value from public.request_events
       where request_id = $1 and kind = 'automatic_message'`,
      [lead.requestId],
    );
    expect(events.rows).toEqual([{ old_value: 'whatsapp', new_value: 'stopped_by_patient' }]);

    const english = await addPublicLead(db, { country_code: '+966', phone: '501230008' });
    await receive({ from: '966501230008', body: 'STOP.' });
    const stopped = await db.query(`select 1 from private.outbound_stops where lead_id = $1`, [
      english.leadId,
    ]);
    expect(stopped.rows).toHaveLength(1);
  });

  it('sends a WhatsApp patient notice as its approved template under the recipient policy', async () => {
    await db.query(
      `update private.outbound_kinds set channel = 'whatsapp' where kind = 'quote_chosen'`,
    );
    await db.query(
      `update private.whatsapp_templates set approved = true where name = 'rihla_quote_chosen'`,
    );
    try {
      const lead = await addPublicLead(db, { country_code: '+966', phone: '501230009' });
      const stoppedLead = await addPublicLead(db, { country_code: '+966', phone: '501230010' });
      await db.query(`insert into private.outbound_stops (lead_id) values ($1)`, [
        stoppedLead.leadId,
      ]);
      const notice = async (leadId: string) =>
        (
          await db.query<{ id: string }>(
            `insert into private.patient_notices (lead_id, kind, channel) values ($1, 'quote_chosen', 'whatsapp')
             returning id::text`,
            [leadId],
          )
        ).rows[0]!.id;
      const sent = await notice(lead.leadId);
      const stopped = await notice(stoppedLead.leadId);
      // The product's own templates are not the composer's: not offered, not sendable by staff.
      const offered = await call<{ name: string }[]>(
        owner,
        `select public.whatsapp_templates() as r`,
      );
      expect(offered.map((t) => t.name)).not.toContain('rihla_quote_chosen');
      await expectSqlError(
        send(owner, lead.requestId, { template: 'rihla_quote_chosen' }),
        'PT404',
      );
      expect(await call(serviceRole, `select public.queue_whatsapp_notices(10) as r`)).toBe(1);
      const claimed = await call<
        { message_id: string; kind: string; template_name: string; to: string }[]
      >(serviceRole, `select public.claim_whatsapp_sends(10) as r`);
      expect(claimed).toEqual([
        expect.objectContaining({
          kind: 'template',
          template_name: 'rihla_quote_chosen',
          to: '966501230009',
        }),
      ]);
      // Queued once: the next call finds nothing new.
      expect(await call(serviceRole, `select public.queue_whatsapp_notices(10) as r`)).toBe(0);
      await call(serviceRole, `select public.finish_whatsapp_send($1, $2, null, false) as r`, [
        claimed[0]!.message_id,
        wamid(),
      ]);
      const notices = await db.query<{
        id: string;
        sent: boolean;
        gave_up: boolean;
        last_error: string | null;
      }>(
        `select id::text, sent_at is not null as sent, gave_up_at is not null as gave_up, last_error
         from private.patient_notices order by id`,
      );
      expect(notices.rows).toEqual([
        { id: sent, sent: true, gave_up: false, last_error: null },
        { id: stopped, sent: false, gave_up: true, last_error: 'policy: stopped' },
      ]);
      const events = await db.query<{ old_value: string; new_value: string }>(
        `select old_value, new_value from public.request_events
         where request_id = $1 and kind = 'automatic_message'`,
        [lead.requestId],
      );
      expect(events.rows).toEqual([{ old_value: 'quote_chosen', new_value: 'sent' }]);
    } finally {
      await db.query(
        `update private.outbound_kinds set channel = 'email' where kind = 'quote_chosen'`,
      );
    }
  });

  interface Target {
    file_id: string;
    slot: string;
    object_path: string;
    declared_bytes: number;
  }

  it('puts an image or a document into the request’s files, in the slot asked for, and erases it with the person', async () => {
    const lead = await addPublicLead(db, { country_code: '+966', phone: '501230004' });
    await call(owner, `select public.ask_for_request_file($1, 'xray', $2) as r`, [
      lead.requestId,
      key(),
    ]);
    const pdf = await receive({
      from: '966501230004',
      type: 'document',
      media: { id: '1003383421387256', mime_type: 'application/pdf', filename: 'panoramic.pdf' },
    });
    const photo = await receive({
      from: '966501230004',
      type: 'image',
      media: { id: '2754859441498128', mime_type: 'image/jpeg' },
    });
    const gif = await receive({
      from: '966501230004',
      type: 'image',
      media: { id: '555', mime_type: 'image/gif' },
    });
    const claimed = await call<{ message_id: string; media_id: string }[]>(
      serviceRole,
      `select public.claim_whatsapp_media(10) as r`,
    );
    expect(claimed.map((c) => c.media_id).sort()).toEqual([
      '1003383421387256',
      '2754859441498128',
      '555',
    ]);
    expect(await call(serviceRole, `select public.claim_whatsapp_media(10) as r`)).toEqual([]);

    const begin = (id: string, type: string, bytes: number) =>
      call<Target & { refused?: string }>(
        serviceRole,
        `select public.whatsapp_media_begin($1, $2, $3) as r`,
        [id, type, bytes],
      );
    const pdfFile = await begin(pdf.message_id, 'application/pdf', 2048);
    const photoFile = await begin(photo.message_id, 'image/jpeg', 4096);
    expect(pdfFile).toMatchObject({ slot: 'xray', declared_bytes: 2048 });
    expect(photoFile).toMatchObject({ slot: 'report' });
    expect(pdfFile.object_path).toMatch(new RegExp(`^requests/${lead.requestId}/.+\\.pdf$`));
    expect(await begin(gif.message_id, 'image/gif', 100)).toEqual({ refused: 'file_type' });

    // The gate's outcome, as the function records it for an upload (finish_request_file).
    await call(serviceRole, `select public.finish_request_file($1, true, 2048) as r`, [
      pdfFile.file_id,
    ]);
    await call(
      serviceRole,
      `select public.finish_request_file($1, false, 4096, 'location_metadata') as r`,
      [photoFile.file_id],
    );
    const done = (id: string) =>
      call<string>(serviceRole, `select public.finish_whatsapp_media($1, 'checked') as r`, [id]);
    expect(await done(pdf.message_id)).toBe('stored');
    expect(await done(photo.message_id)).toBe('refused');

    const seen = await call<{ messages: Record<string, unknown>[] }>(
      owner,
      `select public.request_whatsapp($1) as r`,
      [lead.requestId],
    );
    expect(
      seen.messages.map((m) => [
        m['kind'],
        m['media_state'],
        m['media_reason'],
        m['file_id'] !== null,
      ]),
    ).toEqual([
      ['document', 'stored', null, true],
      ['image', 'refused', 'location_metadata', true],
      ['image', 'refused', 'file_type', false],
    ]);
    const files = await call<{ slots: { slot: string; files: { name: string | null }[] }[] }>(
      owner,
      `select public.request_files($1) as r`,
      [lead.requestId],
    );
    expect(JSON.stringify(files)).toContain('panoramic.pdf');
    // The ask was answered by the file that came on WhatsApp.
    expect(
      (
        await db.query(`select 1 from private.request_file_asks where request_id = $1`, [
          lead.requestId,
        ])
      ).rows,
    ).toHaveLength(0);

    const erased = await erasePerson(db, '+966 50 123 0004');
    expect(erased.counts['public.whatsapp_messages']).toBe(3);
    expect((await db.query(`select 1 from public.whatsapp_messages`)).rows).toHaveLength(0);
    expect((await db.query(`select 1 from private.request_files`)).rows).toHaveLength(0);
    const queued = await db.query<{ object_path: string }>(
      `select object_path from private.storage_deletions where bucket_id = 'request-files'`,
    );
    expect(queued.rows.map((r) => r.object_path)).toContain(pdfFile.object_path);
  });

  it('retries a medium Meta did not give, then gives up with what Meta answered', async () => {
    await addPublicLead(db, { country_code: '+966', phone: '501230005' });
    const photo = await receive({
      from: '966501230005',
      type: 'image',
      media: { id: '999', mime_type: 'image/jpeg' },
    });
    await call(serviceRole, `select public.claim_whatsapp_media(10, $1) as r`, [photo.message_id]);
    expect(
      await call(
        serviceRole,
        `select public.finish_whatsapp_media($1, 'retry', 'graph 503') as r`,
        [photo.message_id],
      ),
    ).toBe('pending');
    expect(await call(serviceRole, `select public.claim_whatsapp_media(10) as r`)).toEqual([]);
    expect(
      await call(
        serviceRole,
        `select public.finish_whatsapp_media($1, 'failed', 'graph 404') as r`,
        [photo.message_id],
      ),
    ).toBe('failed');
    const { rows } = await db.query(
      `select media_state, media_reason, media_attempts from public.whatsapp_messages where id = $1`,
      [photo.message_id],
    );
    expect(rows[0]).toEqual({
      media_state: 'failed',
      media_reason: 'graph 404',
      media_attempts: 1,
    });
  });
});
