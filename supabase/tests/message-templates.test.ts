import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import {
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * WhatsApp message templates (migration 20261127120000_message_templates.sql) as anon, a signed-in
 * non-admin, a coordinator and an owner, on every backend: seven templates in Arabic and English to
 * start with; staff read them, only owners add, edit and archive; nobody deletes; a text naming a
 * variable the back office cannot fill is refused, until a feature registers that variable
 * ({quote_link}, the patient's page with the quotes of issue 31, is one already).
 */

const backends = await sqlBackends();

const KEYS = [
  'first_contact',
  'documents',
  'quotes_ready',
  'reminder',
  'travel',
  'aftercare',
  'review',
];

describe.each(backends)('message templates on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let coordinator: Actor & { role: 'authenticated' };
  let user: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`
      delete from public.message_templates where key is null;
      update public.message_templates set archived_at = null;
      delete from private.message_template_variables where name = 'clinic_name';
    `);
    owner = await createLiveAdmin(db, 'nadia.owner', 'nadia long password', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    user = await createUser(db);
  });

  const rows = <T>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx: Queryable) => (await tx.query<T>(sql, params)).rows);

  const newTemplate = (body: string) =>
    JSON.stringify({
      title_ar: 'عرض خاص',
      title_en: 'Special offer',
      body_ar: body,
      body_en: 'Hello {name}',
    });
  const insert = `insert into public.message_templates (title_ar, title_en, body_ar, body_en)
    select title_ar, title_en, body_ar, body_en
    from json_populate_record(null::public.message_templates, $1::json)`;

  it('starts with seven templates, each in Arabic and English, in order', async () => {
    const seeded = await rows<{ key: string; body_ar: string; body_en: string }>(
      coordinator,
      `select key, body_ar, body_en from public.message_templates order by position`,
    );
    expect(seeded.map((row) => row.key)).toEqual(KEYS);
    for (const row of seeded) {
      expect(row.body_ar, row.key).toMatch(/[\u0600-\u06ff]/);
      expect(row.body_en, row.key).toMatch(/^Hello \{name\}/);
    }
    const variables = await rows<{ v: string[] }>(
      coordinator,
      `select public.message_template_variables() as v`,
    );
    expect(variables[0]!.v).toEqual([
      'manager',
      'name',
      'page_link',
      'quote_link',
      'reference',
      'treatment',
      'trip_clinic',
      'trip_dates',
      'trip_emergency',
      'trip_hotel',
      'trip_pickup',
    ]);
    // «تفاصيل السفر» fills from the trip plan (issue 44), no blanks.
    const travel = seeded.find((row) => row.key === 'travel')!;
    expect(travel.body_ar).toContain('{trip_dates}');
    expect(travel.body_ar).not.toContain('…');
    expect(travel.body_en).toContain('{trip_emergency}');
  });

  it('shows templates to staff only', async () => {
    await expectSqlError(rows(anon, `select * from public.message_templates`), '42501');
    expect(await rows(user, `select * from public.message_templates`)).toEqual([]);
    expect(await rows(user, `select public.message_template_variables() as v`)).toEqual([
      { v: [] },
    ]);
    expect(await rows(owner, `select id from public.message_templates`)).toHaveLength(7);
  });

  it('lets owners add, edit and archive templates, and coordinators only read them', async () => {
    await expectSqlError(rows(coordinator, insert, [newTemplate('Hi {name}')]), '42501');
    await expectSqlError(rows(user, insert, [newTemplate('Hi {name}')]), '42501');
    await expectSqlError(rows(anon, insert, [newTemplate('Hi {name}')]), '42501');
    const edited = await rows(
      coordinator,
      `update public.message_templates set body_ar = 'تعديل' where key = 'reminder' returning id`,
    );
    expect(edited).toEqual([]);

    await rows(owner, insert, [newTemplate('أهلاً {name}، عرضنا لـ{treatment}')]);
    await rows(
      owner,
      `update public.message_templates set body_ar = 'تذكير {name}', archived_at = now()
       where key = 'reminder'`,
    );
    const { rows: stored } = await db.query(
      `select key, body_ar, updated_by, archived_at is not null as archived
       from public.message_templates where key = 'reminder' or key is null order by key nulls last`,
    );
    expect(stored).toEqual([
      { key: 'reminder', body_ar: 'تذكير {name}', updated_by: 'nadia.owner', archived: true },
      {
        key: null,
        body_ar: 'أهلاً {name}، عرضنا لـ{treatment}',
        updated_by: 'nadia.owner',
        archived: false,
      },
    ]);
    // An owner cannot rename a template's key or forge who changed it; nobody deletes one.
    await expectSqlError(
      rows(owner, `update public.message_templates set key = 'x' where key = 'review'`),
      '42501',
    );
    for (const actor of [owner, coordinator]) {
      await expectSqlError(
        rows(actor, `delete from public.message_templates where key = 'review'`),
        '42501',
      );
    }
  });

  it('refuses a text with a variable nobody can fill, naming it, until the variable is registered', async () => {
    const refused = await expectSqlError(
      rows(owner, insert, [newTemplate('Your clinic: {clinic_name}')]),
      '23514',
    );
    expect(refused).toMatchObject({ hint: 'unknown_template_variable', detail: 'clinic_name' });
    const edit = await expectSqlError(
      rows(
        owner,
        `update public.message_templates set body_en = body_en || ' {Name}' where key = 'review'`,
      ),
      '23514',
    );
    expect(edit.detail).toBe('Name');
    // Empty titles, overlong texts and control characters are refused too.
    for (const bad of [
      { title_ar: ' ', title_en: 'x y', body_ar: 'a', body_en: 'b' },
      { title_ar: 'اسم', title_en: 'name', body_ar: 'a'.repeat(2001), body_en: 'b' },
      { title_ar: 'اسم', title_en: 'name', body_ar: 'a\u0007b', body_en: 'b' },
    ]) {
      await expectSqlError(rows(owner, insert, [JSON.stringify(bad)]), '23514');
    }
    // A feature that can fill a new variable registers it, and owners may then use it.
    await db.query(`insert into private.message_template_variables (name) values ('clinic_name')`);
    await rows(owner, insert, [newTemplate('عيادتك: {clinic_name}\nمع التحية')]);
    expect(
      (await rows<{ v: string[] }>(owner, `select public.message_template_variables() as v`))[0]!.v,
    ).toContain('clinic_name');
  });
});
