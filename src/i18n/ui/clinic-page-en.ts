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
};
