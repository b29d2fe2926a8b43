/**
 * Where the browser finds the backend, without any Supabase client: PUBLIC_SUPABASE_URL /
 * PUBLIC_SUPABASE_ANON_KEY when the build was given them, and otherwise the local stack of
 * `npm start` with the Supabase CLI's public demo key. The public forms (src/lib/public-api.ts) and
 * the back office (src/lib/supabase.ts) both read it.
 */

declare global {
  interface ImportMetaEnv {
    readonly PUBLIC_SUPABASE_URL?: string;
    readonly PUBLIC_SUPABASE_ANON_KEY?: string;
  }
}

/** The local server of `npm start` (same port as `supabase start`). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/** The Supabase CLI's well-known demo anon key (public; only valid against a local stack). */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/**
 * The CLI's local publishable key (the new, opaque style). The browser uses the anon key above; the
 * build's deploy check (src/integrations/deploy-env.ts) refuses both for a hosted project, and the
 * local server (local/keys.ts) accepts both: one place for each public local value.
 */
export const LOCAL_SUPABASE_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

/** Read when called, not when imported, so a test can point the site's code at its own stack. */
export function supabaseUrl(): string {
  return import.meta.env.PUBLIC_SUPABASE_URL ?? LOCAL_SUPABASE_URL;
}

export function supabaseKey(): string {
  return import.meta.env.PUBLIC_SUPABASE_ANON_KEY ?? LOCAL_SUPABASE_ANON_KEY;
}
