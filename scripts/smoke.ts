/**
 * `npm run smoke -- --site https://rihla.care --supabase https://<ref>.supabase.co`: checks a live
 * deployment as visitors and staff use it, in about a minute, after every deploy. Read-only except
 * one tagged test lead ("SMOKE TEST <time>"), erased at the end (secret key, else the staff
 * account). Checks: 1. security headers, framing forbidden in the header, the home page's own CSP
 * whose connect-src names the project, both home pages (ar rtl, en); 2. anon reads nothing; 3. the notification function's CORS preflight and
 * public key (an invalid body → 400, nothing sent; --send-mail sends one tagged e-mail); 4. the
 * database records the caller's own address, not a forged X-Forwarded-For (smoke-address.ts);
 * 5. a staff session receives the new inbox row on the private staff channel, and the row exists;
 * 6. with the secret key: the three pg_cron jobs exist, and the un-nudged test lead is mailed by the
 * worker within its period (one tagged e-mail reaches the inbox; smoke-jobs.ts).
 * Env: PUBLIC_SUPABASE_ANON_KEY (or --key), SMOKE_ADMIN_USERNAME/_PASSWORD (else staff checks
 * skip), SUPABASE_SECRET_KEY (optional). Exit 0 only when every check that ran passed.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { parseArgs } from 'node:util';
import type { Database } from '../src/lib/database.types.ts';
import { checkForgedAddressIgnored } from './smoke-address.ts';
import { checkScheduledJobs, checkUnnudgedLeadMailed, eraseTestLead } from './smoke-jobs.ts';

export interface SmokeOptions {
  site: string;
  supabase: string;
  key: string;
  adminUsername?: string | undefined;
  adminPassword?: string | undefined;
  serviceKey?: string | undefined;
  sendMail?: boolean;
  /** How long to wait for the realtime event (ms). */
  realtimeTimeoutMs?: number;
  /** The notification worker's period (ms; pg_cron: every minute). */
  workerPeriodMs?: number;
  log?: (line: string) => void;
}

export interface SmokeCheck {
  name: string;
  status: 'pass' | 'fail' | 'skip';
  detail: string;
}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { params: { eventsPerSecond: 5 } },
};

type Client = SupabaseClient<Database>;

export async function runSmoke(options: SmokeOptions): Promise<SmokeCheck[]> {
  const checks: SmokeCheck[] = [];
  const log = options.log ?? ((line: string) => console.log(line));
  const record = (name: string, status: SmokeCheck['status'], detail: string) => {
    checks.push({ name, status, detail });
    log(`${status === 'pass' ? '✓' : status === 'skip' ? '–' : '✗'} ${name}: ${detail}`);
  };
  const attempt = async (name: string, fn: () => Promise<string>) => {
    try {
      record(name, 'pass', await fn());
    } catch (error) {
      record(name, 'fail', error instanceof Error ? error.message : String(error));
    }
  };
  const site = options.site.replace(/\/$/, '');
  const api = new URL(options.supabase).origin;

  // 1. The site.
  await attempt('site headers and CSP', async () => {
    const response = await fetch(`${site}/`, { redirect: 'follow' });
    if (!response.ok) throw new Error(`GET / answered ${response.status}`);
    const missing = ['x-content-type-options', 'referrer-policy', 'x-frame-options'].filter(
      (header) => !response.headers.get(header),
    );
    if (missing.length) throw new Error(`missing headers: ${missing.join(', ')}`);
    // Each page carries its own policy in a <meta>; the header the part a <meta> cannot hold
    // (src/integrations/security-headers.ts).
    const header = response.headers.get('content-security-policy') ?? '';
    if (!header.includes("frame-ancestors 'none'"))
      throw new Error(`the CSP header does not forbid framing (got "${header}")`);
    const html = await response.text();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/i.exec(html)?.[1];
    const csp = meta?.replaceAll('&quot;', '"') ?? header;
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
    if (!connect.split(/\s+/).includes(api)) {
      throw new Error(`the CSP's connect-src does not name ${api} (got "${connect}")`);
    }
    return `headers present, connect-src names ${api}`;
  });
  for (const [path, lang] of [
    ['/', 'ar'],
    ['/en/', 'en'],
  ] as const) {
    await attempt(`home page (${lang})`, async () => {
      const response = await fetch(`${site}${path}`);
      const html = await response.text();
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      const tag = /<html\b[^>]*>/i.exec(html)?.[0] ?? '';
      if (!tag.includes(`lang="${lang}"`)) throw new Error(`GET ${path}: <html> is ${tag}`);
      if (lang === 'ar' && !tag.includes('dir="rtl"')) throw new Error(`GET ${path} is not rtl`);
      return `${path} ${response.status}, ${tag}`;
    });
  }

  // 2. Anonymous reads.
  const visitor: Client = createClient<Database>(api, options.key, clientOptions);
  await attempt('anon reads nothing', async () => {
    const found: string[] = [];
    for (const table of ['offer_leads', 'contact_requests'] as const) {
      const { data, error } = await visitor.from(table).select('id').limit(1);
      if (!error && data && data.length > 0) found.push(table);
      if (error && error.code !== '42501') throw new Error(`${table}: ${error.message}`);
    }
    if (found.length) throw new Error(`the public can read ${found.join(', ')}`);
    return 'offer_leads and contact_requests are closed to the public key';
  });

  // 3. The notification function.
  await attempt('notification function reachable with the public key', async () => {
    const endpoint = `${api}/functions/v1/send-form-notification`;
    const preflight = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: {
        Origin: site,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, content-type, x-client-info',
      },
    });
    await preflight.arrayBuffer();
    if (!preflight.ok || preflight.headers.get('access-control-allow-origin') === null) {
      throw new Error(`preflight answered ${preflight.status} without CORS headers`);
    }
    const { error } = await visitor.functions.invoke('send-form-notification', {
      // Not a lead id: refused before any lookup, so nothing can be mailed.
      body: { lead_id: 'not-a-uuid' },
    });
    const status = (error as { context?: Response } | null)?.context?.status;
    if (status !== 400) {
      throw new Error(
        `an invalid body with the public key answered ${status ?? error?.message ?? 'success'} (400 expected; 401 means the function refuses the key)`,
      );
    }
    return 'preflight with CORS, public key admitted (invalid body → 400, nothing sent)';
  });
  const service = options.serviceKey
    ? createClient<Database>(api, options.serviceKey, clientOptions)
    : null;
  await checkScheduledJobs(service, api, record);

  // 4. The client address (a skip when the project cannot be reached).
  const { status: addressStatus, detail } = await checkForgedAddressIgnored(api, options.key);
  record('client address not forgeable', addressStatus, detail);

  // 5. A tagged lead, seen live by staff.
  const tag = `SMOKE TEST ${new Date().toISOString()}`;
  const leadId = crypto.randomUUID();
  let staff: Client | null = null;
  if (!options.adminUsername || !options.adminPassword) {
    record(
      'realtime delivery to staff',
      'skip',
      'set SMOKE_ADMIN_USERNAME and SMOKE_ADMIN_PASSWORD (a staff account)',
    );
  } else {
    staff = createClient<Database>(api, options.key, clientOptions);
    const signedIn = staff;
    await attempt('staff sign-in', async () => {
      const anonymous = await signedIn.auth.signInAnonymously();
      if (anonymous.error) throw new Error(`anonymous sign-in: ${anonymous.error.message}`);
      const { data, error } = await signedIn.rpc('admin_login', {
        _username: options.adminUsername as string,
        _password: options.adminPassword as string,
      });
      if (error || data !== true) throw new Error(`admin_login: ${error?.message ?? 'refused'}`);
      return `signed in as ${options.adminUsername}`;
    });
  }

  let delivered: Promise<string> | null = null;
  let channel: ReturnType<Client['channel']> | null = null;
  if (staff && checks.at(-1)?.status === 'pass') {
    const live = staff;
    delivered = new Promise<string>((resolveEvent, reject) => {
      const timer = setTimeout(
        () => reject(new Error('no realtime event for the test lead')),
        options.realtimeTimeoutMs ?? 20_000,
      );
      // The dashboard's own subscription: the private staff topic (Realtime Authorization).
      channel = live
        .channel('staff:contact_requests', { config: { private: true } })
        .on('broadcast', { event: 'INSERT' }, ({ payload }) => {
          if ((payload as { record?: { lead_id?: string } }).record?.lead_id === leadId) {
            clearTimeout(timer);
            resolveEvent('the inbox row arrived on the private staff channel');
          }
        });
    });
    await live.realtime.setAuth();
    await new Promise<void>((resolveSubscribed, reject) => {
      const timer = setTimeout(() => reject(new Error('realtime subscription timed out')), 20_000);
      channel?.subscribe((status) => {
        if (status === 'SUBSCRIBED') {
          clearTimeout(timer);
          resolveSubscribed();
        } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          clearTimeout(timer);
          reject(new Error(`realtime: ${status}`));
        }
      });
    }).catch((error: unknown) => {
      record('realtime delivery to staff', 'fail', String(error));
      delivered = null;
    });
  }

  let inserted = false;
  await attempt('lead insert with the public key', async () => {
    const { error } = await visitor.from('offer_leads').insert({
      id: leadId,
      name: tag,
      phone: `9665${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
      country_code: '+966',
      service: 'other',
      notes: 'Automated smoke test; erased at once.',
      source: '/smoke-test',
      language: 'en',
    });
    if (error) throw new Error(`${error.code}: ${error.message}`);
    inserted = true;
    return `lead ${leadId} stored`;
  });

  if (delivered && inserted) await attempt('realtime delivery to staff', () => delivered!);
  if (staff && inserted) {
    const reader = staff;
    await attempt('inbox row for the lead', async () => {
      const { data, error } = await reader
        .from('contact_requests')
        .select('id, name')
        .eq('lead_id', leadId);
      if (error) throw new Error(error.message);
      if (data?.length !== 1) throw new Error(`found ${data?.length ?? 0} inbox rows`);
      return `contact_requests ${data[0]?.id}`;
    });
  }
  if (inserted) {
    await checkUnnudgedLeadMailed(service, leadId, options.workerPeriodMs ?? 60_000, record);
  }
  if (options.sendMail && inserted) {
    await attempt('tagged notification e-mail', async () => {
      const { data, error } = await visitor.functions.invoke('send-form-notification', {
        // The nudge carries the stored lead's id only; the mail is built from that row.
        body: { lead_id: leadId },
      });
      if (error) throw new Error(error.message);
      return `accepted: ${JSON.stringify(data)}`;
    });
  }

  if (inserted) await eraseTestLead(service ?? staff, leadId, record);
  if (channel) await staff?.removeChannel(channel);
  if (staff) await staff.auth.signOut().catch(() => undefined);
  await visitor.removeAllChannels();
  return checks;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      site: { type: 'string' },
      supabase: { type: 'string' },
      key: { type: 'string' },
      'send-mail': { type: 'boolean', default: false },
    },
  });
  const key = values.key ?? process.env['PUBLIC_SUPABASE_ANON_KEY'];
  if (!values.site || !values.supabase || !key) {
    console.error(
      'Usage: npm run smoke -- --site https://rihla.care --supabase https://<ref>.supabase.co [--key <publishable key>] [--send-mail]\n' +
        'Environment: PUBLIC_SUPABASE_ANON_KEY, SMOKE_ADMIN_USERNAME, SMOKE_ADMIN_PASSWORD, SUPABASE_SECRET_KEY',
    );
    process.exit(2);
  }
  const checks = await runSmoke({
    site: values.site,
    supabase: values.supabase,
    key,
    adminUsername: process.env['SMOKE_ADMIN_USERNAME'],
    adminPassword: process.env['SMOKE_ADMIN_PASSWORD'],
    serviceKey: process.env['SUPABASE_SECRET_KEY'] ?? process.env['SUPABASE_SERVICE_ROLE_KEY'],
    sendMail: values['send-mail'],
  });
  const failed = checks.filter((check) => check.status === 'fail').length;
  const skipped = checks.filter((check) => check.status === 'skip').length;
  console.log(`\n${checks.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
