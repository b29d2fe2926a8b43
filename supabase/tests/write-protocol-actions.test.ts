import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { erasePerson } from '../../local/person-data.ts';
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
 * The write protocol on the staff's one-off actions (issue 41; migration
 * 20261203100000_one_off_staff_actions.sql), on every backend: each takes an idempotency key (no
 * key is refused), a replay of the key is answered with the first answer and changes nothing
 * (no second record, link, merge, release, restore or purge), another key is another action; a
 * WhatsApp record names the template version that went out and is accepted after the template was
 * edited and archived since the list opened.
 */

const backends = await sqlBackends();
const newKey = () => randomBytes(16).toString('hex');

describe.each(backends)('the write protocol on one-off staff actions, on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let sara: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  const call = <T = unknown>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]?.r as T);

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

  const events = (id: string, kind: string) =>
    countRows(db, `public.request_events where request_id = '${id}' and kind = '${kind}'`);

  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.staff_write_answers;
      update public.message_templates set archived_at = null;`);
    owner = await createLiveAdmin(db, 'nadia', 'nadia long password', 'owner');
    sara = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
  });

  it('records a call once per key, and refuses a call without a key', async () => {
    const id = await newRequest();
    const key = newKey();
    const log = `select public.log_call($1, 'call_back', $2, true, $3) as r`;
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const first = await call<{ id: number; replayed: boolean }>(sara, log, [id, at, key]);
    expect(first.replayed).toBe(false);
    // The colleague moves the follow-up; the lost answer's retry must not set it back.
    const later = new Date(Date.now() + 7_200_000).toISOString();
    await db.query(`update public.contact_requests set follow_up_at = $2 where id = $1`, [
      id,
      later,
    ]);
    const replay = await call<{ id: number; replayed: boolean }>(sara, log, [id, at, key]);
    expect(replay).toMatchObject({ id: first.id, replayed: true });
    expect(await events(id, 'call')).toBe(1);
    const { rows } = await db.query<{ follow_up_at: Date }>(
      `select follow_up_at from public.contact_requests where id = $1`,
      [id],
    );
    expect(rows[0]!.follow_up_at.toISOString()).toBe(later);
    // Without a key, or with a key used for another action, nothing is recorded.
    const missing = await expectSqlError(
      call(sara, `select public.log_call($1, 'answered') as r`, [id]),
      '22023',
    );
    expect(missing.hint).toBe('idempotency_key');
    const reused = await expectSqlError(
      call(sara, `select public.log_whatsapp_message($1, null, null, $2) as r`, [id, key]),
      '22023',
    );
    expect(reused.hint).toBe('idempotency_key_reused');
    // Another person's key is theirs: the owner's same string is a new record.
    await call(owner, log, [id, at, key]);
    expect(await events(id, 'call')).toBe(2);
  });

  it('keeps the template version that went out, though it was edited and archived since', async () => {
    const id = await newRequest();
    // The coordinator's list opened on version 1 of «التواصل الأول».
    const { rows } = await db.query<{ id: string; version: number; title_ar: string }>(
      `select id::text, version, title_ar from public.message_templates where key = 'first_contact'`,
    );
    const opened = rows[0]!;
    // Meanwhile the owner edits its title and body, then archives it.
    await call(
      owner,
      `update public.message_templates
       set title_ar = 'تحية جديدة', body_ar = body_ar || ' (محدّث)' where id = $1`,
      [opened.id],
    );
    await call(owner, `update public.message_templates set position = position + 1 where id = $1`, [
      opened.id,
    ]);
    await call(owner, `update public.message_templates set archived_at = now() where id = $1`, [
      opened.id,
    ]);
    const now = await db.query<{ version: number }>(
      `select version from public.message_templates where id = $1`,
      [opened.id],
    );
    // Only the edit of the text made a new version (not the place, not the archive).
    expect(now.rows[0]!.version).toBe(opened.version + 1);
    const key = newKey();
    const log = `select public.log_whatsapp_message($1, $2, $3, $4) as r`;
    const record = await call<{ old_value: string; new_value: string; replayed: boolean }>(
      sara,
      log,
      [id, opened.id, opened.version, key],
    );
    // The record names the title and the version that went out, not today's.
    expect(record).toMatchObject({
      new_value: opened.title_ar,
      old_value: `${opened.id}:${opened.version}`,
      replayed: false,
    });
    const sent = await db.query<{ body_ar: string }>(
      `select v.body_ar from private.message_template_versions v
       where v.template_id || ':' || v.version = $1`,
      [record.old_value],
    );
    expect(sent.rows[0]!.body_ar).not.toContain('(محدّث)');
    // The retry of that record is the same record.
    expect(await call(sara, log, [id, opened.id, opened.version, key])).toMatchObject({
      replayed: true,
    });
    expect(await events(id, 'whatsapp')).toBe(1);
    // A version the template never had is refused, and says so.
    const unknown = await expectSqlError(
      call(sara, log, [id, opened.id, opened.version + 5, newKey()]),
      'PT404',
    );
    expect(unknown.hint).toBe('template_not_found');
    // The clients cannot set the version themselves.
    await expectSqlError(
      call(owner, `update public.message_templates set version = 99 where id = $1`, [opened.id]),
      '42501',
    );
  });

  it('issues a link once per key; a replay answers the same token while it is live', async () => {
    const id = await newRequest();
    const key = newKey();
    const issue = `select public.issue_patient_link($1, $2) as r`;
    const token = await call<string>(sara, issue, [id, key]);
    expect(await call<string>(sara, issue, [id, key])).toBe(token);
    expect(await events(id, 'patient_link')).toBe(1);
    // A new link (another key) stops the first: the first key's replay is refused, not answered
    // with a link that no longer opens, and no raw token of it is kept.
    const second = await call<string>(sara, issue, [id, newKey()]);
    expect(second).not.toBe(token);
    const replaced = await expectSqlError(call(sara, issue, [id, key]), 'PT409');
    expect(replaced.hint).toBe('patient_link_replaced');
    expect(
      await countRows(db, `private.staff_write_answers where answer ->> 'token' = '${token}'`),
    ).toBe(0);
    // Revoking once per key: a replay records nothing again.
    const revokeKey = newKey();
    const revoke = `select public.revoke_patient_link($1, $2)::text as r`;
    await call(sara, revoke, [id, revokeKey]);
    await call(sara, revoke, [id, revokeKey]);
    expect(await events(id, 'patient_link')).toBe(3);
    expect(await countRows(db, `private.staff_write_answers where answer ? 'token'`)).toBe(0);
    await expectSqlError(
      call(sara, `select public.issue_patient_link($1, null) as r`, [id]),
      '22023',
    );
  });

  it('merges and undoes once per key', async () => {
    const a = await newRequest({ phone: '966545024476', country_code: '+966' });
    const b = await newRequest({ phone: '966545024477', country_code: '+966' });
    const key = newKey();
    const merge = `select public.merge_requests($1, $2, $3) as r`;
    const merged = await call<{ merged: number; replayed: boolean }>(sara, merge, [a, b, key]);
    expect(merged).toMatchObject({ merged: 2, replayed: false });
    // The same press again is the same merge, not "already one person".
    expect(await call(sara, merge, [a, b, key])).toMatchObject({ merged: 2, replayed: true });
    expect((await expectSqlError(call(sara, merge, [a, b, newKey()]), '22023')).hint).toBe(
      'already_one_person',
    );
    const undoKey = newKey();
    const undo = `select public.undo_merge($1, $2) as r`;
    expect(await call(sara, undo, [a, undoKey])).toMatchObject({ restored: 2, replayed: false });
    expect(await call(sara, undo, [a, undoKey])).toMatchObject({ restored: 2, replayed: true });
    expect(await countRows(db, `public.request_events where kind = 'unmerge'`)).toBe(2);
  });

  it('releases held requests, restores and purges the bin once per key', async () => {
    const held = await newRequest();
    await db.query(`update public.contact_requests set held_reason = 'flood' where id = $1`, [
      held,
    ]);
    const key = newKey();
    const release = `select public.release_held_requests($1::uuid[], $2) as r`;
    expect(await call(sara, release, [[held], key])).toBe(1);
    // Held again meanwhile (another flood): the lost answer's retry does not release it again.
    await db.query(`update public.contact_requests set held_reason = 'flood' where id = $1`, [
      held,
    ]);
    expect(await call(sara, release, [[held], key])).toBe(1);
    expect(
      await countRows(
        db,
        `public.contact_requests where id = '${held}' and held_reason is not null`,
      ),
    ).toBe(1);

    const binned = await newRequest();
    await call(owner, `delete from public.contact_requests where id = $1`, [binned]);
    const restoreKey = newKey();
    const restore = `select public.restore_requests($1::uuid[], $2) as r`;
    expect(await call(owner, restore, [[binned], restoreKey])).toEqual([binned]);
    // Deleted again by a colleague; the retry of the restore answers what it did, and does not
    // take the request out of the bin a second time.
    await call(owner, `delete from public.contact_requests where id = $1`, [binned]);
    expect(await call(owner, restore, [[binned], restoreKey])).toEqual([binned]);
    expect(
      await countRows(
        db,
        `public.contact_requests where id = '${binned}' and deleted_at is not null`,
      ),
    ).toBe(1);
    const purgeKey = newKey();
    const purge = `select public.purge_requests($1::uuid[], $2) as r`;
    expect(await call(owner, purge, [[binned], purgeKey])).toBe(1);
    expect(await call(owner, purge, [[binned], purgeKey])).toBe(1);
    expect(await countRows(db, `public.contact_requests where id = '${binned}'`)).toBe(0);
    // The bin stays the owners': a coordinator's key changes nothing of that.
    await expectSqlError(call(sara, restore, [[held], newKey()]), '42501');
  });

  it('keeps no answer about a person after their erasure, and none older than seven days', async () => {
    const id = await newRequest({ phone: '966545024490', country_code: '+966' });
    await call(sara, `select public.issue_patient_link($1, $2) as r`, [id, newKey()]);
    await call(sara, `select public.log_call($1, 'answered', null, true, $2) as r`, [id, newKey()]);
    const other = await newRequest();
    await call(sara, `select public.log_call($1, 'answered', null, true, $2) as r`, [
      other,
      newKey(),
    ]);
    expect(await countRows(db, 'private.staff_write_answers')).toBe(3);
    await erasePerson(db, '+966 54 502 4490');
    // The link's token and the contact record went with the person; the other request's stays.
    expect(await countRows(db, 'private.staff_write_answers')).toBe(1);
    expect(
      await countRows(db, `private.staff_write_answers where answer ->> 'request_id' = '${other}'`),
    ).toBe(1);
    // An answer a week old is dropped when the next one is stored.
    await db.query(`update private.staff_write_answers set created_at = now() - interval '8 days'`);
    await call(sara, `select public.log_call($1, 'no_answer', null, true, $2) as r`, [
      other,
      newKey(),
    ]);
    expect(await countRows(db, 'private.staff_write_answers')).toBe(1);
  });
});
