/**
 * Keeps the floating contact button (src/components/sections/FloatingContact.astro) off controls
 * and text it would cover: it slides away while a form, a button or link, the footer or a line of
 * text (the line boxes of the text blocks under it, not their whole width) is under it, and comes
 * back once that has scrolled past.
 *
 * A cached module since issue 48 (it was an inline script, one more hash in every response's
 * Content-Security-Policy): it runs after the first paint with the page's other modules. The
 * button is a native <details> that works without it; until it runs the button simply stays put.
 */
const fab = document.querySelector<HTMLDetailsElement>('details[data-fab]');
const summary = fab?.querySelector<HTMLElement>('summary');

if (fab && summary) {
  const avoided = 'form, footer, a, button, input, select, textarea, label';
  let queued = false;
  interface Box {
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  // The text under the button: every element hit that is at most a screen tall (a paragraph, a
  // card, a short section; not the page's wrappers) is walked for line boxes of its text.
  const coversText = (hit: Set<Element>, box: Box, margin: number) =>
    [...hit].some((el) => {
      if (el.getBoundingClientRect().height > innerHeight) return false;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.nodeValue?.trim()) continue;
        range.selectNodeContents(node);
        for (const line of range.getClientRects())
          if (
            line.width > 0 &&
            line.left < box.right + margin &&
            box.left - margin < line.right &&
            line.top < box.bottom + margin &&
            box.top - margin < line.bottom
          )
            return true;
      }
      return false;
    });
  const check = () => {
    queued = false;
    if (fab.open) return fab.removeAttribute('data-away');
    // Where the button rests, whether or not it is slid away (offsets ignore the translation).
    const left = fab.offsetLeft + summary.offsetLeft;
    const top = fab.offsetTop + summary.offsetTop;
    const box = {
      left,
      top,
      right: left + summary.offsetWidth,
      bottom: top + summary.offsetHeight,
    };
    const margin = 8;
    // A 3 × 3 grid over the button and its margin: a one-line paragraph cannot slip between.
    const xs = [box.left - margin, (box.left + box.right) / 2, box.right + margin];
    const ys = [box.top - margin, (box.top + box.bottom) / 2, box.bottom + margin];
    const points = xs.flatMap((x) => ys.map((y) => [x, y] as const));
    const hit = new Set(points.flatMap(([x, y]) => document.elementsFromPoint(x, y)));
    hit.forEach((el) => fab.contains(el) && hit.delete(el));
    const covered = [...hit].some((el) => el.closest(avoided)) || coversText(hit, box, margin);
    fab.toggleAttribute('data-away', covered);
    // From now on the button moves out of the way (tests wait for this before judging it).
    fab.dataset['watched'] = '';
  };
  const queue = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(check);
  };
  addEventListener('scroll', queue, { passive: true });
  addEventListener('resize', queue);
  fab.addEventListener('toggle', queue);
  queue();
}
