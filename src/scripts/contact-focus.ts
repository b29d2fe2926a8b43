/**
 * Contact shortcuts on the home page: `?scroll=contact`, `#contact` and every [data-focus-contact]
 * link bring the contact section into view and, after the spec's 500 ms, focus its first field.
 */
const FOCUS_DELAY_MS = 500;

function focusFirstField() {
  const section = document.getElementById('contact');
  const field = section?.querySelector<HTMLElement>(
    'input:not([type=hidden]):not([tabindex="-1"]), select, textarea, a[href], button',
  );
  field?.focus({ preventScroll: true });
}

function goToContact(behavior: ScrollBehavior) {
  const section = document.getElementById('contact');
  if (!section) return;
  section.scrollIntoView({ behavior, block: 'start' });
  window.setTimeout(focusFirstField, FOCUS_DELAY_MS);
}

const params = new URLSearchParams(window.location.search);
if (params.get('scroll') === 'contact' || window.location.hash === '#contact') {
  goToContact('auto');
}

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest('[data-focus-contact]');
  if (!link) return;
  event.preventDefault();
  history.replaceState(null, '', '#contact');
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  goToContact(reduceMotion ? 'auto' : 'smooth');
});
