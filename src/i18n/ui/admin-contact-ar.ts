/**
 * Arabic strings of issue 32 in the back office: WhatsApp and calls from the card and the dialog,
 * the first-contact clock and its alerts, message templates, routing and the speed-to-lead report.
 * Spread into admin-ar.ts; English in admin-contact-en.ts (same keys).
 */
export const adminContactAr = {
  'admin.contact.panelTitle': 'التواصل مع المريض',
  'admin.contact.whatsapp': 'واتساب',
  'admin.contact.whatsappLabel': 'مراسلة {name} على واتساب',
  'admin.contact.call': 'اتصال',
  'admin.contact.callLabel': 'اتصال بـ{name} وتسجيل نتيجة المكالمة',
  'admin.contact.chooseTemplate': 'اختر رسالة واتساب',
  'admin.contact.language.ar': 'تُرسل بالعربية، لغة الطلب.',
  'admin.contact.language.en': 'تُرسل بالإنجليزية، لغة الطلب.',
  'admin.contact.noTemplate': 'فتح المحادثة دون رسالة جاهزة',
  'admin.contact.cannotSend': 'لا يمكن إرسالها الآن:',
  'admin.contact.missing.name': '{variable}: لا يوجد اسم للمريض.',
  'admin.contact.missing.treatment': '{variable}: العلاج غير محدد في الطلب.',
  'admin.contact.missing.manager': '{variable}: الطلب غير مسند لأحد بعد، فأسنده أولاً.',
  'admin.contact.missing.reference': '{variable}: لا رقم مرجعياً لهذا الطلب.',
  'admin.contact.missing.pageLink':
    '{variable}: لا يُحفظ رابط صفحة المريض، فلا يدخل الرسالة إلا رابط تصدره الآن.',
  'admin.contact.missing.quoteNone': '{variable}: لم يُرسل أي عرض لهذا الطلب بعد.',
  'admin.contact.missing.unknown': '{variable}: لا يعرف النظام كيف يملأ هذا المتغير بعد.',
  'admin.contact.issueLink': 'إصدار رابط جديد لهذه الرسالة',
  'admin.contact.issueLinkConfirm':
    'سيتوقف رابط المريض الحالي فوراً، ويدخل الرسالةَ رابطٌ جديد. هل تريد المتابعة؟',
  'admin.contact.linkReady': 'صدر رابط جديد لصفحة المريض: اختر الرسالة الآن لإرسالها.',
  'admin.contact.linkFailed': 'تعذّر إصدار رابط جديد.',
  'admin.contact.templatesLoading': 'جاري تحميل الرسائل...',
  'admin.contact.templatesFailed': 'تعذّر تحميل الرسائل الجاهزة.',
  'admin.contact.logFailed': 'لم يُسجَّل هذا التواصل في سجل الطلب.',
  'admin.contact.retry': 'إعادة المحاولة',
  'admin.contact.callOutcome': 'نتيجة المكالمة مع {name}',
  'admin.contact.outcome.answered': 'ردّ',
  'admin.contact.outcome.no_answer': 'لم يرد',
  'admin.contact.outcome.wrong_number': 'رقم خاطئ',
  'admin.contact.outcome.call_back': 'طلب معاودة الاتصال',
  'admin.contact.callBackHour': 'يعاود الاتصال بعد ساعة',
  'admin.contact.callBackTomorrow': 'يعاود الاتصال غداً 10:00',
  'admin.contact.callBackAt': 'يعاود الاتصال في وقت آخر',
  'admin.contact.callBackSave': 'تسجيل',
  'admin.contact.callBackInvalid': 'اختر وقتاً لاحقاً خلال السنة القادمة.',
  'admin.contact.callBackInForm': 'وُضع وقت معاودة الاتصال في «موعد المتابعة»؛ اضغط «حفظ».',
  'admin.contact.callLogged': 'سُجّلت المكالمة: {outcome}',
  'admin.contact.firstContactAt': 'أول تواصل: {date}، بعد {wait} من وصول الطلب',
  'admin.contact.awaiting': 'لم يُتواصل معه بعد. مهلة التواصل الأول حتى {time}.',
  'admin.contact.overdueSince': 'لم يُتواصل معه بعد، وقد مضت المهلة في {time}.',
  'admin.contact.notMeasured': 'لا يُقاس وقت التواصل الأول لهذا الطلب.',
  'admin.contact.lastContact': 'آخر تواصل: {date}',
  'admin.contact.noCountry': 'أضف رمز الدولة إلى الرقم لتتمكن من الاتصال والمراسلة.',

  'admin.contact.event.whatsapp': 'واتساب',
  'admin.contact.event.whatsappSent': 'أُرسلت رسالة واتساب: {template}',
  'admin.contact.event.whatsappOpened': 'فُتحت محادثة واتساب دون رسالة جاهزة',
  'admin.contact.event.call': 'اتصال',
  'admin.contact.event.callText': 'اتصال: {outcome}',
  'admin.contact.event.callBack': 'اتصال: طلب معاودة الاتصال في {time}',
  'admin.contact.event.routed': 'توزيع تلقائي',
  'admin.contact.event.routedText': 'أُسند إلى {name} بالتناوب{rule}',
  'admin.contact.event.rule.language': '، حسب اللغة',
  'admin.contact.event.rule.service': '، حسب العلاج',
  'admin.contact.event.rule.both': '، حسب اللغة والعلاج',
  'admin.contact.event.escalated': 'تنبيه المالك',
  'admin.contact.event.escalatedText':
    'لم يُتواصل مع المريض خلال {minutes} دقيقة من وقت العمل، فأُرسل إلى المالك بريد واحد.',

  'admin.firstContact.overdue': 'لم يُتواصل بعد · متأخر',
  'admin.firstContact.waiting': 'أول تواصل قبل {time}',
  'admin.firstContact.alert': 'لم يُتواصل بعد مع {name}',
  'admin.firstContact.alertBody': 'مضت مهلة التواصل الأول لهذا الطلب.',
  'admin.firstContact.open': 'فتح الطلب',
  'admin.firstContact.alertMore':
    '{count, plural, one {وطلب آخر لم يُتواصل معه بعد} two {وطلبان آخران لم يُتواصل معهما بعد} few {و# طلبات أخرى لم يُتواصل معها بعد} many {و# طلباً آخر لم يُتواصل معها بعد} other {و# طلب آخر لم يُتواصل معها بعد}}',
  'admin.duration.minutes':
    '{count, plural, zero {أقل من دقيقة} one {دقيقة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
  'admin.duration.hours':
    '{count, plural, one {ساعة} two {ساعتين} few {# ساعات} many {# ساعة} other {# ساعة}}',
  'admin.duration.days':
    '{count, plural, one {يوم} two {يومين} few {# أيام} many {# يوماً} other {# يوم}}',

  'admin.duty.label': 'مناوب الآن: تصلني الطلبات الجديدة',
  'admin.duty.routingOff': '(التوزيع التلقائي متوقف)',
  'admin.duty.failed': 'تعذّر تغيير المناوبة.',

  'admin.nav.templates': 'القوالب',
  'admin.nav.firstContact': 'التواصل الأول',
  'admin.nav.report': 'أداء الفريق',
} as const;
