import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Queryable } from '../db.ts';
import { startLocalStack } from '../index.ts';
import { prepareDatabase } from '../migrate.ts';
import { startRetentionTimer } from '../retention.ts';
import { startTestPostgres, stopTestPostgres } from '../../supabase/tests/helpers/postgres.ts';

/**
 * `npm run admin -- export | erase --phone <n>` and `erase-expired`, end to end: the real CLI
 * process against a PGlite data dir, through a running local server, and against a real
 * PostgreSQL in DATABASE_URL (local/person-data.ts, migration 20261123155000_retention.sql).
 */

const repo = resolve(import.meta.dirname, '..', '..');
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'rihla-person-'));
});
afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
  stopTestPostgres();
});

function admin(
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [join(repo, 'scripts', 'admin.ts'), ...args], {
      cwd: repo,
      env: { ...process.env, DATABASE_URL: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolveRun({ code, out, err });
    });
  });
}

/**
 * One person under three spellings of +966 50 123 4567, one other person, and a table standing in
 * for those other migrations add (a timeline referencing requests, an outbox referencing leads).
 */
async function seed(db: Queryable): Promise<void> {
  await db.exec(`
    create table if not exists public.test_timeline (
      id serial primary key,
      request_id uuid not null references public.contact_requests (id) on delete cascade,
      body text not null
    );
    create table if not exists public.test_outbox (
      id serial primary key,
      lead_id uuid not null references public.offer_leads (id) on delete cascade,
      subject text not null
    );
  `);
  const people: [string, string | null, string][] = [
    ['Layla One', '+966', '0501234567'],
    ['Layla Two', null, '00966501234567'],
    ['Layla Three', '+966', '966501234567'],
    ['Someone Else', '+963', '944123456'],
  ];
  for (const [name, countryCode, phone] of people) {
    await db.query(
      `insert into public.offer_leads (name, phone, country_code, source, notes)
       values ($1, $2, $3, '/', 'Two implants')`,
      [name, phone, countryCode],
    );
  }
  await db.exec(`
    insert into public.test_timeline (request_id, body)
      select id, 'called ' || name from public.contact_requests;
    insert into public.test_outbox (lead_id, subject)
      select id, 'New lead ' || name from public.offer_leads;
    -- Nobody contacted them: the owner's e-mail about each is queued (issue 32), with its event.
    select private.escalate_uncontacted_requests(now() + interval '3 days');
  `);
}

const personCounts = {
  // The real tables that refer to a lead or request (the mail outbox; the timeline, empty until a
  // coordinator changes something), found from the foreign keys like the test tables below.
  'private.lead_notifications': 3,
  // The patient's page of each lead (issue 29): its link's hash; no e-mail, so no confirmation;
  // no action taken on the page yet.
  'private.patient_pages': 3,
  'private.patient_confirmations': 0,
  'private.patient_page_calls': 0,
  // The recipient policy's records of automatic messages and stops (issue 42): none without mail.
  'private.outbound_messages': 0,
  'private.outbound_stops': 0,
  // The patient's link sent again on their ask (issue 43): none here.
  'private.patient_link_resends': 0,
  // The messages telling the patient what happened (issue 43, item 4): none without quotes.
  'private.patient_notices': 0,
  // The reminders queued to the patient and the patient's stop of them (issue 44): none here;
  // supabase/tests/patient-reminders.test.ts erases a person with both.
  'private.patient_reminders': 0,
  'private.patient_reminder_stops': 0,
  // The owner's e-mail about a request nobody contacted in time (issue 32) and its timeline
  // entry, the timeline's only ones until a coordinator changes something.
  'private.first_contact_escalations': 3,
  'public.request_events': 3,
  // Files sent from the patient's page (issue 30): none here; local/tests/request-files.test.ts
  // exports and erases a person with files.
  'private.request_files': 0,
  'private.request_file_asks': 0,
  'private.request_file_progress': 0,
  // Quotes of their requests (issue 31): none here; their versions follow quotes found.
  'public.quotes': 0,
  // The trip plan of a request (issue 44): none here; supabase/tests/trip-plans.test.ts exports and
  // erases one.
  'public.trip_plans': 0,
  // The after-care check-ins of a request (issue 44): none without a plan's procedure day;
  // supabase/tests/aftercare-checkins.test.ts exports and erases a person with them.
  'public.aftercare_checkins': 0,
  // A verified review of a treated request (issue 45): none here; supabase/tests/verified-reviews.test.ts
  // erases a person with one.
  'public.clinic_reviews': 0,
  // Their WhatsApp conversation through the Cloud API (issue 46): none here;
  // supabase/tests/whatsapp.test.ts exports and erases one.
  'public.whatsapp_messages': 0,
  // Their conversation with the manager on their page (issue 43): none here;
  // supabase/tests/patient-conversation.test.ts exports and erases one.
  'public.patient_messages': 0,
  'public.offer_leads': 3,
  'public.contact_requests': 3,
  'public.test_timeline': 3,
  'public.test_outbox': 3,
  // The lead limits' recent submissions, by number (none here: the seed is not an API caller).
  'private.lead_submissions': 0,
};

async function names(db: Queryable): Promise<Record<string, string[]>> {
  const list = async (sql: string) =>
    (await db.query<{ name: string }>(sql)).rows.map((row) => row.name).sort();
  return {
    leads: await list(`select name from public.offer_leads`),
    requests: await list(`select name from public.contact_requests`),
    timeline: await list(`select body as name from public.test_timeline`),
    outbox: await list(`select subject as name from public.test_outbox`),
  };
}

const onlySomeoneElse = {
  leads: ['Someone Else'],
  requests: ['Someone Else'],
  timeline: ['called Someone Else'],
  outbox: ['New lead Someone Else'],
};

/**
 * Checks the export's JSON: the person's rows in every table, nobody else's. `realtimeCopies`: the
 * copies of their broadcasts still in realtime.messages (one per lead and request insert without
 * a server; the local server deletes each once delivered, as hosted Realtime keeps them a while).
 */
function expectPersonExport(out: string, realtimeCopies = 0) {
  const data = JSON.parse(out) as {
    canonicalPhone: string;
    tables: Record<string, Record<string, unknown>[]>;
  };
  expect(data.canonicalPhone).toBe('966501234567');
  const counts = Object.fromEntries(
    Object.entries(data.tables).map(([table, rows]) => [table, rows.length]),
  );
  expect(counts).toEqual({ ...personCounts, 'realtime.messages': realtimeCopies });
  expect(data.tables['public.offer_leads']!.map((row) => row['name']).sort()).toEqual([
    'Layla One',
    'Layla Three',
    'Layla Two',
  ]);
  expect(JSON.stringify(data)).not.toContain('Someone Else');
  expect(data.tables['public.contact_requests']![0]).toHaveProperty('status', 'new');
}

describe('npm run admin -- export / erase', () => {
  it('in a data dir: exports as JSON, asks before erasing, erases everything about the person', async () => {
    const dataDir = join(workDir, 'data');
    const stack = await startLocalStack({ dataDir, port: 0, log: false });
    await seed(stack.db);
    await stack.close();

    const exported = await admin(['export', '--phone', '+966 50 123 4567', '--data-dir', dataDir]);
    expect(exported.code, exported.err).toBe(0);
    expectPersonExport(exported.out);

    const refused = await admin(['erase', '--phone', '0966501234567', '--data-dir', dataDir], {
      input: 'no\n',
    });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('24 rows');
    expect(refused.out).toContain('public.test_timeline: 3');
    expect(refused.err).toContain('nothing was erased');

    const erased = await admin(['erase', '--phone', '966501234567', '--data-dir', dataDir], {
      input: 'erase\n',
    });
    expect(erased.code, erased.err).toBe(0);
    expect(erased.out).toMatch(/Erased about 966501234567: 24 rows \(public\.offer_leads: 3, /);

    const again = await admin(['erase', '--phone', '966501234567', '--data-dir', dataDir]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('Nothing to erase');

    const db = await openPglite(join(dataDir, 'pglite'));
    try {
      expect(await names(db)).toEqual(onlySomeoneElse);
    } finally {
      await db.close();
    }
  }, 400_000);

  it('through the running local server, with --yes', async () => {
    const dataDir = join(workDir, 'bridge');
    const stack = await startLocalStack({ dataDir, port: 0, log: false });
    try {
      await seed(stack.db);
      const exported = await admin(['export', '--phone', '00966501234567', '--data-dir', dataDir]);
      expect(exported.code, exported.err).toBe(0);
      expectPersonExport(exported.out);
      const erased = await admin([
        'erase',
        '--phone',
        '+966501234567',
        '--yes',
        '--data-dir',
        dataDir,
      ]);
      expect(erased.code, erased.err).toBe(0);
      expect(erased.out).toContain('Erased about 966501234567: 24 rows');
      expect(await names(stack.db)).toEqual(onlySomeoneElse);
    } finally {
      await stack.close();
    }
  }, 400_000);

  it('against a real PostgreSQL given by DATABASE_URL', async (context) => {
    const server = await startTestPostgres();
    if (!server) {
      context.skip();
      return;
    }
    const url = await server.createDatabase();
    const db = await openPostgres(url);
    try {
      await prepareDatabase(db);
      await seed(db);
      const env = { DATABASE_URL: url };
      const exported = await admin(['export', '--phone', '+966 50 123 4567'], { env });
      expect(exported.code, exported.err).toBe(0);
      expectPersonExport(exported.out, 6);
      const erased = await admin(['erase', '--phone', '+966 50 123 4567', '--yes'], { env });
      expect(erased.code, erased.err).toBe(0);
      expect(erased.out).toContain('30 rows');
      expect(erased.out).toContain('realtime.messages: 6');
      expect(await names(db)).toEqual(onlySomeoneElse);

      // A number stored without its country with the same digits: listed, erased only when the
      // operator confirms it with --include-possible.
      await db.query(
        `insert into public.offer_leads (name, phone, country_code, source)
         values ('Layla National', '0501234567', null, 'hair-transplant-offer-page')`,
      );
      const listed = await admin(['erase', '--phone', '+966 50 123 4567', '--yes'], { env });
      expect(listed.code, listed.err).toBe(0);
      expect(listed.out).toContain('Nothing to erase');
      expect(listed.out).toContain('Possible matches');
      expect(listed.out).toContain('Layla National');
      expect((await names(db)).leads).toContain('Layla National');
      const confirmed = await admin(
        ['erase', '--phone', '+966 50 123 4567', '--yes', '--include-possible'],
        { env },
      );
      expect(confirmed.code, confirmed.err).toBe(0);
      expect(confirmed.out).toMatch(
        /Erased about 966501234567: \d+ rows \(public\.offer_leads: 1, /,
      );
      expect(await names(db)).toEqual(onlySomeoneElse);
    } finally {
      await db.close();
    }
  }, 400_000);

  it('refuses a missing or too short number', async () => {
    const dataDir = join(workDir, 'usage');
    expect((await admin(['export', '--data-dir', dataDir])).code).toBe(2);
    const short = await admin(['erase', '--phone', '12', '--yes', '--data-dir', dataDir]);
    expect(short.code).toBe(1);
    expect(short.err).toContain('not a phone number');
  }, 120_000);
});

describe('retention outside SQL', () => {
  it('`erase-expired` and the local timer erase what is past the period', async () => {
    const db = await openPglite(null);
    try {
      await prepareDatabase(db);
      await seed(db);
      // Layla One's request was last changed 25 months ago; everything else is fresh.
      await db.exec(`set session_replication_role = replica`);
      await db.exec(
        `update public.contact_requests set updated_at = now() - interval '25 months'
         where name = 'Layla One'`,
      );
      await db.exec(`set session_replication_role = origin`);
      const lines: string[] = [];
      const timer = startRetentionTimer(db, (line) => lines.push(line), 3_600_000);
      expect(await timer.runNow()).toBe(1);
      await timer.stop();
      expect(lines).toEqual(['[retention] erased 1 lead(s) past the retention period']);
      expect((await names(db)).leads).toEqual(['Layla Three', 'Layla Two', 'Someone Else']);
    } finally {
      await db.close();
    }

    const dataDir = join(workDir, 'retention');
    const stack = await startLocalStack({ dataDir, port: 0, log: false });
    try {
      await seed(stack.db);
      // In one transaction, so the server's own retention timer never sees triggers switched off.
      await stack.db.transaction(async (tx) => {
        await tx.exec(`set local session_replication_role = replica`);
        await tx.exec(
          `update public.contact_requests set updated_at = now() - interval '7 months',
             status = 'cancelled' where name = 'Someone Else'`,
        );
      });
      const run = await admin(['erase-expired', '--data-dir', dataDir]);
      expect(run.code, run.err).toBe(0);
      expect(run.out).toContain('Retention: erased 1 lead');
      expect((await names(stack.db)).leads).not.toContain('Someone Else');
    } finally {
      await stack.close();
    }
  }, 400_000);
});
