/**
 * Arabic strings of the partner clinics' public pages (/clinics/), the quotes on the patient's page
 * (/r/) and the footer's links to both and to the trust page (issue 31). Spread into ar.ts;
 * quotes-en.ts has the same keys.
 */
export const quotesAr = {
  'footer.howWeChoose': 'كيف نختار العيادات وكيف نتقاضى أجرنا',
  'footer.clinics': 'عياداتنا الشريكة',

  'clinics.title': 'عياداتنا الشريكة',
  'clinics.description':
    'العيادات والمستشفيات الشريكة لرحلة كير بأسمائها: مدنها، واعتماداتها وتواريخ صلاحيتها، واللغات التي يتحدث بها فريقها، وما تشمله عروضها.',
  'clinics.lead':
    'كل عيادة نرسل إليك عرضها مذكورة هنا باسمها، مع اعتماداتها كما تحققنا منها. العدد والبيانات من سجلاتنا مباشرة.',
  'clinics.howWeChoose': 'كيف نختار العيادات وكيف نتقاضى أجرنا',
  'clinics.loading': 'نحمّل العيادات…',
  'clinics.error': 'تعذّر تحميل العيادات الآن. أعد المحاولة بعد قليل.',
  'clinics.retry': 'أعد المحاولة',
  'clinics.count':
    '{count, plural, zero {لا عيادات شريكة مسجّلة الآن} one {عيادة شريكة واحدة} two {عيادتان شريكتان} few {# عيادات شريكة} many {# عيادة شريكة} other {# عيادة شريكة}}',
  'clinics.empty':
    'لم ننشر عيادات شريكة بعد. راسلنا على واتساب لنخبرك بالعيادات التي نعمل معها لعلاجك.',
  'clinics.notFound': 'لم نجد هذه العيادة. ربما تغيّر عنوان صفحتها.',
  'clinics.all': 'كل العيادات الشريكة',
  'clinics.open': 'صفحة {name}',
  'clinics.accredited': 'معتمدة',
  'clinics.notAccredited': 'لا اعتماد سارياً اليوم',
  'clinics.inactive': 'لم تعد هذه العيادة من شركائنا، ولا نرسل منها عروضاً جديدة.',
  'clinics.where': '{city}، {country}',
  'clinics.about': 'عن العيادة',
  'clinics.accreditations': 'الاعتمادات',
  'clinics.body': 'الجهة المانحة',
  'clinics.certificate': 'رقم الشهادة',
  'clinics.validUntil': 'صالحة حتى',
  'clinics.checkedAt': 'تحققنا منها في',
  'clinics.expired': 'انتهت',
  'clinics.noAccreditations': 'لم نسجّل لها اعتماداً بعد.',
  'clinics.languages': 'لغات فريقها مع المرضى',
  'clinics.includes': 'ما تشمله عروضها عادة',
  'clinics.hotel': 'الإقامة في فندق',
  'clinics.transfer': 'التنقل من المطار وإليه',
  'clinics.interpreter': 'مترجم',
  'clinics.included': 'مشمول',
  'clinics.notIncluded': 'غير مشمول',
  'clinics.treatments': 'العلاجات',

  'quotes.title': 'عروض العيادات',
  'quotes.lead': 'قارن العروض بنداً بنداً: ما يختلف بينها معلَّم. الأسعار بعملة كل عرض.',
  'quotes.currency': 'تحويل تقريبي إلى',
  'quotes.rateNote': 'التحويل تقريبي بأسعار صرف {date} ({source})، وتدفع للعيادة بعملة عرضها.',
  'quotes.differs': 'يختلف',
  'quotes.version': 'النسخة {version}، أُرسلت في {date}',
  'quotes.corrected': 'عُدّل هذا العرض: هذه أحدث نسخة.',
  'quotes.changes': 'ما الذي تغيّر عن النسخة السابقة:',
  'quotes.changeAdded': 'أضيف: {items}',
  'quotes.changeRemoved': 'أزيل: {items}',
  'quotes.status.sent': 'بانتظار قرارك',
  'quotes.status.chosen': 'اخترت هذا العرض',
  'quotes.status.declined': 'لم تختره',
  'quotes.status.expired': 'انتهت صلاحيته',
  'quotes.row.price': 'السعر',
  'quotes.row.validUntil': 'صالح حتى',
  'quotes.row.technique': 'التقنية',
  'quotes.row.units': 'العدد',
  'quotes.row.team': 'الجرّاح أو الفريق',
  'quotes.row.nights': 'ليالي الإقامة',
  'quotes.row.hotel': 'الفندق',
  'quotes.row.transfer': 'التنقل',
  'quotes.row.interpreter': 'مترجم',
  'quotes.row.included': 'مشمول',
  'quotes.row.notIncluded': 'غير مشمول',
  'quotes.row.accreditation': 'الاعتماد',
  'quotes.row.note': 'ملاحظة مدير المريض',
  'quotes.unit.grafts':
    '{count, plural, one {بصيلة واحدة} two {بصيلتان} few {# بصيلات} many {# بصيلة} other {# بصيلة}}',
  'quotes.unit.implants':
    '{count, plural, one {زرعة واحدة} two {زرعتان} few {# زرعات} many {# زرعة} other {# زرعة}}',
  'quotes.unit.veneers':
    '{count, plural, one {قشرة واحدة} two {قشرتان} few {# قشور} many {# قشرة} other {# قشرة}}',
  'quotes.unit.crowns':
    '{count, plural, one {تاج واحد} two {تاجان} few {# تيجان} many {# تاجاً} other {# تاج}}',
  'quotes.unit.sessions':
    '{count, plural, one {جلسة واحدة} two {جلستان} few {# جلسات} many {# جلسة} other {# جلسة}}',
  'quotes.unit.procedures':
    '{count, plural, one {إجراء واحد} two {إجراءان} few {# إجراءات} many {# إجراءً} other {# إجراء}}',
  'quotes.unit.cycles':
    '{count, plural, one {دورة واحدة} two {دورتان} few {# دورات} many {# دورة} other {# دورة}}',
  'quotes.nights':
    '{count, plural, zero {بلا إقامة} one {ليلة واحدة} two {ليلتان} few {# ليالٍ} many {# ليلة} other {# ليلة}}',
  'quotes.yes': 'مشمول',
  'quotes.no': 'غير مشمول',
  'quotes.none': '—',
  'quotes.approx': '≈ {amount}',
  'quotes.choose': 'أختار هذا العرض',
  'quotes.confirm': 'تأكيد: أختار عرض {clinic}',
  'quotes.cancel': 'تراجع',
  'quotes.chosen': 'سجّلنا اختيارك لعرض {clinic}، وأبلغنا مدير المريض. سيتواصل معك لتأكيد المواعيد.',
  'quotes.changed': 'عُدّل هذا العرض للتو. راجع النسخة الجديدة ثم اختر.',
  'quotes.expired': 'انتهت صلاحية هذا العرض. راسل مدير المريض ليطلب تجديده.',
  'quotes.failed': 'لم يصل اختيارك. تحقّق من الاتصال وأعد المحاولة.',
  'quotes.talk': 'أريد التحدث أولاً',
  'quotes.talkMessage':
    'مرحباً، رقم طلبي {reference}. أريد التحدث عن عرض {clinic} (النسخة {version}، {price}) قبل أن أقرر.',
  'quotes.howWeChoose': 'كيف نختار العيادات وكيف نتقاضى أجرنا',
} as const;
