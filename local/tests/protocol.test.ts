import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwtPayload } from '../jwt.ts';
import { adminClient, ADMIN_PASSWORD, client, count, lead, startTestStack } from './helpers.ts';

/**
 * Every call the app makes, through the unchanged supabase-js 2.119 against the local server:
 * auth (anonymous sign-in, refresh, sign-out), inserts (idempotent), ordered selects, updates,
 * deletes, rpc and function invocations, with the error codes the browser receives.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.cleanup();
});
beforeEach(async () => {
  await stack.sql(`truncate public.offer_leads, private.lead_submissions cascade`);
});

describe('auth', () => {
  it('signs in anonymously with a session GoTrue-shaped enough for auth-js', async () => {
    const visitor = client(stack);
    const { data, error } = await visitor.auth.signInAnonymously();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      is_anonymous: true,
    });
    expect(data.user?.app_metadata).toMatchObject({ provider: 'anonymous' });
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const claims = decodeJwtPayload(data.session?.access_token ?? '');
    expect(claims).toMatchObject({ role: 'authenticated', sub: data.user?.id, is_anonymous: true });
    expect(typeof claims?.session_id).toBe('string');
    const { data: fetched } = await visitor.auth.getUser();
    expect(fetched.user?.id).toBe(data.user?.id);
  });

  it('refreshes a session, rotating the refresh token', async () => {
    const visitor = client(stack);
    const { data: signedIn } = await visitor.auth.signInAnonymously();
    const first = signedIn.session;
    const { data, error } = await visitor.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(first?.refresh_token);
    expect(data.session?.user.id).toBe(first?.user.id);
    expect(decodeJwtPayload(data.session?.access_token ?? '')?.session_id).toBe(
      decodeJwtPayload(first?.access_token ?? '')?.session_id,
    );
    // A token two rotations old is refused once GoTrue's 10-second reuse window has passed (the
    // parent of the active token gets that token back: conformance-auth.test.ts).
    expect((await visitor.auth.refreshSession()).error).toBeNull();
    await stack.sql(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [first?.refresh_token],
    );
    const reused = await client(stack).auth.refreshSession({
      refresh_token: first?.refresh_token ?? '',
    });
    expect(reused.error?.code).toBe('refresh_token_already_used');
  });

  it('signs out: the session and its refresh tokens are gone', async () => {
    const visitor = client(stack);
    const { data } = await visitor.auth.signInAnonymously();
    expect((await visitor.auth.signOut()).error).toBeNull();
    const again = await client(stack).auth.refreshSession({
      refresh_token: data.session?.refresh_token ?? '',
    });
    expect(again.error?.code).toBe('refresh_token_not_found');
  });

  it('signs in with a password (users created by SQL; e-mail sign-ups are disabled by config.toml)', async () => {
    await stack.sql(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data)
       values (gen_random_uuid(), 'authenticated', 'authenticated', 'ops@example.com',
               extensions.crypt('a long password', extensions.gen_salt('bf', 4)), now(), '{"provider":"email"}')
       on conflict do nothing`,
    );
    const ops = client(stack);
    const ok = await ops.auth.signInWithPassword({
      email: 'ops@example.com',
      password: 'a long password',
    });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe('ops@example.com');
    const wrong = await client(stack).auth.signInWithPassword({
      email: 'ops@example.com',
      password: 'nope',
    });
    expect(wrong.error?.code).toBe('invalid_credentials');
    const signup = await client(stack).auth.signUp({
      email: 'new@example.com',
      password: 'a long password',
    });
    expect(signup.error?.code).toBe('signup_disabled');
  });

  it('answers 501 for auth endpoints outside the subset', async () => {
    const { error } = await client(stack).auth.signInWithOtp({ email: 'x@example.com' });
    // auth-js files 5xx answers under "retryable fetch error" but keeps the status and message.
    expect(error?.status).toBe(501);
    expect(error?.message).toContain(
      'Not implemented by the local Supabase stand-in: POST /auth/v1/otp',
    );
  });
});

describe('leads from the public forms', () => {
  it('stores a plain insert with the anon key (no session, no returning)', async () => {
    const row = lead({ service: 'hair-transplant' });
    const { error, status } = await client(stack).from('offer_leads').insert(row);
    expect(error).toBeNull();
    expect(status).toBe(201);
    const { rows } = await stack.sql<{ service: string; lead_id: string }>(
      `select service::text, lead_id::text from public.contact_requests`,
    );
    expect(rows).toEqual([{ service: 'hairTransplant', lead_id: row.id }]);
  });

  it('is idempotent: a retried insert with the same id succeeds and stores one lead', async () => {
    const row = lead();
    const visitor = client(stack);
    for (let attempt = 0; attempt < 3; attempt++) {
      const { error, status } = await visitor.from('offer_leads').insert(row);
      expect(error).toBeNull();
      expect(status).toBe(201);
    }
    expect(await count(stack, 'public.offer_leads')).toBe(1);
    expect(await count(stack, 'public.contact_requests')).toBe(1);
  });

  it('also accepts upsert with ignoreDuplicates on id, storing a retry once', async () => {
    const row = lead();
    const visitor = client(stack);
    for (let attempt = 0; attempt < 2; attempt++) {
      const { error, status } = await visitor
        .from('offer_leads')
        .upsert(row, { onConflict: 'id', ignoreDuplicates: true });
      expect(error).toBeNull();
      expect(status).toBe(201);
    }
    expect(await count(stack, 'public.offer_leads')).toBe(1);
    expect(await count(stack, 'public.contact_requests')).toBe(1);
  });

  it('lets the public read back the id it inserted, and nothing more', async () => {
    const row = lead();
    const withId = await client(stack).from('offer_leads').insert(row).select('id');
    expect(withId).toMatchObject({ error: null, status: 201, data: [{ id: row.id }] });
    const withAll = await client(stack).from('offer_leads').insert(lead()).select();
    expect(withAll.status).toBe(401);
    expect(withAll.error?.code).toBe('42501');
    expect((await client(stack).from('offer_leads').select('id')).data).toEqual([]);
  });

  it('reports a broken constraint with its SQLSTATE and name (HTTP 400)', async () => {
    const { error, status } = await client(stack)
      .from('offer_leads')
      .insert(lead({ phone: '+966 50' }));
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('offer_leads_phone_digits');
  });

  it('reports the rate limit as PT429 / HTTP 429 with hint rate_limited', async () => {
    const visitor = client(stack);
    const phone = '966512340000';
    for (let i = 0; i < 5; i++)
      expect((await visitor.from('offer_leads').insert(lead({ phone }))).error).toBeNull();
    const { error, status } = await visitor.from('offer_leads').insert(lead({ phone }));
    expect(status).toBe(429);
    expect(error).toMatchObject({
      code: 'PT429',
      hint: 'rate_limited',
      details: 'limit: 5 leads per phone number per hour',
    });
  });
});

describe('the admin back office', () => {
  it('admin_login: true, false, and locked (PT423 / HTTP 423 with the unlock time)', async () => {
    await adminClient(stack, 'lockme');
    const visitor = client(stack);
    await visitor.auth.signInAnonymously();
    const wrong = await visitor.rpc('admin_login', {
      _username: 'lockme',
      _password: 'wrong password',
    });
    expect(wrong).toMatchObject({ data: false, error: null, status: 200 });
    // Three failures from this address make its next attempt wait (1 s, then doubling).
    const failedFrom = Date.now();
    for (let i = 0; i < 3; i++)
      await visitor.rpc('admin_login', { _username: 'lockme', _password: 'wrong password' });
    const locked = await visitor.rpc('admin_login', {
      _username: 'lockme',
      _password: ADMIN_PASSWORD,
    });
    expect(locked.status).toBe(423);
    expect(locked.error).toMatchObject({ code: 'PT423', hint: 'login_throttled' });
    const until = Date.parse(locked.error?.details ?? '');
    // A short wait counted from the failures (however long they took on a loaded machine).
    expect(until).toBeGreaterThan(failedFrom);
    expect(until - Date.now()).toBeLessThan(3_000);
    await stack.sql(`delete from private.admin_login_failures`);
  });

  it('admin_login with the anon key alone is refused', async () => {
    const { error, status } = await client(stack).rpc('admin_login', {
      _username: 'staff',
      _password: ADMIN_PASSWORD,
    });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('is_admin is true for the admin’s own id only, and admin_logout ends it', async () => {
    const admin = await adminClient(stack);
    const { data: self } = await admin.auth.getUser();
    expect((await admin.rpc('is_admin', { check_user_id: self.user?.id ?? '' })).data).toBe(true);
    const visitor = client(stack);
    const { data: other } = await visitor.auth.signInAnonymously();
    expect((await visitor.rpc('is_admin', { check_user_id: other.user?.id ?? '' })).data).toBe(
      false,
    );
    expect((await visitor.rpc('is_admin', { check_user_id: self.user?.id ?? '' })).data).toBe(
      false,
    );
    const logout = await admin.rpc('admin_logout');
    expect(logout.error).toBeNull();
    expect(logout.status).toBe(204);
    expect((await admin.rpc('is_admin', { check_user_id: self.user?.id ?? '' })).data).toBe(false);
  });

  it('lists requests newest first, updates status and notes, deletes (both tables)', async () => {
    const visitor = client(stack);
    const ids = [lead(), lead(), lead()];
    for (const row of ids) expect((await visitor.from('offer_leads').insert(row)).error).toBeNull();
    await stack.sql(
      `update public.contact_requests set created_at = now() - (interval '1 hour' * array_position($1::uuid[], lead_id))`,
      [`{${ids.map((row) => row.id).join(',')}}`],
    );
    const admin = await adminClient(stack);
    const { data, error } = await admin
      .from('contact_requests')
      .select('*')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data?.map((request) => request.lead_id)).toEqual(ids.map((row) => row.id));

    const target = data?.[0]?.id ?? '';
    // A change goes through update_request, over the version the coordinator saw (issue 41); the
    // table's own PATCH is refused.
    const patch = await admin
      .from('contact_requests')
      .update({ status: 'in_progress', notes: 'Called back' })
      .eq('id', target);
    expect(patch.error).toMatchObject({ code: '42501', hint: 'write_through_function' });
    const update = await admin.rpc('update_request', {
      _id: target,
      _expected_version: data?.[0]?.version ?? 0,
      _changes: { status: 'in_progress', notes: 'Called back' },
    });
    expect(update.error).toBeNull();
    const { data: updated } = await admin
      .from('contact_requests')
      .select('status, notes')
      .eq('id', target)
      .single();
    expect(updated).toEqual({ status: 'in_progress', notes: 'Called back' });

    // An owner's delete moves the request and its lead to the bin: out of the staff's sight, kept.
    const removal = await admin.from('contact_requests').delete().eq('id', target);
    expect(removal).toMatchObject({ error: null, status: 204 });
    expect(await count(stack, 'public.contact_requests')).toBe(3);
    expect(await count(stack, 'public.contact_requests where deleted_at is not null')).toBe(1);
    const { count: visible } = await admin
      .from('contact_requests')
      .select('*', { count: 'exact', head: true });
    expect(visible).toBe(2);

    const { data: leads } = await admin
      .from('offer_leads')
      .select('*')
      .order('created_at', { ascending: false });
    expect(leads).toHaveLength(2);
    const leadRemoval = await admin
      .from('offer_leads')
      .delete()
      .eq('id', leads?.[0]?.id ?? '');
    expect(leadRemoval.error).toBeNull();
    expect(await count(stack, 'public.contact_requests where deleted_at is not null')).toBe(2);
    expect((await admin.from('offer_leads').select('id')).data).toHaveLength(1);
  });

  it('counts with head requests and answers .single() misses with PGRST116', async () => {
    const visitor = client(stack);
    for (let i = 0; i < 3; i++) await visitor.from('offer_leads').insert(lead());
    const admin = await adminClient(stack);
    const head = await admin.from('contact_requests').select('*', { count: 'exact', head: true });
    expect(head).toMatchObject({ error: null, count: 3, data: null });
    const page = await admin.from('contact_requests').select('id', { count: 'exact' }).range(0, 1);
    expect(page.data).toHaveLength(2);
    expect(page.count).toBe(3);
    const missing = await admin
      .from('contact_requests')
      .select('*')
      .eq('id', crypto.randomUUID())
      .single();
    expect(missing.status).toBe(406);
    expect(missing.error?.code).toBe('PGRST116');
    const filtered = await admin
      .from('contact_requests')
      .select('id')
      .in('status', ['new', 'completed'])
      .neq('service', 'ivf')
      .is('notes', null);
    expect(filtered.data).toHaveLength(3);
  });

  it('shows nothing to the public or to non-admin sessions', async () => {
    await client(stack).from('offer_leads').insert(lead());
    const anonymousRead = await client(stack).from('contact_requests').select('*');
    expect(anonymousRead.status).toBe(401);
    expect(anonymousRead.error?.code).toBe('42501');
    expect((await client(stack).from('offer_leads').select('*')).error?.code).toBe('42501');
    const visitor = client(stack);
    await visitor.auth.signInAnonymously();
    expect((await visitor.from('contact_requests').select('*')).data).toEqual([]);
    expect((await visitor.from('offer_leads').select('*')).data).toEqual([]);
    const update = await visitor
      .from('contact_requests')
      .update({ status: 'completed' })
      .neq('status', 'completed');
    expect(update.error).toMatchObject({ code: '42501', hint: 'write_through_function' });
    const { rows } = await stack.sql<{ status: string }>(
      `select status::text from public.contact_requests`,
    );
    expect(rows).toEqual([{ status: 'new' }]);
  });
});

describe('edge functions', () => {
  it('send-form-notification mails a stored lead to the fixed inbox, built from the stored row', async () => {
    const row = lead({ name: 'Layla', phone: '966501234567', email: 'layla@example.com' });
    expect((await client(stack).from('offer_leads').insert(row)).error).toBeNull();
    const { data, error } = await client(stack).functions.invoke('send-form-notification', {
      body: { lead_id: row.id, to: 'attacker@example.com', subject: 'Forged' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true, sent: 1, failed: 0 });
    const outbox = join(stack.dataDir, 'outbox');
    const files = readdirSync(outbox);
    const mail = JSON.parse(readFileSync(join(outbox, files.at(-1) ?? ''), 'utf8')) as Record<
      string,
      string
    >;
    expect(mail).toMatchObject({
      to: 'care@rihla.care',
      replyTo: 'layla@example.com',
      subject: '[Rihla Care] استشارة طبية جديدة (dental-implants)',
    });
    expect(mail['text']).toContain('Phone: +966501234567');
    expect(stack.logs.some((line) => line.startsWith('[mail] outbox:'))).toBe(true);
  });

  it('send-form-notification answers 400 for a lead id that is not a uuid', async () => {
    const { error } = await client(stack).functions.invoke('send-form-notification', {
      body: { lead_id: 'abc' },
    });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: { field: string }[] };
    expect(body.issues.map((issue) => issue.field)).toEqual(['lead_id']);
  });

  it('google-indexing is for admins only, and records the submission locally', async () => {
    const urls = ['https://rihla.care/', 'https://rihla.care/hair-transplant-turkey'];
    const visitor = client(stack);
    await visitor.auth.signInAnonymously();
    const refused = await visitor.functions.invoke('google-indexing', { body: { urls } });
    expect(((refused.error as FunctionsHttpError).context as Response).status).toBe(403);
    const anonymous = await client(stack).functions.invoke('google-indexing', { body: { urls } });
    expect(((anonymous.error as FunctionsHttpError).context as Response).status).toBe(401);

    const admin = await adminClient(stack);
    const { data, error } = await admin.functions.invoke('google-indexing', { body: { urls } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true, submitted: 2 });
    expect(existsSync(join(stack.dataDir, 'indexing'))).toBe(true);
  });

  it('refuses an invalid JWT, and unknown functions with 404', async () => {
    // google-indexing verifies its callers itself (supabase/functions/_shared/caller.ts).
    const response = await fetch(`${stack.url}/functions/v1/google-indexing`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        Authorization: 'Bearer nope',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(response.status).toBe(401);
    const missing = await client(stack).functions.invoke('does-not-exist');
    expect(((missing.error as FunctionsHttpError).context as Response).status).toBe(404);
  });
});

describe('request logging and CORS', () => {
  it('logs one line per request and answers preflights with the headers supabase-js sends', async () => {
    const before = stack.logs.length;
    const preflight = await fetch(`${stack.url}/rest/v1/offer_leads`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4321', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    const allowed = preflight.headers.get('access-control-allow-headers') ?? '';
    for (const header of [
      'authorization',
      'apikey',
      'x-client-info',
      'x-supabase-api-version',
      'prefer',
      'content-profile',
      'accept-profile',
      'range',
    ]) {
      expect(allowed).toContain(header);
    }
    expect(preflight.headers.get('access-control-expose-headers')).toContain('content-range');
    const requestLines = stack.logs
      .slice(before)
      .filter((line) => line.startsWith('OPTIONS /rest/v1/offer_leads'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/^OPTIONS \/rest\/v1\/offer_leads 204 \d+\.\dms$/);
  });
});
