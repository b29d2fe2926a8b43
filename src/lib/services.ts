/**
 * Treatment values used by the forms and by the staff inbox, their labels, and
 * the mapping between them. The database trigger applies the same mapping when a lead fans out to
 * contact_requests; a test checks the two agree for every value.
 */
import { Constants } from '~/lib/database.types.ts';

/** Form values, in the order the forms list them (the database enum lead_service). */
export const formServices = Constants.public.Enums.lead_service;
export type FormService = (typeof formServices)[number];

/** Inbox values (contact_requests.service). */
export const requestServices = Constants.public.Enums.request_service;
export type RequestService = (typeof requestServices)[number];

const renamed: Partial<Record<FormService, RequestService>> = {
  'hair-transplant': 'hairTransplant',
  'dental-implants': 'dental',
  'hollywood-smile': 'hollywood',
  'cosmetic-surgery': 'cosmeticSurgery',
  'bariatric-surgery': 'bariatric',
  'health-checkup': 'healthCheckup',
};

/**
 * The inbox value of a lead (as the trigger in supabase/migrations/20251120100100_leads_and_requests.sql maps it): renamed form values; a lead without a service
 * is hair transplant when it comes from the limited-offer page, "other" otherwise.
 */
export function requestServiceFor(
  formService: FormService | null,
  source?: string | null,
): RequestService {
  if (formService === null)
    return source === 'hair-transplant-offer-page' ? 'hairTransplant' : 'other';
  return renamed[formService] ?? (formService as RequestService);
}

export const formServiceLabels: Record<FormService, { ar: string; en: string }> = {
  'hair-transplant': { ar: 'زراعة الشعر', en: 'Hair transplant' },
  'dental-implants': { ar: 'زراعة الأسنان', en: 'Dental implants' },
  'hollywood-smile': { ar: 'ابتسامة هوليود', en: 'Hollywood smile' },
  rhinoplasty: { ar: 'تجميل الأنف', en: 'Rhinoplasty' },
  facelift: { ar: 'شد الوجه', en: 'Facelift' },
  liposuction: { ar: 'شفط الدهون', en: 'Liposuction' },
  'cosmetic-surgery': { ar: 'عمليات التجميل', en: 'Cosmetic surgery' },
  'bariatric-surgery': { ar: 'جراحات السمنة', en: 'Bariatric surgery' },
  ivf: { ar: 'أطفال الأنابيب', en: 'IVF' },
  lasik: { ar: 'تصحيح النظر بالليزك', en: 'LASIK eye surgery' },
  orthopedic: { ar: 'جراحة العظام', en: 'Orthopaedic surgery' },
  'health-checkup': { ar: 'الفحص الطبي الشامل', en: 'Health check-up' },
  other: { ar: 'أخرى', en: 'Other' },
};

export const requestServiceLabels: Record<RequestService, string> = {
  dental: 'زراعة الأسنان',
  hollywood: 'ابتسامة هوليود',
  hairTransplant: 'زراعة الشعر',
  cosmeticSurgery: 'عمليات التجميل',
  bariatric: 'جراحات السمنة',
  rhinoplasty: 'تجميل الأنف',
  liposuction: 'شفط الدهون',
  facelift: 'شد الوجه',
  lasik: 'تصحيح النظر بالليزك',
  orthopedic: 'جراحة العظام',
  ivf: 'أطفال الأنابيب',
  healthCheckup: 'الفحص الطبي الشامل',
  cosmetic: 'التجميل',
  other: 'أخرى',
};
