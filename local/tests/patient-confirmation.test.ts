import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { client, lead, startTestStack } from './helpers.ts';

/**
 * The patient's confirmation e-mail end to end (supabase/migrations/20261126140200_… and
 * supabase/functions/_shared/patient-confirmation.ts), through the same worker as the agency's
 * mail: one per request with an e-mail, in its language, with the reference and the private link
 * (whose token the outbox forgets once the mail is out), retried while delivery fails.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const outbox = () => join(stack.dataDir, 'outbox');
interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}
const mails = (): Mail[] =>
  existsSync(outbox())
    ? readdirSync(outbox())
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(outbox(), name), 'utf8')) as Mail)
    : [];
const toPatient = (address: string) => mails().filter((mail) => mail.to === address);

const nudge = async (leadId: string) =>
  (await fetch(`${stack.url}/functions/v1/send-form-notification`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${stack.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ lead_id: leadId }),
  }).then((response) => response.json())) as { sent: number; failed: number };

async function submit(overrides: Parameters<typeof lead>[0]) {
  const token = randomBytes(32).toString('base64url');
  const row = lead({ ...overrides, patient_token: token });
  expect((await client(stack).from('offer_leads').insert(row)).error).toBeNull();
  const { rows } = await stack.sql<{ reference: string }>(
    `select reference from public.contact_requests where lead_id = $1`,
    [row.id],
  );
  return { id: row.id, token, reference: rows[0]!.reference };
}

beforeAll(async () => {
  // The local runtime reads SITE_URL from the environment, as start.ts sets it for `npm start`.
  process.env['SITE_URL'] = 'https://rihla.example';
  stack = await startTestStack();
});
afterAll(async () => {
  delete process.env['SITE_URL'];
  await stack.cleanup();
});
beforeEach(() => rmSync(outbox(), { recursive: true, force: true }));

describe("the patient's confirmation", () => {
  it('is mailed once, in the request language, with the reference and the link, and forgets the token', async () => {
    const { id, token, reference } = await submit({
      email: 'omar@example.com',
      name: 'Omar Said',
      language: 'en',
    });
    expect(await nudge(id)).toEqual({ ok: true, sent: 2, failed: 0 });
    expect(await nudge(id)).toEqual({ ok: true, sent: 0, failed: 0 });
    await stack.drainNotifications();
    const [mail, ...others] = toPatient('omar@example.com');
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(
      `We received your request to Rihla Care, reference \u2068${reference}\u2069`,
    );
    expect(mail!.text).toContain('Hello \u2068Omar\u2069,');
    expect(mail!.text).toContain(`https://rihla.example/en/r/#${token}`);
    expect(mail!.text).not.toContain('Said');
    expect(mail!.replyTo).toBe('care@rihla.care');
    expect(mail!.html).toContain(`<span dir="ltr">${reference}</span>`);
    expect(mail!.html).toContain(`href="https://rihla.example/en/r/#${token}"`);
    expect(mail!.html).not.toMatch(/<img|<script|\?utm_|pixel/i);
    const { rows } = await stack.sql<{ link_token: string | null; sent: boolean }>(
      `select link_token, sent_at is not null as sent from private.patient_confirmations where lead_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ link_token: null, sent: true }]);
  });

  it('is Arabic for an Arabic request, escapes what the patient typed, and none goes without an e-mail', async () => {
    const { id, reference } = await submit({
      email: 'layla@example.com',
      name: '<b>ليلى</b> حداد',
      language: 'ar',
    });
    const silent = await submit({ email: null, name: 'No Mail' });
    await nudge(id);
    await nudge(silent.id);
    const [mail] = toPatient('layla@example.com');
    expect(mail!.subject).toContain('وصلنا طلبك لدى رحلة كير');
    expect(mail!.subject).toContain(reference);
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    // Not a plausible name (markup): the greeting goes without it (private.outbound_greeting_name).
    expect(mail!.text).toMatch(/^أهلاً بك،/);
    expect(mail!.html).not.toContain('ليلى');
    expect(mail!.html).not.toContain('<b>');
    expect(mail!.text).toContain('https://rihla.example/r/#');
    expect(mails().filter((m) => m.to !== 'care@rihla.care')).toHaveLength(1);
  });

  it('is retried while delivery fails, and keeps the token until it is out', async () => {
    const { id, token } = await submit({ email: 'sami@example.com', name: 'Sami' });
    // The local transport writes under outbox/: a file in its place makes every delivery fail.
    writeFileSync(outbox(), 'not a directory\n');
    expect((await nudge(id)).failed).toBeGreaterThan(0);
    const waiting = await stack.sql<{ link_token: string | null; attempts: number }>(
      `select link_token, attempts from private.patient_confirmations where lead_id = $1`,
      [id],
    );
    expect(waiting.rows).toEqual([{ link_token: token, attempts: 1 }]);
    rmSync(outbox(), { force: true });
    await stack.sql(
      `update private.patient_confirmations set next_attempt_at = now() where lead_id = $1`,
      [id],
    );
    await stack.sql(
      `update private.lead_notifications set next_attempt_at = now() where lead_id = $1`,
      [id],
    );
    await stack.drainNotifications();
    expect(toPatient('sami@example.com')).toHaveLength(1);
    const done = await stack.sql<{ link_token: string | null }>(
      `select link_token from private.patient_confirmations where lead_id = $1`,
      [id],
    );
    expect(done.rows).toEqual([{ link_token: null }]);
  });
});
