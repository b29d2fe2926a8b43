/**
 * Arabic strings of the reminders on the patient's page (issue 44, item 3): what the page reminds
 * of, whether the reminders are on, and the one tap that stops them. A late part: carried with its
 * section (src/integrations/late-strings.ts). patient-reminders-en.ts has the same keys.
 */
export const patientRemindersAr = {
  'reminders.title': 'التذكيرات',
  'reminders.lead':
    'نذكّرك بالصور الناقصة بعد يوم، وبالعرض قبل انتهائه بثلاثة أيام، وبموعد الاتصال الذي طلبته، وبرحلتك قبلها بأسبوع وبيوم، وبموعد علاجك قبله بيوم. لا نرسل شيئاً في الليل بتوقيتك.',
  'reminders.on': 'التذكيرات مفعّلة.',
  'reminders.off': 'أوقفت التذكيرات. أخبار طلبك تصلك كما هي.',
  'reminders.staff': 'أوقف فريقنا الرسائل التلقائية لطلبك، ومنها التذكيرات.',
  'reminders.last': 'آخر تذكير: {time}',
  'reminders.stop': 'أوقف التذكيرات',
  'reminders.resume': 'أعد تشغيل التذكيرات',
  'reminders.error': 'لم نتمكّن من حفظ ذلك. حاول مرة أخرى بعد قليل.',
} as const;
