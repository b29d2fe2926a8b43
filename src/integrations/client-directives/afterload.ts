import type { ClientDirective } from 'astro';

/**
 * Hydrates once the page has loaded (its stylesheet, fonts and images are in) and the browser is
 * idle, or after `timeout` ms of waiting for idleness (default 2 s), like `client:idle` does.
 */
const afterloadDirective: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  const whenIdle = () => {
    // Safari shipped requestIdleCallback only recently; older ones get a short timer instead.
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => void hydrate(), { timeout: 2000 });
    } else setTimeout(() => void hydrate(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};

export default afterloadDirective;
