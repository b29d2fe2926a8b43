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
} as const;
