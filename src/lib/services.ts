/**
 * Treatment values used by the forms (spec 3.3) and by the staff inbox (spec 3.2), their labels, and
 * the mapping between them. The database trigger applies the same mapping when a lead fans out to
 * contact_requests; a test checks the two agree for every value.
 */

/** Form values, in the order the forms list them. */
export const formServices = [
  'hair-transplant',
  'dental-implants',
  'hollywood-smile',
  'rhinoplasty',
  'facelift',
  'liposuction',
  'cosmetic-surgery',
  'bariatric-surgery',
  'ivf',
  'lasik',
  'orthopedic',
  'health-checkup',
  'other',
] as const;
export type FormService = (typeof formServices)[number];

/** Inbox values (contact_requests.service). */
export const requestServices = [
  'dental',
  'hollywood',
  'hairTransplant',
  'cosmeticSurgery',
  'bariatric',
  'rhinoplasty',
  'liposuction',
  'facelift',
  'lasik',
  'orthopedic',
  'ivf',
  'healthCheckup',
  'cosmetic',
  'other',
] as const;
export type RequestService = (typeof requestServices)[number];

const renamed: Partial<Record<FormService, RequestService>> = {
  'hair-transplant': 'hairTransplant',
  'dental-implants': 'dental',
  'hollywood-smile': 'hollywood',
  'cosmetic-surgery': 'cosmeticSurgery',
  'bariatric-surgery': 'bariatric',
  'health-checkup': 'healthCheckup',
};

/** The inbox value of a form value (ARCHITECTURE section 3); the offer page's leads are hair. */
export function requestServiceFor(formService: FormService | null): RequestService {
  if (formService === null) return 'hairTransplant';
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
