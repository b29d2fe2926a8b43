import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { QUOTE_LIMITS } from '../../src/lib/admin/quote-limits.ts';
import {
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * The staff write protocol on quotes (issue 41; migration 20261202100000), as anon, a signed-in
 * non-admin, a coordinator and an owner: a draft saved over a revision the saver did not open is
 * refused with who saved it and when; a send names the draft revision the sender saw and carries
 * an idempotency key (a replay returns the first answer and sends nothing, a stale revision or a
 * version sent by another send is refused); the quote's limits are the builder's.
 */

const backends = await sqlBackends();
const newKey = () => randomBytes(16).toString('hex');

const fields = (overrides: Record<string, unknown> = {}) => ({
  technique: 'FUE',
  units: 4000,
  unit_kind: 'grafts',
  team: 'Dr. Kaya',
  nights: 3,
  price: 2000,
  currency: 'EUR',
  valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  note_language: 'ar',
  ...overrides,
});

interface Saved {
  quote_id: string;
  version: number;
  revision: number;
  updated_by_name: string;
}

describe.each(backends)('the staff write protocol on quotes, on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let sara: Actor & { role: 'authenticated' };
  let omar: Actor & { role: 'authenticated' };
  let visitor: Actor & { role: 'authenticated' };
  let requestId: string;
  let clinicId: string;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  const call = (actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: unknown }>(sql, params)).rows[0]?.r);

  const save = (
    actor: Actor,
    opened: { version: number; revision: number } | null,
    values: Record<string, unknown> = fields(),
  ) =>
    call(actor, `select public.save_quote_draft($1, $2, $3, $4, $5) as r`, [
      requestId,
      clinicId,
      opened?.version ?? null,
      opened?.revision ?? null,
      JSON.stringify(values),
    ]) as Promise<Saved>;

  const send = (actor: Actor, quoteId: string, version: number, revision: number, key: string) =>
    call(actor, `select public.send_quote($1, $2, $3, $4) as r`, [
      quoteId,
      version,
      revision,
      key,
    ]) as Promise<{ version: number; revision: number; replayed: boolean; sent_at: string }>;

  const versions = async () =>
    (
      await db.query<{ version: number; revision: number; price: string; sent: boolean }>(
        `select version, revision, price::text, sent_at is not null as sent
         from public.quote_versions order by version`,
      )
    ).rows;

  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.staff_write_answers; delete from realtime.messages`);
    owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    sara = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    omar = await createLiveAdmin(db, 'omar', 'omar long password', 'coordinator');
    visitor = await createUser(db);
    const leadId = crypto.randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id: leadId, service: 'hair-transplant' })));
    requestId = (
      await db.query<{ id: string }>(
        `select id::text from public.contact_requests where lead_id = $1`,
        [leadId],
      )
    ).rows[0]!.id;
    clinicId = (await call(
      owner,
      `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country, currency)
       values ('istanbul-hair', 'عيادة', 'Clinic', 'إسطنبول', 'Istanbul', 'turkey', 'EUR')
       returning id::text as r`,
    )) as string;
    await call(
      owner,
      `insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until)
       values ($1, 'JCI', 'JCI-1', '2099-12-31')`,
      [clinicId],
    );
  });

  it('refuses a draft saved over a revision the saver did not open, saying whose it is', async () => {
    const first = await save(sara, null);
    expect(first).toMatchObject({ version: 1, revision: 1, updated_by_name: 'sara' });
    // Omar opened Sara's revision 1 and saves 1,800 with another surgeon: revision 2.
    const second = await save(omar, first, fields({ price: 1800, team: 'Dr. Demir' }));
    expect(second).toMatchObject({ version: 1, revision: 2, updated_by_name: 'omar' });
    // Sara's next autosave still names revision 1: refused, nothing overwritten.
    const stale = await expectSqlError(save(sara, first, fields({ nights: 4 })), 'PT409');
    expect(stale.hint).toBe('stale_version');
    const detail = JSON.parse(stale.detail ?? '{}') as Record<string, unknown>;
    expect(detail).toMatchObject({
      what: 'quote_draft',
      version: 1,
      revision: 2,
      by: 'omar',
      state: 'draft',
    });
    expect(Date.now() - Date.parse(String(detail['at']))).toBeLessThan(60_000);
    expect(await versions()).toEqual([{ version: 1, revision: 2, price: '1800.00', sent: false }]);
    // Starting a "new" draft while one exists is the same refusal; an owner is held to it too.
    expect((await expectSqlError(save(sara, null), 'PT409')).hint).toBe('stale_version');
    expect((await expectSqlError(save(owner, first), 'PT409')).hint).toBe('stale_version');
    // Re-applying on top of Omar's revision saves.
    expect(await save(sara, second, fields({ nights: 4 }))).toMatchObject({ revision: 3 });
    // Half a name is refused.
    await expectSqlError(
      call(sara, `select public.save_quote_draft($1, $2, 1, null, '{}') as r`, [
        requestId,
        clinicId,
      ]),
      '22023',
    );
  });

  it('sends the revision the sender saw, once per key; a replay is the same answer', async () => {
    const draft = await save(sara, null);
    const key = newKey();
    const sent = await send(sara, draft.quote_id, 1, 1, key);
    expect(sent).toMatchObject({ version: 1, revision: 1, replayed: false });
    // The reply was lost; the retry with the same key is the same send, not version 2.
    const again = await send(sara, draft.quote_id, 1, 1, key);
    expect(again).toMatchObject({ version: 1, revision: 1, replayed: true, sent_at: sent.sent_at });
    expect(await versions()).toEqual([{ version: 1, revision: 1, price: '2000.00', sent: true }]);
    const events = async () =>
      (await call(
        owner,
        `select count(*)::int as r from public.request_events
         where request_id = $1 and kind = 'quote_sent'`,
        [requestId],
      )) as number;
    expect(await events()).toBe(1);
    // Another send of the same version (another key, another person) is told who sent it.
    const twice = await expectSqlError(send(omar, draft.quote_id, 1, 1, newKey()), 'PT409');
    expect(twice.hint).toBe('quote_already_sent');
    expect(JSON.parse(twice.detail ?? '{}')).toMatchObject({ version: 1, by: 'sara' });
    // The saver of a draft on the sent version is told it was sent.
    const late = await expectSqlError(save(omar, draft, fields({ price: 1800 })), 'PT409');
    expect(JSON.parse(late.detail ?? '{}')).toMatchObject({ state: 'sent', by: 'sara' });
    // A key is needed, and is one action's.
    expect((await expectSqlError(send(sara, draft.quote_id, 1, 1, 'short'), '22023')).hint).toBe(
      'idempotency_key',
    );
  });

  it('refuses to send a draft saved since the sender saw it (the race of issue 41)', async () => {
    // Sara starts at 2,000; Omar opens it and saves 1,800; Sara, still on revision 1, sends.
    const draft = await save(sara, null);
    await save(omar, draft, fields({ price: 1800, team: 'Dr. Demir' }));
    const stale = await expectSqlError(send(sara, draft.quote_id, 1, 1, newKey()), 'PT409');
    expect(stale.hint).toBe('stale_version');
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({ by: 'omar', revision: 2 });
    expect((await versions())[0]).toMatchObject({ sent: false, price: '1800.00' });
    // And the other order: Sara sends revision 1 first; Omar's send of his view is refused.
    await db.exec(`truncate public.quotes cascade`);
    const again = await save(sara, null);
    await send(sara, again.quote_id, 1, 1, newKey());
    expect((await expectSqlError(save(omar, again, fields({ price: 1800 })), 'PT409')).hint).toBe(
      'stale_version',
    );
    expect((await expectSqlError(send(omar, again.quote_id, 1, 2, newKey()), 'PT409')).hint).toBe(
      'quote_already_sent',
    );
    expect(await versions()).toEqual([{ version: 1, revision: 1, price: '2000.00', sent: true }]);
  });

  it('throws away only the draft revision the caller saw', async () => {
    const draft = await save(sara, null);
    const newer = await save(omar, draft, fields({ price: 1800 }));
    const stale = await expectSqlError(
      call(sara, `select public.discard_quote_draft($1, 1, 1)`, [draft.quote_id]),
      'PT409',
    );
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({ by: 'omar', revision: 2 });
    expect(await versions()).toHaveLength(1);
    await call(sara, `select public.discard_quote_draft($1, 1, $2)`, [
      draft.quote_id,
      newer.revision,
    ]);
    expect(await versions()).toEqual([]);
    // Already gone: done, not an error (a second press, a colleague's discard).
    await call(sara, `select public.discard_quote_draft($1, 1, 2)`, [draft.quote_id]);
  });

  it('lets only live staff save, send or discard, and keeps the answers out of reach', async () => {
    const draft = await save(sara, null);
    for (const actor of [anon, visitor]) {
      await expectSqlError(save(actor, draft), '42501');
      await expectSqlError(send(actor, draft.quote_id, 1, 1, newKey()), '42501');
      await expectSqlError(
        call(actor, `select public.discard_quote_draft($1, 1, 1)`, [draft.quote_id]),
        '42501',
      );
    }
    for (const actor of [anon, visitor, sara, owner]) {
      await expectSqlError(
        call(actor, `select count(*) as r from private.staff_write_answers`),
        '42501',
      );
    }
    // The old unversioned signatures are gone: nothing bypasses the check.
    for (const sql of [
      `select public.save_quote_draft($1, $2, '{}'::jsonb)`,
      `select public.send_quote($1)`,
    ]) {
      await expectSqlError(
        call(sara, sql, sql.includes('$2') ? [requestId, clinicId] : [draft.quote_id]),
        '42883',
      );
    }
    // The owner sends like anyone, with a key.
    expect(await send(owner, draft.quote_id, 1, 1, newKey())).toMatchObject({ version: 1 });
  });

  it('records a decision only on the status and version the card showed', async () => {
    const draft = await save(sara, null);
    await send(sara, draft.quote_id, 1, 1, newKey());
    const decide = (actor: Actor, status: string, from: string, version: number) =>
      call(actor, `select public.set_quote_status($1, $2, $3, $4)::text as r`, [
        draft.quote_id,
        status,
        from,
        version,
      ]);
    const stored = async () =>
      (
        await db.query<{ status: string }>(`select status from public.quotes where id = $1`, [
          draft.quote_id,
        ])
      ).rows[0]!.status;
    // The patient chose on their page meanwhile; Omar's card still shows "sent": his "declined"
    // is refused, saying what it is now, and the patient's choice stands.
    await db.query(
      `update public.quotes set status = 'chosen', chosen_version = 1, decided_at = now()
       where id = $1`,
      [draft.quote_id],
    );
    const stale = await expectSqlError(decide(omar, 'declined', 'sent', 1), 'PT409');
    expect(stale.hint).toBe('stale_version');
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({
      what: 'quote',
      version: 1,
      status: 'chosen',
    });
    expect(await stored()).toBe('chosen');
    // What it is already is done, whatever the card showed (a second press, a lost answer).
    await decide(omar, 'chosen', 'sent', 1);
    // On what he sees now, the decision is his.
    await decide(omar, 'declined', 'chosen', 1);
    expect(await stored()).toBe('declined');
    // A card about version 1 cannot decide on a version 2 sent since.
    const next = await save(sara, null, fields({ price: 1900 }));
    await send(sara, draft.quote_id, next.version, next.revision, newKey());
    expect((await expectSqlError(decide(omar, 'chosen', 'sent', 1), 'PT409')).hint).toBe(
      'stale_version',
    );
    expect(await stored()).toBe('sent');
    // The old signature is gone.
    await expectSqlError(
      call(omar, `select public.set_quote_status($1, 'chosen')`, [draft.quote_id]),
      '42883',
    );
  });

  it('checks the limits the builder checks, and takes an ordinary quote in every currency', async () => {
    expect(await db.query(`select private.quote_limits() as r`).then((r) => r.rows[0])).toEqual({
      r: QUOTE_LIMITS,
    });
    // A 9,000 USD dental plan in Iraqi dinars was refused by the old bound of 10,000,000.
    let opened: { version: number; revision: number } | null = null;
    for (const currency of ['IQD', 'EGP', 'TRY', 'KWD']) {
      opened = await save(sara, opened, fields({ price: 11_800_000, currency }));
    }
    opened = await save(sara, opened, fields({ price: QUOTE_LIMITS.price_max }));
    const over = {
      price: QUOTE_LIMITS.price_max + 0.01,
      units: QUOTE_LIMITS.units_max + 1,
      nights: QUOTE_LIMITS.nights_max + 1,
      technique: 'x'.repeat(QUOTE_LIMITS.text_max + 1),
      note: 'x'.repeat(QUOTE_LIMITS.note_max + 1),
    };
    for (const [key, value] of Object.entries(over)) {
      const error = await expectSqlError(save(sara, opened, fields({ [key]: value })), '23514');
      expect(error.constraint).toBe(`quote_versions_${key}`);
    }
    opened = await save(
      sara,
      opened,
      fields({
        units: QUOTE_LIMITS.units_max,
        nights: QUOTE_LIMITS.nights_max,
        technique: 'x'.repeat(QUOTE_LIMITS.text_max),
        note: 'x'.repeat(QUOTE_LIMITS.note_max),
      }),
    );
    expect(opened.revision).toBe(6);
  });
});
