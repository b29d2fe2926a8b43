/**
 * Arabic strings of "send me my link again" (issue 43; src/components/patient/PatientLinkAgain.astro).
 * Spread into patient-ar.ts. The answer is the same whether or not a request has the contact.
 */
export const patientAgainAr = {
  'patient.again.title': 'أرسل لي رابطي مرة أخرى',
  'patient.again.hint':
    'اكتب رقم الهاتف أو البريد الإلكتروني الذي أرسلت به طلبك. يصل الرابط الجديد إلى البريد المسجّل في الطلب فقط، ويتوقف الرابط القديم.',
  'patient.again.label': 'رقم هاتفك أو بريدك الإلكتروني',
  'patient.again.send': 'أرسل الرابط',
  'patient.again.sending': 'جاري الإرسال...',
  'patient.again.done':
    'إن كان هذا الرقم أو البريد لطلب عندنا، فسيصل رابطه الجديد إلى البريد الإلكتروني المسجّل في الطلب خلال دقائق. إن لم يكن في طلبك بريد، فراسلنا على واتساب.',
  'patient.again.invalid': 'اكتب رقم هاتف (مع رمز الدولة إن أمكن) أو عنوان بريد إلكتروني.',
  'patient.again.busy': 'طلبت الرابط مرات كثيرة. حاول بعد ساعة، أو راسلنا على واتساب.',
  'patient.again.error': 'تعذّر الاتصال. تأكد من الإنترنت وحاول مرة أخرى؛ ما كتبته باقٍ.',
} as const;
