/**
 * Runs for every page as it is rendered (at build time for this static site): keeps "All-on-4" and
 * number ranges such as «24–48 ساعة» on one line (src/lib/keep-together.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { keepTogether } from '~/lib/keep-together.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(keepTogether(await response.text()), response);
});
