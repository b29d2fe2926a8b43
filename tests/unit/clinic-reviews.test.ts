import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clinicJsonLd } from '../../src/lib/clinics/json-ld.ts';
import { averageRating, formatMonth, REVIEWS_FOR_RATING } from '../../src/lib/clinics/reviews.ts';
import { parseSnapshot, type PublishedReview } from '../../src/lib/clinics/snapshot.ts';

/**
 * The verified reviews in the clinic snapshot and on the clinic page (issue 45, item 1): a
 * snapshot exported before reviews existed still reads (no reviews), reviews of clinics the file
 * does not list are dropped, and AggregateRating appears only from 5 published reviews of the
 * clinic on (docs/decisions/what-a-review-may-show.md).
 */

const fixture = 'tests/build/clinics-snapshot.json';
const base = JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, unknown> & {
  clinics: { slug: string }[];
};
const slug = base.clinics[0]!.slug;

const review = (n: number, clinic = slug): PublishedReview => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  clinic,
  service: 'hairTransplant',
  treated_month: '2026-05',
  months_after: 6,
  name: n % 2 ? 'Amina K.' : null,
  rating: n % 5 === 0 ? 3 : 5,
  body: 'The results at month six are what they told me to expect.',
  reply: null,
  published_at: '2026-12-01T09:00:00Z',
});

describe('reviews in the clinic snapshot', () => {
  it('reads a snapshot without reviews as none, and drops reviews of clinics it does not list', () => {
    expect(parseSnapshot(JSON.stringify(base), fixture).reviews).toEqual([]);
    const withReviews = { ...base, reviews: [review(1), review(2, 'no-such-clinic')] };
    expect(parseSnapshot(JSON.stringify(withReviews), fixture).reviews).toEqual([review(1)]);
  });

  it('refuses a review that shows more than a review may', () => {
    const bad = { ...base, reviews: [{ ...review(1), rating: 6 }] };
    expect(() => parseSnapshot(JSON.stringify(bad), fixture)).toThrow(/reviews\.0\.rating/);
  });
});

describe('the clinic page’s rating', () => {
  const clinic = parseSnapshot(JSON.stringify(base), fixture).clinics[0]!;
  const jsonLd = (reviews: PublishedReview[]) =>
    clinicJsonLd({
      clinic,
      lang: 'en',
      url: `https://rihla.care/en/clinics/${slug}`,
      today: '2026-12-07',
      treatments: {},
      reviews,
    });

  it(`has no average and no AggregateRating below ${REVIEWS_FOR_RATING} reviews`, () => {
    const four = [1, 2, 3, 4].map((n) => review(n));
    expect(averageRating(four)).toBeNull();
    expect(JSON.stringify(jsonLd(four))).not.toContain('AggregateRating');
  });

  it('has both from 5 reviews on, from those reviews alone', () => {
    const five = [1, 2, 3, 4, 5].map((n) => review(n));
    expect(averageRating(five)).toBe(4.6);
    expect(jsonLd(five)['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      ratingCount: 5,
      reviewCount: 5,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('writes the month of treatment in both languages', () => {
    expect(formatMonth('2026-05', 'en')).toBe('May 2026');
    expect(formatMonth('2026-05', 'ar')).toContain('2026');
  });
});
