import type { APIRoute } from 'astro';

/**
 * The IndexNow key file (https://www.indexnow.org/documentation): /<key>.txt containing the key,
 * built only when INDEXNOW_KEY is set at build time (the same key the google-indexing function uses).
 */
export function getStaticPaths() {
  const key = process.env['INDEXNOW_KEY'];
  return key && /^[a-zA-Z0-9-]{8,128}$/.test(key) ? [{ params: { indexNowKey: key } }] : [];
}

export const GET: APIRoute = ({ params }) =>
  new Response(params['indexNowKey'], { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
