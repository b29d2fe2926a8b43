import { createCallerVerifier, type CallerVerification } from '../_shared/caller.ts';
import { json, preflight, publicApiKey, readJsonObject, withCors } from '../_shared/http.ts';
import type { FunctionRuntime } from '../_shared/runtime.ts';

/**
 * google-indexing (spec call 13): the /index-now page asks search engines to recrawl the site's
 * main pages. Admin only. The function verifies its caller itself (config.toml `verify_jwt =
 * false`; ../_shared/caller.ts): a user JWT signed with the project's asymmetric signing key
 * (checked against its JWKS) or with the legacy secret (checked by the Auth server), so it works
 * whichever way the project signs. The verified caller's own token must then pass public.is_admin,
 * asked through the project's REST API so the database stays the single judge. URLs must be
 * absolute and, when SITE_URL is set, on the site's own host.
 *
 * Body: { urls: string[] } (1 to 100)
 * Answers: 200 { ok, submitted, results } | 400 { error: 'invalid_body', message } | 401 | 403
 *          | 502 { error: 'submission_failed', message }
 */

const MAX_URLS = 100;

/**
 * True when the verified caller has a live admin session; null when the caller is not a verified
 * signed-in user (no token, a project key, a forged, foreign or expired token).
 */
export async function callerIsAdmin(
  request: Request,
  runtime: FunctionRuntime,
  verified: CallerVerification,
): Promise<boolean | null> {
  if (!verified.ok) return null;
  const sub = verified.claims['sub'] as string;
  const authorization = request.headers.get('authorization') ?? '';
  const supabaseUrl = runtime.env('SUPABASE_URL');
  const apiKey = publicApiKey(runtime.env);
  if (!supabaseUrl || !apiKey) {
    throw new Error('SUPABASE_URL and a publishable (or anon) key must be set');
  }
  const response = await runtime.fetch(`${supabaseUrl}/rest/v1/rpc/is_admin`, {
    method: 'POST',
    headers: { apikey: apiKey, Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify({ check_user_id: sub }),
  });
  if (!response.ok) return false;
  return (await response.json()) === true;
}

/** Checks the URL list; returns the URLs or a message saying what is wrong. */
export function parseUrls(
  body: Record<string, unknown>,
  siteUrl: string | undefined,
): string[] | string {
  const urls = body['urls'];
  if (!Array.isArray(urls) || urls.length === 0 || urls.length > MAX_URLS) {
    return `urls must be a list of 1 to ${MAX_URLS} addresses`;
  }
  const siteHost = siteUrl ? new URL(siteUrl).host : null;
  for (const url of urls) {
    if (typeof url !== 'string' || url.length > 2000)
      return 'every url must be a string of at most 2000 characters';
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `not an absolute URL: ${url}`;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      return `not an http(s) URL: ${url}`;
    if (siteHost && parsed.host !== siteHost) return `not on ${siteHost}: ${url}`;
  }
  return urls as string[];
}

export function createHandler(runtime: FunctionRuntime) {
  const verifyCaller = createCallerVerifier(runtime);
  return withCors('google-indexing', async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });
    const admin = await callerIsAdmin(request, runtime, await verifyCaller(request));
    if (admin === null) return json(401, { error: 'unauthorized' });
    if (!admin) return json(403, { error: 'forbidden' });
    const body = await readJsonObject(request, 256 * 1024);
    if (!body) return json(400, { error: 'invalid_body', message: 'a JSON object is required' });
    // The pages' own address: SITE_URL in production; under `npm start` SITE_URL is the local
    // address (the patients' links) while the built pages name PUBLIC_SITE_URL's (INDEXING_SITE_URL).
    const urls = parseUrls(body, runtime.env('INDEXING_SITE_URL') ?? runtime.env('SITE_URL'));
    if (typeof urls === 'string') return json(400, { error: 'invalid_body', message: urls });
    try {
      const results = await runtime.indexing.submit(urls);
      return json(200, {
        ok: results.every((result) => result.ok),
        submitted: urls.length,
        results,
      });
    } catch (error) {
      return json(502, {
        error: 'submission_failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
