import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
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
 * "What now" from the request's real state (issue 43; 20261202130000_patient_now.sql): the
 * patient's page and the staff's panel answer the same state, worked out from the files, the
 * asks, the quotes and the step staff set: photos needed (which), waiting (with the promised
 * time), quotes to compare, expired, chosen (which clinic), travel, after-care, closed. Rows are
 * written as the functions that own them would leave them (the quote functions are being
 * rewritten elsewhere; the state must follow the rows, whoever writes them).
 */

const backends = await sqlBackends();

interface Now {
  state: string;
  missing?: string[];
  quotes?: number;
  clinic?: { ar: string; en: string };
  due_at?: string;
}

describe.each(backends)('what now on $name', (backend) => {
  let db: Database;
  let coordinator: Actor & { role: 'authenticated' };
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
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    visitor = await createUser(db);
  });

  async function submit(service = 'hair-transplant') {
    const token = randomBytes(32).toString('base64url');
    const id = crypto.randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id, patient_token: token, service })));
    const { rows } = await db.query<{ id: string; created_at: Date }>(
      `select id::text, created_at from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { token, requestId: rows[0]!.id, createdAt: rows[0]!.created_at };
  }

  const patientNow = (token: string) =>
    as(db, anon, async (tx) => {
      const { rows } = await tx.query<{ v: { now: Now } | null }>(
        `select public.patient_request($1, false) as v`,
        [token],
      );
      return rows[0]!.v?.now;
    });
  const staffNow = (requestId: string, actor: Actor = coordinator) =>
    as(db, actor, async (tx) => {
      const { rows } = await tx.query<{ v: { now: Now } }>(
        `select public.patient_page_info($1) as v`,
        [requestId],
      );
      return rows[0]!.v.now;
    });

  async function fileIn(requestId: string, slot: string) {
    await db.query(
      `insert into private.request_files (request_id, slot, kind, content_type, declared_bytes,
         bytes, object_path, state)
       values ($1::uuid, $2, 'image', 'image/webp', 1000, 1000,
         'requests/' || $1::text || '/' || gen_random_uuid() || '.webp', 'ready')`,
      [requestId, slot],
    );
  }

  async function clinic(slug: string) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country)
       values ($1, 'عيادة ' || $1, 'Clinic ' || $1, 'إسطنبول', 'Istanbul', 'turkey')
       returning id::text`,
      [slug],
    );
    return rows[0]!.id;
  }

  /** A quote with one version sent, valid until `validUntil`. */
  async function sentQuote(requestId: string, clinicId: string, validUntil: string) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.quotes (request_id, clinic_id, status, first_sent_at)
       values ($1, $2, 'sent', now()) returning id::text`,
      [requestId, clinicId],
    );
    await db.query(
      `insert into public.quote_versions (quote_id, version, price, currency, valid_until, sent_at)
       values ($1, 1, 2400, 'EUR', $2, now())`,
      [rows[0]!.id, validUntil],
    );
    return rows[0]!.id;
  }

  it('walks a hair request from photos needed to after-care, the same for the patient and staff', async () => {
    const { token, requestId, createdAt } = await submit();
    const expectNow = async (expected: Now) => {
      expect(await patientNow(token)).toEqual(expected);
      expect(await staffNow(requestId)).toEqual(expected);
    };
    // Nothing sent yet: the four views of the scalp, in the page's order.
    await expectNow({
      state: 'photos',
      missing: ['hair_front', 'hair_top', 'hair_crown', 'hair_donor'],
    });
    await fileIn(requestId, 'hair_front');
    await fileIn(requestId, 'hair_top');
    await fileIn(requestId, 'hair_crown');
    await expectNow({ state: 'photos', missing: ['hair_donor'] });
    await fileIn(requestId, 'hair_donor');

    // Everything in: the quotes are promised 48 hours after the last needed file arrived.
    const complete = new Date(createdAt.getTime() + 3_600_000);
    await db.query(
      `insert into private.request_file_progress (request_id, complete_at) values ($1, $2)`,
      [requestId, complete],
    );
    const waiting = await patientNow(token);
    expect(waiting?.state).toBe('waiting');
    expect(new Date(waiting!.due_at!).getTime()).toBe(complete.getTime() + 48 * 3_600_000);
    expect(await staffNow(requestId)).toEqual(waiting);

    // Staff ask for the crown again: photos needed, that one.
    await db.query(
      `insert into private.request_file_asks (request_id, slot, asked_by) values ($1, 'hair_crown', 'sara')`,
      [requestId],
    );
    await expectNow({ state: 'photos', missing: ['hair_crown'] });
    await db.query(`delete from private.request_file_asks where request_id = $1`, [requestId]);

    // Two quotes sent, one past its last day: one to compare.
    // The last day is the patient's today (their time zone, private.request_today), not UTC's.
    const { rows: days } = await db.query<{ today: string }>(
      `select private.request_today($1)::text as today`,
      [requestId],
    );
    const today = days[0]!.today;
    const later = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const first = await sentQuote(requestId, await clinic('kaya'), later);
    const old = await sentQuote(requestId, await clinic('old'), '2020-01-01');
    await expectNow({ state: 'compare', quotes: 1 });
    await db.query(`update public.quote_versions set valid_until = $2 where quote_id = $1`, [
      first,
      today,
    ]);
    // The last day still counts.
    await expectNow({ state: 'compare', quotes: 1 });
    await db.query(
      `update public.quote_versions set valid_until = '2020-01-02' where quote_id = $1`,
      [first],
    );
    await expectNow({ state: 'expired' });

    // The patient's choice names the clinic; travel and after-care follow the step staff set.
    await db.query(
      `update public.quotes set status = 'chosen', chosen_version = 1, decided_at = now() where id = $1`,
      [old],
    );
    await expectNow({ state: 'chosen', clinic: { ar: 'عيادة old', en: 'Clinic old' } });
    await db.query(
      `update private.patient_pages set step = 'travel' where lead_id =
         (select lead_id from public.contact_requests where id = $1)`,
      [requestId],
    );
    await expectNow({ state: 'travel' });
    await db.query(
      `update private.patient_pages set step = 'aftercare' where lead_id =
         (select lead_id from public.contact_requests where id = $1)`,
      [requestId],
    );
    await expectNow({ state: 'aftercare' });
    await db.query(`update public.contact_requests set status = 'cancelled' where id = $1`, [
      requestId,
    ]);
    expect(await staffNow(requestId)).toEqual({ state: 'closed' });
  });

  it('asks other treatments for a report, and promises quotes from the request when nothing is needed', async () => {
    const { token, requestId, createdAt } = await submit('ivf');
    expect(await patientNow(token)).toEqual({ state: 'photos', missing: ['report'] });
    await fileIn(requestId, 'report');
    const waiting = await patientNow(token);
    expect(waiting?.state).toBe('waiting');
    expect(new Date(waiting!.due_at!).getTime()).toBe(createdAt.getTime() + 48 * 3_600_000);
  });

  it('answers staff only, and never anyone the state itself', async () => {
    const { requestId } = await submit();
    for (const actor of [anon, visitor]) {
      await expectSqlError(
        as(db, actor, (tx) => tx.query(`select public.patient_page_info($1)`, [requestId])),
        '42501',
      );
      await expectSqlError(
        as(db, actor, (tx) => tx.query(`select private.patient_now($1)`, [requestId])),
        '42501',
      );
    }
    await expectSqlError(
      as(db, coordinator, (tx) => tx.query(`select private.patient_now($1)`, [requestId])),
      '42501',
    );
    const owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    expect((await staffNow(requestId, owner)).state).toBe('photos');
  });
});
