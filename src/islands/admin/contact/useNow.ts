/**
 * One clock for the whole back office, ticking every 15 seconds: the first-contact marks turn red
 * when their time comes without each card running a timer of its own.
 */
import { useSyncExternalStore } from 'react';

const TICK_MS = 15_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: number | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = window.setInterval(() => {
      now = Date.now();
      listeners.forEach((each) => each());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time in ms, at most 15 seconds old. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
