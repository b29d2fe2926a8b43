import { describe, expect, it } from 'vitest';
import { remainingUntil } from '~/lib/countdown.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

describe('remainingUntil', () => {
  const offers = parse(readFileSync('content/offers.yaml', 'utf8'));
  const end = Date.parse(offers['hair-transplant'].endsAt);

  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = end - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000;
    expect(remainingUntil(end, now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      ended: false,
    });
  });

  it('shows zeros at the end and after it', () => {
    const zeros = { days: 0, hours: 0, minutes: 0, seconds: 0, ended: true };
    expect(remainingUntil(end, end)).toEqual(zeros);
    expect(remainingUntil(end, end + 3_600_000)).toEqual(zeros);
  });

  it('ends at 23:59:59 Istanbul time (UTC+3) on 28 October 2025 by default', () => {
    expect(new Date(end).toISOString()).toBe('2025-10-28T20:59:59.000Z');
  });
});
