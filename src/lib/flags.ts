/** Country flags (flag-icons, 4:3) for the destinations the agency serves, keyed by ISO code. */
import type { ImageMetadata } from 'astro';
import eg from 'flag-icons/flags/4x3/eg.svg';
import hr from 'flag-icons/flags/4x3/hr.svg';
import jo from 'flag-icons/flags/4x3/jo.svg';
import lb from 'flag-icons/flags/4x3/lb.svg';
import md from 'flag-icons/flags/4x3/md.svg';
import ro from 'flag-icons/flags/4x3/ro.svg';
import sy from 'flag-icons/flags/4x3/sy.svg';
import th from 'flag-icons/flags/4x3/th.svg';
import tr from 'flag-icons/flags/4x3/tr.svg';

const flags: Record<string, ImageMetadata> = { eg, hr, jo, lb, md, ro, sy, th, tr };

export function flag(code: string): ImageMetadata {
  const found = flags[code.toLowerCase()];
  if (!found) throw new Error(`No flag for "${code}": add it to src/lib/flags.ts`);
  return found;
}
