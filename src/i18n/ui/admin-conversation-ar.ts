/**
 * Arabic strings of the request dialog's conversation with the patient on their page (issue 43):
 * their messages, the replies and the composer, and the reply's timeline entry; spread into
 * admin-ar.ts. admin-conversation-en.ts has the same keys.
 */
export const adminConversationAr = {
  'admin.conversation.title': 'رسائل صفحة المريض',
  'admin.conversation.lead': 'ما يكتبه المريض من صفحته، وردودكم عليه: يظهر كل ردّ على صفحته.',
  'admin.conversation.loading': 'نحمّل الرسائل…',
  'admin.conversation.error': 'تعذّر تحميل الرسائل. حاول مرة أخرى.',
  'admin.conversation.empty': 'لم يكتب المريض من صفحته بعد.',
  'admin.conversation.fromPatient': 'المريض',
  'admin.conversation.fromStaff': 'ردّ {name}',
  'admin.conversation.label': 'ردّك على المريض',
  'admin.conversation.hint':
    'يظهر على صفحة المريض، ويبقى ما تكتبه في هذا التبويب حتى يُرسل. الأحرف: {count} / 1000.',
  'admin.conversation.send': 'أرسل الرد',
  'admin.conversation.sending': 'نرسل الرد…',
  'admin.conversation.sent': 'وصل الرد إلى صفحة المريض.',
  'admin.conversation.retry': 'إعادة المحاولة',
  'admin.conversation.shortcut': 'Ctrl+Enter يرسل الرد.',
  'admin.conversation.event': 'ردّ على المريض',
} as const;
