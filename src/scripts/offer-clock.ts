/**
 * Ends offers by the visitor's clock. The site is static: a page built while an offer ran is still
 * served after it ended. Elements marked `data-offer-running="<end>"` are shown until that end and
 * `data-offer-ended="<end>"` from then on (the build already renders the right one; this keeps it
 * right afterwards). Checks once a second while anything on the page is still running.
 */
const marked = () => [
  ...document.querySelectorAll<HTMLElement>('[data-offer-running], [data-offer-ended]'),
];

function update(): boolean {
  const now = Date.now();
  let running = false;
  for (const element of marked()) {
    const isRunning = element.hasAttribute('data-offer-running');
    const end = Date.parse(
      (isRunning ? element.dataset['offerRunning'] : element.dataset['offerEnded']) ?? '',
    );
    // A mark without a date-time is a build mistake: leave what the build rendered.
    if (Number.isNaN(end)) continue;
    const ended = now >= end;
    if (isRunning && !ended) running = true;
    const hide = isRunning ? ended : !ended;
    if (element.hidden !== hide) element.hidden = hide;
  }
  return running;
}

if (update()) {
  const timer = window.setInterval(() => {
    if (!update()) window.clearInterval(timer);
  }, 1000);
}
