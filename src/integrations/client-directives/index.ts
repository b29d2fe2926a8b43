/**
 * Our own hydration directives, for islands whose timing Astro's built-in ones get wrong:
 *
 * - `client:click="<selector>"` (./click.ts): an island needed only once the visitor clicks one of
 *   the page's triggers (the offer's registration dialog). Nothing downloads before that.
 * - `client:afterload` (./afterload.ts): like `client:idle`, but never before the page has loaded.
 *   `client:idle` can fire while the stylesheet and fonts are still downloading (the main thread is
 *   idle, waiting for them), and React's 66 KB then competes with them and delays the first paint.
 * - `client:interact="<draft key prefix>"` (./interact.ts): a form that hydrates when the visitor
 *   first touches it, or after the load when it has a draft or restored values to adopt.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default function clientDirectives(): AstroIntegration {
  return {
    name: 'rihla-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'click', entrypoint: entry('./click.ts') });
        addClientDirective({ name: 'afterload', entrypoint: entry('./afterload.ts') });
        addClientDirective({ name: 'interact', entrypoint: entry('./interact.ts') });
      },
    },
  };
}
