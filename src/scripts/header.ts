/**
 * The site header's behaviour (src/components/sections/Header.astro): hidden while the reader
 * scrolls down (after 100 px; always shown near the top, when scrolling up or while focus is inside
 * it), the mobile menu's focus (first link on opening; Escape closes it back to its button; a press
 * outside closes it) and the remembered language choice.
 */

/** Scroll distances from the spec: hide only after 100px going down; always show near the top. */
const HIDE_AFTER_PX = 100;
const ALWAYS_SHOW_PX = 10;

function hideOnScroll(header: HTMLElement) {
  // Read in the next frame, not now: reading the scroll position lays the page out at once, and
  // this runs while the page is still being styled (a forced layout inside the script's task).
  let lastY = 0;
  requestAnimationFrame(() => (lastY = window.scrollY));
  let frame = 0;
  const update = () => {
    frame = 0;
    const y = window.scrollY;
    const focusInside = header.contains(document.activeElement);
    if (y <= ALWAYS_SHOW_PX || y < lastY || focusInside) header.dataset['hidden'] = 'false';
    else if (y > lastY && y > HIDE_AFTER_PX) header.dataset['hidden'] = 'true';
    lastY = y;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!frame) frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
}

function mobileMenu(header: HTMLElement, menu: HTMLDetailsElement) {
  const summary = menu.querySelector('summary')!;
  const close = () => (menu.open = false);
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    summary.focus();
  };
  const onPointer = (event: PointerEvent) => {
    if (!header.contains(event.target as Node)) close();
  };
  menu.addEventListener('toggle', () => {
    summary.setAttribute(
      'aria-label',
      (menu.open ? summary.dataset['labelClose'] : summary.dataset['labelOpen']) ?? '',
    );
    if (!menu.open) {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      return;
    }
    header.dataset['hidden'] = 'false';
    menu.querySelector<HTMLElement>('div a')?.focus();
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
  });
  for (const link of menu.querySelectorAll('[data-close-menu]'))
    link.addEventListener('click', close);
}

function rememberLanguage(link: HTMLAnchorElement) {
  // The same page in the other language keeps the visitor's query and fragment: the patient
  // page's link lives in its fragment (/r/#token → /en/r/#token), a clinic's too (issue 43). A
  // page without a twin links to the other home page, which gets neither. Set as the link is
  // pressed, focused or opened in a new tab, from the address as it is then.
  const page = (path: string) => path.replace(/^\/en(?=\/|$)/, '').replace(/\/$/, '');
  const carry = () => {
    if (page(link.pathname) === page(window.location.pathname)) {
      link.href = link.pathname + window.location.search + window.location.hash;
    }
  };
  for (const event of ['pointerdown', 'focus', 'contextmenu']) link.addEventListener(event, carry);
  link.addEventListener('click', () => {
    carry();
    try {
      localStorage.setItem(link.dataset['storageKey']!, link.dataset['rememberLanguage']!);
    } catch {
      // Private mode without storage: the link still works, the choice is just not remembered.
    }
  });
}

const header = document.querySelector<HTMLElement>('[data-site-header]');
if (header) {
  hideOnScroll(header);
  const menu = header.querySelector<HTMLDetailsElement>('[data-header-menu]');
  if (menu) mobileMenu(header, menu);
  const language = header.querySelector<HTMLAnchorElement>('[data-remember-language]');
  if (language) rememberLanguage(language);
}
