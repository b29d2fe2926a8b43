/**
 * Arabic strings of the patient page's part of the request dialog (issue 29), spread into
 * admin-ar.ts; admin-patient-en.ts has the same keys.
 */
export const adminPatientAr = {
  'admin.patientPage.title': 'صفحة المريض',
  'admin.patientPage.reference': 'رقم الطلب',
  'admin.patientPage.lastOpened': 'آخر فتح للصفحة',
  'admin.patientPage.neverOpened': 'لم تُفتح بعد',
  'admin.patientPage.noLink': 'لا رابط صالحاً الآن: أصدر رابطاً جديداً لإرساله إلى المريض.',
  'admin.patientPage.copy': 'نسخ رابط المريض',
  'admin.patientPage.copyHint':
    'لا نحفظ الرابط نفسه بل بصمته فقط، لذا يُنسخ مرة واحدة بعد إصداره. لإرساله إلى المريض أصدر رابطاً جديداً.',
  'admin.patientPage.issue': 'إصدار رابط جديد',
  'admin.patientPage.issueConfirm': 'سيتوقف رابط المريض الحالي عن العمل فوراً. هل تصدر رابطاً جديداً؟',
  'admin.patientPage.issued':
    'صدر رابط جديد وتوقف القديم. انسخه الآن وأرسله إلى المريض، فلن يظهر مرة أخرى.',
  'admin.patientPage.copied': 'نُسخ رابط المريض.',
  'admin.patientPage.copyFailed': 'تعذّر النسخ؛ حدّد الرابط وانسخه يدوياً.',
  'admin.patientPage.linkLabel': 'الرابط الجديد',
  'admin.patientPage.revoke': 'إلغاء الرابط',
  'admin.patientPage.revokeConfirm': 'سيتوقف رابط المريض عن العمل فوراً. هل تلغيه؟',
  'admin.patientPage.revoked': 'أُلغي رابط المريض.',
  'admin.patientPage.step': 'المرحلة التي يراها المريض',
  'admin.patientPage.now': 'يقرأ المريض الآن:',
  'admin.patientPage.stepAuto': 'تلقائية: الاستلام ثم تعيين المدير',
  'admin.patientPage.step.documents': 'بانتظار صور أو تقارير',
  'admin.patientPage.step.quotes': 'العروض جاهزة',
  'admin.patientPage.step.decision': 'بانتظار قرار المريض',
  'admin.patientPage.step.travel': 'السفر محجوز',
  'admin.patientPage.step.aftercare': 'متابعة بعد العلاج',
  'admin.patientPage.stepSaved': 'حُدّثت المرحلة التي يراها المريض.',
  'admin.patientPage.error': 'تعذّر الحفظ. أعد المحاولة.',
  'admin.patientPage.callback': 'طلب اتصالاً في {time}',
  'admin.patientPage.author': 'المريض',
  'admin.patientPage.event.message': 'رسالة من المريض',
  'admin.advertising.title': 'الموافقة على العروض',
  'admin.advertising.given':
    'وافق على تلقي العروض عبر الهاتف أو واتساب (نص الموافقة {version}) في {time}.',
  'admin.advertising.withdrawnAt': 'سُحبت الموافقة في {time}: لا تراسله بالعروض.',
  'admin.advertising.withdraw': 'تسجيل سحب الموافقة',
  'admin.advertising.confirm':
    'تسجيل أن صاحب الطلب سحب موافقته على تلقي العروض؟ يبقى سجل الموافقة ووقتها دليلاً.',
  'admin.advertising.withdrawn': 'سُجّل سحب الموافقة على العروض',
  'admin.advertising.error': 'تعذّر تسجيل سحب الموافقة. حاول مرة أخرى.',
  'admin.patientPage.event.advertising': 'سحب المريض موافقته على العروض من صفحته',
  'admin.patientPage.event.contact': 'صحّح المريض بياناته',
  'admin.patientPage.event.callback': 'طلب المريض اتصالاً',
  'admin.patientPage.event.link': 'رابط المريض',
  'admin.patientPage.event.step': 'مرحلة المريض',
  'admin.patientPage.event.askedAgain': 'طُلب الرابط مرة أخرى برقم الطلب أو بريده',
  'admin.patientPage.event.reissued': 'صدر رابط جديد إلى بريد الطلب بطلب من المريض، وتوقف القديم',
  'admin.patientPage.event.issued': 'صدر رابط جديد',
  'admin.patientPage.event.revoked': 'أُلغي الرابط',
  'admin.patientPage.event.withdrawn':
    'سحب المريض طلبه من صفحته برابط أصدره أحد الفريق، فنُقل إلى السلة: يعيده المالك أو يُحذف بعد 30 يوماً',
} as const;
