/**
 * The texts of a part shown after the first view (quotes, trip, photos and documents): in the
 * build, a cached file named by the section's `data-strings-src` (src/integrations/late-strings.ts);
 * under `astro dev`, inline in `data-strings-late`. `prefetchPartStrings` starts every file's
 * request with the parts' modules, so the texts never wait for a module to ask. A file that could
 * not load (offline before it was ever cached) is asked again next time; the part stays hidden.
 */
type Strings = Record<string, string>;

const files = new Map<string, Promise<Strings | null>>();

function fetchStrings(src: string): Promise<Strings | null> {
  let request = files.get(src);
  if (!request) {
    request = fetch(src)
      .then((answer) => (answer.ok ? (answer.json() as Promise<Strings>) : null))
      .catch(() => null)
      .then((strings) => {
        if (!strings) files.delete(src);
        return strings;
      });
    files.set(src, request);
  }
  return request;
}

/** The part's texts, or null when they could not be loaded now. */
export function partStrings(section: HTMLElement): Promise<Strings | null> {
  const inline = section.dataset['stringsLate'];
  if (inline !== undefined) return Promise.resolve(JSON.parse(inline) as Strings);
  const src = section.dataset['stringsSrc'];
  return src ? fetchStrings(src) : Promise.resolve({});
}

/** Asks for every part's texts under `root` at once. */
export function prefetchPartStrings(root: ParentNode): void {
  for (const section of root.querySelectorAll<HTMLElement>('[data-strings-src]'))
    void partStrings(section);
}
