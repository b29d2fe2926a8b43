/**
 * The treatment as a patient reads it in a message, in the request's language: the Arabic names
 * are the back office's (src/lib/services.ts), the English ones content's `name.en`
 * (content/services/*.yaml; tests/unit/admin-messages.test.ts keeps the two the same).
 */
import { requestServiceLabels, type RequestService } from '~/lib/services.ts';

export const requestServiceLabelsEn: Record<RequestService, string> = {
  dental: 'Dental implants',
  hollywood: 'Hollywood smile',
  hairTransplant: 'Hair transplant',
  cosmeticSurgery: 'Cosmetic surgery',
  bariatric: 'Bariatric surgery',
  rhinoplasty: 'Rhinoplasty',
  liposuction: 'Liposuction',
  facelift: 'Facelift',
  lasik: 'LASIK eye surgery',
  orthopedic: 'Orthopaedic surgery',
  ivf: 'IVF',
  healthCheckup: 'Health check-up',
  cosmetic: 'Cosmetic treatment',
  other: 'Other',
};

/** The treatment's name in `language`, or null when the request names none we know. */
export function treatmentName(service: string | null, language: 'ar' | 'en'): string | null {
  if (!service || !(service in requestServiceLabels)) return null;
  const key = service as RequestService;
  return language === 'en' ? requestServiceLabelsEn[key] : requestServiceLabels[key];
}
