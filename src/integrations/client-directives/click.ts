import type { ClientDirective } from 'astro';

/** Set on the island while a click that loaded it waits for the component to act on it. */
export const PENDING_ATTRIBUTE = 'data-click-pending';

/**
 * Loads and hydrates the island on the first click of an element matching the directive's value
 * (a CSS selector). Pressing or focusing a trigger starts the download early, so the click itself
 * rarely waits. Clicks on triggers are held back from then on: the island is expected to handle
 * them (the first one is marked on the island with `data-click-pending` for the component to pick
 * up once mounted). Triggers are ordinary links in the HTML, so if the island cannot load (offline,
 * blocked script) the held-back click goes on to the link after all.
 *
 * The download starts after the next frame, not in the press's own handler: starting it (the
 * dynamic imports and their preload links) took 5–22 ms of the press on the slow profile's CPU,
 * ahead of the early script's dialog (docs/decisions.md, "Where a tap on the offer's trigger
 * spends its time"); a frame later costs the download nothing it would notice.
 */
const clickDirective: ClientDirective = (load, options, el) => {
  const selector = options.value;
  const triggerOf = (event: Event) =>
    event.target instanceof Element ? event.target.closest<HTMLElement>(selector) : null;
  let loading: ReturnType<typeof load> | undefined;
  const start = () =>
    (loading ??= new Promise<void>((resolve) =>
      requestAnimationFrame(() => setTimeout(resolve, 0)),
    ).then(load));
  let state: 'waiting' | 'loading' | 'ready' | 'failed' = 'waiting';

  const warm = (event: Event) => {
    if (triggerOf(event)) void start().catch(() => {});
  };
  const onClick = (event: MouseEvent) => {
    const trigger = triggerOf(event);
    if (!trigger || state === 'failed') return;
    event.preventDefault();
    if (state !== 'waiting') return;
    state = 'loading';
    el.setAttribute(PENDING_ATTRIBUTE, '');
    void start()
      .then((hydrate) => hydrate())
      .then(() => {
        // Astro removes `ssr` once the component has hydrated; if it is still there, it failed.
        if (!el.hasAttribute('ssr')) return void (state = 'ready');
        throw new Error('island did not hydrate');
      })
      .catch(() => {
        state = 'failed';
        el.removeAttribute(PENDING_ATTRIBUTE);
        // The offer page's early script may already have opened the server-rendered dialog and
        // the visitor be typing in it (src/islands/offer/OfferDialog.astro): do not navigate away.
        if (el.querySelector('dialog[open]')) return;
        if (trigger instanceof HTMLAnchorElement) window.location.assign(trigger.href);
      });
  };
  for (const type of ['pointerdown', 'focusin']) document.addEventListener(type, warm);
  document.addEventListener('click', onClick);
};

export default clickDirective;
