import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, client, count, lead, startTestStack } from './helpers.ts';

/**
 * The lead outbox end to end (supabase/migrations/20261123140300_notification_outbox.sql and
 * supabase/functions/send-form-notification): exactly one mail per stored lead, none otherwise,
 * built from the stored row, retried while delivery fails, given up visibly.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const outbox = () => join(stack.dataDir, 'outbox');
const mails = (): { subject: string; text: string; to: string }[] =>
  existsSync(outbox())
    ? readdirSync(outbox())
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(outbox(), name), 'utf8')))
    : [];
/** The local mail transport writes under <data dir>/outbox/: a file in its place makes it throw. */
const breakMail = () => {
  rmSync(outbox(), { recursive: true, force: true });
  writeFileSync(outbox(), 'not a directory\n');
};
const repairMail = () => rmSync(outbox(), { recursive: true, force: true });

const nudge = (body: unknown) =>
  fetch(`${stack.url}/functions/v1/send-form-notification`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${stack.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });

/**
 * Every request and drain of `calls`, settled: the statuses, and for a request that failed its
 * error. Nothing is left in flight when a test ends, whatever it asserts.
 */
async function settled(calls: Promise<number>[]): Promise<(number | string)[]> {
  return (await Promise.allSettled(calls)).map((result) =>
    result.status === 'fulfilled'
      ? result.value
      : `${String(result.reason)} (${String((result.reason as { cause?: unknown }).cause)})`,
  );
}

describe('the notification function mails only stored leads', () => {
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.cleanup();
  });
  beforeEach(async () => {
    repairMail();
    await stack.sql(`truncate public.offer_leads, private.lead_submissions cascade`);
  });

  it('a request without a stored lead mails nothing, whatever text it carries', async () => {
    const forged = {
      name: 'Agency Billing',
      phone: '966500000000',
      subject: 'Your invoice is overdue',
      message: 'Pay here: http://evil.example',
    };
    for (const body of [forged, { ...forged, lead_id: crypto.randomUUID() }, {}]) {
      const response = await nudge(body);
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ ok: true, sent: 0, failed: 0 });
    }
    expect((await nudge({ lead_id: 'not-a-uuid' })).status).toBe(400);
    expect(mails()).toEqual([]);
  });

  it('mails a stored lead once, from the stored row, with no control or bidi characters', async () => {
    const row = lead({
      name: 'Ali \u202Egnp.exe\u202C Hassan',
      notes: 'Line one\r\nLine two \u2066isolated\u2069\u0007 end',
    });
    expect((await client(stack).from('offer_leads').insert(row)).error).toBeNull();
    // The browser's nudge carries the id only; extra text in it is ignored.
    const first = await nudge({ lead_id: row.id, subject: 'forged subject', name: 'forged' });
    expect(await first.json()).toEqual({ ok: true, sent: 1, failed: 0 });
    expect(await (await nudge({ lead_id: row.id })).json()).toEqual({
      ok: true,
      sent: 0,
      failed: 0,
    });
    await stack.drainNotifications();
    const [mail, ...others] = mails();
    expect(others).toEqual([]);
    expect(mail?.to).toBe('care@rihla.care');
    expect(mail?.subject).toBe('[Rihla Care] استشارة طبية جديدة (dental-implants)');
    expect(mail?.subject).not.toContain('forged');
    // Stored as neutralized or not, the mail never carries a raw control or bidi character.
    expect(`${mail?.subject}\n${mail?.text}`).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
    );
    expect(mail?.text).toContain(`Lead id: ${row.id}`);
    expect(mail?.text).toContain('Line one\nLine two');
    expect(mail?.text).not.toContain('forged');
  });

  it('held leads are mailed as one digest with their count, none of their text', async () => {
    await stack.sql(`update private.lead_limit_settings set per_address_per_10_minutes = 1`);
    try {
      const rows = [lead(), lead({ name: 'Held One' }), lead({ name: 'Held Two' })];
      for (const row of rows) {
        expect((await client(stack).from('offer_leads').insert(row)).error).toBeNull();
      }
      await stack.drainNotifications();
      const sent = mails();
      expect(sent.map((mail) => mail.subject).sort()).toEqual([
        '[Rihla Care] استشارة طبية جديدة (dental-implants)',
        '[Rihla Care] طلبات قيد التحقق (2)',
      ]);
      const digest = sent.find((mail) => mail.subject.includes('قيد التحقق'));
      expect(digest?.text).toContain('2 request(s) wait');
      expect(digest?.text).not.toContain('Held');
    } finally {
      await stack.sql(`update private.lead_limit_settings set per_address_per_10_minutes = 100000`);
    }
  });

  it('the outbox is private: the public cannot claim or finish notifications', async () => {
    const anon = client(stack);
    const claim = await anon.rpc('claim_lead_notifications', {
      _lead_id: crypto.randomUUID(),
      _limit: 1,
    });
    expect(claim.error?.code).toBe('42501');
    const visitor = client(stack);
    await visitor.auth.signInAnonymously();
    const finish = await visitor.rpc('finish_lead_notification', {
      _lead_id: crypto.randomUUID(),
      _sent: true,
      _error: '',
    });
    expect(finish.error?.code).toBe('42501');
  });

  it('erasing a lead erases its pending notification', async () => {
    const row = lead();
    await client(stack).from('offer_leads').insert(row);
    expect(await count(stack, 'private.lead_notifications')).toBe(1);
    await stack.sql(`delete from public.contact_requests where lead_id = $1`, [row.id]);
    expect(await count(stack, 'private.lead_notifications')).toBe(0);
  });
});

describe('delivery failing for a while', () => {
  // A stack for each test: what one leaves behind when it fails (mail still broken, hundreds of
  // notifications pending, drains still queued) cannot decide the next one's outcome.
  beforeEach(async () => {
    stack = await startTestStack();
  });
  afterEach(async () => {
    await stack.cleanup();
  });

  it('500 stored leads end with exactly 500 mails once delivery recovers', async () => {
    await stack.sql(
      `insert into public.offer_leads (name, phone, country_code, source)
       select 'Patient ' || n, (966500000000 + n)::text, '+966', '/'
       from generate_series(1, 500) as n`,
    );
    breakMail();
    // Drains and nudges while mail is down: every attempt fails and is rescheduled, none is lost.
    const { rows: someIds } = await stack.sql<{ id: string }>(
      `select id::text from public.offer_leads order by random() limit 20`,
    );
    const failing = await settled([
      ...Array.from({ length: 30 }, () => stack.drainNotifications()),
      ...someIds.map(({ id }) => nudge({ lead_id: id }).then((response) => response.status)),
    ]);
    expect(failing.filter((status) => status !== 502 && status !== 202)).toEqual([]);
    const { rows: pending } = await stack.sql<{ unsent: number; tried: number }>(
      `select count(*) filter (where sent_at is null)::int as unsent,
              count(*) filter (where attempts > 0)::int as tried
       from private.lead_notifications`,
    );
    expect(pending[0]).toEqual({ unsent: 500, tried: 500 });

    repairMail();
    // Time passes: every retry is due.
    await stack.sql(`update private.lead_notifications set next_attempt_at = now()`);
    for (let round = 0; round < 100; round++) {
      const { rows } = await stack.sql<{ n: number }>(
        `select count(*)::int as n from private.lead_notifications where sent_at is null`,
      );
      if (rows[0]?.n === 0) break;
      // Nudges racing the drains must not double any mail.
      const statuses = await settled([
        stack.drainNotifications(),
        stack.drainNotifications(),
        ...someIds.slice(0, 5).map(({ id }) => nudge({ lead_id: id }).then((r) => r.status)),
      ]);
      expect(statuses.filter((status) => typeof status !== 'number')).toEqual([]);
    }
    const delivered = mails();
    expect(delivered).toHaveLength(500);
    const leadIds = new Set(delivered.map((mail) => /Lead id: (\S+)/.exec(mail.text)?.[1]));
    expect(leadIds.size).toBe(500);
    expect(await count(stack, 'private.lead_notifications where sent_at is not null')).toBe(500);
  }, 300_000);

  it('gives up after 24 hours and the dashboard reads "not mailed" on the request', async () => {
    const row = lead();
    await client(stack).from('offer_leads').insert(row);
    breakMail();
    expect(await stack.drainNotifications()).toBe(502);
    await stack.sql(
      `update private.lead_notifications
       set created_at = now() - interval '25 hours', next_attempt_at = now()`,
    );
    expect(await stack.drainNotifications()).toBe(202);
    const admin = await adminClient(stack);
    const { data } = await admin
      .from('contact_requests')
      .select('lead_id, notification_failed_at')
      .eq('lead_id', row.id)
      .single();
    expect(data?.notification_failed_at).not.toBeNull();
    // Given up is final: mail working again does not send it days late.
    repairMail();
    await stack.sql(`update private.lead_notifications set next_attempt_at = now()`);
    await stack.drainNotifications();
    expect(mails()).toEqual([]);
  });
});
