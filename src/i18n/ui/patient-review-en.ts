import type { patientReviewAr } from './patient-review-ar.ts';

/** English strings of the review form on the patient's page (same keys as patient-review-ar.ts). */
export const patientReviewEn = {
  'review.title': 'Your review of {clinic}',
  'review.leadDay30':
    'It has been a month since your treatment. How was it? Your review helps the next patient choose.',
  'review.leadMonth6':
    'Six months have passed since your treatment: the time hair-transplant results show. You can now write your review, or update the one you wrote in the first month.',
  'review.about':
    '{service} · treated in {month} · {months, plural, one {# month ago} other {# months ago}} · treated through Rihla Care',
  'review.rating': 'Your rating',
  'review.stars': '{count, plural, one {# star} other {# stars}} of 5',
  'review.body': 'Your review',
  'review.bodyHint': '20 to 2000 characters, text only, no photos.',
  'review.shownAs': 'How your name shows',
  'review.shownName': 'My first name and the initial of my family name',
  'review.shownAnonymous': 'Anonymously',
  'review.rulesTitle': 'We publish every review unless it breaks one of these rules:',
  'review.rule.health_data_of_others': 'health data about another person',
  'review.rule.insult': 'insults or defamation',
  'review.rule.advertising': 'advertising for a clinic, a competitor or a product',
  'review.consent':
    "I agree that Rihla Care publishes this review on the clinic's page of its website, with the treatment and its month, under my first name and the initial of my family name or anonymously, as I chose. I can edit or withdraw it at any time.",
  'review.consentRequired': 'Tick the consent to publish first.',
  'review.submit': 'Send my review',
  'review.update': 'Save the changes',
  'review.withdraw': 'Withdraw my review',
  'review.withdrawConfirm':
    "Withdraw your review? It will be deleted and leave the clinic's page at the site's next update.",
  'review.status.pending': 'Waiting to be checked: we publish it unless it breaks a rule.',
  'review.status.published': "Published on the clinic's page.",
  'review.status.refused': 'Not published, because it breaks a rule: {rule}. {note}',
  'review.reply': 'The clinic replied:',
  'review.saved': 'Thank you: your review is saved and waits to be checked.',
  'review.withdrawn': 'Your review was withdrawn and deleted.',
  'review.failed': 'We could not save it. Check your connection and try again.',
  'review.tooLong': 'A review has 20 to 2000 characters.',
} as const satisfies Record<keyof typeof patientReviewAr, string>;
