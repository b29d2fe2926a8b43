/**
 * The verified reviews of a clinic page (issue 45, item 1), from the clinic snapshot: how a review
 * is labelled, and the AggregateRating that only 5 published reviews of the same clinic earn
 * (docs/decisions/what-a-review-may-show.md).
 */
import type { PublishedReview } from './snapshot.ts';

/** Fewer published reviews than this: no average, no AggregateRating. */
export const REVIEWS_FOR_RATING = 5;

/** The month of treatment as the page writes it («مايو 2026», "May 2026"). */
export function formatMonth(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The average of the ratings, rounded to one decimal, or null below REVIEWS_FOR_RATING. */
export function averageRating(reviews: PublishedReview[]): number | null {
  if (reviews.length < REVIEWS_FOR_RATING) return null;
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return Math.round((sum / reviews.length) * 10) / 10;
}

/** schema.org AggregateRating for MedicalClinic, only from REVIEWS_FOR_RATING reviews on. */
export function aggregateRatingJsonLd(
  reviews: PublishedReview[],
): Record<string, unknown> | undefined {
  const average = averageRating(reviews);
  if (average === null) return undefined;
  return {
    '@type': 'AggregateRating',
    ratingValue: average,
    ratingCount: reviews.length,
    reviewCount: reviews.length,
    bestRating: 5,
    worstRating: 1,
  };
}
