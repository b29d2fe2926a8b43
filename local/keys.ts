/**
 * The Supabase CLI's well-known local credentials. They are public on purpose: every `supabase start`
 * uses the same secret and demo keys, so a browser build made for our local server also works against
 * `supabase start` (where Docker exists), and no real secret ever lives in the repository.
 * Never use these against a hosted project.
 */
import {
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
} from '../src/lib/supabase-env.ts';

/** HS256 secret that signs every local JWT (Supabase CLI default). */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** Demo anon key: `{"iss":"supabase-demo","role":"anon","exp":1983812996}` signed with the secret. */
export const LOCAL_ANON_KEY = LOCAL_SUPABASE_ANON_KEY;

/** Demo service_role key (bypasses RLS): same payload with `"role":"service_role"`. */
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/**
 * The CLI's local publishable and secret keys (the new key style: opaque strings, not JWTs). Hosted
 * projects created now hand these out instead of the JWT keys above; the local server accepts both
 * styles so the site and the functions are tested with what production uses.
 */
export const LOCAL_PUBLISHABLE_KEY = LOCAL_SUPABASE_PUBLISHABLE_KEY;
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/** The role each opaque project key stands for, as Supabase's API gateway maps them. */
export const LOCAL_OPAQUE_KEYS: ReadonlyMap<string, 'anon' | 'service_role'> = new Map([
  [LOCAL_PUBLISHABLE_KEY, 'anon'],
  [LOCAL_SECRET_KEY, 'service_role'],
]);

/** Where `npm start` serves the Supabase-compatible API and the site (same ports as the Supabase CLI/Astro). */
export const LOCAL_API_PORT = 54321;
export const LOCAL_SITE_PORT = 4321;
export const LOCAL_HOST = '127.0.0.1';
export const LOCAL_API_URL = `http://${LOCAL_HOST}:${LOCAL_API_PORT}`;
