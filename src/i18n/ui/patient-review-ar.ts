/**
 * Arabic strings of the review form on the patient's page (issue 45, item 1;
 * src/scripts/patient/review.ts). `review.consent` is the consent to publish exactly as
 * private.review_consent_texts holds its version (supabase/tests/verified-reviews.test.ts compares
 * them): a new wording is a new version there and in src/lib/patient/review.ts.
 */
export const patientReviewAr = {
  'review.title': 'مراجعتك لـ{clinic}',
  'review.leadDay30':
    'مر شهر على علاجك. كيف كانت تجربتك؟ مراجعتك تساعد المريض القادم على الاختيار.',
  'review.leadMonth6':
    'مرت ستة أشهر على علاجك، وهي المدة التي تظهر فيها نتيجة زراعة الشعر. يمكنك الآن كتابة مراجعتك أو تحديث ما كتبته في الشهر الأول.',
  'review.about':
    '{service} · عولجت في {month} · {months, plural, zero {أقل من شهر} one {منذ شهر} two {منذ شهرين} few {منذ # أشهر} many {منذ # شهرًا} other {منذ # شهر}} · عولجت عن طريق رحلة كير',
  'review.rating': 'تقييمك',
  'review.stars': '{count, plural, one {نجمة واحدة} two {نجمتان} few {# نجوم} other {# نجمة}} من 5',
  'review.body': 'مراجعتك',
  'review.bodyHint': 'من 20 إلى 2000 حرف، نص فقط بلا صور.',
  'review.shownAs': 'كيف يظهر اسمك',
  'review.shownName': 'اسمي الأول والحرف الأول من اسم العائلة',
  'review.shownAnonymous': 'بلا اسم',
  'review.rulesTitle': 'ننشر كل مراجعة ما لم تخالف إحدى هذه القواعد:',
  'review.rule.health_data_of_others': 'بيانات صحية عن شخص آخر',
  'review.rule.insult': 'إهانة أو تشهير',
  'review.rule.advertising': 'إعلان لعيادة أو منافس أو منتج',
  'review.consent':
    'أوافق على أن تنشر رحلة كير مراجعتي هذه على صفحة العيادة في موقعها، مع العلاج وشهره، باسمي الأول والحرف الأول من اسم العائلة أو بلا اسم كما اخترت. يمكنني تعديلها أو سحبها في أي وقت.',
  'review.consentRequired': 'ضع علامة على الموافقة على النشر أولًا.',
  'review.submit': 'أرسل مراجعتي',
  'review.update': 'احفظ التعديل',
  'review.withdraw': 'اسحب مراجعتي',
  'review.withdrawConfirm':
    'هل تسحب مراجعتك؟ ستُحذف وتختفي من صفحة العيادة عند التحديث القادم للموقع.',
  'review.status.pending': 'بانتظار المراجعة: ننشرها ما لم تخالف قاعدة.',
  'review.status.published': 'منشورة على صفحة العيادة.',
  'review.status.refused': 'لم تُنشر لأنها تخالف قاعدة: {rule}. {note}',
  'review.reply': 'رد العيادة:',
  'review.saved': 'شكرًا لك: حُفظت مراجعتك وهي بانتظار المراجعة.',
  'review.withdrawn': 'سُحبت مراجعتك وحُذفت.',
  'review.failed': 'لم نتمكن من الحفظ. تحقق من اتصالك وحاول مرة أخرى.',
  'review.tooLong': 'المراجعة بين 20 و2000 حرف.',
} as const;
