/**
 * Arabic strings of the conversation on the patient's page (issue 43): the patient's messages and
 * the manager's replies (the manager is named by the page's own 'patient.manager'). A late part:
 * carried with its section (src/integrations/late-strings.ts). patient-conversation-en.ts has the
 * same keys.
 */
export const patientConversationAr = {
  'conversation.title': 'الرسائل والردود',
  'conversation.lead': 'ما كتبته لنا من هذه الصفحة وردودنا عليه، الأحدث في الأسفل.',
  'conversation.you': 'أنت',
  'conversation.offline': 'الرسائل كما كانت في {time}؛ تتجدّد حين يعود الاتصال.',
} as const;
