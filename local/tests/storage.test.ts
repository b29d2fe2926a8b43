import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../jwt.ts';
import { client, startTestStack, type Client } from './helpers.ts';

/**
 * The Storage stand-in (local/storage/) answers as hosted Storage documents and does, through the
 * unchanged supabase-js where the app uses it: status codes and error bodies from
 * https://supabase.com/docs/guides/storage/debugging/error-codes (the body's `statusCode` is the
 * error's own, the HTTP status 400 unless 500, as supabase/storage's error handler answers),
 * signed upload and download URLs as storage-js documents them, resumable uploads as the TUS 1.0.0
 * protocol and Supabase's resumable-upload guide describe. Each case is listed in
 * docs/local-stack.md ("Storage"); local/tests/local-stack-doc.test.ts keeps the two in step. The
 * fixture bucket and its policies are this file's own, written as a migration would.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let alice: Client;
let bob: Client;
let aliceId = '';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('conf', 'conf', false, 1024, array['image/png', 'text/plain']);
    create policy "conf: users insert into their folder" on storage.objects for insert
      to authenticated with check (bucket_id = 'conf' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "conf: users read their folder" on storage.objects for select
      to authenticated using (bucket_id = 'conf' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "conf: users delete in their folder" on storage.objects for delete
      to authenticated using (bucket_id = 'conf' and (storage.foldername(name))[1] = (select auth.uid())::text);
  `);
  alice = client(stack);
  bob = client(stack);
  const signedIn = await alice.auth.signInAnonymously();
  aliceId = signedIn.data.user!.id;
  await bob.auth.signInAnonymously();
});
afterAll(async () => {
  await stack.cleanup();
});

async function storageFetch(path: string, init: RequestInit = {}) {
  const response = await fetch(`${stack.url}/storage/v1${path}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Plain text (TUS).
  }
  return { status: response.status, headers: response.headers, body };
}

const service = () => ({
  apikey: stack.serviceRoleKey,
  Authorization: `Bearer ${stack.serviceRoleKey}`,
});

describe('signed upload and download URLs', () => {
  it('uploads through a signed upload URL and reads it back through a signed URL, no key needed', async () => {
    const path = `${aliceId}/a.png`;
    const signed = await alice.storage.from('conf').createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toMatch(/\/storage\/v1\/object\/upload\/sign\/conf\/.+\?token=/);
    // Anyone holding the URL uploads with it: a fresh client without a session.
    const up = await client(stack)
      .storage.from('conf')
      .uploadToSignedUrl(path, signed.data!.token, new Blob([png], { type: 'image/png' }));
    expect(up.error).toBeNull();
    expect(up.data!.fullPath).toBe(`conf/${path}`);
    const url = await alice.storage.from('conf').createSignedUrl(path, 60);
    expect(url.error).toBeNull();
    const got = await fetch(url.data!.signedUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(png);
  });

  it('refuses a signed upload URL to a caller the insert policy refuses (AccessDenied, 403 in the body)', async () => {
    const { error } = await bob.storage.from('conf').createSignedUploadUrl(`${aliceId}/b.png`);
    expect(error).toMatchObject({
      message: 'new row violates row-level security policy',
      status: 400,
      statusCode: '403',
    });
  });

  it('refuses an upload whose token names another object, is tampered with or has expired', async () => {
    const signed = await alice.storage.from('conf').createSignedUploadUrl(`${aliceId}/c.png`);
    const put = (path: string, token: string) =>
      storageFetch(`/object/upload/sign/conf/${path}?token=${token}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'image/png' },
        body: png,
      });
    expect(await put(`${aliceId}/other.png`, signed.data!.token)).toMatchObject({
      status: 400,
      body: { statusCode: '400', code: 'InvalidSignature', message: 'Invalid signature' },
    });
    expect(await put(`${aliceId}/c.png`, `${signed.data!.token}x`)).toMatchObject({
      status: 400,
      body: { statusCode: '400', code: 'InvalidJWT', message: 'signature verification failed' },
    });
    const expired = signJwt(
      { url: `conf/${aliceId}/c.png`, upsert: false, scope: 'upload', exp: 1 },
      stack.jwtSecret,
    );
    expect(await put(`${aliceId}/c.png`, expired)).toMatchObject({
      status: 400,
      body: { code: 'InvalidJWT', message: '"exp" claim timestamp check failed' },
    });
  });

  it('refuses a second upload to the same name without upsert (Duplicate, 409 in the body)', async () => {
    const path = `${aliceId}/twice.png`;
    const first = await alice.storage.from('conf').createSignedUploadUrl(path);
    const blob = new Blob([png], { type: 'image/png' });
    expect(
      (await alice.storage.from('conf').uploadToSignedUrl(path, first.data!.token, blob)).error,
    ).toBeNull();
    const again = await alice.storage.from('conf').uploadToSignedUrl(path, first.data!.token, blob);
    expect(again.error).toMatchObject({
      message: 'The resource already exists',
      statusCode: '409',
    });
    const second = await alice.storage.from('conf').createSignedUploadUrl(path);
    expect(second.error).toMatchObject({ statusCode: '409' });
  });

  it('keeps scopes apart: a download token cannot upload, an upload token cannot download', async () => {
    const path = `${aliceId}/a.png`;
    const download = await alice.storage.from('conf').createSignedUrl(path, 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    const upload = await storageFetch(`/object/upload/sign/conf/${path}?token=${downloadToken}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: png,
    });
    expect(upload.body).toMatchObject({
      code: 'InvalidSignature',
      message: 'Token is not scoped for upload',
    });
    const uploadToken = (await alice.storage.from('conf').createSignedUploadUrl(`${aliceId}/d.png`))
      .data!.token;
    const read = await storageFetch(`/object/sign/conf/${aliceId}/d.png?token=${uploadToken}`);
    expect(read.body).toMatchObject({
      code: 'InvalidSignature',
      message: 'Token is not scoped for download',
    });
  });

  it('signs only what the caller may read: NoSuchKey (404 in the body) for one, an error per path for many', async () => {
    const one = await bob.storage.from('conf').createSignedUrl(`${aliceId}/a.png`, 60);
    expect(one.error).toMatchObject({
      message: 'Object not found',
      status: 400,
      statusCode: '404',
    });
    const many = await alice.storage
      .from('conf')
      .createSignedUrls([`${aliceId}/a.png`, `${aliceId}/missing.png`], 60);
    expect(many.data!.map((entry) => [entry.path, entry.error])).toEqual([
      [`${aliceId}/a.png`, null],
      [
        `${aliceId}/missing.png`,
        'Either the object does not exist or you do not have access to it',
      ],
    ]);
  });

  it('applies the bucket limits: size (EntityTooLarge, 413) and type (InvalidMimeType, 415)', async () => {
    const big = await alice.storage.from('conf').createSignedUploadUrl(`${aliceId}/big.png`);
    const tooBig = await alice.storage
      .from('conf')
      .uploadToSignedUrl(
        `${aliceId}/big.png`,
        big.data!.token,
        new Blob([new Uint8Array(2048)], { type: 'image/png' }),
      );
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    const pdf = await alice.storage.from('conf').createSignedUploadUrl(`${aliceId}/x.pdf`);
    const wrongType = await alice.storage
      .from('conf')
      .uploadToSignedUrl(
        `${aliceId}/x.pdf`,
        pdf.data!.token,
        new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
      );
    expect(wrongType.error).toMatchObject({
      message: 'mime type application/pdf is not supported',
      statusCode: '415',
    });
  });

  it('has no public URLs for a private bucket (NoSuchBucket)', async () => {
    const got = await storageFetch(`/object/public/conf/${aliceId}/a.png`);
    expect(got).toMatchObject({ status: 400, body: { statusCode: '404', code: 'NoSuchBucket' } });
  });
});

describe('remove and the storage tables', () => {
  it('removes only what the caller may delete, lists it, and the file is gone', async () => {
    const path = `${aliceId}/gone.png`;
    const signed = await alice.storage.from('conf').createSignedUploadUrl(path);
    await alice.storage
      .from('conf')
      .uploadToSignedUrl(path, signed.data!.token, new Blob([png], { type: 'image/png' }));
    const url = (await alice.storage.from('conf').createSignedUrl(path, 60)).data!.signedUrl;
    const byBob = await bob.storage.from('conf').remove([path]);
    expect(byBob.data).toEqual([]);
    const byAlice = await alice.storage.from('conf').remove([path]);
    expect(byAlice.data!.map((row) => row.name)).toEqual([path]);
    const after = await fetch(url);
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });

  it('refuses deleting storage.objects rows by SQL, as hosted Storage does since Dec 2025', async () => {
    await expect(
      stack.sql(`delete from storage.objects where bucket_id = 'conf'`),
    ).rejects.toMatchObject({
      code: '42501',
      message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    });
  });

  it('answers getBucket with the columns hosted Storage selects, listBuckets with type too', async () => {
    const admin = createClient(stack.url, stack.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const one = await admin.storage.getBucket('conf');
    expect(one.error).toBeNull();
    expect(Object.keys(one.data!).sort()).toEqual(
      [
        'allowed_mime_types',
        'created_at',
        'file_size_limit',
        'id',
        'name',
        'owner',
        'public',
        'updated_at',
      ].sort(),
    );
    const all = await admin.storage.listBuckets();
    expect(all.error).toBeNull();
    expect(all.data!.find((bucket) => bucket.id === 'conf')).toMatchObject({ type: 'STANDARD' });
  });

  it('answers 501 LOCAL501 for the Storage API outside the subset', async () => {
    for (const [method, path] of [
      ['POST', '/object/list/conf'],
      ['POST', '/object/move'],
      ['POST', '/bucket'],
      ['PUT', `/object/conf/${aliceId}/a.png`],
      // storage-js' direct upload(): the product uploads through signed URLs and TUS only.
      ['POST', `/object/conf/${aliceId}/direct.png`],
    ] as const) {
      const got = await storageFetch(path, {
        method,
        headers: { ...service(), 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(got.status, `${method} ${path}`).toBe(501);
      expect(got.body).toMatchObject({ code: 'LOCAL501' });
    }
  });
});

describe('resumable uploads (TUS) with a signed upload token', () => {
  const meta = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');

  async function create(path: string, token: string, length: number) {
    return storageFetch('/upload/resumable/sign', {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(length),
        'Upload-Metadata': meta({
          bucketName: 'conf',
          objectName: path,
          contentType: 'text/plain',
          cacheControl: '0',
        }),
        'x-signature': token,
      },
    });
  }
  const patch = (location: string, token: string, offset: number, body: Uint8Array) =>
    fetch(location, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'x-signature': token,
      },
      body: body as Uint8Array<ArrayBuffer>,
    });

  it('creates, appends, tells the offset, and stores the object at the last byte', async () => {
    const path = `${aliceId}/notes.txt`;
    const token = (await alice.storage.from('conf').createSignedUploadUrl(path)).data!.token;
    const bytes = new TextEncoder().encode('0123456789abcdefghij');
    const created = await create(path, token, bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/\/storage\/v1\/upload\/resumable\/sign\/[A-Za-z0-9_-]+$/);
    const first = await patch(location, token, 0, bytes.subarray(0, 8));
    expect([first.status, first.headers.get('upload-offset')]).toEqual([204, '8']);
    const head = await fetch(location, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', 'x-signature': token },
    });
    expect([head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([
      '8',
      '20',
    ]);
    expect((await patch(location, token, 3, bytes.subarray(3))).status).toBe(409);
    const last = await patch(location, token, 8, bytes.subarray(8));
    expect([
      last.status,
      last.headers.get('upload-offset'),
      last.headers.get('tus-complete'),
    ]).toEqual([204, '20', '1']);
    const stored = await alice.storage.from('conf').download(path);
    expect(await stored.data!.text()).toBe('0123456789abcdefghij');
  });

  it('keeps the bytes of a PATCH cut off midway, so the client resumes from HEAD', async () => {
    const path = `${aliceId}/cut.txt`;
    const token = (await alice.storage.from('conf').createSignedUploadUrl(path)).data!.token;
    const bytes = new Uint8Array(600).fill(65);
    const location = (await create(path, token, bytes.length)).headers.get('location')!;
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      async start(streamController) {
        streamController.enqueue(bytes.subarray(0, 300));
        // Wait until the server holds the first half, then cut the connection.
        for (let tries = 0; tries < 200; tries++) {
          const probe = await fetch(location, {
            method: 'HEAD',
            headers: { 'Tus-Resumable': '1.0.0', 'x-signature': token },
          });
          if (probe.headers.get('upload-offset') === '300') break;
          await new Promise((resolveWait) => setTimeout(resolveWait, 25));
        }
        controller.abort();
      },
    });
    await fetch(location, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'x-signature': token,
      },
      body: stream,
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit).catch(() => null);
    const head = await fetch(location, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', 'x-signature': token },
    });
    expect(head.headers.get('upload-offset')).toBe('300');
    expect(
      (await patch(location, token, 300, bytes.subarray(300))).headers.get('tus-complete'),
    ).toBe('1');
    expect((await alice.storage.from('conf').download(path)).data!.size).toBe(600);
  });

  it("answers HEAD only with the upload's credential, on the signed and the unsigned route", async () => {
    const path = `${aliceId}/head.txt`;
    const token = (await alice.storage.from('conf').createSignedUploadUrl(path)).data!.token;
    const location = (await create(path, token, 4)).headers.get('location')!;
    const head = (where: string, headers: Record<string, string>) =>
      fetch(where, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', ...headers } });
    const unsigned = location.replace('/upload/resumable/sign/', '/upload/resumable/');
    for (const where of [location, unsigned]) {
      const bare = await head(where, {});
      expect(bare.status, where).toBe(400);
      expect(bare.headers.get('upload-offset'), where).toBeNull();
      expect((await head(where, { 'x-signature': token })).headers.get('upload-length')).toBe('4');
    }
  });

  it('refuses a missing or foreign x-signature and an unsupported protocol version', async () => {
    const path = `${aliceId}/refused.txt`;
    const token = (await alice.storage.from('conf').createSignedUploadUrl(path)).data!.token;
    const other = (await alice.storage.from('conf').createSignedUploadUrl(`${aliceId}/else.txt`))
      .data!.token;
    expect(await create(path, '', 4)).toMatchObject({
      status: 400,
      body: 'Missing x-signature header',
    });
    expect(await create(path, other, 4)).toMatchObject({ status: 400, body: 'Invalid signature' });
    const old = await storageFetch('/upload/resumable/sign', {
      method: 'POST',
      headers: { 'Tus-Resumable': '0.2.2', 'Upload-Length': '4', 'x-signature': token },
    });
    expect(old.status).toBe(412);
    const tooBig = await create(path, token, 4096);
    expect(tooBig).toMatchObject({ status: 413, body: 'Maximum size exceeded\n' });
  });
});

describe('with JWT signing keys (ES256) and the legacy secret revoked', () => {
  it('verifies the caller and signs URLs with the signing key', async () => {
    const es256 = await startTestStack({ jwtSigning: 'ES256', legacyJwtSecret: false });
    try {
      await es256.db.exec(`
        insert into storage.buckets (id, name) values ('conf', 'conf');
        create policy "conf: users insert into their folder" on storage.objects for insert
          to authenticated with check ((storage.foldername(name))[1] = (select auth.uid())::text);
        create policy "conf: users read their folder" on storage.objects for select
          to authenticated using ((storage.foldername(name))[1] = (select auth.uid())::text);
      `);
      const user = createClient(es256.url, es256.publishableKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      const id = (await user.auth.signInAnonymously()).data.user!.id;
      const path = `${id}/k.png`;
      const signed = await user.storage.from('conf').createSignedUploadUrl(path);
      expect(signed.error).toBeNull();
      // The URL's token is an ES256 JWT: no HS256 secret exists any more.
      const header = JSON.parse(
        Buffer.from(signed.data!.token.split('.')[0]!, 'base64url').toString(),
      );
      expect(header.alg).toBe('ES256');
      await user.storage
        .from('conf')
        .uploadToSignedUrl(path, signed.data!.token, new Blob([png], { type: 'image/png' }));
      const url = await user.storage.from('conf').createSignedUrl(path, 60);
      expect(new Uint8Array(await (await fetch(url.data!.signedUrl)).arrayBuffer())).toEqual(png);
    } finally {
      await es256.cleanup();
    }
  });
});
