import type { FunctionRuntime } from './runtime.ts';

/**
 * A function's own calls to its project with the service key: PostgREST functions, and the Storage
 * API (signed upload URLs, downloads, removal), with plain fetch as storage-js would send them
 * (`/storage/v1/object/upload/sign/<bucket>/<path>`, `/object/authenticated/…`, `DELETE
 * /object/<bucket> { prefixes }`). The key is the project's secret key (SUPABASE_SECRET_KEYS) or
 * the legacy service_role key; a new-style key goes in `apikey` only, as the gateway expects.
 */

export class ServiceApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(what: string, status: number, body: string) {
    super(`${what} answered ${status}: ${body.slice(0, 200)}`);
    this.status = status;
    this.body = body;
  }
}

/** The project's secret key as the platform hands it to functions. */
export function serviceKey(env: (name: string) => string | undefined): string | undefined {
  const named = env('SUPABASE_SECRET_KEYS');
  if (named) {
    try {
      const value = JSON.parse(named) as Record<string, unknown>;
      const key = Object.values(value).find((candidate) => typeof candidate === 'string');
      if (typeof key === 'string' && key) return key;
    } catch {
      // Not JSON: the legacy key below.
    }
  }
  return env('SUPABASE_SERVICE_ROLE_KEY');
}

function target(runtime: FunctionRuntime, clientInfo: string) {
  const url = runtime.env('SUPABASE_URL');
  const key = serviceKey(runtime.env);
  if (!url || !key) throw new Error('SUPABASE_URL or the service key is not set');
  const headers: Record<string, string> = { apikey: key, 'X-Client-Info': clientInfo };
  if (!key.startsWith('sb_')) headers['Authorization'] = `Bearer ${key}`;
  return { base: url.replace(/\/$/, ''), headers };
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

export function serviceApi(runtime: FunctionRuntime, clientInfo: string) {
  const { base, headers } = target(runtime, clientInfo);
  const call = async (what: string, url: string, init: RequestInit) => {
    const response = await runtime.fetch(url, {
      ...init,
      headers: { ...headers, ...init.headers },
    });
    if (!response.ok) throw new ServiceApiError(what, response.status, await response.text());
    return response;
  };
  return {
    /** Calls a database function through PostgREST. */
    async rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
      const response = await call(name, `${base}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      });
      const text = await response.text();
      return (text ? JSON.parse(text) : null) as T;
    },
    /** A signed upload URL's token for `path`, or null when the object already exists. */
    async signUpload(bucket: string, path: string): Promise<string | null> {
      try {
        const response = await call(
          'createSignedUploadUrl',
          `${base}/storage/v1/object/upload/sign/${encodePath(`${bucket}/${path}`)}`,
          { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
        );
        const { token } = (await response.json()) as { token: string };
        return token;
      } catch (error) {
        if (error instanceof ServiceApiError && error.body.includes('"409"')) return null;
        throw error;
      }
    },
    /**
     * Stores `bytes` at `path` under `contentType` through a signed upload URL (what the patient's
     * page uses too); an object already there is left as it is (the gate checks what is stored).
     */
    async upload(bucket: string, path: string, bytes: Uint8Array, contentType: string) {
      const token = await this.signUpload(bucket, path);
      if (token === null) return;
      const url = `${base}/storage/v1/object/upload/sign/${encodePath(`${bucket}/${path}`)}`;
      await call('uploadToSignedUrl', `${url}?token=${encodeURIComponent(token)}`, {
        method: 'PUT',
        headers: { 'Content-Type': contentType, 'x-upsert': 'false' },
        body: bytes as Uint8Array<ArrayBuffer>,
      });
    },
    /**
     * The object's bytes and the Content-Type Storage holds it under (what it would serve it as),
     * or null when it does not exist (NoSuchKey).
     */
    async download(
      bucket: string,
      path: string,
    ): Promise<{ bytes: Uint8Array; contentType: string } | null> {
      try {
        const response = await call(
          'download',
          `${base}/storage/v1/object/authenticated/${encodePath(`${bucket}/${path}`)}`,
          { method: 'GET' },
        );
        return {
          bytes: new Uint8Array(await response.arrayBuffer()),
          contentType: response.headers.get('content-type') ?? '',
        };
      } catch (error) {
        if (error instanceof ServiceApiError && error.body.includes('"404"')) return null;
        throw error;
      }
    },
    /**
     * Download URLs for `paths` that live `expiresIn` seconds (createSignedUrls: POST
     * /object/sign/<bucket>), absolute; a path Storage cannot sign (gone) is left out.
     */
    async signReads(
      bucket: string,
      paths: string[],
      expiresIn: number,
    ): Promise<Record<string, string>> {
      if (!paths.length) return {};
      const response = await call(
        'sign',
        `${base}/storage/v1/object/sign/${encodeURIComponent(bucket)}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ expiresIn, paths }),
        },
      );
      const signed = (await response.json()) as {
        path: string | null;
        signedURL: string | null;
        error: string | null;
      }[];
      return Object.fromEntries(
        signed
          .filter((row) => row.path && row.signedURL && !row.error)
          .map((row) => [row.path!, `${base}/storage/v1${row.signedURL!}`]),
      );
    },
    /** Removes objects (those already gone count as removed); resolves to the names deleted now. */
    async remove(bucket: string, paths: string[]): Promise<string[]> {
      const response = await call(
        'remove',
        `${base}/storage/v1/object/${encodeURIComponent(bucket)}`,
        {
          method: 'DELETE',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ prefixes: paths }),
        },
      );
      return ((await response.json()) as { name: string }[]).map((row) => row.name);
    },
  };
}

export type ServiceApi = ReturnType<typeof serviceApi>;
