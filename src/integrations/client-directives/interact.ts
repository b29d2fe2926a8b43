import type { ClientDirective } from 'astro';

/**
 * Hydrates the island when the visitor first touches it (a press, a focus, a key or typing inside
 * it), or once the page has loaded if the form already holds something to adopt: a draft kept in
 * sessionStorage (its value names the key prefix) or values the browser restored into its fields.
 * Until then the island's server HTML takes typing, and the page's early script answers presses
 * (src/components/forms/EarlyForms.astro); the island adopts both when it arrives.
 *
 * Issue 33: a form page ran React and the form (75 KB) before the visitor did anything; most
 * visitors never touch the form.
 */
const interactDirective: ClientDirective = (load, options, el) => {
  let started = false;
  const events = ['pointerdown', 'focusin', 'keydown', 'input'] as const;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const type of events) el.removeEventListener(type, hydrate, true);
    void load().then((run) => run());
  };
  for (const type of events) el.addEventListener(type, hydrate, { capture: true, passive: true });

  const prefix = typeof options.value === 'string' ? options.value : '';
  const somethingToAdopt = () => {
    const typed = [
      ...el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea',
      ),
    ].some((field) => field.value !== field.defaultValue);
    if (typed || !prefix) return typed;
    try {
      return Object.keys(sessionStorage).some((key) => key.startsWith(prefix));
    } catch {
      return false;
    }
  };
  const afterLoad = () => {
    if (somethingToAdopt()) hydrate();
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
};

export default interactDirective;
