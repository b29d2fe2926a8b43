/**
 * Meta's webhook signature (X-Hub-Signature-256): `sha256=` and the lowercase hex HMAC-SHA256 of
 * the raw request body, keyed with the app's secret. Checked over the bytes as received (never a
 * re-serialized JSON), compared in constant time. Web Crypto only, so it runs under Deno and Node.
 */

const encoder = new TextEncoder();

async function hmac(secret: string, body: Uint8Array): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, body as BufferSource));
}

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The header value Meta sends for `body` (the Graph stand-in and the tests sign with it). */
export async function signatureHeader(secret: string, body: Uint8Array | string): Promise<string> {
  return `sha256=${toHex(await hmac(secret, typeof body === 'string' ? encoder.encode(body) : body))}`;
}

/** Equal strings, in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let difference = left.length ^ right.length;
  for (let index = 0; index < left.length; index++) {
    difference |= (left[index] ?? 0) ^ (right[index % Math.max(right.length, 1)] ?? 0);
  }
  return difference === 0;
}

/** True when `header` is Meta's signature of exactly these bytes under `secret`. */
export async function validSignature(
  secret: string,
  body: Uint8Array,
  header: string | null,
): Promise<boolean> {
  if (!header || !/^sha256=[0-9a-fA-F]{64}$/.test(header)) return false;
  const expected = await signatureHeader(secret, body);
  return constantTimeEqual(`sha256=${header.slice('sha256='.length).toLowerCase()}`, expected);
}
