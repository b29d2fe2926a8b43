/**
 * Arabic strings of the photos and documents section of the patient's page and of its invitation
 * on the thank-you page (issue 30). Spread into ar.ts; patient-files-en.ts has the same keys.
 */
export const patientFilesAr = {
  'thankYou.filesTitle': 'أرسل صورك وتقاريرك الآن',
  'thankYou.filesText':
    'يحتاج فريقنا إلى صور أو تقارير ليقدّر علاجك. أرسلها من صفحة طلبك فتصل مباشرة إلى مدير المريض، لا عبر واتساب.',
  'thankYou.filesButton': 'أرسل الصور والمستندات',

  'patientFiles.title': 'صورك ومستنداتك',
  'patientFiles.intro':
    'أرسل هنا الصور والتقارير التي يحتاجها فريقنا ليقدّر علاجك. تصل مباشرة إلى ملف طلبك، لا عبر واتساب.',
  'patientFiles.privacy':
    'نصغّر كل صورة على هاتفك قبل إرسالها ونحذف منها الموقع وبيانات الكاميرا. لا يراها إلا فريق رحلة كير، وتُحذف مع طلبك.',
  'patientFiles.limits':
    'الصورة حتى {image} وملف PDF حتى {pdf}، وحتى {files, plural, zero {# ملف} one {ملف واحد} two {ملفين} few {# ملفات} many {# ملفاً} other {# ملف}} للطلب كله.',
  'patientFiles.complete': 'وصلتنا كل الصور المطلوبة، شكراً لك. سيراجعها مدير المريض ويعود إليك.',
  'patientFiles.thumbAlt': 'صورة «{name}» كما وصلتنا',
  'patientFiles.interrupted': 'انقطع إرسال «{name}» قبل أن يكتمل. اختره مرة أخرى.',
  'patientFiles.unfinished': 'لم يكتمل إرسال ملف سابق. إن لم يظهر هنا فاختره مرة أخرى.',
  'patientFiles.needed': 'مطلوبة',
  'patientFiles.optional': 'اختيارية',
  'patientFiles.asked': 'طلب مدير المريض هذه مرة أخرى',
  'patientFiles.empty': 'لم تُرسل بعد',
  'patientFiles.takePhoto': 'التقط صورة',
  'patientFiles.choosePhoto': 'اختر من المعرض',
  'patientFiles.chooseFile': 'اختر صورة أو PDF',
  'patientFiles.received': 'وصل {time}',
  'patientFiles.remove': 'احذف',
  'patientFiles.removeLabel': 'احذف الملف {name}',
  'patientFiles.removeConfirm': 'نحذف هذا الملف نهائياً؟',
  'patientFiles.removed': 'حُذف الملف.',
  'patientFiles.photo': 'صورة',
  'patientFiles.pdf': 'ملف PDF',

  'patientFiles.slot.hair_front': 'الجبهة وخط الشعر',
  'patientFiles.slot.hair_front.hint':
    'انظر إلى الكاميرا مباشرة وشعرك مرفوع عن جبهتك، في ضوء النهار.',
  'patientFiles.slot.hair_front.drawing': 'رسم لرأس من الأمام يظهر خط الشعر',
  'patientFiles.slot.hair_top': 'أعلى الرأس',
  'patientFiles.slot.hair_top.hint': 'من فوق الرأس مباشرة؛ يمكن أن يصوّرك شخص آخر.',
  'patientFiles.slot.hair_top.drawing': 'رسم لرأس من الأعلى',
  'patientFiles.slot.hair_crown': 'التاج (أعلى مؤخرة الرأس)',
  'patientFiles.slot.hair_crown.hint': 'من الخلف ومن فوق قليلاً، لتظهر الدوّامة.',
  'patientFiles.slot.hair_crown.drawing': 'رسم لرأس من الخلف والأعلى تظهر فيه الدوّامة',
  'patientFiles.slot.hair_donor': 'المنطقة المانحة (خلف الرأس)',
  'patientFiles.slot.hair_donor.hint': 'من الخلف مباشرة، والشعر قصير أو ممشّط إلى الأسفل.',
  'patientFiles.slot.hair_donor.drawing': 'رسم لمؤخرة الرأس والمنطقة المانحة',
  'patientFiles.slot.smile': 'ابتسامتك',
  'patientFiles.slot.smile.hint': 'ابتسامة عريضة تظهر أسنانك، والكاميرا أمام فمك.',
  'patientFiles.slot.smile.drawing': 'رسم لابتسامة تظهر الأسنان',
  'patientFiles.slot.xray': 'صورة الأشعة البانورامية',
  'patientFiles.slot.xray.hint':
    'صورة الأشعة البانورامية للفكين من طبيب الأسنان، صورة واضحة لها أو ملف PDF.',
  'patientFiles.slot.xray.drawing': 'رسم لصورة أشعة بانورامية للفكين',
  'patientFiles.slot.report': 'تقارير ومستندات طبية',
  'patientFiles.slot.report.hint':
    'تقارير الطبيب والتحاليل والأشعة: صورة واضحة أو ملف PDF، حتى {count, plural, one {ملف واحد} two {ملفين} few {# ملفات} many {# ملفاً} other {# ملف}}.',
  'patientFiles.slot.report.drawing': 'رسم لتقرير طبي',

  'patientFiles.state.waiting': 'في الانتظار…',
  'patientFiles.state.preparing': 'نجهّز الملف على هاتفك…',
  'patientFiles.state.sending': 'نرسل {percent}',
  'patientFiles.state.paused':
    'انقطع الاتصال. سنكمل الإرسال من حيث توقف حين يعود، فلا تغلق الصفحة.',
  'patientFiles.state.checking': 'نتحقق من الملف…',
  'patientFiles.state.done': 'وصل الملف.',
  'patientFiles.progressLabel': 'إرسال {name}',

  'patientFiles.error.rateLimited':
    'أرسلت ملفات كثيرة في وقت قصير. حاول بعد ساعة، أو أرسلها لنا عبر واتساب.',
  'patientFiles.error.tooLarge': 'هذا الملف أكبر من {limit}.',
  'patientFiles.error.typePhotos': 'هذه الخانة تقبل الصور فقط.',
  'patientFiles.error.typeFiles': 'هذه الخانة تقبل الصور وملفات PDF فقط.',
  'patientFiles.error.full':
    'يحمل طلبك أكبر عدد من الملفات يسعه. احذف ملفاً لتضيف آخر، أو أرسله عبر واتساب.',
  'patientFiles.error.slotFull': 'هذه الخانة ممتلئة. احذف ملفاً منها لتضيف آخر.',
  'patientFiles.error.decode':
    'تعذّرت قراءة هذه الصورة على هاتفك. التقط صورة جديدة، أو اختر صورة JPEG.',
  'patientFiles.error.notPdf': 'هذا الملف ليس ملف PDF نستطيع فتحه.',
  'patientFiles.error.content_mismatch': 'هذا الملف ليس صورة أو ملف PDF نستطيع فتحه.',
  'patientFiles.error.truncated': 'وصل الملف ناقصاً. أرسله مرة أخرى.',
  'patientFiles.error.location_metadata':
    'ما زالت في الصورة بيانات موقعك، فلم نحفظها. أرسلها مرة أخرى من هذه الصفحة.',
  'patientFiles.error.metadata':
    'ما زالت في الصورة بيانات مخفية (من الكاميرا أو نصوص)، فلم نحفظها. أرسلها مرة أخرى من هذه الصفحة.',
  'patientFiles.error.trailing_data':
    'في هذا الملف بيانات زائدة بعد الصورة أو المستند، فلم نحفظه. أرسله مرة أخرى من هذه الصفحة.',
  'patientFiles.error.image_too_large':
    'أبعاد هذه الصورة أكبر مما نقبل. أرسلها من هذه الصفحة، فهي تصغّرها قبل الإرسال.',
  'patientFiles.error.content_type':
    'وصل هذا الملف بنوع غير نوعه الحقيقي، فلم نحفظه. أرسله مرة أخرى من هذه الصفحة.',
  'patientFiles.error.active_content':
    'في ملف PDF هذا محتوى نشط لا نقبله. صوّر صفحاته أو احفظه من جديد بصيغة PDF.',
  'patientFiles.error.failed': 'تعذّر إرسال الملف. حاول مرة أخرى، أو أرسله لنا عبر واتساب.',
} as const;
