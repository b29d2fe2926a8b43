import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  anon,
  as,
  countRows,
  createLiveAdmin,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * The write protocol on what took the last writer's word before (issue 41 item 1; migration
 * 20261206130000_every_staff_write_named.sql), on every backend: templates, clinics and
 * accreditations are saved naming what the owner opened (a stale save is refused with who and
 * when; a new row's repeat is the same row); the patient's step names the step the screen showed;
 * asking for a file carries an idempotency key; and through the API staff cannot write these
 * tables, nor a request's or a lead's columns, around their functions.
 */

const backends = await sqlBackends();
const newKey = () => randomBytes(16).toString('hex');

describe.each(backends)('the write protocol on owners’ and step writes, on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let rana: Actor & { role: 'authenticated' };
  let sara: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  const call = <T = unknown>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]?.r as T);
  /** As a call through PostgREST's table route names itself (request.path). */
  const viaApi = (actor: Actor, path: string, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => {
      await tx.query(`select set_config('request.path', $1, true)`, [path]);
      return (await tx.query(sql, params)).rows;
    });

  async function newRequest(overrides: Record<string, unknown> = {}): Promise<string> {
    const leadId = crypto.randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id: leadId, ...overrides })));
    return (
      await db.query<{ id: string }>(
        `select id::text from public.contact_requests where lead_id = $1`,
        [leadId],
      )
    ).rows[0]!.id;
  }

  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.staff_write_answers;
      delete from public.message_templates where key is null;
      delete from public.clinics;`);
    owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    rana = await createLiveAdmin(db, 'rana', 'rana long password', 'owner');
    sara = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
  });

  const template = {
    title_ar: 'تذكير بالموعد',
    title_en: 'Appointment reminder',
    body_ar: 'مرحباً {name}',
    body_en: 'Hello {name}',
  };
  const save = `select to_jsonb(public.save_message_template($1, $2, $3)) as r`;
  type Template = { id: string; updated_at: string; version: number; body_ar: string };

  it('adds a template once under its id, and refuses a save over another owner’s', async () => {
    const id = crypto.randomUUID();
    const added = await call<Template>(owner, save, [id, null, template]);
    // The answer was lost; the same press again is the same template, not a second one.
    const again = await call<Template>(owner, save, [id, null, template]);
    expect(again.id).toBe(added.id);
    expect(
      await countRows(db, `public.message_templates where title_en = 'Appointment reminder'`),
    ).toBe(1);

    // Rana saves first; Nadia's save over the version she opened is refused, naming Rana.
    const ranas = await call<Template>(rana, save, [
      id,
      added.updated_at,
      { body_ar: 'أهلاً {name}' },
    ]);
    expect(ranas.body_ar).toBe('أهلاً {name}');
    const stale = await expectSqlError(
      call(owner, save, [id, added.updated_at, { body_ar: 'سلام {name}' }]),
      'PT409',
    );
    expect(stale.hint).toBe('stale_version');
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({
      what: 'message_template',
      by: 'rana',
    });
    const { rows } = await db.query<{ body_ar: string }>(
      `select body_ar from public.message_templates where id = $1`,
      [id],
    );
    expect(rows[0]!.body_ar).toBe('أهلاً {name}');
    // Over what she now sees, her archive goes through.
    const archived = await call<Template & { archived_at: string | null }>(owner, save, [
      id,
      ranas.updated_at,
      { archived_at: new Date().toISOString() },
    ]);
    expect(archived.archived_at).not.toBeNull();
  });

  it('refuses a template save from a coordinator, with unknown fields, or for a template gone', async () => {
    await expectSqlError(call(sara, save, [crypto.randomUUID(), null, template]), '42501');
    const unknown = await expectSqlError(
      call(owner, save, [crypto.randomUUID(), null, { ...template, key: 'first_contact' }]),
      '22023',
    );
    expect(unknown.hint).toBe('unknown_field');
    const gone = await expectSqlError(
      call(owner, save, [crypto.randomUUID(), new Date().toISOString(), template]),
      'PT404',
    );
    expect(gone.hint).toBe('template_not_found');
  });

  const clinic = {
    slug: 'istanbul-hair',
    name_ar: 'عيادة إسطنبول',
    name_en: 'Istanbul Hair',
    city_ar: 'إسطنبول',
    city_en: 'Istanbul',
    country: 'turkey',
    languages: ['ar', 'en', 'tr'],
    includes_hotel: true,
    includes_transfer: true,
    includes_interpreter: false,
    hotel: null,
    treatments: ['hair-transplant'],
    currency: 'EUR',
    about_ar: '',
    about_en: '',
    active: true,
  };
  const saveClinic = `select to_jsonb(public.save_clinic($1, $2, $3)) as r`;
  type Clinic = { id: string; updated_at: string; active: boolean; languages: string[] };

  it('adds a clinic once under its id, and refuses a save over another owner’s', async () => {
    const id = crypto.randomUUID();
    const added = await call<Clinic>(owner, saveClinic, [id, null, clinic]);
    expect(added.languages).toEqual(['ar', 'en', 'tr']);
    await call(owner, saveClinic, [id, null, clinic]);
    expect(await countRows(db, `public.clinics`)).toBe(1);
    const paused = await call<Clinic>(rana, saveClinic, [id, added.updated_at, { active: false }]);
    expect(paused.active).toBe(false);
    // Nadia's form still shows the clinic active: her save would undo Rana's pause.
    const stale = await expectSqlError(
      call(owner, saveClinic, [id, added.updated_at, { ...clinic, hotel: 'Hilton' }]),
      'PT409',
    );
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({ what: 'clinic', by: 'rana' });
    const { rows } = await db.query<{ active: boolean; hotel: string | null }>(
      `select active, hotel from public.clinics where id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ active: false, hotel: null });
    // The database's own checks still speak: a country that is not one.
    await expectSqlError(
      call(owner, saveClinic, [id, paused.updated_at, { country: 'narnia' }]),
      '22P02',
    );
    await expectSqlError(call(sara, saveClinic, [crypto.randomUUID(), null, clinic]), '42501');
  });

  it('records and renews an accreditation as opened, and deletes it only as shown', async () => {
    const clinicId = (await call<Clinic>(owner, saveClinic, [crypto.randomUUID(), null, clinic]))
      .id;
    const saveAcc = `select to_jsonb(public.save_clinic_accreditation($1, $2, $3)) as r`;
    type Acc = { id: string; checked_at: string; checked_by_name: string; valid_until: string };
    const id = crypto.randomUUID();
    const fields = {
      clinic_id: clinicId,
      body: 'JCI',
      certificate_number: 'J-1',
      valid_until: '2027-06-30',
    };
    const first = await call<Acc>(owner, saveAcc, [id, null, fields]);
    await call(owner, saveAcc, [id, null, fields]);
    expect(await countRows(db, `public.clinic_accreditations`)).toBe(1);
    const renewed = await call<Acc>(rana, saveAcc, [
      id,
      first.checked_at,
      { valid_until: '2028-06-30' },
    ]);
    expect(renewed).toMatchObject({ checked_by_name: 'rana', valid_until: '2028-06-30' });
    const stale = await expectSqlError(
      call(owner, saveAcc, [id, first.checked_at, { valid_until: '2027-12-31' }]),
      'PT409',
    );
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({ by: 'rana' });
    const remove = `select public.delete_clinic_accreditation($1, $2)::text as r`;
    await expectSqlError(call(owner, remove, [id, first.checked_at]), 'PT409');
    expect(await countRows(db, `public.clinic_accreditations`)).toBe(1);
    await call(owner, remove, [id, renewed.checked_at]);
    // Already gone is done.
    await call(owner, remove, [id, renewed.checked_at]);
    expect(await countRows(db, `public.clinic_accreditations`)).toBe(0);
  });

  it('sets the patient’s step over the step the screen showed', async () => {
    const id = await newRequest();
    const step = `select public.set_patient_step($1, $2, $3)::text as r`;
    await call(sara, step, [id, 'quotes', '']);
    await call(owner, step, [id, 'travel', 'quotes']);
    // Sara's panel still shows «quotes»: her «documents» would undo the owner's «travel».
    const stale = await expectSqlError(call(sara, step, [id, 'documents', 'quotes']), 'PT409');
    expect(JSON.parse(stale.detail ?? '{}')).toMatchObject({
      what: 'patient_step',
      by: 'nadia',
      step: 'travel',
    });
    // The same step as now is done, whatever the screen showed.
    await call(sara, step, [id, 'travel', 'quotes']);
    expect(
      await countRows(
        db,
        `public.request_events where request_id = '${id}' and kind = 'patient_step'`,
      ),
    ).toBe(2);
  });

  it('asks for a file once per key', async () => {
    const id = await newRequest({ service: 'dental-implants' });
    const ask = `select public.ask_for_request_file($1, 'smile', $2)::text as r`;
    const key = newKey();
    await call(sara, ask, [id, key]);
    await call(sara, ask, [id, key]);
    const asked = () =>
      countRows(db, `public.request_events where request_id = '${id}' and kind = 'file_requested'`);
    expect(await asked()).toBe(1);
    await call(sara, ask, [id, newKey()]);
    expect(await asked()).toBe(2);
    const missing = await expectSqlError(
      call(sara, `select public.ask_for_request_file($1, 'smile', null)::text as r`, [id]),
      '22023',
    );
    expect(missing.hint).toBe('idempotency_key');
  });

  it('refuses staff table writes through the API around their functions', async () => {
    const id = await newRequest();
    const attempts: [Actor, string, string][] = [
      [owner, '/message_templates', `update public.message_templates set body_ar = 'x {name}'`],
      [
        owner,
        '/message_templates',
        `insert into public.message_templates (title_ar, title_en, body_ar, body_en)
         values ('عنوان', 'Title', 'نص', 'Text')`,
      ],
      [
        owner,
        '/clinics',
        `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country)
         values ('x-clinic', 'عيادة', 'Clinic', 'مدينة', 'City', 'turkey')`,
      ],
      [owner, '/clinic_accreditations', `delete from public.clinic_accreditations`],
      [
        sara,
        '/contact_requests',
        `update public.contact_requests set status = 'completed' where id = '${id}'`,
      ],
      [sara, '/offer_leads', `update public.offer_leads set name = 'Someone else'`],
      // The stand-in's and the gateway's full path are the same route.
      [
        sara,
        '/rest/v1/contact_requests',
        `update public.contact_requests set notes = 'x' where id = '${id}'`,
      ],
    ];
    for (const [actor, path, sql] of attempts) {
      const refused = await expectSqlError(viaApi(actor, path, sql), '42501');
      expect(refused.hint).toBe('write_through_function');
    }
    // The request's own function is the way: it names the version the coordinator saw.
    const saved = await as(db, sara, async (tx) => {
      await tx.query(`select set_config('request.path', '/rpc/update_request', true)`);
      return (
        await tx.query<{ status: string }>(
          `select (public.update_request($1, 1, '{"status":"completed"}')).status`,
          [id],
        )
      ).rows[0];
    });
    expect(saved).toEqual({ status: 'completed' });
  });
});
