import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
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
 * Files from the patient's page (migrations 20261127100000–100200): a file is begun only with a
 * live link's token, in a slot of the request's treatment, within the type, size and rate limits;
 * only the service finishes it after checking its bytes; staff read only checked files, and RLS on
 * storage.objects lets nobody else read, write or delete an object; every way a request or a file
 * goes queues its objects for deletion, and orphans are queued too. As anon, another patient's
 * link, a signed-in non-admin, a coordinator and an owner, on every backend.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');

interface Slot {
  slot: string;
  required: boolean;
  asked_at: string | null;
  files: { id: string; object_path?: string; thumb_path?: string | null }[];
}
interface FilesView {
  slots: Slot[];
  complete_at: string | null;
  limits: { used_files: number; used_bytes: number };
}

describe.each(backends)('request files on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
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
    await db.exec(`
      truncate private.patient_page_calls, private.storage_deletions;
      update private.request_file_limits set uploads_per_link_per_hour = 30, uploads_per_address_per_hour = 60;
      select set_config('storage.allow_delete_query', 'true', false);
      delete from storage.objects where bucket_id = 'request-files';
      select set_config('storage.allow_delete_query', 'false', false);
    `);
    owner = await createLiveAdmin(db, 'nadia.owner', 'nadia long password', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
    visitor = await createUser(db);
  });

  async function submit(service = 'hair-transplant') {
    const token = newToken();
    const id = crypto.randomUUID();
    await as(db, anon, (tx) => insertLead(tx, leadRow({ id, patient_token: token, service })));
    const { rows } = await db.query<{ id: string; reference: string }>(
      `select id::text, reference from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { token, leadId: id, requestId: rows[0]!.id, reference: rows[0]!.reference };
  }

  const call = async <T>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ v: T }>(sql, params)).rows[0]!.v);

  const begin = (
    token: string,
    slot: string,
    type = 'image/jpeg',
    bytes = 300_000,
    actor: Actor = { role: 'anon', address: '203.0.113.5' },
  ) =>
    call<{ file_id: string; object_path: string; thumb_path: string | null } | null>(
      actor,
      `select public.patient_file_begin($1, $2, $3, $4, 'front.jpg', true) as v`,
      [token, slot, type, bytes],
    );

  const finish = (fileId: string, ok = true, reason: string | null = null) =>
    call<{ state: string; complete?: boolean }>(
      serviceRole,
      `select public.finish_request_file($1, $2, 300000, $3) as v`,
      [fileId, ok, reason],
    );

  /** The object rows the Storage API would write for a file (as the service, bypassing RLS). */
  async function storeObjects(...paths: (string | null)[]) {
    for (const path of paths.filter(Boolean)) {
      await db.query(
        `insert into storage.objects (bucket_id, name, metadata, created_at)
         values ('request-files', $1, '{"size": 1}', now() - interval '1 hour')`,
        [path],
      );
    }
  }

  const events = async (requestId: string) =>
    (
      await db.query<{ kind: string; old_value: string | null; new_value: string | null }>(
        `select kind, old_value, new_value from public.request_events
         where request_id = $1 and kind like 'file%' order by id`,
        [requestId],
      )
    ).rows;

  it('keeps the bucket private, with its size and type limits', async () => {
    const { rows } = await db.query(
      `select public, file_size_limit::int as limit, allowed_mime_types from storage.buckets where id = 'request-files'`,
    );
    expect(rows).toEqual([
      {
        public: false,
        limit: 10_485_760,
        allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      },
    ]);
  });

  it("offers each treatment's slots, and begins a file only with a live link in one of them", async () => {
    const hair = await submit('hair-transplant');
    const dental = await submit('dental-implants');
    const other = await submit('ivf');
    const slots = async (token: string) =>
      (await call<FilesView>(anon, `select public.patient_files($1) as v`, [token])).slots.map(
        (slot) => `${slot.slot}${slot.required ? '*' : ''}`,
      );
    expect(await slots(hair.token)).toEqual([
      'hair_front*',
      'hair_top*',
      'hair_crown*',
      'hair_donor*',
      'report',
    ]);
    expect(await slots(dental.token)).toEqual(['smile*', 'xray*', 'report']);
    expect(await slots(other.token)).toEqual(['report*']);

    const started = await begin(hair.token, 'hair_front');
    expect(started!.object_path).toBe(`requests/${hair.requestId}/${started!.file_id}.jpg`);
    expect(started!.thumb_path).toBe(`requests/${hair.requestId}/${started!.file_id}-thumb.jpg`);
    expect(await begin(newToken(), 'hair_front')).toBeNull();
    await expectSqlError(begin(hair.token, 'smile'), '23514').then((error) =>
      expect(error.hint).toBe('file_slot_unknown'),
    );
    await expectSqlError(begin(hair.token, 'hair_top', 'application/pdf'), '23514').then((error) =>
      expect(error.hint).toBe('file_type_not_accepted'),
    );
    await expectSqlError(begin(hair.token, 'hair_top', 'image/gif'), '23514').then((error) =>
      expect(error.hint).toBe('file_type_not_accepted'),
    );
    const tooBig = await expectSqlError(
      begin(dental.token, 'xray', 'application/pdf', 10_485_761),
      '23514',
    );
    expect([tooBig.hint, tooBig.detail]).toEqual(['file_too_large', 'limit: 10485760 bytes']);
    await expectSqlError(begin(hair.token, 'hair_top', 'image/jpeg', 5_242_881), '23514');
    expect(await begin(dental.token, 'xray', 'application/pdf', 10_485_760)).not.toBeNull();
  });

  it('limits uploads per link and per address, and what one request holds', async () => {
    await db.query(
      `update private.request_file_limits set uploads_per_link_per_hour = 3, uploads_per_address_per_hour = 5`,
    );
    const first = await submit();
    const second = await submit();
    for (let index = 0; index < 3; index++) await begin(first.token, 'report', 'image/jpeg', 1000);
    const perLink = await expectSqlError(begin(first.token, 'report'), 'PT429');
    expect(perLink.detail).toBe('limit: 3 uploads per link per hour');
    await begin(second.token, 'hair_front');
    await begin(second.token, 'hair_top');
    const perAddress = await expectSqlError(begin(second.token, 'hair_crown'), 'PT429');
    expect(perAddress.detail).toBe('limit: 5 uploads per address per hour');
    // Another address still may; the report slot of the first holds at most 4.
    expect(
      await begin(second.token, 'hair_crown', 'image/jpeg', 1000, {
        role: 'anon',
        address: '198.51.100.9',
      }),
    ).not.toBeNull();

    await db.query(
      `update private.request_file_limits set uploads_per_link_per_hour = 100, uploads_per_address_per_hour = 100`,
    );
    await begin(first.token, 'report', 'image/jpeg', 1000);
    await expectSqlError(begin(first.token, 'report'), '23514').then((error) =>
      expect(error.hint).toBe('file_slot_full'),
    );
    await db.query(`update private.request_file_limits set max_request_bytes = 2000000`);
    const full = await expectSqlError(
      begin(second.token, 'hair_donor', 'image/jpeg', 2_000_000),
      '23514',
    );
    expect(full.hint).toBe('request_files_full');
  });

  it('lets only the service sign for a file, and only with the link that began it', async () => {
    const mine = await submit();
    const theirs = await submit();
    const started = await begin(mine.token, 'hair_front');
    const target = (token: string, actor: Actor = serviceRole) =>
      call<{ object_path: string } | null>(
        actor,
        `select public.request_file_upload_target($1, $2) as v`,
        [token, started!.file_id],
      );
    expect((await target(mine.token))!.object_path).toBe(started!.object_path);
    expect(await target(theirs.token)).toBeNull();
    for (const actor of [anon, visitor, coordinator, owner]) {
      await expectSqlError(target(mine.token, actor), '42501');
      await expectSqlError(
        call(actor, `select public.finish_request_file($1, true) as v`, [started!.file_id]),
        '42501',
      );
      await expectSqlError(call(actor, `select public.claim_storage_deletions() as v`), '42501');
    }
  });

  it('shows staff only checked files, through RLS on storage.objects; nobody writes or deletes there', async () => {
    const request = await submit();
    const checked = await begin(request.token, 'hair_front');
    const unchecked = await begin(request.token, 'hair_top');
    await storeObjects(checked!.object_path, checked!.thumb_path, unchecked!.object_path);
    await finish(checked!.file_id);
    const readable = (actor: Actor) =>
      as(db, actor, async (tx) =>
        (
          await tx.query<{ name: string }>(
            `select name from storage.objects where bucket_id = 'request-files' order by name`,
          )
        ).rows.map((row) => row.name),
      );
    const other = await submit();
    expect(await readable(anon)).toEqual([]);
    expect(await readable({ role: 'anon', address: '203.0.113.5' })).toEqual([]);
    expect(await readable(visitor)).toEqual([]);
    for (const staff of [coordinator, owner]) {
      expect(await readable(staff)).toEqual([checked!.object_path, checked!.thumb_path].sort());
    }
    // Another patient's link reaches no file of this request, whatever it asks.
    const theirs = await call<FilesView>(anon, `select public.patient_files($1) as v`, [
      other.token,
    ]);
    expect(theirs.slots.flatMap((slot) => slot.files)).toEqual([]);
    expect(
      await call(anon, `select public.patient_file_delete($1, $2) as v`, [
        other.token,
        checked!.file_id,
      ]),
    ).toEqual({ removed: false });

    for (const actor of [anon, visitor, coordinator, owner]) {
      await expectSqlError(
        as(db, actor, (tx) =>
          tx.query(`insert into storage.objects (bucket_id, name) values ('request-files', $1)`, [
            `requests/${request.requestId}/forged.jpg`,
          ]),
        ),
        '42501',
      );
      const changed = await as(db, actor, async (tx) => {
        await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
        const updated = await tx.query(
          `update storage.objects set metadata = '{}' where bucket_id = 'request-files'`,
        );
        const deleted = await tx.query(
          `delete from storage.objects where bucket_id = 'request-files'`,
        );
        return updated.affectedRows + deleted.affectedRows;
      });
      expect(changed).toBe(0);
    }
    await expectSqlError(
      db.query(`delete from storage.objects where bucket_id = 'request-files'`),
      '42501',
    );
  });

  it('records the check: ready files reach the timeline and complete the slots; refused ones are queued for deletion', async () => {
    const request = await submit('dental-implants');
    const smile = await begin(request.token, 'smile');
    const bad = await begin(request.token, 'xray', 'application/pdf', 2000);
    expect(await finish(bad!.file_id, false, 'content_mismatch')).toEqual({
      state: 'rejected',
      reason: 'content_mismatch',
    });
    expect(await finish(bad!.file_id, true)).toMatchObject({ state: 'rejected' });
    expect((await db.query(`select object_path from private.storage_deletions`)).rows).toEqual([
      { object_path: bad!.object_path },
    ]);
    expect(await finish(smile!.file_id)).toEqual({ state: 'ready', complete: false });
    const xray = await begin(request.token, 'xray', 'image/webp');
    expect(await finish(xray!.file_id)).toEqual({ state: 'ready', complete: true });
    expect(await events(request.requestId)).toEqual([
      { kind: 'file_rejected', old_value: 'xray', new_value: 'content_mismatch' },
      { kind: 'file_received', old_value: null, new_value: 'smile' },
      { kind: 'file_received', old_value: null, new_value: 'xray' },
      { kind: 'files_complete', old_value: null, new_value: null },
    ]);
    // A new smile photo replaces the old one, whose objects are queued; "complete" is not repeated.
    const again = await begin(request.token, 'smile');
    expect(await finish(again!.file_id)).toEqual({ state: 'ready', complete: false });
    const queued = (
      await db.query<{ object_path: string }>(
        `select object_path from private.storage_deletions order by id`,
      )
    ).rows;
    expect(queued.map((row) => row.object_path)).toEqual([
      bad!.object_path,
      smile!.object_path,
      smile!.thumb_path,
    ]);
    const view = await call<FilesView>(owner, `select public.request_files($1) as v`, [
      request.requestId,
    ]);
    expect(view.slots.find((slot) => slot.slot === 'smile')!.files.map((file) => file.id)).toEqual([
      again!.file_id,
    ]);
    expect(view.complete_at).not.toBeNull();
    // The broadcast for an open dialog names the request and file, nothing about the person.
    const { rows } = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from realtime.messages where topic = 'staff:request_files' order by id desc limit 1`,
    );
    expect(Object.keys(rows[0]!.payload).sort()).toEqual([
      'file_id',
      'request_id',
      'slot',
      'state',
    ]);
  });

  it('lets staff ask for a slot again: the patient sees it, a new file answers it', async () => {
    const request = await submit('dental-implants');
    for (const slot of ['smile', 'xray']) await finish((await begin(request.token, slot))!.file_id);
    await expectSqlError(
      call(
        visitor,
        `select public.ask_for_request_file($1, 'smile', 'visitor-ask-0123456789') as v`,
        [request.requestId],
      ),
      '42501',
    );
    await expectSqlError(
      call(anon, `select public.request_files($1) as v`, [request.requestId]),
      '42501',
    );
    await expectSqlError(
      call(visitor, `select public.request_files($1) as v`, [request.requestId]),
      '42501',
    );
    await call(
      coordinator,
      `select public.ask_for_request_file($1, 'smile', 'smile-ask-0123456789') as v`,
      [request.requestId],
    );
    const seen = await call<FilesView>(anon, `select public.patient_files($1) as v`, [
      request.token,
    ]);
    expect(seen.slots.find((slot) => slot.slot === 'smile')!.asked_at).not.toBeNull();
    expect(seen.complete_at).toBeNull();
    // The patient's view never carries object paths.
    expect(JSON.stringify(seen)).not.toContain('requests/');
    expect(await finish((await begin(request.token, 'smile'))!.file_id)).toEqual({
      state: 'ready',
      complete: true,
    });
    const after = await call<FilesView>(anon, `select public.patient_files($1) as v`, [
      request.token,
    ]);
    expect(after.slots.find((slot) => slot.slot === 'smile')!.asked_at).toBeNull();
    expect((await events(request.requestId)).map((event) => event.kind)).toEqual([
      'file_received',
      'file_received',
      'files_complete',
      'file_requested',
      'file_received',
      'files_complete',
    ]);
  });

  it('queues the objects of every file when the request goes: erasure, withdrawal, the bin, retention', async () => {
    const paths = async (request: Awaited<ReturnType<typeof submit>>) => {
      const started = await begin(request.token, 'hair_front');
      await finish(started!.file_id);
      return [started!.object_path, started!.thumb_path!];
    };
    const queued = async () =>
      (
        await db.query<{ object_path: string }>(`select object_path from private.storage_deletions`)
      ).rows
        .map((row) => row.object_path)
        .sort();

    const erased = await submit();
    const erasedPaths = await paths(erased);
    await db.query(`delete from public.offer_leads where id = $1`, [erased.leadId]);
    expect(await queued()).toEqual([...erasedPaths].sort());

    const withdrawn = await submit();
    const withdrawnPaths = await paths(withdrawn);
    await call(anon, `select public.patient_withdraw($1, $2) as v`, [
      withdrawn.token,
      withdrawn.reference,
    ]);
    expect(await queued()).toEqual([...erasedPaths, ...withdrawnPaths].sort());

    const binned = await submit();
    const binnedPaths = await paths(binned);
    await db.query(
      `update public.contact_requests set deleted_at = now() - interval '31 days' where id = $1`,
      [binned.requestId],
    );
    await db.query(`select private.purge_expired_bin()`);
    const expired = await submit();
    const expiredPaths = await paths(expired);
    // The set_updated_at trigger would stamp now(): backdate with triggers off, as time would.
    await db.exec(`set session_replication_role = replica`);
    await db.query(
      `update public.contact_requests set updated_at = now() - interval '25 months', created_at = now() - interval '25 months' where id = $1`,
      [expired.requestId],
    );
    await db.query(
      `update public.offer_leads set created_at = now() - interval '25 months' where id = $1`,
      [expired.leadId],
    );
    await db.exec(`set session_replication_role = origin`);
    await db.query(`select private.erase_expired_leads()`);
    expect(await queued()).toEqual(
      [...erasedPaths, ...withdrawnPaths, ...binnedPaths, ...expiredPaths].sort(),
    );
    expect(await countRows(db, 'private.request_files')).toBe(0);
    // Realtime keeps no copy of their file broadcasts (ids only, but of erased requests).
    const gone = [erased, withdrawn, binned, expired].map((request) => request.requestId);
    const { rows: copies } = await db.query(
      `select id from realtime.messages where payload ->> 'request_id' = any($1::text[])`,
      [gone],
    );
    expect(copies).toEqual([]);

    // The worker claims them, and finishing removes them from the outbox.
    const claimed = await call<{ id: number; object_path: string }[]>(
      serviceRole,
      `select public.claim_storage_deletions(100) as v`,
    );
    expect(claimed.map((row) => row.object_path).sort()).toEqual(await queued());
    await as(db, serviceRole, (tx) =>
      tx.query(`select public.finish_storage_deletions($1::bigint[])`, [
        claimed.map((row) => row.id),
      ]),
    );
    expect(await queued()).toEqual([]);
  });

  it('queues objects no live file names (an upload after its request was erased), and gives up abandoned uploads', async () => {
    const request = await submit();
    const started = await begin(request.token, 'hair_front');
    await storeObjects(`requests/${request.requestId}/stray.jpg`, started!.object_path);
    await db.query(`update private.request_files set created_at = now() - interval '4 hours'`);
    const claimed = await call<{ object_path: string }[]>(
      serviceRole,
      `select public.claim_storage_deletions(100) as v`,
    );
    expect(claimed.map((row) => row.object_path).sort()).toEqual(
      [`requests/${request.requestId}/stray.jpg`, started!.object_path, started!.thumb_path].sort(),
    );
    expect((await db.query(`select state, reject_reason from private.request_files`)).rows).toEqual(
      [{ state: 'rejected', reject_reason: 'abandoned' }],
    );
  });

  it('lets the patient remove a checked file of their own', async () => {
    const request = await submit();
    const started = await begin(request.token, 'hair_front');
    await finish(started!.file_id);
    expect(
      await call(anon, `select public.patient_file_delete($1, $2) as v`, [
        request.token,
        started!.file_id,
      ]),
    ).toEqual({ removed: true });
    expect(
      (await db.query(`select count(*)::int as n from private.storage_deletions`)).rows[0],
    ).toEqual({ n: 2 });
    expect((await events(request.requestId)).at(-1)).toMatchObject({
      kind: 'file_removed',
      new_value: 'hair_front',
    });
    expect(
      await call(anon, `select public.patient_file_delete($1, $2) as v`, [
        newToken(),
        started!.file_id,
      ]),
    ).toBeNull();
  });
});
