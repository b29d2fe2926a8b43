import type { adminReviewsAr } from './admin-reviews-ar.ts';

/** English strings of the moderation screen (same keys as admin-reviews-ar.ts). */
export const adminReviewsEn = {
  'admin.reviews.title': 'Patient reviews',
  'admin.reviews.nav': 'Reviews',
  'admin.reviews.introOwner':
    "We publish every review unless it breaks a published rule, and a refusal records its reason. Publishing and refusing are for owners only; any staff member enters the clinic's reply as the clinic sent it. A published review shows on the clinic's page after the next export and build.",
  'admin.reviews.introCoordinator':
    "Publishing and refusing are for owners only. You can enter the clinic's reply as the clinic sent it.",
  'admin.reviews.empty': 'No reviews yet.',
  'admin.reviews.loadError': 'Could not load the reviews.',
  'admin.reviews.status.pending': 'Waiting for a decision',
  'admin.reviews.status.published': 'Published',
  'admin.reviews.status.refused': 'Refused',
  'admin.reviews.meta':
    '{reference} · {service} · treated in {month} · {months, plural, one {# month} other {# months}} after · {stars} of 5',
  'admin.reviews.anonymous': 'Anonymous',
  'admin.reviews.decidedBy': 'Decided by {who}',
  'admin.reviews.publish': 'Publish',
  'admin.reviews.unpublish': 'Back to waiting',
  'admin.reviews.refuse': 'Refuse',
  'admin.reviews.rule': 'The rule it breaks',
  'admin.reviews.rule.health_data_of_others': 'Health data about another person',
  'admin.reviews.rule.insult': 'Insults or defamation',
  'admin.reviews.rule.advertising': 'Advertising',
  'admin.reviews.note': 'The reason, as the patient will read it',
  'admin.reviews.confirmRefuse': 'Refuse for this rule',
  'admin.reviews.reply': "The clinic's reply",
  'admin.reviews.saveReply': 'Save the reply',
  'admin.reviews.saved': 'Saved.',
  'admin.reviews.changed':
    'The review changed since you opened it (the patient or a colleague edited it), so your change was not saved. Open it again.',
  'admin.reviews.saveError': 'Not saved.',
  'admin.reviews.event.patient': "The patient's review",
  'admin.reviews.event.written': 'The patient wrote their review on their page.',
  'admin.reviews.event.edited': 'The patient edited their review; it waits for a decision again.',
  'admin.reviews.event.withdrawn': 'The patient withdrew their review; it was deleted.',
  'admin.reviews.event.decision': 'A decision on the review',
  'admin.reviews.event.reply': "The clinic's reply to the review",
  'admin.reviews.event.replyRemoved': 'The reply was removed.',
} as const satisfies Record<keyof typeof adminReviewsAr, string>;
