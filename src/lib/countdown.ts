/** Time left until the offer ends, split for display; all zeros once the end has passed. */
export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True when the end is reached: the display stops updating and keeps these zeros. */
  ended: boolean;
}

export function remainingUntil(endMs: number, nowMs: number): Remaining {
  const total = Math.max(0, Math.floor((endMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    ended: total === 0,
  };
}
