/**
 * Arabic strings of the moderation screen /admin/reviews (issue 45, item 1;
 * src/islands/admin/reviews/ReviewsApp.tsx). Spread into admin-ar.ts.
 */
export const adminReviewsAr = {
  'admin.reviews.title': 'مراجعات المرضى',
  'admin.reviews.nav': 'المراجعات',
  'admin.reviews.introOwner':
    'ننشر كل مراجعة ما لم تخالف قاعدة منشورة، ويُسجَّل سبب الرفض. النشر والرفض للمالك وحده؛ رد العيادة يدخله أي موظف كما أرسلته العيادة. تظهر المراجعة المنشورة على صفحة العيادة بعد التصدير والبناء القادمين.',
  'admin.reviews.introCoordinator': 'النشر والرفض للمالك وحده. يمكنك إدخال رد العيادة كما أرسلته.',
  'admin.reviews.empty': 'لا توجد مراجعات بعد.',
  'admin.reviews.loadError': 'تعذر تحميل المراجعات.',
  'admin.reviews.status.pending': 'بانتظار القرار',
  'admin.reviews.status.published': 'منشورة',
  'admin.reviews.status.refused': 'مرفوضة',
  'admin.reviews.meta':
    '{reference} · {service} · عولج في {month} · بعد {months, plural, zero {أقل من شهر} one {شهر} two {شهرين} few {# أشهر} many {# شهرًا} other {# شهر}} · {stars} من 5',
  'admin.reviews.anonymous': 'بلا اسم',
  'admin.reviews.decidedBy': 'قرار {who}',
  'admin.reviews.publish': 'انشر',
  'admin.reviews.unpublish': 'أعدها إلى الانتظار',
  'admin.reviews.refuse': 'ارفض',
  'admin.reviews.rule': 'القاعدة المخالفة',
  'admin.reviews.rule.health_data_of_others': 'بيانات صحية عن شخص آخر',
  'admin.reviews.rule.insult': 'إهانة أو تشهير',
  'admin.reviews.rule.advertising': 'إعلان',
  'admin.reviews.note': 'سبب الرفض كما يراه المريض',
  'admin.reviews.confirmRefuse': 'ارفض لهذه القاعدة',
  'admin.reviews.reply': 'رد العيادة',
  'admin.reviews.saveReply': 'احفظ الرد',
  'admin.reviews.saved': 'حُفظ.',
  'admin.reviews.changed':
    'تغيرت المراجعة منذ فتحتها (عدّلها المريض أو زميل)، فلم يُحفظ تغييرك. أعد فتحها.',
  'admin.reviews.saveError': 'لم يُحفظ.',
  'admin.reviews.event.patient': 'مراجعة المريض',
  'admin.reviews.event.written': 'كتب المريض مراجعته من صفحته.',
  'admin.reviews.event.edited': 'عدّل المريض مراجعته، فعادت إلى الانتظار.',
  'admin.reviews.event.withdrawn': 'سحب المريض مراجعته وحُذفت.',
  'admin.reviews.event.decision': 'قرار في المراجعة',
  'admin.reviews.event.reply': 'رد العيادة على المراجعة',
  'admin.reviews.event.replyRemoved': 'حُذف الرد.',
} as const;
