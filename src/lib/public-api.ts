/**
 * The public forms' way to the backend: the two official Supabase sub-clients supabase-js is made
 * of, for the one insert and the one function call a form makes (7 KB gzip where supabase-js is
 * 55 KB: it also carries Auth, Realtime and Storage, which a visitor never uses). The back office
 * keeps supabase-js (src/lib/supabase.ts).
 *
 * The requests are the ones supabase-js sends for a visitor without a session: `apikey` and
 * `Authorization: Bearer <key>` to the database API; to functions the same, except that a new-style
 * key (`sb_publishable_…`) is not a JWT and goes in `apikey` only (tests/e2e/api-keys.spec.ts
 * checks both key styles). A signed-in staff member who fills in a public form is a visitor there:
 * no session token is sent.
 */
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from './database.types.ts';
import { supabaseKey, supabaseUrl } from './supabase-env.ts';

const isNewApiKey = (key: string) => /^sb_(publishable|secret)_/.test(key);

/** The global fetch as it is at call time (a test or a polyfill may replace it after import). */
const lateFetch: typeof fetch = (...args) => fetch(...args);

export function publicApi(url = supabaseUrl(), key = supabaseKey()) {
  const bearer = { apikey: key, Authorization: `Bearer ${key}` };
  return {
    db: new PostgrestClient<Database>(`${url}/rest/v1`, {
      headers: bearer,
      schema: 'public',
      fetch: lateFetch,
    }),
    functions: new FunctionsClient(`${url}/functions/v1`, {
      headers: isNewApiKey(key) ? { apikey: key } : bearer,
      customFetch: lateFetch,
    }),
  };
}
