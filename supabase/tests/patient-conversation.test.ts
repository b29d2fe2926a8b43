import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { erasePerson, exportPerson } from '../../local/person-data.ts';
import { conversationFields } from '../../src/lib/field-rules.ts';
import {
  anon,
  as,
  countRows,
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
 * The patient's conversation with their manager (issue 43, item 4; migration
 * 20261206110000_patient_conversation.sql): the patient's messages and staff's replies are rows of
 * public.patient_messages; a coordinator or an owner replies once per idempotency key, a
 * coordinator never on a request in the bin, anon never; the text's bounds are those of
 * src/lib/field-rules.ts; the patient reads only their own thread, by token; export and erasure
 * reach it.
 */

const backends = await sqlBackends();
const newToken = () => randomBytes(32).toString('base64url');

interface Thread {
  messages: { id: string; from: 'patient' | 'staff'; text: string; at: string }[];
}

describe.each(backends)('patient conversation on $name', (backend) => {
  let db: Database;
  let owner: Actor & { role: 'authenticated' };
  let coordinator: Actor & { role: 'authenticated' };
  let address = 0;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await db.exec(`truncate private.patient_page_calls, private.staff_write_answers`);
    owner = await createLiveAdmin(db, 'owner', 'correct horse battery', 'owner');
    coordinator = await createLiveAdmin(db, 'sara', 'sara long password', 'coordinator');
  });

  // Each patient from an address of their own, so the per-address limits never meet.
  const patient = (): Actor => ({
    ...anon,
    address: `198.51.100.${(address = (address % 250) + 1)}`,
  });

  async function submit(phone: string) {
    const token = newToken();
    const id = crypto.randomUUID();
    await as(db, patient(), (tx) =>
      insertLead(tx, leadRow({ id, patient_token: token, phone, country_code: '+966' })),
    );
    const { rows } = await db.query<{ id: string }>(
      `select id::text from public.contact_requests where lead_id = $1`,
      [id],
    );
    return { token, requestId: rows[0]!.id };
  }

  const call = <T = unknown>(actor: Actor, sql: string, params: unknown[] = []) =>
    as(db, actor, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]!.r);

  const send = (token: string, text: string) =>
    call(patient(), `select public.patient_send_message($1, $2) as r`, [token, text]);
  const reply = (actor: Actor, requestId: string, text: string, key: string) =>
    call<Record<string, unknown>>(actor, `select public.reply_to_patient($1, $2, $3) as r`, [
      requestId,
      text,
      key,
    ]);
  const thread = (token: string) =>
    call<Thread | null>(patient(), `select public.patient_conversation($1) as r`, [token]);

  it('holds the patient’s message and the coordinator’s reply, newest last, on the page', async () => {
    const { token, requestId } = await submit('501234567');
    expect(await send(token, 'هل يمكنني الحضور في مارس؟')).toEqual({ ok: true });
    const answer = await reply(
      coordinator,
      requestId,
      '  نعم، مارس مناسب.  ',
      'reply-key-0000000001',
    );
    expect(answer).toMatchObject({
      request_id: requestId,
      direction: 'staff',
      author: 'sara',
      body: 'نعم، مارس مناسب.',
      replayed: false,
    });
    const seen = await thread(token);
    expect(seen?.messages.map(({ from, text }) => ({ from, text }))).toEqual([
      { from: 'patient', text: 'هل يمكنني الحضور في مارس؟' },
      { from: 'staff', text: 'نعم، مارس مناسب.' },
    ]);
    // The page names the manager by role: no account name reaches the patient.
    expect(JSON.stringify(seen)).not.toContain('sara');
    // Both are on the timeline too.
    const { rows } = await db.query<{ kind: string; author: string | null; new_value: string }>(
      `select kind, author, new_value from public.request_events
       where request_id = $1 and kind in ('patient_message', 'patient_reply') order by created_at, id`,
      [requestId],
    );
    expect(rows).toEqual([
      { kind: 'patient_message', author: null, new_value: 'هل يمكنني الحضور في مارس؟' },
      { kind: 'patient_reply', author: 'sara', new_value: 'نعم، مارس مناسب.' },
    ]);
    // Staff read the conversation through its RLS; anon reads nothing.
    const staffRows = await as(
      db,
      coordinator,
      async (tx) =>
        (await tx.query(`select direction from public.patient_messages order by created_at`)).rows,
    );
    expect(staffRows).toEqual([{ direction: 'patient' }, { direction: 'staff' }]);
    await expectSqlError(
      as(db, anon, (tx) => tx.query(`select * from public.patient_messages`)),
      '42501',
    );
  });

  it('is the same reply when the key comes again, and a new one with a new key', async () => {
    const { token, requestId } = await submit('501234568');
    const first = await reply(owner, requestId, 'We will call you today.', 'reply-key-0000000002');
    const again = await reply(owner, requestId, 'We will call you today.', 'reply-key-0000000002');
    expect(again).toEqual({ ...first, replayed: true });
    expect((await thread(token))?.messages).toHaveLength(1);
    expect(await countRows(db, `public.request_events where kind = 'patient_reply'`)).toBe(1);
    await reply(owner, requestId, 'We will call you today.', 'reply-key-0000000003');
    expect((await thread(token))?.messages).toHaveLength(2);
    // A reply needs a key.
    const keyless = await expectSqlError(
      call(owner, `select public.reply_to_patient($1, 'hello', null) as r`, [requestId]),
      '22023',
    );
    expect(keyless.hint).toBe('idempotency_key');
  });

  it('refuses anon, and a coordinator on a request in the bin (an owner may)', async () => {
    const { token, requestId } = await submit('501234569');
    await expectSqlError(reply(anon, requestId, 'hello', 'reply-key-0000000004'), '42501');
    await db.query(`update public.contact_requests set deleted_at = now() where id = $1`, [
      requestId,
    ]);
    const binned = await expectSqlError(
      reply(coordinator, requestId, 'hello', 'reply-key-0000000005'),
      'PT404',
    );
    expect(binned.hint).toBe('request_not_found');
    expect(await reply(owner, requestId, 'hello', 'reply-key-0000000006')).toMatchObject({
      direction: 'staff',
    });
    // A coordinator sees nothing of a binned request's conversation; its link is dead meanwhile.
    const seen = await as(
      db,
      coordinator,
      async (tx) => (await tx.query(`select 1 from public.patient_messages`)).rows,
    );
    expect(seen).toEqual([]);
    expect(await thread(token)).toBeNull();
  });

  it('keeps the bounds of src/lib/field-rules.ts, for replies and in the table', async () => {
    const { body } = conversationFields;
    const { requestId } = await submit('501234570');
    const at = (n: number) => 'ب'.repeat(n);
    expect(
      await reply(owner, requestId, `  ${at(body.max)}  `, 'reply-key-0000000007'),
    ).toMatchObject({ body: at(body.max) });
    const long = await expectSqlError(
      reply(owner, requestId, at(body.max + 1), 'reply-key-0000000008'),
      '23514',
    );
    expect(long.hint).toBe('patient_reply_length');
    const blank = await expectSqlError(
      reply(owner, requestId, '   ', 'reply-key-0000000009'),
      '23514',
    );
    expect(blank.hint).toBe('patient_reply_length');
    // The table's CHECK says the same, whoever writes.
    const insert = (text: string) =>
      as(db, serviceRole, (tx) =>
        tx.query(
          `insert into public.patient_messages (request_id, direction, body) values ($1, 'patient', $2)`,
          [requestId, text],
        ),
      );
    await insert(at(body.max));
    const over = await expectSqlError(insert(at(body.max + 1)), '23514');
    expect(over.constraint).toBe(body.constraint);
    const under = await expectSqlError(insert(` ${at(body.min - 1)} `), '23514');
    expect(under.constraint).toBe(body.constraint);
  });

  it('shows a patient only their own thread, and nothing for a wrong link', async () => {
    const mine = await submit('501234571');
    const theirs = await submit('501234572');
    await send(mine.token, 'mine');
    await send(theirs.token, 'theirs');
    await reply(owner, theirs.requestId, 'for them only', 'reply-key-0000000010');
    expect((await thread(mine.token))?.messages.map((m) => m.text)).toEqual(['mine']);
    expect((await thread(theirs.token))?.messages.map((m) => m.text)).toEqual([
      'theirs',
      'for them only',
    ]);
    expect(await thread(newToken())).toBeNull();
  });

  it('is in the person’s export, and their erasure leaves nothing of it', async () => {
    const { token, requestId } = await submit('501234573');
    await send(token, 'Please call me after 6.');
    await reply(coordinator, requestId, 'We will.', 'reply-key-0000000011');
    const data = await exportPerson(db, '+966 50 123 4573');
    expect(
      (data.tables['public.patient_messages'] as { body: string }[]).map((row) => row.body),
    ).toEqual(expect.arrayContaining(['Please call me after 6.', 'We will.']));
    const erased = await erasePerson(db, '+966 50 123 4573');
    expect(erased.counts['public.patient_messages']).toBe(2);
    expect(await countRows(db, 'public.patient_messages')).toBe(0);
    expect(await countRows(db, `public.request_events where request_id = '${requestId}'`)).toBe(0);
  });
});
