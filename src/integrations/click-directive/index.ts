/**
 * `client:click="<selector>"`: an island that is only needed once the visitor clicks one of the
 * page's triggers (the offer's registration dialog). Its script is not downloaded before that
 * interaction, so it costs nothing on the first load. See ./client.ts for the behaviour.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export default function clickDirective(): AstroIntegration {
  return {
    name: 'rihla-click-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'click',
          entrypoint: fileURLToPath(new URL('./client.ts', import.meta.url)),
        });
      },
    },
  };
}
