/**
 * The thumbnails of the photos the server received (issue 43): the patient sees which picture
 * went into which slot. The page never reads an object itself; the request-files function signs
 * download URLs for the link's own received photos (action 'thumbs', ten minutes), asked again
 * when a new photo arrived or the URLs are about to expire. A failure leaves the rows as they
 * were (names and ticks), never an error.
 */
import { apiBase, apiKey } from '~/lib/patient/api.ts';
import type { FilesView } from './model.ts';

/** Signed URLs live ten minutes; asked again after eight. */
const FRESH_MS = 8 * 60 * 1000;

export function createThumbs(token: string) {
  let urls: Record<string, string> = {};
  let fetchedAt = 0;
  let asking: Promise<void> | null = null;

  const ask = async () => {
    const headers: Record<string, string> = { apikey: apiKey, 'Content-Type': 'application/json' };
    if (!apiKey.startsWith('sb_')) headers['Authorization'] = `Bearer ${apiKey}`;
    try {
      const response = await fetch(`${apiBase}/functions/v1/request-files`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ action: 'thumbs', token }),
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
      });
      if (!response.ok) return;
      urls = ((await response.json()) as { thumbs?: Record<string, string> }).thumbs ?? {};
      fetchedAt = Date.now();
    } catch {
      // Offline or refused: the rows keep their names and ticks.
    }
  };

  return {
    /** Puts each received photo's thumbnail into its row under `root`. */
    async show(root: HTMLElement, view: FilesView) {
      const ids = view.slots.flatMap((slot) =>
        slot.files.filter((file) => file.kind === 'image').map((file) => file.id),
      );
      if (!ids.length) return;
      if (ids.some((id) => !urls[id]) || Date.now() - fetchedAt > FRESH_MS) {
        asking ??= ask().finally(() => (asking = null));
        await asking;
      }
      for (const img of root.querySelectorAll<HTMLImageElement>('img[data-thumb-for]')) {
        const url = urls[img.dataset['thumbFor'] ?? ''];
        if (!url) continue;
        if (img.src !== url) img.src = url;
        img.hidden = false;
      }
    },
  };
}
