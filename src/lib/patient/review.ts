/**
 * The review form's one source for what the database also holds (issue 45): the version of the
 * consent to publish the page shows (private.review_consent_texts; its wording is 'review.consent'
 * in src/i18n/ui/patient-review-{ar,en}.ts) and the review state the page is answered.
 */
import { patientReviewAr } from '~/i18n/ui/patient-review-ar.ts';
import { patientReviewEn } from '~/i18n/ui/patient-review-en.ts';

/** The consent version the page shows; a new wording is a new version in a migration too. */
export const REVIEW_CONSENT_VERSION = '1.0';

export const reviewConsentText = {
  ar: patientReviewAr['review.consent'],
  en: patientReviewEn['review.consent'],
} as const;

export type ReviewRule = 'health_data_of_others' | 'insult' | 'advertising';

/** The patient's review as public.patient_review_state answers it. */
export interface PatientReview {
  rating: number;
  body: string;
  shown_as: 'name' | 'anonymous';
  shown_name: string | null;
  status: 'pending' | 'published' | 'refused';
  refusal_rule: ReviewRule | null;
  refusal_note: string | null;
  reply: string | null;
  months_after: number;
  written_at: string;
  edited_at: string;
  updated_at: string;
}

/** public.patient_review_state: may a review be written now, about what, and the patient's. */
export interface ReviewState {
  eligible: boolean;
  reason?: 'not_aftercare' | 'no_chosen_quote' | 'no_treatment_day' | 'too_early';
  round?: 'day30' | 'month6';
  clinic?: { ar: string; en: string; slug: string };
  service?: string;
  treated_on?: string;
  consent_version: string | null;
  rules: ReviewRule[];
  review: PatientReview | null;
}
