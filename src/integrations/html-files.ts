import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every built page (`.html`) under `dir`, outside the hashed assets (`_astro`) and `skip`'s folders. */
export function htmlFiles(dir: string, skip: string[] = []): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === '_astro' || skip.includes(name) ? [] : htmlFiles(path, skip);
    return name.endsWith('.html') ? [path] : [];
  });
}
