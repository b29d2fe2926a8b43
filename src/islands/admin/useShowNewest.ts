import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * "عرض الأحدث": once the list shows the newest request (`ready`: the filters are cleared and
 * their page has arrived), jump to the top at once (a smooth scroll started before the re-render
 * was cut short by it), then bring the card into view and focus it when the virtual list has drawn
 * it. Returns the request to reveal and the setter that starts it.
 */
export function useShowNewest(ready: (id: string) => boolean) {
  const [showNewest, setShowNewest] = useState<string | null>(null);
  const isReady = showNewest !== null && ready(showNewest);
  useLayoutEffect(() => {
    if (!showNewest || !isReady) return;
    window.scrollTo({ top: 0, behavior: 'instant' });
    let frames = 0;
    let frame = 0;
    const reveal = () => {
      const newest = document.querySelector<HTMLElement>(
        `[data-request-id="${CSS.escape(showNewest)}"]`,
      );
      if (newest) {
        newest.scrollIntoView({ block: 'center', behavior: 'instant' });
        newest.querySelector<HTMLElement>('h3 button')?.focus({ preventScroll: true });
        // The virtual list measures the cards it has just drawn and may move them: keep the card
        // in view for a few more frames before letting go.
        const box = newest.getBoundingClientRect();
        const inView = box.bottom > 0 && box.top < window.innerHeight;
        if ((frames += 1) < 30 && (!inView || frames < 10)) frame = requestAnimationFrame(reveal);
        else setShowNewest(null);
      } else if ((frames += 1) < 30) {
        frame = requestAnimationFrame(reveal);
      } else {
        setShowNewest(null);
      }
    };
    frame = requestAnimationFrame(reveal);
    return () => cancelAnimationFrame(frame);
  }, [showNewest, isReady]);
  return setShowNewest;
}

/** While new requests wait to be seen, the tab title counts them: "(2) لوحة الطلبات | …". */
export function useNewRequestTitle(count: number) {
  const [baseTitle] = useState(() => document.title);
  useEffect(() => {
    document.title = count > 0 ? `(${count}) ${baseTitle}` : baseTitle;
  }, [count, baseTitle]);
}

/** How far down the page counts as "at the top": new requests join the list at once above it. */
const TOP_PX = 40;

/** Whether the coordinator reads lower down the page, where a new row would move the list. */
export function readingBelowTop(): boolean {
  return window.scrollY > TOP_PX;
}

/** Once the coordinator is back at the top, the requests held meanwhile join the list. */
export function useReleaseAtTop(held: number, release: () => void) {
  useEffect(() => {
    if (held === 0) return;
    const onScroll = () => {
      if (!readingBelowTop()) release();
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [held, release]);
}

/** Whether the page is scrolled below the top, kept current as the coordinator scrolls. */
export function useBelowTop(): boolean {
  const [below, setBelow] = useState(readingBelowTop);
  useEffect(() => {
    const onScroll = () => setBelow(readingBelowTop());
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return below;
}
