/**
 * Arabic strings of the request dialog's WhatsApp conversation through the Cloud API (issue 46)
 * and its timeline entry, spread into admin-ar.ts; admin-whatsapp-en.ts has the same keys.
 */
export const adminWhatsAppAr = {
  'admin.whatsapp.title': 'محادثة واتساب',
  'admin.whatsapp.loading': 'نحمّل المحادثة…',
  'admin.whatsapp.error': 'تعذّر تحميل المحادثة. حاول مرة أخرى.',
  'admin.whatsapp.empty': 'لم يكتب المريض إلى رقم الوكالة على واتساب بعد.',
  'admin.whatsapp.fromPatient': 'المريض',
  'admin.whatsapp.fromAgency': 'الوكالة ({name})',
  'admin.whatsapp.windowOpen':
    'يمكن الرد برسالة حرة حتى {time} (خلال 24 ساعة من آخر رسالة كتبها المريض).',
  'admin.whatsapp.windowClosed':
    'مضت أكثر من 24 ساعة على آخر رسالة من المريض: لا يسمح واتساب إلا بالقوالب المعتمدة.',
  'admin.whatsapp.kind.image': 'صورة',
  'admin.whatsapp.kind.document': 'مستند',
  'admin.whatsapp.kind.audio': 'رسالة صوتية',
  'admin.whatsapp.kind.video': 'فيديو',
  'admin.whatsapp.kind.location': 'موقع',
  'admin.whatsapp.kind.text': 'رسالة',
  'admin.whatsapp.kind.template': 'قالب',
  'admin.whatsapp.location':
    'موقع شاركه المريض: {place} ({latitude}، {longitude}). لا يُشارك مع أحد.',
  'admin.whatsapp.state.queued': 'في الانتظار',
  'admin.whatsapp.state.sent': 'أُرسلت',
  'admin.whatsapp.state.delivered': 'وصلت',
  'admin.whatsapp.state.read': 'قُرئت',
  'admin.whatsapp.state.failed': 'لم تُرسل: {reason}',
  'admin.whatsapp.composer.label': 'رسالة واتساب إلى المريض',
  'admin.whatsapp.composer.count': 'الأحرف: {count}/4096',
  'admin.whatsapp.composer.send': 'إرسال عبر واتساب',
  'admin.whatsapp.composer.sending': 'نرسل…',
  'admin.whatsapp.composer.retry': 'إعادة المحاولة',
  'admin.whatsapp.composer.queued': 'في طريقها إلى واتساب؛ تظهر حالتها في المحادثة.',
  'admin.whatsapp.composer.templatesOnly':
    'خارج نافذة الـ24 ساعة لا يسمح واتساب برسالة حرة: اختر قالباً اعتمدته Meta.',
  'admin.whatsapp.composer.neverWrote':
    'لم يكتب المريض إلى رقم الوكالة على واتساب، فلا يسمح واتساب إلا بقالب اعتمدته Meta.',
  'admin.whatsapp.composer.template': 'القالب المعتمد',
  'admin.whatsapp.composer.noTemplates': 'لا قالب معتمداً بعد: يعتمده Meta ثم يفعّله المالك.',
  'admin.whatsapp.media.pending': 'نجلب الملف من واتساب…',
  'admin.whatsapp.media.stored': 'محفوظ في ملفات الطلب بعد الفحص.',
  'admin.whatsapp.media.refused': 'لم يُقبل الملف: {reason}',
  'admin.whatsapp.media.failed': 'تعذّر جلب الملف من واتساب: {reason}',
  'admin.automatic.stopped_by_patient':
    'كتب المريض «توقف» على واتساب: لا رسائل تلقائية ولا عروض لهذا الطلب بعد الآن',
  'admin.whatsapp.media.type': 'ليس صورة JPEG أو PNG أو WebP ولا ملف PDF',
  'admin.whatsapp.event': 'رسالة واتساب من المريض',
  'admin.source.whatsapp': 'واتساب',
  'admin.request.basisWhatsApp': 'كتب إلينا على واتساب من الرقم {number} في {date}',
} as const;
