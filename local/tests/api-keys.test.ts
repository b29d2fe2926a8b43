import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { ADMIN_PASSWORD, lead, startTestStack } from './helpers.ts';

/**
 * Both key styles against the local server, as Supabase's gateway treats them: the legacy JWT keys
 * and the opaque `sb_publishable_…` / `sb_secret_…` keys stand for the anon and service roles on
 * REST, auth, functions and realtime; an opaque key is never accepted where a user's JWT is
 * verified (google-indexing checks its callers itself), and preflights reach the functions themselves.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.cleanup();
});

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};
const withKey = (key: string) => createClient<Database>(stack.url, key, options);

describe('opaque project keys', () => {
  it('the publishable key is the anon role: stores a lead, may not read leads', async () => {
    const visitor = withKey(stack.publishableKey);
    const row = lead({ name: 'Publishable Key' });
    expect((await visitor.from('offer_leads').insert(row)).error).toBeNull();
    // Exactly what the legacy anon key gets: the public may not read leads.
    const read = await visitor.from('offer_leads').select('id, name');
    const legacy = await withKey(stack.anonKey).from('offer_leads').select('id, name');
    expect(read.error?.code).toBe('42501');
    expect(read.error).toEqual(legacy.error);
  });

  it('the secret key is the service role: reads every row past RLS', async () => {
    const row = lead({ name: 'Secret Key Reader' });
    expect((await withKey(stack.publishableKey).from('offer_leads').insert(row)).error).toBeNull();
    const { data, error } = await withKey(stack.secretKey)
      .from('offer_leads')
      .select('id')
      .eq('id', row.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: row.id }]);
  });

  it('refuses an unknown opaque key, and a bearer key that is not the apikey', async () => {
    const unknown = await fetch(`${stack.url}/rest/v1/offer_leads?select=id`, {
      headers: { apikey: 'sb_publishable_notThisProjectsKey000' },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ message: 'Invalid API key' });
    const mixed = await fetch(`${stack.url}/rest/v1/offer_leads?select=id`, {
      headers: { apikey: stack.publishableKey, Authorization: `Bearer ${stack.secretKey}` },
    });
    expect(mixed.status).toBe(401);
  });

  it('signs in anonymously and as an admin with the publishable key', async () => {
    await stack.sql(
      `select private.create_admin($1, $2) where not exists (select 1 from private.admin_users where username = $1)`,
      ['keys-admin', ADMIN_PASSWORD],
    );
    const admin = withKey(stack.publishableKey);
    expect((await admin.auth.signInAnonymously()).error).toBeNull();
    const login = await admin.rpc('admin_login', {
      _username: 'keys-admin',
      _password: ADMIN_PASSWORD,
    });
    expect(login).toMatchObject({ data: true, error: null });
    const { data, error } = await admin.from('offer_leads').select('id').limit(1);
    expect(error).toBeNull();
    expect(Array.isArray(data)).toBe(true);
  });

  it('joins a realtime channel with the publishable key', async () => {
    const visitor = withKey(stack.publishableKey);
    const status = await new Promise<string>((resolveStatus) => {
      visitor.channel('keys-test').subscribe((value) => {
        if (value !== 'CLOSED') resolveStatus(value);
      });
    });
    expect(status).toBe('SUBSCRIBED');
    await visitor.removeAllChannels();
  });
});

describe('functions and the key styles', () => {
  it('send-form-notification (verify_jwt = false) admits the publishable key as supabase-js sends it', async () => {
    const { data, error } = await withKey(stack.publishableKey).functions.invoke(
      'send-form-notification',
      { body: { name: 'Layla', phone: '966501234567' } },
    );
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true });
  });

  it('google-indexing refuses an opaque key as the bearer: a project key is not a user', async () => {
    const response = await fetch(`${stack.url}/functions/v1/google-indexing`, {
      method: 'POST',
      headers: {
        apikey: stack.publishableKey,
        Authorization: `Bearer ${stack.publishableKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ urls: ['https://rihla.care/'] }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'unauthorized' });
    const { error } = await withKey(stack.publishableKey).functions.invoke('google-indexing', {
      body: { urls: ['https://rihla.care/'] },
    });
    expect(((error as FunctionsHttpError).context as Response).status).toBe(401);
  });

  it('passes preflights to the function, whose own CORS headers answer', async () => {
    for (const name of ['send-form-notification', 'google-indexing']) {
      const preflight = await fetch(`${stack.url}/functions/v1/${name}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:4321',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
        },
      });
      expect(preflight.status).toBe(204);
      // The functions allow POST only; the server's own preflight answer would list every method.
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('every function answer carries CORS headers, refusals and errors included', async () => {
    const answers = await Promise.all([
      fetch(`${stack.url}/functions/v1/send-form-notification`, {
        method: 'POST',
        headers: { apikey: stack.publishableKey, 'Content-Type': 'application/json' },
        body: '{"name":',
      }),
      fetch(`${stack.url}/functions/v1/send-form-notification`, {
        method: 'GET',
        headers: { apikey: stack.publishableKey },
      }),
      fetch(`${stack.url}/functions/v1/google-indexing`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          Authorization: `Bearer ${stack.anonKey}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 405, 401]);
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    }
  });
});
