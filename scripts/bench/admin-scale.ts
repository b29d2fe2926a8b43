import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { startLocalStack } from '../../local/index.ts';

/**
 * The back office at a year's scale (issue 13): 100,000 requests in the local stack, read the way
 * a paged dashboard reads them, through the API as a signed-in coordinator:
 *
 * - first page: `rpc('request_page')` with the arguments the dashboard sends for no filters
 *   (src/lib/admin/page.ts pageArgs: 50 newest requests with duplicates, the counters with "due"
 *   before the end of the day, the matched count) from request to parsed answer, and its size;
 * - overview: `rpc('request_overview')` (sources and requests per day for the chart), which the
 *   dashboard asks beside the first page;
 * - search: the same call with a name and with phone digits as typed;
 * - bytes per realtime change: the size of the one websocket frame an open dashboard receives when
 *   a colleague saves a request (the dashboard applies it in place; nothing is reloaded).
 *
 *   npx node scripts/bench/admin-scale.ts [--requests N]   prints the figures as JSON
 *
 * No browser and no build: these are the server's and the wire's share of the budgets in
 * bench/budgets.json ("adminScale"); the dashboard's own render is scripts/bench/admin.ts.
 */

const USERNAME = 'bench-scale';
const PASSWORD = 'bench scale password';
const RUNS = 5;

interface Targets {
  firstPageMs: number;
  searchMs: number;
  realtimeChangeKB: number;
}

function readTargets(): Targets {
  const defaults = { firstPageMs: 1000, searchMs: 300, realtimeChangeKB: 10 };
  try {
    const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
      adminScale?: Partial<Targets>;
    };
    return { ...defaults, ...budgets.adminScale };
  } catch {
    return defaults;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const round = (value: number) => Math.round(value);

export async function benchAdminScale(
  log: (message: string) => void = () => {},
  options: { requests?: number } = {},
): Promise<Record<string, unknown>> {
  const requests = options.requests ?? 100_000;
  const stack = await startLocalStack({
    dataDir: '.data/bench-admin-scale',
    inMemory: true,
    // Any free port: the bench runs beside other servers.
    port: 0,
    host: '127.0.0.1',
    log: false,
  });
  try {
    log(`admin scale bench: storing ${requests} leads (and their requests) over a year…`);
    const seedStarted = performance.now();
    await stack.sql(`select private.create_admin($1, $2)`, [USERNAME, PASSWORD]);
    // In batches, so one statement's trigger work stays bounded.
    const batch = 10_000;
    for (let from = 1; from <= requests; from += batch) {
      const to = Math.min(requests, from + batch - 1);
      await stack.sql(
        `insert into public.offer_leads
           (name, phone, country_code, country, email, service, source, notes, utm_source, utm_campaign)
         select 'مريض تجريبي ' || i,
                -- every 20th number repeats an earlier one: duplicates to find
                '9665' || lpad((case when i % 20 = 0 then i - 7 else i end)::text, 8, '0'),
                '+966', 'السعودية',
                case when i % 3 = 0 then 'patient' || i || '@example.com' end,
                (array['hair-transplant','dental-implants','hollywood-smile','rhinoplasty','ivf','other'])[1 + i % 6]::public.lead_service,
                (array['/','hair-transplant-offer-page','/hair-transplant-turkey','/dental-implants-turkey','/en/'])[1 + i % 5],
                case when i % 4 = 0 then 'ملاحظة المريض رقم ' || i end,
                case when i % 5 = 0 then 'google' end, case when i % 5 = 0 then 'spring' end
         from generate_series(${from}, ${to}) as i`,
      );
    }
    await stack.sql(
      `update public.contact_requests
       set created_at = now() - (random() * interval '365 days'),
           status = (array['new','new','in_progress','completed','cancelled'])[1 + (random() * 4)::int]::public.request_status`,
    );
    await stack.sql(`analyze public.contact_requests`);
    const seedMs = performance.now() - seedStarted;

    const admin = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const signIn = await admin.auth.signInAnonymously();
    if (signIn.error) throw signIn.error;
    const login = await admin.rpc('admin_login', { _username: USERNAME, _password: PASSWORD });
    if (login.data !== true) throw new Error(`admin_login: ${JSON.stringify(login)}`);
    const token = signIn.data.session!.access_token;

    /** One request_page call over HTTP, timed from request to parsed JSON. */
    interface Answer {
      ms: number;
      bytes: number;
      body: { rows: unknown[]; matched: number };
    }
    const call = async (args: Record<string, unknown>, rpc = 'request_page'): Promise<Answer> => {
      const started = performance.now();
      const response = await fetch(`${stack.url}/rest/v1/rpc/${rpc}`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(args),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${rpc} ${response.status}: ${text}`);
      const body = JSON.parse(text) as { rows: unknown[]; matched: number };
      return { ms: performance.now() - started, bytes: Buffer.byteLength(text), body };
    };

    log(`admin scale bench: first page and counters (${RUNS} runs)…`);
    // What src/lib/admin/page.ts pageArgs(noFilters, …) sends (that module needs the app's `~`
    // imports, so the arguments are written out here).
    const endOfDay = new Date();
    endOfDay.setHours(23, 59, 59, 999);
    const dashboard = {
      _query: null,
      _status: null,
      _service: null,
      _source: null,
      _assignee: null,
      _due_before: null,
      _due_counter_before: endOfDay.toISOString(),
    };
    const firstPages: Answer[] = [];
    for (let run = 0; run < RUNS; run++) firstPages.push(await call({ ...dashboard, _limit: 50 }));
    const overviews: Answer[] = [];
    for (let run = 0; run < RUNS; run++) {
      overviews.push(
        await call(
          { _since: new Date(Date.now() - 29 * 86_400_000).toISOString(), _tz: 'Asia/Riyadh' },
          'request_overview',
        ),
      );
    }
    log(`admin scale bench: search by name and by phone digits (${RUNS} runs each)…`);
    const byName: Answer[] = [];
    const byPhone: Answer[] = [];
    for (let run = 0; run < RUNS; run++) {
      byName.push(await call({ _query: `تجريبي ${4242 + run}`, _limit: 50 }));
      byPhone.push(await call({ _query: `050 00${String(31337 + run)}`, _limit: 50 }));
    }
    const filtered: Answer[] = [];
    for (let run = 0; run < RUNS; run++) {
      filtered.push(await call({ _status: 'in_progress', _assignee: 'unassigned', _limit: 50 }));
    }

    log('admin scale bench: bytes an open dashboard receives per saved change…');
    const frames = await measureRealtimeFrames(stack.url, stack.anonKey, token, async () => {
      const target = firstPages[0]!.body.rows[0] as { id: string; version: number };
      const saved = await admin.rpc('update_request', {
        _id: target.id,
        _expected_version: target.version,
        _changes: { status: 'in_progress', notes: 'اتصلت بالمريض، ينتظر صور الأشعة' },
      });
      if (saved.error) throw new Error(`update_request: ${saved.error.message}`);
    });

    const targets = readTargets();
    const firstPageMs = median(firstPages.map((r) => r.ms));
    const searchMs = Math.max(median(byName.map((r) => r.ms)), median(byPhone.map((r) => r.ms)));
    const realtimeChangeKB = Math.round((frames.bytes / 1024) * 10) / 10;
    return {
      requests,
      seedMs: round(seedMs),
      firstPage: {
        medianMs: round(firstPageMs),
        runsMs: firstPages.map((r) => round(r.ms)),
        bytes: firstPages[0]!.bytes,
        rows: firstPages[0]!.body.rows.length,
      },
      overview: {
        medianMs: round(median(overviews.map((r) => r.ms))),
        bytes: overviews[0]!.bytes,
      },
      search: {
        byNameMedianMs: round(median(byName.map((r) => r.ms))),
        byPhoneMedianMs: round(median(byPhone.map((r) => r.ms))),
        byNameMatched: byName[0]!.body.matched,
        byPhoneMatched: byPhone[0]!.body.matched,
        filterMedianMs: round(median(filtered.map((r) => r.ms))),
      },
      realtime: { framesPerChange: frames.count, bytesPerChange: frames.bytes, realtimeChangeKB },
      targets,
      pass:
        firstPageMs <= targets.firstPageMs &&
        searchMs <= targets.searchMs &&
        realtimeChangeKB <= targets.realtimeChangeKB,
    };
  } finally {
    await stack.close();
  }
}

/**
 * Joins the dashboard's channel (the private staff:contact_requests topic the database broadcasts
 * each change to, with the admin's token; src/islands/admin/useLiveTable.ts) on a raw websocket,
 * runs `change`, and adds up the change frames that arrive within 3 s.
 */
async function measureRealtimeFrames(
  apiUrl: string,
  anonKey: string,
  token: string,
  change: () => Promise<void>,
): Promise<{ count: number; bytes: number }> {
  const socket = new WebSocket(
    `${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`,
  );
  const topic = 'realtime:staff:contact_requests';
  let count = 0;
  let bytes = 0;
  let joined: () => void = () => {};
  const ready = new Promise<void>((resolve) => (joined = resolve));
  socket.addEventListener('message', (event) => {
    const text = String(event.data);
    const [, , frameTopic, name] = JSON.parse(text) as [unknown, unknown, string, string];
    if (frameTopic !== topic) return;
    if (name === 'phx_reply') joined();
    if (name === 'broadcast') {
      count += 1;
      bytes += Buffer.byteLength(text);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('realtime socket failed')));
  });
  socket.send(
    JSON.stringify([
      '1',
      '1',
      topic,
      'phx_join',
      {
        config: {
          broadcast: { ack: false, self: false },
          presence: { key: '', enabled: false },
          postgres_changes: [],
          private: true,
        },
        access_token: token,
      },
    ]),
  );
  await ready;
  await change();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  socket.close();
  return { count, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const index = process.argv.indexOf('--requests');
  const requests = index === -1 ? undefined : Number(process.argv[index + 1]);
  const result = await benchAdminScale((message) => console.error(message), {
    ...(requests ? { requests } : {}),
  });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
