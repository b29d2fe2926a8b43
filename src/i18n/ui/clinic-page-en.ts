/** English strings of one partner clinic's own page (/en/clinics/<slug>); see clinic-page-ar.ts. */
import type { clinicPageAr } from './clinic-page-ar.ts';

export const clinicPageEn: Record<keyof typeof clinicPageAr, string> = {
  'clinicPage.description':
    '{name} in {where}: its accreditations and when we checked them, the languages its team speaks with patients, and what its quotes usually include.',
  'clinicPage.live': 'Accreditation today',
  'clinicPage.liveChecking': 'Checking its accreditation in our records now…',
  'clinicPage.liveAccredited': 'Checked just now: accredited today ({bodies}).',
  'clinicPage.liveNotAccredited': 'Checked just now: no accreditation is valid today.',
  'clinicPage.liveInactive':
    'Checked just now: this clinic is no longer a partner of ours, and we send no new quotes from it.',
  'clinicPage.liveFailed':
    'We could not check just now. This page shows what we recorded on {date}; reload it in a little while.',
  'clinicPage.asOf':
    'This page shows our records as of {date}; the accreditation above is checked every time the page opens.',
  'clinicPage.quote': 'Ask for a free quote',
  'clinicPage.quoteHow':
    'We do not book with the clinic directly: send us your request and we send you written quotes from two or more clinics to compare.',
  'clinicPage.reviews': 'Verified patient reviews',
  'clinicPage.noReviews': 'We have not published a verified review of this clinic yet.',
  'clinicPage.reviewCount':
    '{count, plural, one {# verified review} other {# verified reviews}}; we show no average before 5.',
  'clinicPage.reviewAverage':
    'Average {average} of 5 from {count, plural, one {# verified review} other {# verified reviews}}.',
  'clinicPage.reviewStars': '{count, plural, one {# star} other {# stars}} of 5',
  'clinicPage.reviewAnonymous': 'A patient who chose not to be named',
  'clinicPage.reviewMeta':
    '{service} · treated in {month} · written {months, plural, one {# month} other {# months}} after the treatment',
  'clinicPage.reviewVerified': 'Treated through Rihla Care',
  'clinicPage.reviewReply': 'The clinic’s reply',
  'clinicPage.reviewsHow':
    'How we collect and check reviews: we publish here only reviews by patients treated at this clinic through us, matched with their request in our records, with their separate consent to publish, under their first name and the initial of their family name or anonymously. We publish every review unless it breaks our published rules (health data of others, insults, advertising), and no before/after images of cosmetic procedures that are not medically needed. We show no average rating until a clinic has at least 5 verified reviews.',
  'testimonials.curated':
    'These are stories we selected from what our patients told us: a choice, not every opinion we received, and we compute no average rating from them. Verified reviews, published without selection, appear on each partner clinic’s page.',
};
