import type { IndexingSubmission, IndexingSubmitter } from './runtime.ts';

/**
 * Production indexing: Google's Indexing API with a service account (RS256 JWT signed with Web
 * Crypto, exchanged for an access token), and IndexNow where a key is configured.
 *
 *   GOOGLE_SERVICE_ACCOUNT_JSON  the service account key file's JSON (client_email, private_key)
 *   INDEXNOW_KEY                 optional IndexNow key (the site must serve /<key>.txt)
 */

const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/indexing';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const GOOGLE_PUBLISH_URL = 'https://indexing.googleapis.com/v3/urlNotifications:publish';
const INDEXNOW_URL = 'https://api.indexnow.org/indexnow';

interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export function createGoogleIndexingSubmitter(
  env: (name: string) => string | undefined,
  fetchImpl: typeof fetch,
): IndexingSubmitter {
  return {
    async submit(urls: string[]) {
      const accountJson = env('GOOGLE_SERVICE_ACCOUNT_JSON');
      const indexNowKey = env('INDEXNOW_KEY');
      if (!accountJson && !indexNowKey) {
        throw new Error(
          'indexing is not configured: set GOOGLE_SERVICE_ACCOUNT_JSON and/or INDEXNOW_KEY',
        );
      }
      const results: IndexingSubmission[] = [];
      if (accountJson) {
        const account = JSON.parse(accountJson) as ServiceAccount;
        const token = await googleAccessToken(account, fetchImpl);
        for (const url of urls) {
          const response = await fetchImpl(GOOGLE_PUBLISH_URL, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ url, type: 'URL_UPDATED' }),
          });
          results.push({
            url,
            service: 'google',
            ok: response.ok,
            status: response.status,
            ...(response.ok ? {} : { error: (await response.text()).slice(0, 200) }),
          });
        }
      }
      if (indexNowKey && urls.length > 0) {
        const host = new URL(urls[0] as string).host;
        const response = await fetchImpl(INDEXNOW_URL, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ host, key: indexNowKey, urlList: urls }),
        });
        for (const url of urls) {
          results.push({ url, service: 'indexnow', ok: response.ok, status: response.status });
        }
      }
      return results;
    },
  };
}

/** Exchanges a service-account JWT (RS256) for a Google OAuth access token. */
export async function googleAccessToken(
  account: ServiceAccount,
  fetchImpl: typeof fetch,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const tokenUrl = account.token_uri ?? GOOGLE_TOKEN_URL;
  const assertion = await signRs256(
    { iss: account.client_email, scope: GOOGLE_SCOPE, aud: tokenUrl, iat: now, exp: now + 3600 },
    account.private_key,
  );
  const response = await fetchImpl(tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown };
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new Error(`Google token endpoint answered ${response.status}`);
  }
  return body.access_token;
}

/** Signs claims as an RS256 JWT with a PKCS#8 PEM key, using only Web Crypto. */
export async function signRs256(claims: Record<string, unknown>, pemKey: string): Promise<string> {
  const der = base64ToBytes(pemKey.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''));
  const key = await crypto.subtle.importKey(
    'pkcs8',
    der,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const encode = (value: unknown) => base64Url(new TextEncoder().encode(JSON.stringify(value)));
  const input = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}`;
  const signature = await crypto.subtle.sign(
    'RSASSA-PKCS1-v1_5',
    key,
    new TextEncoder().encode(input),
  );
  return `${input}.${base64Url(new Uint8Array(signature))}`;
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
