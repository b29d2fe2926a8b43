/**
 * Treatment values used by the forms and by the staff inbox, their labels, and
 * the mapping between them. The database trigger applies the same mapping when a lead fans out to
 * contact_requests; a test checks the two agree for every value.
 */
import { Constants } from '~/lib/database.types.ts';

/**
 * The values the database accepts from the forms (the enum lead_service), for the browser's own
 * check. The forms list content's treatments, in content's order (tests/unit/one-source.test.ts
 * keeps the two sets equal).
 */
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

/**
 * The form's choice for anything not listed; every other choice is a treatment of content/services
 * (its file name, `name:` and `order:`; src/components/sections/ConsultationForm.astro).
 */
export const OTHER_SERVICE = 'other' satisfies FormService;
export const otherServiceLabel = { ar: 'أخرى', en: 'Other' } as const;

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
