import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stringsFor } from '~/i18n/index.ts';
import { attributionFromUrl } from '~/lib/attribution.ts';
import { emptyLead, leadRow, validateLead } from '~/lib/lead-form.ts';
import { count, sleep, startTestStack } from '../../local/tests/helpers.ts';
import { runLeadLoad } from '../../scripts/load/leads.ts';

/**
 * The small, `npm test` sized runs of scripts/load/leads.ts (issue 8, part 4) against a local stack:
 * 100 concurrent submissions are stored exactly once each, and a failing notification function
 * never costs a lead. The kill-and-restart run is in kill-restart.test.ts. The full-size figures
 * (500 clients) are in docs/reliability.md.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const target = () => ({
  url: stack.url,
  anonKey: stack.anonKey,
  serviceRoleKey: stack.serviceRoleKey,
});

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await stack.cleanup();
});

describe('concurrent submissions', () => {
  it('100 at once (20 of them sent twice): exactly 100 leads and 100 inbox rows, none twice', async () => {
    const before = {
      leads: await count(stack, 'offer_leads'),
      requests: await count(stack, 'contact_requests'),
    };
    const report = await runLeadLoad({ target: target(), clients: 100, resend: 0.2 });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({
      sent: 100,
      acknowledged: 100,
      failed: 0,
      resent: 20,
      resentFailed: 0,
      stored: { offerLeads: 100, contactRequests: 100 },
      duplicates: 0,
      lost: 0,
      orphans: 0,
      ok: true,
    });
    // The database's own count, not only the report's.
    expect((await count(stack, 'offer_leads')) - before.leads).toBe(100);
    expect((await count(stack, 'contact_requests')) - before.requests).toBe(100);
    const { rows } = await stack.sql<{
      leads: number;
      phones: number;
      requests: number;
      pairs: number;
    }>(
      `select (select count(*)::int from offer_leads where utm_campaign = $1) as leads,
              (select count(distinct phone)::int from offer_leads where utm_campaign = $1) as phones,
              (select count(*)::int from contact_requests where utm_campaign = $1) as requests,
              (select count(*)::int from offer_leads l join contact_requests r on r.lead_id = l.id
                where l.utm_campaign = $1 and r.phone = l.phone and r.name = l.name) as pairs`,
      [report.campaign],
    );
    expect(rows[0]).toEqual({ leads: 100, phones: 100, requests: 100, pairs: 100 });
    expect(report.latencyMs.p95).toBeGreaterThan(0);
  }, 240_000);
});

describe('the notification function failing', () => {
  const outbox = () => join(stack.dataDir, 'outbox');
  /** The local mail transport writes under <data dir>/outbox/: a file in its place makes it throw. */
  const breakMail = () => {
    rmSync(outbox(), { recursive: true, force: true });
    writeFileSync(outbox(), 'not a directory\n');
  };
  const repairMail = () => rmSync(outbox(), { recursive: true, force: true });

  it('never loses the lead: the site stores first and ignores the notification answer', async () => {
    // The site's own code, pointed at this stack.
    vi.stubEnv('PUBLIC_SUPABASE_URL', stack.url);
    const { submitLead, notifyAgency } = await import('~/lib/submit-lead.ts');
    const { supabase } = await import('~/lib/supabase.ts');
    const deliveryErrors = vi.spyOn(console, 'error').mockImplementation(() => {});

    const values = {
      ...emptyLead,
      name: 'نورة القحطاني',
      countryCode: '+966',
      phone: '0551234567',
      service: 'dental-implants',
      readyToTravel: 'maybe',
      appointmentTime: 'nextMonth',
      notes: 'زراعة أسنان كاملة',
    };
    expect(validateLead(stringsFor('ar', ['form.error.']), values)).toEqual({});
    const id = crypto.randomUUID();
    const row = leadRow(id, values, {
      lang: 'ar',
      source: '/',
      pageUrl: `${stack.url}/?utm_source=reliability`,
      attribution: attributionFromUrl(new URL(`${stack.url}/?utm_source=reliability`)),
    });

    breakMail();
    try {
      // 1. The lead is stored (LeadForm calls submitLead first)…
      expect(await submitLead(row)).toEqual({ ok: true });
      // 2. …then the notification, which fails, without notifyAgency throwing or hanging: it
      // waits for the function's answer only as long as its own timer. While the database is held
      // the function cannot answer, and notifyAgency returns all the same.
      const logged = stack.logs.length;
      const answered = () =>
        stack.logs
          .slice(logged)
          .some((line) => /^POST \/functions\/v1\/send-form-notification 502 /.test(line));
      let releaseDatabase = () => {};
      const released = new Promise<void>((resolve) => (releaseDatabase = resolve));
      let databaseHeld = () => {};
      const held = new Promise<void>((resolve) => (databaseHeld = resolve));
      const holding = stack.db.transaction(async (tx) => {
        await tx.query('select 1');
        databaseHeld();
        await released;
      });
      try {
        await held;
        await expect(notifyAgency(id)).resolves.toBeUndefined();
        expect(answered()).toBe(false);
      } finally {
        releaseDatabase();
        await holding;
      }
      // The function answers once it can (a lost answer fails at the test's timeout).
      while (!answered()) await sleep(50);
      expect(deliveryErrors).toHaveBeenCalledWith(
        expect.stringContaining('send-form-notification: delivery failed'),
      );
      // The failure is recorded on the lead's outbox entry, to be retried later.
      const { rows: outboxRows } = await stack.sql<{ attempts: number; failed: boolean }>(
        `select attempts, last_error is not null as failed from private.lead_notifications
         where lead_id = $1 and sent_at is null`,
        [id],
      );
      expect(outboxRows).toEqual([{ attempts: 1, failed: true }]);
      // 3. The lead and its inbox row are there, once; a retry of the submission adds nothing.
      expect(await submitLead(row)).toEqual({ ok: true });
      const { rows } = await stack.sql<{ leads: number; requests: number }>(
        `select (select count(*)::int from offer_leads where id = $1 and name = $2 and phone = $3) as leads,
                (select count(*)::int from contact_requests where lead_id = $1 and message = $4) as requests`,
        [id, row.name, row.phone, values.notes],
      );
      expect(rows[0]).toEqual({ leads: 1, requests: 1 });
    } finally {
      repairMail();
    }

    // Control: with the transport repaired and the retry due, the lead is mailed, once.
    await stack.sql(`update private.lead_notifications set next_attempt_at = now()`);
    const { data, error } = await supabase.functions.invoke('send-form-notification', {
      body: { lead_id: id },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true, sent: 1, failed: 0 });
    expect(readdirSync(outbox())).toHaveLength(1);
  }, 240_000);

  it('under load: 30 concurrent submissions each followed by a failing notification, all 30 stored', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    breakMail();
    try {
      const report = await runLeadLoad({ target: target(), clients: 30, notify: true, resend: 0 });
      expect(report.problems).toEqual([]);
      expect(report).toMatchObject({
        acknowledged: 30,
        stored: { offerLeads: 30, contactRequests: 30 },
        duplicates: 0,
        lost: 0,
        notifications: { sent: 30, delivered: 0, failed: 30, statuses: { '502': 30 } },
        ok: true,
      });
      // No mail went anywhere: the outbox is still the file that breaks it.
      expect(statSync(outbox()).isFile()).toBe(true);
    } finally {
      repairMail();
    }
  }, 240_000);
});
