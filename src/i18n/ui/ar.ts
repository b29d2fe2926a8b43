/**
 * Arabic UI strings: the reference language. Every key here must exist in en.ts (TypeScript enforces
 * it). Keys are grouped by the component that shows them. `{name}` marks a value filled in by t().
 */
import { adminAr } from './admin-ar.ts';
import { clinicPageAr } from './clinic-page-ar.ts';
import { patientAr } from './patient-ar.ts';
import { patientFilesAr } from './patient-files-ar.ts';
import { quotesAr } from './quotes-ar.ts';
import { patientTripAr } from './patient-trip-ar.ts';
import { patientConversationAr } from './patient-conversation-ar.ts';
import { patientAftercareAr } from './patient-aftercare-ar.ts';
import { patientRemindersAr } from './patient-reminders-ar.ts';
import { patientReviewAr } from './patient-review-ar.ts';

export const ar = {
  ...adminAr,
  ...patientAr,
  ...patientFilesAr,
  ...quotesAr,
  ...clinicPageAr,
  ...patientTripAr,
  ...patientConversationAr,
  ...patientAftercareAr,
  ...patientRemindersAr,
  ...patientReviewAr,
  'site.tagline': 'شريكك الموثوق للسياحة العلاجية',
  'site.description':
    'رحلة كير: استشارة مجانية ومدير مريض شخصي لعلاجك في تركيا ورومانيا وغيرهما. أسعار حقيقية، عرضان مجانيان من مستشفيات معتمدة، ومتابعة 6 أشهر مجاناً.',
  'site.skip': 'انتقل إلى المحتوى',

  'nav.label': 'التنقل الرئيسي',
  'nav.home': 'الرئيسية',
  'nav.services': 'الخدمات',
  'nav.articles': 'المقالات',
  'nav.destinations': 'الوجهات',
  'nav.about': 'من نحن',
  'nav.contact': 'تواصل معنا',
  'nav.menu': 'القائمة',
  'nav.menuOpen': 'فتح القائمة',
  'nav.menuClose': 'إغلاق القائمة',
  'nav.logoHome': 'رحلة كير – الصفحة الرئيسية',
  'nav.toggleLanguage': 'English',
  'nav.toggleLanguageLabel': 'Switch to English',
  'nav.freeConsultation': 'استشارة مجانية',

  'hero.eyebrow': 'مستشفيات معتمدة في 9 دول',
  'hero.title': 'علاجك في الخارج، بثقة ووضوح من أول سؤال',
  'hero.lead':
    'مدير مريض شخصي مجاني يقارن لك أفضل 5 عروض من مستشفيات معتمدة، ويرتّب سفرك وإقامتك، ويتابعك 6 أشهر بعد العلاج. بلا أي رسوم إضافية عليك.',
  'hero.cta': 'احصل على استشارة مجانية',
  'hero.whatsapp': 'تحدث معنا على واتساب',
  'hero.whatsappMessage': 'مرحباً رحلة كير، أرغب في استشارة مجانية حول العلاج في الخارج.',
  'hero.shortcutsLabel': 'أكثر العلاجات طلباً',
  'hero.imageAlt': 'رسم توضيحي لمنسقة مرضى ترحّب بمسافر يحمل حقيبته أمام أفق إسطنبول',
  'hero.from': 'ابتداءً من',

  'services.eyebrow': 'خدماتنا',
  'services.title': 'علاجات نرتّبها لك من الألف إلى الياء',
  'services.lead':
    'اختر العلاج لتعرف الأسعار الاسترشادية وخطوات الرحلة، أو اطلب استشارة ونرشّح لك الأنسب.',
  'services.more': 'التفاصيل والأسعار',

  'trust.eyebrow': 'لماذا يثق بنا المرضى',
  'trust.title': 'وضوح كامل قبل أن تحجز',

  'why.eyebrow': 'من نحن',
  'why.title': 'وكالة سياحة علاجية تعمل لمصلحتك أنت',
  'why.lead':
    'نحن فريق من المنسقين الطبيين نعمل مع مستشفيات وعيادات شريكة معتمدة، نذكر اسم كل منها في عروضنا. نقارن، ونرتّب، ونرافقك حتى تعود إلى بيتك مطمئناً.',
  'why.managerTitle': 'مدير مريض شخصي، مجاناً',
  'why.managerText': 'شخص واحد يعرف ملفك ويتحدث لغتك، من أول رسالة حتى آخر متابعة:',
  'why.managerPoint1': 'يبحث عن عروض العيادات ويقارنها لك',
  'why.managerPoint2': 'يساعدك على اختيار العيادة المناسبة',
  'why.managerPoint3': 'يرتّب السفر والإقامة والاستقبال',
  'why.managerPoint4': 'يتابع علاجك ويراجع الفواتير معك',

  'process.eyebrow': 'كيف نعمل',
  'process.title': 'أربع خطوات واضحة',
  'process.step': 'الخطوة {n}',

  'destinations.eyebrow': 'الوجهات',
  'destinations.title': 'تسع دول، ومستشفيات معتمدة في كل منها',
  'destinations.lead': 'نختار الوجهة حسب علاجك وميزانيتك وسهولة سفرك، لا حسب العمولة.',
  'destinations.flagAlt': 'علم {country}',
  'destinations.more': 'اكتشف الوجهة',

  'testimonials.eyebrow': 'تجارب المرضى',
  'testimonials.title': 'ماذا يقول من سافروا معنا',
  'testimonials.rating': 'التقييم الذي أعطاه المريض: {rating} من 5',

  'coordinators.eyebrow': 'فريق التنسيق',
  'coordinators.title': 'منسقون يتحدثون لغتك',
  'coordinators.lead': 'كل منسق متخصص في مجال علاجي، ويرد عليك بنفسه على واتساب.',
  'coordinators.whatsapp': 'واتساب {name}',
  'coordinators.languages': 'اللغات التي يتحدثها',
  'coordinators.contact': 'اطلب استشارة',
  'coordinators.whatsappMessage': 'مرحباً {name}، أرغب في استشارة حول العلاج.',

  'faq.eyebrow': 'أسئلة شائعة',
  'faq.title': 'إجابات واضحة قبل أن تسأل',

  'blog.eyebrow': 'المدونة',
  'blog.teaserTitle': 'مقالات تساعدك على القرار',
  'blog.all': 'كل المقالات',
  'blog.readMore': 'اقرأ المزيد',
  'blog.readTime':
    '{n, plural, zero {أقل من دقيقة قراءة} one {دقيقة قراءة} two {دقيقتا قراءة} few {# دقائق قراءة} many {# دقيقة قراءة} other {# دقيقة قراءة}}',
  'blog.indexTitle': 'مدونة رحلة كير',
  'blog.indexLead': 'أدلة عملية ومقارنات صادقة تساعدك على فهم العلاج واختيار الوجهة والعيادة بثقة.',
  'blog.indexDescription':
    'مقالات عن زراعة الشعر وزراعة الأسنان والسياحة العلاجية في تركيا ورومانيا: الأسعار الاسترشادية، التقنيات، وكيف تختار العيادة.',
  'blog.filter.label': 'تصفية المقالات حسب التصنيف',
  'blog.filter.all': 'الكل',
  'blog.ctaTitle': 'هل لديك سؤال عن علاجك؟',
  'blog.related': 'مقالات ذات صلة',
  'blog.by': 'بقلم {author}',
  'blog.category.hair-transplant': 'زراعة الشعر',
  'blog.category.dental-implants': 'زراعة الأسنان',
  'blog.category.medical-tourism': 'السياحة العلاجية',

  'gallery.eyebrow': 'من رحلات مرضانا',
  'gallery.title': 'السياحة العلاجية في تركيا',

  'package.eyebrow': 'باقة شاملة',
  'package.title': 'كل ما تحتاجه في باقة واحدة',
  'package.lead': 'إقامة من 3 إلى 7 ليالٍ حسب العلاج، ووفر يصل إلى 60–70% مقارنة بأوروبا وأمريكا.',

  'offerPromo.badge': 'عرض لفترة محدودة',
  'offerPromo.title': 'زراعة الشعر في إسطنبول بباقة شاملة',
  'offerPromo.text': 'زراعة FUE أو DHI، فندق 4 نجوم، استقبال VIP ومترجم شخصي.',
  'offerPromo.oldPrice': 'السعر السابق',
  'offerPromo.newPrice': 'السعر الآن',
  'offerPromo.cta': 'تفاصيل العرض',

  'transparency.title': 'لا تدفع أي رسوم إضافية',
  'transparency.text':
    'تدفع لنا العيادات عمولتها، لذلك استشارتنا وتنسيقنا مجانيان لك تماماً، وسعر علاجك هو نفسه سعر العيادة. الأسعار المعروضة في الموقع استرشادية، ويصلك السعر النهائي مكتوباً في عرضين مجانيين من عيادتين مختلفتين خلال 24–48 ساعة.',
  'transparency.guarantee': 'ضمان استرداد رسوم خدمات التنسيق',

  'contact.eyebrow': 'استشارة مجانية',
  'contact.title': 'احصل على استشارتك المجانية',
  'contact.lead':
    'استشارة مجانية 100% وسرية. نرد عليك خلال 24 ساعة، ويصلك عرضا سعر خلال 24–48 ساعة.',
  'contact.channels': 'تواصل معنا مباشرة',
  'contact.whatsapp': 'راسلنا على واتساب',
  'contact.call': 'اتصل بنا',
  'contact.email': 'أرسل بريداً إلكترونياً',
  'contact.privacy': 'بياناتك محمية ومشفّرة، ولا نشاركها إلا مع العيادات التي توافق عليها.',

  'form.title': 'اطلب استشارتك المجانية',
  'form.stepOf': 'الخطوة {n} من {total}',
  'form.step1': 'بياناتك',
  'form.step2': 'العلاج',
  'form.step3': 'رحلتك',
  'form.next': 'التالي',
  'form.back': 'السابق',
  'form.submit': 'أرسل طلب الاستشارة',
  'form.sending': 'جاري الإرسال...',
  'form.retrying': 'جاري إعادة المحاولة ({n})...',
  'form.optional': 'اختياري',
  'form.name': 'الاسم الكامل',
  'form.namePlaceholder': 'مثال: محمد أحمد',
  'form.countryCode': 'رمز الدولة',
  'form.phone': 'رقم الهاتف (واتساب)',
  'form.phoneHint': 'أرقام فقط، يمكنك كتابة الرقم المحلي أو مع رمز الدولة.',
  'form.email': 'البريد الإلكتروني',
  'form.service': 'العلاج المطلوب',
  'form.servicePlaceholder': 'اختر العلاج',
  'form.countries': 'الدول المفضلة للعلاج',
  'form.notes': 'ملاحظات أو وصف لحالتك',
  'form.notesPlaceholder': 'مثال: أرغب في زراعة 3000 بصيلة، وأفضّل السفر في الصيف',
  'form.readiness': 'هل أنت مستعد للسفر؟',
  'form.readiness.yes': 'نعم',
  'form.readiness.no': 'ليس بعد',
  'form.readiness.maybe': 'ربما',
  'form.timing': 'متى تفضّل موعد العلاج؟',
  'form.timing.urgent': 'في أقرب وقت',
  'form.timing.thisMonth': 'هذا الشهر',
  'form.timing.nextMonth': 'الشهر القادم',
  'form.timing.flexible': 'مرن',
  'form.honeypot': 'اترك هذا الحقل فارغاً',
  'form.privacy': 'استشارة مجانية 100% وسرية. بإرسال الطلب توافق على أن نتواصل معك بخصوص استشارتك.',
  'form.error.nameRequired': 'الرجاء إدخال الاسم',
  'form.error.nameMin': 'الاسم يجب أن يكون حرفين على الأقل',
  'form.error.nameMax': 'الاسم طويل جداً (100 حرف كحد أقصى)',
  'form.error.phoneRequired': 'الرجاء إدخال رقم الهاتف',
  'form.error.phoneDigits': 'يجب إدخال أرقام فقط',
  'form.error.phoneMin': 'رقم الهاتف يجب أن يكون 8 أرقام على الأقل',
  'form.error.phoneMax': 'رقم الهاتف طويل جداً (15 رقماً كحد أقصى)',
  'form.error.countryCode': 'اختر رمز الدولة',
  'form.error.phoneCountry': 'اختر دولة الرقم',
  'form.error.email': 'البريد الإلكتروني غير صحيح',
  'form.error.service': 'الرجاء اختيار العلاج المطلوب',
  'form.error.notesMax': 'الملاحظات طويلة جداً (2000 حرف كحد أقصى)',
  'form.error.readiness': 'الرجاء اختيار إجابة',
  'form.error.timing': 'الرجاء اختيار موعد',
  'form.toast.success': 'تم إرسال طلبك بنجاح!',
  'form.toast.error': 'حدث خطأ أثناء الإرسال. يرجى المحاولة مرة أخرى',
  'form.toast.rateLimited':
    'أرسلت عدة طلبات خلال وقت قصير. يرجى الانتظار قليلاً أو التواصل معنا عبر واتساب.',
  'form.toast.rejected': 'تعذّر قبول الطلب. يرجى مراجعة البيانات والمحاولة مرة أخرى.',
  'form.toast.close': 'إغلاق التنبيه',
  'form.successTitle': 'شكراً لتواصلك معنا!',
  'form.successText': 'وصلنا طلبك، وسيتواصل معك مستشارك الطبي خلال 24 ساعة.',
  'form.redirecting': 'جاري تحويلك...',
  'form.fallbackTitle': 'تعذّر الإرسال حالياً',
  'form.fallbackText':
    'بياناتك محفوظة في هذه الصفحة. يمكنك إعادة المحاولة، أو إرسالها إلينا مباشرة على واتساب.',
  'form.fallbackWhatsapp': 'أرسل بياناتي عبر واتساب',
  'form.whatsappDraft':
    'مرحباً رحلة كير، أرغب في استشارة مجانية.\nالاسم: {name}\nالهاتف: {phone}\nالعلاج: {service}\nملاحظات: {notes}',
  'form.noNotes': 'لا توجد ملاحظات',

  'offer.meta.title': 'عرض زراعة الشعر في إسطنبول: {newPrice}$ بدل {oldPrice}$',
  'offer.meta.description':
    'عرض لفترة محدودة: زراعة شعر FUE أو DHI في مستشفى معتمد بوسط إسطنبول مع فندق 4 نجوم واستقبال VIP ومترجم، بسعر {newPrice} دولار بدلاً من {oldPrice}.',
  'offer.bar': 'ينتهي العرض خلال',
  'offer.ends': 'ينتهي العرض في {date}',
  'offer.ended': 'انتهت فترة العرض. تواصل معنا لمعرفة أحدث العروض.',
  'offer.countdown.days': 'يوم',
  'offer.countdown.hours': 'ساعة',
  'offer.countdown.minutes': 'دقيقة',
  'offer.countdown.seconds': 'ثانية',
  'offer.badge': 'وفّر {percent}%',
  'offer.badgeSub':
    'عرض لمدة {days, plural, one {يوم واحد} two {يومين} few {# أيام} many {# يوماً} other {# يوم}} فقط',
  'offer.title': 'زراعة الشعر في إسطنبول بباقة شاملة',
  'offer.lead':
    'زراعة احترافية في مستشفى معتمد بوسط إسطنبول، مع الإقامة والاستقبال والمترجم. كل شيء واضح ومكتوب قبل سفرك.',
  'offer.oldPrice': 'بدلاً من',
  'offer.allInclusive': 'باقة شاملة',
  'offer.register': 'سجل الآن',
  'offer.whatsapp': 'احجز عبر واتساب',
  'offer.whatsappMessage': 'مرحباً، أرغب في الاستفادة من عرض زراعة الشعر بسعر {newPrice} دولار.',
  'offer.includesTitle': 'ماذا يشمل العرض؟',
  'offer.reasonsTitle': '8 أسباب لتختار رحلة كير',
  'offer.testimonialsTitle': 'تجارب من استفادوا من العرض، كما رووها لنا',
  'offer.secondCountdownTitle': 'لا تفوّت العرض',
  'offer.finalTitle': 'احجز مكانك في العرض الآن',
  'offer.finalText':
    'سجّل بياناتك وسيتصل بك مدير المريض خلال 24 ساعة لتأكيد التفاصيل، دون أي التزام.',
  'offer.toast.success': 'تم التسجيل بنجاح!',
  'offer.toast.error': 'حدث خطأ أثناء التسجيل. يرجى المحاولة مرة أخرى',
  'offer.dialog.title': 'سجّل في عرض زراعة الشعر',
  'offer.dialog.lead': 'اترك اسمك ورقمك وسنتواصل معك خلال 24 ساعة.',
  'offer.dialog.name': 'الاسم الكامل',
  'offer.dialog.phone': 'رقم الهاتف مع رمز الدولة',
  'offer.dialog.phonePlaceholder': '966501234567 أو 963944123456',
  'offer.dialog.phoneHint': 'أدخل الرقم مع رمز الدولة، أرقام فقط، بدون + أو 00.',
  'offer.dialog.country': 'من أي دولة هذا الرقم؟',
  'offer.dialog.countryPlaceholder': 'اختر الدولة',
  'offer.dialog.countryOther': 'دولة أخرى (الرقم مكتوب برمز دولتها)',
  'offer.dialog.countryHint': 'الرقم بلا رمز دولة: اختر دولته ليتمكن فريقنا من الاتصال بك',
  'offer.dialog.submit': 'سجل الآن',
  'offer.dialog.sending': 'جاري التسجيل...',
  'offer.dialog.close': 'إغلاق',
  'offer.dialog.consent':
    'بالتسجيل توافق صراحةً على أن نستخدم اهتمامك بزراعة الشعر وما تخبرنا به عن حالتك لنتواصل معك بخصوص هذا العرض، وأن نشاركه مع العيادات التي توافق عليها، ومنها عيادات خارج الاتحاد الأوروبي لا تحمي بياناتك بالقدر نفسه، كما توضح {privacy} و{terms}.',

  // An offer after its end (issue 15): the offer page, its dialog and WhatsApp texts.
  'offerEnded.meta.title': 'عرض زراعة الشعر في إسطنبول (انتهى العرض)',
  'offerEnded.meta.description':
    'انتهى عرض زراعة الشعر في إسطنبول. اترك رقمك لنخبرك بالعرض القادم، أو اطلب استشارة مجانية لخطة وسعر يناسبان حالتك.',
  'offerEnded.bar': 'انتهى هذا العرض في {date}',
  'offerEnded.badge': 'انتهى العرض',
  'offerEnded.badgeSub': 'أبلغني بالعرض القادم',
  'offerEnded.pastPrice': 'كان سعر العرض حتى {date}:',
  'offerEnded.pastOldPrice': 'بدلاً من',
  'offerEnded.register': 'أبلغني بالعرض القادم',
  'offerEnded.whatsapp': 'استشارة مجانية عبر واتساب',
  'offerEnded.whatsappMessage':
    'مرحباً، رأيت أن عرض زراعة الشعر قد انتهى. أرغب في معرفة العرض القادم أو في استشارة مجانية.',
  'offerEnded.includesTitle': 'ماذا كان يشمل العرض؟',
  'offerEnded.secondTitle': 'انتهى هذا العرض',
  'offerEnded.finalTitle': 'هل تريد أن نخبرك بالعرض القادم؟',
  'offerEnded.finalText':
    'اترك اسمك ورقمك، واختر إن شئت أن نخبرك بعرض زراعة الشعر القادم، أو اطلب استشارة مجانية الآن دون أي التزام.',
  'offerEnded.dialog.title': 'أبلغني بعرض زراعة الشعر القادم',
  'offerEnded.dialog.lead':
    'اترك اسمك ورقمك ليتواصل معك مدير المريض بخصوص زراعة الشعر. وإن أردت أن نخبرك بالعرض القادم، فاختر الخانة أدناه.',
  'offerEnded.dialog.submit': 'أبلغني بالعرض القادم',
  'offerEnded.dialog.consent':
    'بالإرسال توافق صراحةً على أن نستخدم اهتمامك بزراعة الشعر وما تخبرنا به عن حالتك للرد على طلبك، وأن نشاركه مع العيادات التي توافق عليها، ومنها عيادات خارج الاتحاد الأوروبي لا تحمي بياناتك بالقدر نفسه، كما توضح {privacy} و{terms}.',
  'offerEnded.toast.success': 'وصلنا طلبك، وسيتواصل معك مدير المريض قريباً.',

  'mistakes.title': '8 أخطاء شائعة في السفر للعلاج',
  'mistakes.lead': 'تعرّف عليها قبل أن تحجز، وكيف تتجنبها بخطوات بسيطة.',
  'mistakes.problem': 'المشكلة',
  'mistakes.solution': 'الحل',
  'mistakes.riskLabel': 'درجة الخطورة',
  'mistakes.risk.critical': 'حرجة',
  'mistakes.risk.high': 'عالية',
  'mistakes.risk.medium': 'متوسطة',

  'offline.title': 'أنت غير متصل بالإنترنت',
  'offline.text':
    'لا يمكن فتح هذه الصفحة الآن. الصفحات التي زرتها من قبل تبقى متاحة، وسنعود فور عودة الاتصال.',
  'offline.retry': 'حاول مرة أخرى',
  'offline.home': 'الصفحة الرئيسية',
  'offline.call': 'أو اتصل بنا مباشرة',
  'install.title': 'ثبّت تطبيق رحلة كير',
  'install.lead':
    'أضف رحلة كير إلى شاشتك الرئيسية لتصل إلى مدير المريض وعروضك بلمسة واحدة، حتى مع اتصال ضعيف.',
  'install.installed': 'التطبيق مثبّت بالفعل على جهازك.',
  'install.installedText': 'يمكنك فتحه من شاشتك الرئيسية في أي وقت.',
  'install.button': 'ثبّت التطبيق',
  'install.manualTitle': 'طريقة التثبيت يدوياً',
  'install.android': 'على أندرويد (Chrome)',
  'install.android1': 'افتح قائمة المتصفح (النقاط الثلاث في أعلى الشاشة).',
  'install.android2': 'اختر «إضافة إلى الشاشة الرئيسية» أو «تثبيت التطبيق».',
  'install.android3': 'أكّد الإضافة، وستجد أيقونة رحلة كير على شاشتك.',
  'install.iphone': 'على آيفون (Safari)',
  'install.iphone1': 'اضغط زر المشاركة أسفل الشاشة.',
  'install.iphone2': 'اختر «إضافة إلى الشاشة الرئيسية».',
  'install.iphone3': 'اضغط «إضافة» في الأعلى.',
  'install.home': 'العودة إلى الرئيسية',
  'indexNow.title': 'إرسال الصفحات لمحركات البحث',
  'indexNow.lead':
    'يرسل هذا الزر عناوين الصفحات الرئيسية العشر إلى Google وIndexNow لإعادة أرشفتها.',
  'indexNow.button': 'إرسال التحديثات',
  'indexNow.sending': 'جاري الإرسال...',
  'indexNow.success': 'تم إرسال التحديثات بنجاح!',
  'indexNow.error': 'حدث خطأ. يرجى المحاولة مرة أخرى.',
  'indexNow.last': 'آخر إرسال: {date}',
  'indexNow.never': 'لم تُرسل التحديثات من هذا الجهاز بعد.',
  'indexNow.urls': 'الصفحات التي ستُرسل',
  'indexNow.checking': 'جاري التحقق من الصلاحيات...',
  'indexNow.back': 'العودة إلى لوحة الإدارة',

  'fab.label': 'تواصل سريع',
  'fab.whatsapp': 'واتساب',
  'fab.call': 'اتصال',
  'fab.form': 'نموذج الاستشارة',

  'footer.about': 'شريكك الموثوق للسياحة العلاجية في تركيا ورومانيا.',
  'footer.services': 'العلاجات',
  'footer.company': 'الوكالة',
  'footer.contact': 'التواصل',
  'footer.address': 'العنوان',
  'footer.imprint': 'بيانات الناشر (المادة 5 من قانون الخدمات الرقمية الألماني DDG)',
  'footer.mistakes': 'أخطاء شائعة في السفر للعلاج',
  'footer.marketing': 'التسويق الرقمي للمستشفيات',
  'footer.admin': 'دخول الموظفين',
  'footer.install': 'ثبّت التطبيق',
  'footer.blog': 'المدونة',
  'footer.rights': 'جميع الحقوق محفوظة.',
  'footer.disclaimer':
    'المعلومات في هذا الموقع للتوعية ولا تغني عن استشارة الطبيب. الأسعار استرشادية وتحددها العيادة بعد التقييم الطبي.',

  'notFound.title': 'الصفحة غير موجودة',
  'notFound.text': 'ربما تغيّر رابط الصفحة أو حُذفت. يسعدنا أن نساعدك في الوصول إلى ما تبحث عنه.',
  'notFound.home': 'العودة إلى الرئيسية',
  'notFound.contact': 'تواصل معنا',

  'thankYou.title': 'شكراً لك! وصلنا طلبك',
  'thankYou.text': 'سيتواصل معك فريقنا خلال 24 ساعة لمناقشة احتياجاتك وترتيب استشارتك المجانية.',
  'thankYou.next': 'ماذا بعد؟',
  'thankYou.step1': 'يراجع مدير المريض طلبك ويتصل بك.',
  'thankYou.step2': 'نطلب لك عرضين مجانيين من عيادتين معتمدتين.',
  'thankYou.step3': 'تقارن وتقرر براحتك، دون أي التزام.',
  'thankYou.whatsapp': 'تابع طلبك على واتساب',
  'thankYou.whatsappMessage': 'مرحباً رحلة كير، لقد سجلت طلب استشارة في موقعكم وأرغب في متابعته.',
  'thankYou.home': 'العودة إلى الرئيسية',

  'price.popular': 'الأكثر طلباً',
  'price.indicative': 'سعر استرشادي، يحدده الطبيب بعد التقييم',
  'price.veneers': 'عدد القشور',
  'price.material': 'المادة',
  'price.quote': 'اطلب عرض سعر مجاني',
  'page.benefits': 'لماذا تختار العلاج معنا',
  'page.process': 'خطوات رحلتك العلاجية',
  'page.related': 'علاجات ذات صلة',
  'page.guideArticle': 'اقرأ الدليل الكامل',
  'page.backHome': 'العودة إلى الرئيسية',
  'page.faqTitle': 'أسئلة شائعة',
  'destination.reasons': 'لماذا {country}؟',
  'destination.treatments': 'العلاجات والأسعار في {country}',
  'destination.package': 'ما تشمله الباقة عادةً',
  'destination.travelNote': 'ملاحظة مهمة عن السفر',
  'destination.details': 'تفاصيل العلاج',
  'destination.priceOnRequest': 'السعر بعد التقييم',
  'breadcrumb.home': 'الرئيسية',
  'breadcrumb.destinations': 'الوجهات',
  'breadcrumb.services': 'الخدمات',

  'common.whatsappOpens': '(يفتح واتساب في نافذة جديدة)',
  'common.breadcrumb': 'مسار التنقل',
  // Issue 14 (abuse): the global ceiling on leads answered "busy".
  'form.toast.busy':
    'نستقبل عدداً كبيراً جداً من الطلبات الآن. بياناتك محفوظة في النموذج؛ يرجى مراسلتنا عبر واتساب أو المحاولة بعد قليل.',

  // Issue 15: the privacy policy and terms pages, their footer links and the consent notes' links.
  'legal.privacy': 'سياسة الخصوصية',
  'legal.terms': 'الشروط والأحكام',
  'legal.nav': 'الوثائق القانونية',
  'legal.version': 'الإصدار {version}',
  'legal.effective': 'سارٍ منذ ',
  'legal.see.privacy': 'كيف نتعامل مع بياناتك: ',
  'legal.see.terms': 'شروط الاستفادة من خدماتنا: ',
  'legal.consent.privacy': 'سياسة الخصوصية',
  'legal.consent.terms': 'الشروط',
  'legal.consent.formNote':
    'وتوافق صراحةً على أن نستخدم ما تذكره عن علاجك وحالتك الصحية لهذا الغرض، وأن نشاركه مع العيادات التي توافق عليها، ومنها عيادات خارج الاتحاد الأوروبي لا تحمي بياناتك بالقدر نفسه، كما توضح {privacy} و{terms}.',
  'legal.consent.newTab': '(تفتح في نافذة جديدة، ويبقى ما كتبته هنا)',
  'testimonials.lead':
    'قصص رواها لنا مرضانا بعد عودتهم، ننقلها كما وصلتنا مع التقييم الذي أعطوه. تختلف النتائج من شخص لآخر.',
  'testimonials.ratingShort': '{rating}/5',
  // Issue 17: the remembered other language is offered, never forced (src/components/ui/LanguageOffer.astro).
  // The link is written in the language it leads to, like nav.toggleLanguage; its name starts with
  // the visible text (axe: label-content-name-mismatch).
  'langOffer.link': 'English?',
  'langOffer.linkLabel': 'English? Read this page in English',
  'langOffer.dismiss': 'إخفاء اقتراح اللغة الإنجليزية',
  // Issue 17: each blog category page has its own search description (one URL, one description).
  'blogSeo.description.hair-transplant':
    'مقالات رحلة كير عن زراعة الشعر في تركيا: تقنيات FUE وDHI، الأسعار الاسترشادية، اختيار العيادة ومراحل التعافي.',
  'blogSeo.description.dental-implants':
    'مقالات رحلة كير عن زراعة الأسنان وابتسامة هوليود في تركيا: المراحل والمواد والأسعار الاسترشادية وكيف تختار العيادة.',
  'blogSeo.description.medical-tourism':
    'مقالات رحلة كير عن السياحة العلاجية: لماذا تركيا، جراحات السمنة، وقائمة خطوات التخطيط لرحلتك العلاجية في الخارج.',
  // Issue 17: the mark on drafts and scheduled articles in npm run dev and preview:content.
  'contentDraft.mark': 'مسودة غير منشورة',
  // Issue 12 (slow phones): the consultation form before its script has arrived.
  'early.loading': 'لحظة، نجهّز النموذج…',
  'early.stillLoading':
    'ما زال النموذج يتحمّل. بياناتك محفوظة، ويمكنك إرسالها إلينا مباشرة على واتساب.',
  // Issue 34: the imprint's lines (src/components/sections/Imprint.astro), each shown when set.
  'imprint.director': 'المدير العام:',
  'imprint.register': 'السجل التجاري:',
  'imprint.vatId': 'رقم التعريف الضريبي لضريبة القيمة المضافة:',
  'imprint.editor':
    'المسؤول عن المحتوى التحريري وفق الفقرة 2 من المادة 18 من معاهدة الإعلام الألمانية (MStV):',
  // Issue 34: the separate, unticked advertising opt-in. Its exact wording is stored per version in
  // private.advertising_consent_texts: a change here is a new version (src/config/site.ts).
  'consent.advertising':
    'نعم، أخبروني بعروض زراعة الشعر القادمة من رحلة كير عبر الهاتف أو واتساب. هذا اختياري، ويمكنني سحب موافقتي في أي وقت.',
  // Issue 34: how testimonials are checked (§ 5b (3) UWG), under every list of them.
  'testimonials.checked':
    'كيف نتحقق: لا ننشر إلا تجارب أشخاص سافروا للعلاج عن طريقنا؛ نطابق كل تجربة مع طلب صاحبها في سجلاتنا قبل نشرها، وننشرها بإذنه وباسم مختصر.',
  // Issue 34: treatment pages' WhatsApp greeting names the treatment.
  'service.whatsappMessage': 'مرحباً رحلة كير، أرغب في استشارة مجانية حول {service}.',
  // Issue 34: the ended offer's dialog after a failed send keeps a way to reach us.
  'offer.fallbackTitle': 'لم يصل طلبك بعد',
  'offer.fallbackText': 'ما كتبته محفوظ هنا. أرسله إلينا عبر واتساب، أو حاول مرة أخرى.',
  'offer.fallbackWhatsapp': 'أرسل بياناتي عبر واتساب',
  // Issue 34: a wide table scrolls in its own region (src/components/ui/ScrollTable.astro).
  'table.region': 'جدول، مرّره أفقياً لترى بقيته',
} as const;

export type UiKey = keyof typeof ar;
