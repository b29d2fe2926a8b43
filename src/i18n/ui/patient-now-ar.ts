/**
 * Arabic "what now" of the patient's page (issue 43): one sentence and one button per state of
 * the request (src/lib/patient/steps.ts, src/lib/patient/now-text.ts). {name} is the manager's
 * name, or patient.nowManager. Spread into patient-ar.ts, and read directly by the staff's
 * panel, which shows the patient's sentence (src/islands/admin/dialog/PatientPagePanel.tsx).
 */
export const patientNowAr = {
  'patient.nowManager': 'مدير المريض',
  'patient.now.photos':
    '{count, plural, one {ينقصنا ملف واحد} two {ينقصنا ملفان} few {ينقصنا # ملفات} many {ينقصنا # ملفاً} other {ينقصنا # ملف}} لنطلب لك عروض العيادات: {list}. أرسلها من هذه الصفحة.',
  'patient.now.waiting': 'وصلنا كل ما نحتاجه، ونطلب لك عروض العيادات الآن. ستجدها هنا قبل {date}.',
  'patient.now.waitingLate':
    'تأخّرت عروض العيادات عن موعدها ({date})، ونتابعها مع العيادات الآن. ستجدها هنا حين تصل.',
  'patient.now.waitingSoon': 'نطلب لك عروض العيادات الآن، وستجدها هنا حين تصل.',
  'patient.now.compare':
    '{count, plural, one {عرض العيادة جاهز: راجعه أدناه واختره إن ناسبك.} two {عرضان جاهزان: قارن بينهما أدناه واختر ما يناسبك.} few {# عروض جاهزة: قارن بينها أدناه واختر ما يناسبك.} many {# عرضاً جاهزاً: قارن بينها أدناه واختر ما يناسبك.} other {عروض العيادات جاهزة: قارن بينها أدناه واختر ما يناسبك.}}',
  'patient.now.expired': 'انتهت صلاحية العروض التي أرسلناها إليك. اطلب من {name} عروضاً محدّثة.',
  'patient.now.chosen':
    'اخترت عرض {clinic}. سيتصل بك {name} خلال 24 ساعة ليؤكد المواعيد ويرتّب سفرك.',
  'patient.now.travel': 'سفرك قيد الترتيب: جهّز جواز سفرك ووثائقك، وأخبر {name} إن تغيّر شيء.',
  'patient.now.aftercare': 'نتابعك بعد العلاج: أخبر {name} كيف تشعر وأرسل له صور التعافي.',
  'patient.now.closed': 'هذا الطلب مغلق. إن أردت البدء من جديد فراسلنا على واتساب.',
  'patient.button.photos': 'أرسل الصور والمستندات',
  'patient.button.compare': 'قارن العروض',
  'patient.button.chatManager': 'راسل {name} على واتساب',
  'patient.button.chatUs': 'راسلنا على واتساب',
  'patient.button.aftercare': 'أرسل تحديثاً على واتساب',
} as const;
