import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  anon,
  as,
  createLiveAdmin,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  serviceRole,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * The patient hears what happens (issue 43, item 4; 20261206100000_patient_notices.sql): quotes
 * ready, a quote revised (with what changed), the choice recorded and the manager assigned each
 * queue one message in private.patient_notices, close events make one message, and the delivery
 * goes through the recipient policy (caps, staff's stop, the bin, erasure), each send or drop on
 * the timeline. What changed is worked out once (private.quote_changes) for the mail and the page.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');
const newKey = () => randomBytes(16).toString('hex');

interface Claimed {
  id: number;
  kind: string;
  email: string;
  language: string;
  reference: string;
  first_name: string | null;
  manager_name: string | null;
  quotes: {
    clinic: string;
    version: number;
    price: number;
    currency: string;
    changes: {
      field: string;
      from?: unknown;
      to?: unknown;
      added?: string[];
      removed?: string[];
    }[];
  }[];
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  technique: 'FUE',
  units: 4000,
  unit_kind: 'grafts',
  team: 'Dr. Kaya',
  nights: 3,
  hotel: '4★ hotel',
  transfer: true,
  interpreter: true,
  included: ['PRP', 'Medication'],
  not_included: ['Flights'],
  price: 2400,
  currency: 'EUR',
  valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  note: 'السعر يشمل كل شيء',
  note_language: 'ar',
  ...overrides,
});

describe.each(backends)('messages telling the patient what happened on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let coordinator: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`
      truncate private.patient_page_calls, private.outbound_messages;
      delete from realtime.messages;
      update private.outbound_settings set quiet_from = '00:00', quiet_until = '00:00',
        notice_delay = interval '5 minutes', notice_delay_max = interval '30 minutes',
        messages_per_recipient_per_day = 3;
    `);
    owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
  });

  const call = (actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: unknown }>(sql, params)).rows[0]?.r);

  async function addClinic(slug: string) {
    const id = (await call(
      owner,
      `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country, languages,
         includes_hotel, includes_transfer, treatments, currency)
       values ($1, 'عيادة ' || $1, 'Clinic ' || $1, 'إسطنبول', 'Istanbul', 'turkey', '{ar,en,tr}',
         true, true, '{hair-transplant}', 'EUR')
       returning id::text as r`,
      [slug],
    )) as string;
    await call(
      owner,
      `insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until)
       values ($1, 'JCI', 'JCI-123', '2099-12-31')`,
      [id],
    );
    return id;
  }

  /** A request whose confirmation mail already left (so it is not the one naming the manager). */
  async function submit(overrides: Record<string, unknown> = {}) {
    const token = newToken();
    const id = crypto.randomUUID();
    await as(db, anon, (tx) =>
      insertLead(
        tx,
        leadRow({ id, patient_token: token, service: 'hair-transplant', ...overrides }),
      ),
    );
    await db.query(
      `update private.patient_confirmations set sent_at = now(), link_token = null
       where lead_id = $1`,
      [id],
    );
    const { rows } = await db.query<{ id: string }>(
      `select id::text from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { token, leadId: id, requestId: rows[0]!.id };
  }

  /** Saves a draft over the quote's current draft and sends it; the quote's id. */
  async function sendQuote(requestId: string, clinicId: string, values = fields()) {
    const base = (
      await db.query<{ version: number; revision: number }>(
        `select v.version, v.revision from public.quote_versions v
         join public.quotes q on q.id = v.quote_id
         where q.request_id = $1 and q.clinic_id = $2 and v.sent_at is null`,
        [requestId, clinicId],
      )
    ).rows[0];
    const saved = (await call(
      coordinator,
      `select public.save_quote_draft($1, $2, $3, $4, $5) as r`,
      [requestId, clinicId, base?.version ?? null, base?.revision ?? null, JSON.stringify(values)],
    )) as { quote_id: string; version: number; revision: number };
    await call(coordinator, `select public.send_quote($1, $2, $3, $4) as r`, [
      saved.quote_id,
      saved.version,
      saved.revision,
      newKey(),
    ]);
    return saved.quote_id;
  }

  const notices = async (leadId: string) =>
    (
      await db.query<{ kind: string; quotes: number; channel: string; open: boolean }>(
        `select kind, cardinality(quote_ids)::int as quotes, channel,
                sent_at is null and gave_up_at is null as open
         from private.patient_notices where lead_id = $1 order by id`,
        [leadId],
      )
    ).rows;
  /** Makes every waiting message due now (as if the coalescing delay had passed). */
  const elapse = () =>
    db.exec(
      `update private.patient_notices set next_attempt_at = now() - interval '1 second'
       where sent_at is null and gave_up_at is null`,
    );
  const claim = () =>
    as(db, serviceRole, async (tx) => {
      const { rows } = await tx.query<{ c: Claimed[] }>(
        `select public.claim_patient_notices(100) as c`,
      );
      return rows[0]!.c;
    });
  const finish = (id: number) =>
    as(db, serviceRole, (tx) =>
      tx.query(`select public.finish_patient_notice($1, true, null)`, [id]),
    );
  const timeline = async (requestId: string) =>
    (
      await db.query<{ old_value: string | null; new_value: string | null }>(
        `select old_value, new_value from public.request_events
         where request_id = $1 and kind = 'automatic_message' order by id`,
        [requestId],
      )
    ).rows;

  it('makes one "quotes ready" of several clinics sent close together, after a wait', async () => {
    const { leadId, requestId } = await submit({ email: 'layla@example.com' });
    const first = await addClinic('istanbul-hair');
    const second = await addClinic('ankara-hair');
    await sendQuote(requestId, first);
    await sendQuote(requestId, second, fields({ price: 2600 }));
    expect(await notices(leadId)).toEqual([
      { kind: 'quotes_ready', quotes: 2, channel: 'email', open: true },
    ]);
    // It waits the coalescing delay (5 minutes) after the last send.
    const { rows } = await db.query<{ wait: number }>(
      `select extract(epoch from next_attempt_at - now())::int as wait
       from private.patient_notices where lead_id = $1`,
      [leadId],
    );
    expect(rows[0]!.wait).toBeGreaterThan(280);
    expect(rows[0]!.wait).toBeLessThanOrEqual(300);
    expect(await claim()).toEqual([]);

    // The wait is bounded: a message waits at most 30 minutes after its first event.
    await db.query(
      `update private.patient_notices set created_at = now() - interval '29 minutes'
       where lead_id = $1`,
      [leadId],
    );
    await sendQuote(requestId, await addClinic('izmir-hair'));
    const { rows: bounded } = await db.query<{ wait: number }>(
      `select extract(epoch from next_attempt_at - now())::int as wait
       from private.patient_notices where lead_id = $1`,
      [leadId],
    );
    expect(bounded[0]!.wait).toBeLessThanOrEqual(60);

    await elapse();
    const claimed = await claim();
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({
      kind: 'quotes_ready',
      email: 'layla@example.com',
      language: 'ar',
      first_name: 'Layla',
    });
    expect(claimed[0]!.quotes.map((q) => [q.clinic, q.price])).toEqual([
      ['عيادة istanbul-hair', 2400],
      ['عيادة ankara-hair', 2600],
      ['عيادة izmir-hair', 2400],
    ]);
    await finish(claimed[0]!.id);
    expect(await claim()).toEqual([]);
    expect(await timeline(requestId)).toContainEqual({
      old_value: 'quotes_ready',
      new_value: 'sent',
    });
  });

  it('says what a revision changed, line by line, in the mail and on the page', async () => {
    const { leadId, requestId, token } = await submit({
      email: 'omar@example.com',
      language: 'en',
      name: 'Omar Said',
    });
    const clinic = await addClinic('istanbul-hair');
    const quoteId = await sendQuote(requestId, clinic);
    await elapse();
    for (const row of await claim()) await finish(row.id);

    await sendQuote(
      requestId,
      clinic,
      fields({
        price: 2300,
        nights: 4,
        included: ['Hotel', 'PRP', 'Airport lounge'],
        team: 'Dr. Demir',
      }),
    );
    expect((await notices(leadId)).map((n) => [n.kind, n.open])).toEqual([
      ['quotes_ready', false],
      ['quote_revised', true],
    ]);
    await elapse();
    const [revised] = await claim();
    expect(revised).toMatchObject({ kind: 'quote_revised', language: 'en', first_name: 'Omar' });
    const expected = [
      {
        field: 'price',
        from: { amount: 2400, currency: 'EUR' },
        to: { amount: 2300, currency: 'EUR' },
      },
      { field: 'team', from: 'Dr. Kaya', to: 'Dr. Demir' },
      { field: 'nights', from: 3, to: 4 },
      { field: 'included', added: ['Hotel', 'Airport lounge'], removed: ['Medication'] },
    ];
    expect(revised!.quotes).toHaveLength(1);
    expect(revised!.quotes[0]!.clinic).toBe('Clinic istanbul-hair');
    expect(revised!.quotes[0]!.changes).toEqual(expected);

    // The page's card reads the very same lines; a first version has none.
    const page = (await call(anon, `select public.patient_quotes($1) as r`, [token])) as {
      quotes: { id: string; version: number; changes: unknown[] }[];
    };
    expect(page.quotes).toEqual([
      expect.objectContaining({ id: quoteId, version: 2, changes: expected }),
    ]);
    const other = await addClinic('ankara-hair');
    await sendQuote(requestId, other);
    const again = (await call(anon, `select public.patient_quotes($1) as r`, [token])) as {
      quotes: { version: number; changes: unknown[] }[];
    };
    expect(again.quotes[1]).toMatchObject({ version: 1, changes: [] });
  });

  it('folds a revision sent before "quotes ready" left into it', async () => {
    const { leadId, requestId } = await submit();
    const clinic = await addClinic('istanbul-hair');
    await sendQuote(requestId, clinic);
    await sendQuote(requestId, clinic, fields({ price: 2300 }));
    expect(await notices(leadId)).toEqual([
      { kind: 'quotes_ready', quotes: 1, channel: 'email', open: true },
    ]);
    await elapse();
    const [ready] = await claim();
    expect(ready!.quotes[0]).toMatchObject({ version: 2, price: 2300, changes: [] });
  });

  it('tells the patient their choice (the last one) and who their manager is', async () => {
    const { leadId, requestId, token } = await submit();
    const first = await addClinic('istanbul-hair');
    const second = await addClinic('ankara-hair');
    const firstQuote = await sendQuote(requestId, first);
    const secondQuote = await sendQuote(requestId, second);
    await elapse();
    for (const row of await claim()) await finish(row.id);

    const choose = (quoteId: string) =>
      call(anon, `select public.patient_choose_quote($1, $2, 1) as r`, [token, quoteId]);
    await choose(firstQuote);
    await choose(secondQuote);
    // The patient changed their mind within the wait: one message, naming the last choice.
    expect((await notices(leadId)).filter((n) => n.kind === 'quote_chosen')).toEqual([
      { kind: 'quote_chosen', quotes: 1, channel: 'email', open: true },
    ]);

    const staff = await db.query<{ id: string }>(
      `select id::text from private.admin_users where username = 'sara'`,
    );
    await db.query(
      `update private.admin_users set display_name = 'Sara Ali' where username = 'sara'`,
    );
    await db.query(`update public.contact_requests set assigned_to = $1 where id = $2`, [
      staff.rows[0]!.id,
      requestId,
    ]);
    await elapse();
    const claimed = await claim();
    expect(claimed.map((row) => row.kind).sort()).toEqual(['manager_assigned', 'quote_chosen']);
    const chosen = claimed.find((row) => row.kind === 'quote_chosen')!;
    expect(chosen.quotes.map((q) => q.clinic)).toEqual(['عيادة ankara-hair']);
    expect(claimed.find((row) => row.kind === 'manager_assigned')!.manager_name).toBe('Sara Ali');
  });

  it('names the manager in the confirmation instead while that has not left', async () => {
    const token = newToken();
    const id = crypto.randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id, patient_token: token })));
    const staff = await db.query<{ id: string }>(
      `select id::text from private.admin_users where username = 'sara'`,
    );
    await db.query(`update public.contact_requests set assigned_to = $1 where lead_id = $2`, [
      staff.rows[0]!.id,
      id,
    ]);
    expect(await notices(id)).toEqual([]);
  });

  it('queues a WhatsApp row that waits for a request without an e-mail, never mails it', async () => {
    const { leadId, requestId } = await submit({ email: null });
    await sendQuote(requestId, await addClinic('istanbul-hair'));
    expect(await notices(leadId)).toEqual([
      { kind: 'quotes_ready', quotes: 1, channel: 'whatsapp', open: true },
    ]);
    await elapse();
    expect(await claim()).toEqual([]);
  });

  it('sends nothing to a stopped, withdrawn, binned or erased request, each drop on the timeline', async () => {
    const clinic = await addClinic('istanbul-hair');
    const stopped = await submit({ email: 'stop@example.com' });
    const withdrawn = await submit({ email: 'gone@example.com' });
    const binned = await submit({ email: 'bin@example.com' });
    const erased = await submit({ email: 'erased@example.com' });
    for (const request of [stopped, withdrawn, binned, erased]) {
      await sendQuote(request.requestId, clinic);
    }
    await call(coordinator, `select public.stop_automatic_messages($1, true)`, [stopped.requestId]);
    const reference = await db.query<{ reference: string }>(
      `select reference from public.contact_requests where id = $1`,
      [withdrawn.requestId],
    );
    await call(anon, `select public.patient_withdraw($1, $2) as r`, [
      withdrawn.token,
      reference.rows[0]!.reference,
    ]);
    await db.query(`update public.contact_requests set deleted_at = now() where id = $1`, [
      binned.requestId,
    ]);
    await db.query(`delete from public.offer_leads where id = $1`, [erased.leadId]);
    // Erasure took its row with the person.
    expect(await notices(erased.leadId)).toEqual([]);

    await elapse();
    expect(await claim()).toEqual([]);
    expect(await timeline(stopped.requestId)).toContainEqual({
      old_value: 'quotes_ready',
      new_value: 'not_sent:stopped',
    });
    expect(await notices(stopped.leadId)).toEqual([
      { kind: 'quotes_ready', quotes: 1, channel: 'email', open: false },
    ]);
    // A binned request queues nothing new either.
    await sendQuote(binned.requestId, await addClinic('ankara-hair')).catch(() => null);
    expect((await notices(binned.leadId)).filter((n) => n.open)).toEqual([]);
  });

  it('holds the caps per recipient: across requests and across kinds', async () => {
    const clinic = await addClinic('istanbul-hair');
    const requests = [];
    for (let i = 0; i < 3; i++) requests.push(await submit({ email: 'same@example.com' }));
    for (const request of requests) await sendQuote(request.requestId, clinic);
    await elapse();
    const claimed = await claim();
    // quotes_ready: 2 a day per recipient.
    expect(claimed).toHaveLength(2);
    const dropped = await db.query<{ reason: string }>(
      `select reason from private.outbound_messages where kind = 'quotes_ready' and decision = 'drop'`,
    );
    expect(dropped.rows).toEqual([{ reason: 'recipient_daily_cap' }]);
  });

  it('lets only the service role claim and finish', async () => {
    for (const actor of [anon, coordinator]) {
      await expectSqlError(call(actor, `select public.claim_patient_notices(10) as r`), '42501');
      await expectSqlError(
        call(actor, `select public.finish_patient_notice(1, true, null) as r`),
        '42501',
      );
    }
    await expectSqlError(call(anon, `select * from private.patient_notices`), '42501');
    await expectSqlError(call(anon, `select private.quote_changes(gen_random_uuid(), 2)`), '42501');
  });
});
