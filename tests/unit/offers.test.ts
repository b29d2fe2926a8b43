import { describe, expect, it } from 'vitest';
import {
  buildNow,
  durationDays,
  endedOfferPaths,
  hasEnded,
  nextOfferSource,
  savingPercent,
} from '~/lib/offers.ts';

/** The hair-transplant offer as content/offers.yaml has it. */
const offer = {
  path: '/hair-transplant-offer',
  startsAt: '2025-10-22T00:00:00+03:00',
  endsAt: '2025-10-28T23:59:59+03:00',
  oldPriceUsd: 3500,
  newPriceUsd: 2100,
};

describe('offers', () => {
  it('derives the badge figures from the dates and prices (the spec: 40%, 7 days)', () => {
    expect(savingPercent(offer)).toBe(40);
    expect(durationDays(offer)).toBe(7);
    expect(savingPercent({ oldPriceUsd: 3000, newPriceUsd: 2000 })).toBe(33);
  });

  it('ends at the last second of the offer, Istanbul time', () => {
    expect(hasEnded(offer, Date.parse('2025-10-28T20:59:58Z'))).toBe(false);
    expect(hasEnded(offer, Date.parse('2025-10-28T20:59:59Z'))).toBe(true);
    expect(hasEnded(offer, Date.parse('2026-11-23T12:00:00Z'))).toBe(true);
  });

  it('takes the build time from OFFERS_NOW when set, and refuses a non-date', () => {
    expect(buildNow({ OFFERS_NOW: '2025-10-25T12:00:00Z' })).toBe(
      Date.parse('2025-10-25T12:00:00Z'),
    );
    const before = Date.now();
    expect(buildNow({})).toBeGreaterThanOrEqual(before);
    expect(() => buildNow({ OFFERS_NOW: 'yesterday' })).toThrow(/OFFERS_NOW/);
  });

  it('reads the ended offers from the content file (what the sitemap leaves out)', () => {
    expect(endedOfferPaths(Date.parse('2026-11-23T12:00:00Z'))).toEqual(['/hair-transplant-offer']);
    expect(endedOfferPaths(Date.parse('2025-10-25T12:00:00Z'))).toEqual([]);
  });

  it('marks next-offer requests in the lead source', () => {
    expect(nextOfferSource('hair-transplant')).toBe('next-offer:hair-transplant');
  });
});
