/**
 * Uploads cut off by a reload or a closed tab (issue 43): each file on its way is noted in this
 * tab's sessionStorage under its slot until it ends, so the next load of the page can say, in
 * that slot, which file did not arrive and that it must be chosen again (a page load cannot take
 * the bytes back: the browser gives a script no file it did not choose in that load).
 */
const KEY = 'rihla:uploads-under-way';

type UnderWay = Record<string, string[]>;

function read(): UnderWay {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as UnderWay;
  } catch {
    return {};
  }
}

function write(underWay: UnderWay) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(underWay));
  } catch {
    // No storage: an interruption goes unnoticed, as before.
  }
}

/** The files this page load started: never reported as interrupted while it is open. */
const startedHere = new Set<string>();

/** A file starts on its way to `slot`; a file chosen again for a slot ends its old notice. */
export function noteUnderWay(slot: string, name: string) {
  startedHere.add(`${slot}/${name}`);
  const underWay = read();
  underWay[slot] = [...(underWay[slot] ?? []).filter((other) => other !== name), name];
  write(underWay);
}

/** The file arrived or was refused (the row says which): no longer under way. */
export function noteEnded(slot: string, name: string) {
  const underWay = read();
  const left = (underWay[slot] ?? []).filter((other) => other !== name);
  if (left.length) underWay[slot] = left;
  else delete underWay[slot];
  write(underWay);
}

/** The files an earlier load of the page left under way, by slot. */
export function interruptedFiles(): [slot: string, names: string[]][] {
  return Object.entries(read())
    .map(([slot, names]): [string, string[]] => [
      slot,
      names.filter((name) => !startedHere.has(`${slot}/${name}`)),
    ])
    .filter(([, names]) => names.length > 0);
}
