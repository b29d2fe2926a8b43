/**
 * Response helpers shared by the functions. Browsers call them cross-origin from the static site,
 * so every answer (errors and preflights included) carries the CORS headers supabase-js needs.
 */

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, apikey, content-type, x-client-info, x-supabase-api-version, x-region',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

export function preflight(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}

/** Reads a JSON object body of at most `limit` bytes; null when it is missing, too big or not an object. */
export async function readJsonObject(
  request: Request,
  limit: number,
): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (text.length > limit) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Wraps a handler so that every answer carries the CORS headers, a thrown error included: without
 * them the browser reports a CORS failure instead of the status, and supabase-js cannot tell a
 * refusal from a network fault.
 */
export function withCors(
  name: string,
  handler: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    let response: Response;
    try {
      response = await handler(request);
    } catch (error) {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      return json(500, { error: 'internal_error' });
    }
    if (response.headers.get('access-control-allow-origin')) return response;
    const headers = new Headers(response.headers);
    for (const [header, value] of Object.entries(corsHeaders)) headers.set(header, value);
    return new Response(response.body, { status: response.status, headers });
  };
}

export type KeyRole = 'anon' | 'service_role';

/**
 * The project's API keys as the platform hands them to a function: the new opaque keys as JSON
 * objects of named keys (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS) and the legacy JWT keys
 * (SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY). Unset or malformed variables add nothing.
 */
export function projectKeys(env: (name: string) => string | undefined): Map<string, KeyRole> {
  const keys = new Map<string, KeyRole>();
  const named = (variable: string, role: KeyRole) => {
    const raw = env(variable);
    if (!raw) return;
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value === 'object' && value !== null)
        for (const key of Object.values(value))
          if (typeof key === 'string' && key) keys.set(key, role);
    } catch {
      // Not JSON: nothing to add.
    }
  };
  named('SUPABASE_PUBLISHABLE_KEYS', 'anon');
  named('SUPABASE_SECRET_KEYS', 'service_role');
  const anon = env('SUPABASE_ANON_KEY');
  const service = env('SUPABASE_SERVICE_ROLE_KEY');
  if (anon) keys.set(anon, 'anon');
  if (service) keys.set(service, 'service_role');
  return keys;
}

/**
 * The role of the project key the caller sent in `apikey`, or null when it is none of this
 * project's keys. This is how a function with `verify_jwt = false` checks its callers: the new
 * publishable key is not a JWT, so the platform's JWT check cannot be what admits a visitor.
 */
export function callerKeyRole(
  request: Request,
  env: (name: string) => string | undefined,
): KeyRole | null {
  const sent = request.headers.get('apikey');
  if (!sent) return null;
  for (const [key, role] of projectKeys(env)) if (sameString(sent, key)) return role;
  return null;
}

/** Compares two strings in time that depends only on their lengths (secret keys are compared). */
function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++)
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** The key a function uses to call the project's REST API as the public: publishable, else anon. */
export function publicApiKey(env: (name: string) => string | undefined): string | undefined {
  for (const [key, role] of projectKeys(env)) if (role === 'anon') return key;
  return undefined;
}
