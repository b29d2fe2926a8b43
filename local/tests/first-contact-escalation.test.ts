import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, client, lead, startTestStack } from './helpers.ts';

/**
 * The owner's e-mail about requests nobody contacted in time, end to end (issue 32): the local
 * worker queues them (private.escalate_uncontacted_requests, production's pg_cron job) and mails
 * them with send-form-notification: one e-mail for all that fell behind together, each request in
 * exactly one e-mail however often the worker runs, none for a request contacted in time.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const outbox = () => join(stack.dataDir, 'outbox');
const escalations = (): { subject: string; text: string; to: string }[] =>
  existsSync(outbox())
    ? readdirSync(outbox())
        .map((name) => JSON.parse(readFileSync(join(outbox(), name), 'utf8')))
        .filter((mail: { subject: string }) => mail.subject.includes('التواصل الأول'))
    : [];

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.cleanup();
});

/** Stores a lead through the public API, then sends its clock three days back (no waiting). */
async function leadWaitingSinceDaysAgo(name: string): Promise<string> {
  const row = lead({ name });
  expect((await client(stack).from('offer_leads').insert(row)).error).toBeNull();
  const { rows } = await stack.sql<{ id: string }>(
    `update public.contact_requests
     set created_at = now() - interval '3 days', first_contact_due_at = now() - interval '3 days'
     where lead_id = $1 returning id::text`,
    [row.id],
  );
  return rows[0]!.id;
}

describe('the first-contact escalation e-mail', () => {
  it('mails the owner once about the requests nobody contacted, all in one e-mail', async () => {
    const staff = await adminClient(stack, 'sara');
    const forgotten = await leadWaitingSinceDaysAgo('Forgotten \u202Eevil\u202C One');
    await leadWaitingSinceDaysAgo('Forgotten Two');
    const answered = await leadWaitingSinceDaysAgo('Answered In Time');
    const called = await staff.rpc('log_call', {
      _request_id: answered,
      _outcome: 'answered',
      _idempotency_key: crypto.randomUUID(),
    } as never);
    expect(called.error).toBeNull();

    await stack.drainNotifications();
    await stack.drainNotifications();
    const [mail, ...more] = escalations();
    expect(more).toEqual([]);
    expect(mail?.to).toBe('care@rihla.care');
    expect(mail?.subject).toBe('[Rihla Care] طلبات تنتظر التواصل الأول (2)');
    expect(mail?.text).toContain('Forgotten Two');
    expect(mail?.text).toContain('assigned to nobody');
    expect(mail?.text).not.toContain('Answered In Time');
    // The patient's name cannot turn the line around: its bidi controls are gone.
    expect(mail?.text).not.toMatch(/[\u202a-\u202e]/);

    // The timeline says so, by the system.
    const events = await staff
      .from('request_events')
      .select('kind, author, new_value')
      .eq('request_id', forgotten)
      .eq('kind', 'escalated');
    expect(events.data).toEqual([{ kind: 'escalated', author: null, new_value: '60' }]);

    // A request that falls behind later gets its own e-mail; the first two are not mailed again.
    await leadWaitingSinceDaysAgo('Forgotten Three');
    await stack.drainNotifications();
    const subjects = escalations().map((each) => each.subject);
    expect(subjects.sort()).toEqual([
      '[Rihla Care] طلبات تنتظر التواصل الأول (1)',
      '[Rihla Care] طلبات تنتظر التواصل الأول (2)',
    ]);
    const third = escalations().find((each) => each.subject.endsWith('(1)'));
    expect(third?.text).toContain('Forgotten Three');
    expect(third?.text).not.toContain('Forgotten Two');
  });
});
