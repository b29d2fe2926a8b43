import type { IncomingMessage } from 'node:http';

/**
 * The caller's address, passed to the database the way hosted Supabase does: PostgREST exposes the
 * request headers (names lower-cased) as the JSON setting `request.headers`, and hosted Supabase's
 * edge (Cloudflare) sets CF-Connecting-IP to the connecting address, whatever the client sent
 * (read by private.client_address(), supabase/migrations/20261126120100_client_address_from_gateway.sql).
 * This server has no gateway in front of it, so the socket address IS the client: a client-sent
 * CF-Connecting-IP or X-Forwarded-For (or any other forwarding header) is dropped, never trusted,
 * and both are set to the socket address.
 */

/** Headers a client could use to claim another address; none of them is passed on as sent. */
const FORWARDING_HEADERS = new Set([
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'cf-connecting-ip',
  'true-client-ip',
  'sb-forwarded-for',
]);

/** The socket's remote address, IPv4-mapped IPv6 (::ffff:a.b.c.d) shown as plain IPv4. */
export function socketAddress(req: IncomingMessage): string | undefined {
  const address = req.socket.remoteAddress;
  if (address === undefined) return undefined;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/** The request's headers as PostgREST's `request.headers`, with X-Forwarded-For from the socket. */
export function requestHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || FORWARDING_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const address = socketAddress(req);
  if (address !== undefined) {
    headers['cf-connecting-ip'] = address;
    headers['x-forwarded-for'] = address;
  }
  return headers;
}
