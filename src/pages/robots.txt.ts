import type { APIRoute } from 'astro';

/** robots.txt: everything public is crawlable; staff and indexing pages are not. */
export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('https://rihla.care');
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin/',
    'Disallow: /index-now',
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', origin).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
