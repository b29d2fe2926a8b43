/**
 * Arabic strings of one partner clinic's own page (/clinics/<slug>, issue 45), prerendered from the
 * clinic snapshot (src/lib/clinics/snapshot.ts). Spread into ar.ts; clinic-page-en.ts has the same
 * keys. The profile's own labels are the list page's `clinics.*` (quotes-ar.ts).
 */
export const clinicPageAr = {
  'clinicPage.description':
    '{name} في {where}: اعتماداتها ومتى تحققنا منها، ولغات فريقها مع المرضى، وما تشمله عروضها عادة.',
  'clinicPage.live': 'الاعتماد اليوم',
  'clinicPage.liveChecking': 'نتحقق الآن من اعتمادها في سجلاتنا…',
  'clinicPage.liveAccredited': 'تحققنا الآن: معتمدة اليوم ({bodies}).',
  'clinicPage.liveNotAccredited': 'تحققنا الآن: لا اعتماد سارياً لها اليوم.',
  'clinicPage.liveInactive':
    'تحققنا الآن: لم تعد هذه العيادة من شركائنا، ولا نرسل منها عروضاً جديدة.',
  'clinicPage.liveFailed':
    'تعذّر التحقق الآن. ما في هذه الصفحة كما سجّلناه في {date}؛ أعد تحميلها بعد قليل.',
  'clinicPage.asOf':
    'بيانات هذه الصفحة من سجلاتنا في {date}، والاعتماد أعلاه يُتحقق منه في كل مرة تُفتح فيها الصفحة.',
  'clinicPage.quote': 'اطلب عرضاً مجانياً',
  'clinicPage.quoteHow':
    'لا نحجز لدى العيادة مباشرة: أرسل لنا طلبك، فنرسل إليك عروضاً مكتوبة من عيادتين أو أكثر لتقارن بينها.',
  'clinicPage.reviews': 'تقييمات المرضى الموثّقة',
  'clinicPage.noReviews': 'لم ننشر تقييماً موثّقاً لهذه العيادة بعد.',
  'clinicPage.reviewCount':
    '{count, plural, one {تقييم موثّق واحد} two {تقييمان موثّقان} few {# تقييمات موثّقة} many {# تقييماً موثّقاً} other {# تقييم موثّق}}، ولا نحسب متوسطاً قبل 5 تقييمات.',
  'clinicPage.reviewAverage':
    'متوسط {average} من 5 من {count, plural, few {# تقييمات موثّقة} many {# تقييماً موثّقاً} other {# تقييم موثّق}}.',
  'clinicPage.reviewStars':
    '{count, plural, one {نجمة واحدة} two {نجمتان} few {# نجوم} other {# نجمة}} من 5',
  'clinicPage.reviewAnonymous': 'مريض لم يذكر اسمه',
  'clinicPage.reviewMeta':
    '{service} · عولج في {month} · كتبها {months, plural, one {بعد شهر} two {بعد شهرين} few {بعد # أشهر} many {بعد # شهراً} other {بعد # شهر}} من العلاج',
  'clinicPage.reviewVerified': 'عولج عن طريق رحلة كير',
  'clinicPage.reviewReply': 'رد العيادة',
  'clinicPage.reviewsHow':
    'كيف نجمع التقييمات ونتحقق منها: لا ننشر هنا إلا تقييم من عولج في هذه العيادة عن طريقنا، نطابقه مع طلبه في سجلاتنا، وبموافقته المنفصلة على النشر، باسمه الأول والحرف الأول من اسم عائلته أو دون اسم. ننشر كل تقييم إلا ما يخالف قواعدنا المنشورة (بيانات صحية عن غيره، أو إهانة، أو إعلان)، ولا ننشر صور قبل وبعد للعمليات التجميلية غير الضرورية طبياً. لا نحسب متوسط تقييم قبل أن يجتمع للعيادة 5 تقييمات موثّقة على الأقل.',
  // Issue 45: the curated stories are marked for what they are (no verified reviews, no rating average).
  'testimonials.curated':
    'هذه قصص اخترناها نحن مما رواه لنا مرضانا: اختيار منا وليست كل ما وصلنا من آراء، ولا نحسب منها متوسط تقييم. التقييمات الموثّقة، المنشورة دون انتقاء، تظهر في صفحة كل عيادة شريكة.',
} as const;
