import type { adminConversationAr } from './admin-conversation-ar.ts';

/** English strings of the dialog's conversation with the patient (same keys as admin-conversation-ar.ts). */
export const adminConversationEn = {
  'admin.conversation.title': 'Messages on the patient’s page',
  'admin.conversation.lead':
    'What the patient writes from their page, and your replies: each reply shows on their page.',
  'admin.conversation.loading': 'Loading the messages…',
  'admin.conversation.error': 'Could not load the messages. Try again.',
  'admin.conversation.empty': 'The patient has not written from their page yet.',
  'admin.conversation.fromPatient': 'The patient',
  'admin.conversation.fromStaff': 'Reply by {name}',
  'admin.conversation.label': 'Your reply to the patient',
  'admin.conversation.hint':
    'Shows on the patient’s page; what you type stays in this tab until it is sent. Characters: {count} / 1000.',
  'admin.conversation.send': 'Send reply',
  'admin.conversation.sending': 'Sending the reply…',
  'admin.conversation.sent': 'The reply is on the patient’s page.',
  'admin.conversation.retry': 'Try again',
  'admin.conversation.shortcut': 'Ctrl+Enter sends the reply.',
  'admin.conversation.event': 'Reply to the patient',
} as const satisfies Record<keyof typeof adminConversationAr, string>;
