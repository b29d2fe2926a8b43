/**
 * Arabic strings of issue 25 (a coordinator's work is never lost; a shared computer keeps
 * nothing), spread into admin-ar.ts. Own file so the back office's main table stays readable.
 */
export const adminKeepAr = {
  'admin.keep.deleted':
    'حذف زميلٌ هذا الطلب وهو مفتوح عندك، فلم يُحفظ تعديلك. نصّك باقٍ في الحقول أدناه لتنسخه قبل الإغلاق.',
  'admin.keep.copyNotes': 'نسخ ملاحظاتي',
  'admin.keep.copied': 'نُسخت الملاحظات',
  'admin.keep.elsewhere':
    'في نافذة أخرى مفتوحة تعديلات غير محفوظة على هذا الطلب (آخرها {date}). لا تُمسّ من هنا؛ احفظها أو تجاهلها من تلك النافذة.',
  'admin.keep.notesCount': '{used} من {max} حرف',
  'admin.keep.notesTooLong':
    'الملاحظات أطول من الحد ({max} حرف) بـ{over, plural, one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفاً} other {# حرف}}. لم يُقصّ شيء: اختصرها قبل الحفظ.',
  'admin.keep.newRows':
    '{count, plural, one {طلب جديد (1)} two {طلبان جديدان (2)} other {طلبات جديدة (#)}}',
  'admin.keep.changedMeanwhile': 'تغيّر منذ تحديده',
  'admin.keep.signOutTitle': 'قبل تسجيل الخروج',
  'admin.keep.signOutDrafts':
    '{count, plural, one {لديك تعديلات غير محفوظة على طلب واحد} two {لديك تعديلات غير محفوظة على طلبين} few {لديك تعديلات غير محفوظة على # طلبات} many {لديك تعديلات غير محفوظة على # طلباً} other {لديك تعديلات غير محفوظة على # طلب}}. لا يبقى منها شيء على هذا الجهاز بعد الخروج.',
  'admin.keep.signOutSave': 'حفظها ثم الخروج',
  'admin.keep.signOutDiscard': 'تجاهلها والخروج',
  'admin.keep.signOutStay': 'البقاء',
  'admin.keep.signOutFailed':
    '{count, plural, one {طلب واحد لم يُحفظ} two {طلبان لم يُحفظا} few {# طلبات لم تُحفظ} many {# طلباً لم تُحفظ} other {# طلب لم تُحفظ}}: غيّره زميل منذ فتحته أو تعذّر الاتصال. ابقَ وراجعه، أو تجاهل تعديلاتك واخرج.',
  'admin.keep.signingOut': 'جاري تسجيل الخروج...',
  'admin.keep.clearData': 'مسح بيانات الموقع من هذا المتصفح',
  'admin.keep.clearDataHint':
    'على جهاز مشترك: يمسح كل ما حفظه الموقع في هذا المتصفح (الجلسة والتعديلات والنسخ المخزنة).',
  'admin.keep.cleared': 'مُسحت بيانات الموقع من هذا المتصفح.',
} as const;
