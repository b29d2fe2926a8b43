/** Reads the e2e backend as the service role (bypassing RLS), to assert what the database stored. */
import { createClient } from '@supabase/supabase-js';
import { LOCAL_SERVICE_ROLE_KEY } from '../../local/keys.ts';

export const apiUrl = `http://127.0.0.1:${process.env['E2E_API_PORT'] ?? 54329}`;

export const serviceClient = createClient(apiUrl, LOCAL_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
});

export async function rowsNamed(table: 'offer_leads' | 'contact_requests', name: string) {
  const { data, error } = await serviceClient.from(table).select('*').eq('name', name);
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as Record<string, unknown>[];
}

/** The one request stored under `name` (tests give each request a unique name). */
export async function storedRequest(name: string) {
  const { data, error } = await serviceClient
    .from('contact_requests')
    .select('*')
    .eq('name', name)
    .single();
  if (error) throw new Error(`read request: ${error.message}`);
  return data;
}

/** A name no other test uses, so each test finds exactly its own rows. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}
