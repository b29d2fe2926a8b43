import { afterEach, describe, expect, it, vi } from 'vitest';
import OfferCountdown from '../../src/components/sections/OfferCountdown.astro';
import LanguageOffer from '../../src/components/ui/LanguageOffer.astro';
import { container } from './container.ts';

describe('OfferCountdown.astro', () => {
  afterEach(() => void vi.useRealTimers());

  it('renders the time left at build time, two digits each, hidden from screen readers', async () => {
    vi.useFakeTimers({ now: new Date('2025-10-26T09:00:00Z') });
    const html = await (
      await container()
    ).renderToString(OfferCountdown, {
      props: { lang: 'ar', endsAt: '2025-10-28T23:59:59+03:00', variant: 'bar' },
    });
    // 28 Oct 23:59:59 +03:00 is 20:59:59Z: 2 days, 11 h 59 min 59 s after 26 Oct 09:00Z.
    const units = [...html.matchAll(/data-unit[^>]*>\s*(\d+)\s*</g)].map((match) => match[1]);
    expect(units).toEqual(['02', '11', '59', '59']);
    expect(html).toMatch(/<div aria-hidden="true"[^>]*data-countdown="bar"/);
    expect(html).toContain('data-ends="2025-10-28T23:59:59+03:00"');
  });

  it('stops at zeros once the offer has ended', async () => {
    vi.useFakeTimers({ now: new Date('2025-11-01T00:00:00Z') });
    const html = await (
      await container()
    ).renderToString(OfferCountdown, {
      props: { lang: 'en', endsAt: '2025-10-28T23:59:59+03:00', variant: 'block' },
    });
    const units = [...html.matchAll(/data-unit[^>]*>\s*(\d+)\s*</g)].map((match) => match[1]);
    expect(units).toEqual(['00', '00', '00', '00']);
  });
});

describe('LanguageOffer.astro', () => {
  it('offers the same page in the other language, hidden until its script shows it', async () => {
    const html = await (
      await container()
    ).renderToString(LanguageOffer, {
      props: { lang: 'ar', pathname: '/hair-transplant-turkey/' },
    });
    expect(html).toMatch(/<div hidden data-lang-offer="en"/);
    expect(html).toMatch(
      /<a href="\/en\/hair-transplant-turkey" hreflang="en" lang="en" dir="ltr"/,
    );
    expect(html).toContain('data-lang-offer-dismiss');
  });
});
