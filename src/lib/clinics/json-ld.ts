/**
 * A partner clinic as schema.org MedicalClinic (issue 45): its address (city and ISO country),
 * the languages its team speaks with patients (knowsLanguage, on Organization), the treatments it
 * offers (availableService: MedicalProcedure) and the accreditations valid on the build's day as
 * hasCredential (EducationalOccupationalCredential, recognised by the accrediting body, `expires`
 * on its last valid day). An expired accreditation is shown on the page, never claimed here.
 * AggregateRating only from 5 published verified reviews of the clinic on
 * (docs/decisions/what-a-review-may-show.md; src/lib/clinics/reviews.ts).
 */
import type { ClinicProfile } from './profile.ts';
import { aggregateRatingJsonLd } from './reviews.ts';
import { validOn, type PublishedReview } from './snapshot.ts';

/** ISO 3166-1 alpha-2 of the destinations (public.destination, content/destinations). */
export const countryCodes: Record<string, string> = {
  turkey: 'TR',
  romania: 'RO',
  lebanon: 'LB',
  croatia: 'HR',
  moldova: 'MD',
  egypt: 'EG',
  jordan: 'JO',
  thailand: 'TH',
  syria: 'SY',
};

export function clinicJsonLd(options: {
  clinic: ClinicProfile;
  lang: 'ar' | 'en';
  url: string;
  /** The build's day, YYYY-MM-DD. */
  today: string;
  /** Treatment key → its name and page (absolute URL) where it has one. */
  treatments: Record<string, { name: string; url?: string }>;
  /** The clinic's published verified reviews (none: no rating). */
  reviews?: PublishedReview[];
}): Record<string, unknown> {
  const { clinic, lang, url, today, treatments } = options;
  const rating = aggregateRatingJsonLd(options.reviews ?? []);
  const other = lang === 'ar' ? 'en' : 'ar';
  const about = clinic.about[lang].trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalClinic',
    '@id': `${url}#clinic`,
    name: clinic.name[lang],
    alternateName: clinic.name[other],
    url,
    ...(about ? { description: about.split(/\n{2,}/)[0] } : {}),
    address: {
      '@type': 'PostalAddress',
      addressLocality: clinic.city[lang],
      addressCountry: countryCodes[clinic.country] ?? clinic.country,
    },
    knowsLanguage: clinic.languages,
    ...(clinic.treatments.length
      ? {
          availableService: clinic.treatments.map((key) => ({
            '@type': 'MedicalProcedure',
            name: treatments[key]?.name ?? key,
            ...(treatments[key]?.url ? { url: treatments[key].url } : {}),
          })),
        }
      : {}),
    hasCredential: validOn(clinic, today).map((accreditation) => ({
      '@type': 'EducationalOccupationalCredential',
      credentialCategory: 'accreditation',
      name: accreditation.body,
      identifier: accreditation.certificate_number,
      recognizedBy: { '@type': 'Organization', name: accreditation.body },
      expires: accreditation.valid_until.slice(0, 10),
    })),
    ...(rating ? { aggregateRating: rating } : {}),
  };
}
