import type { patientConversationAr } from './patient-conversation-ar.ts';

/** English strings of the conversation on the patient's page (same keys as patient-conversation-ar.ts). */
export const patientConversationEn = {
  'conversation.title': 'Messages and replies',
  'conversation.lead': 'What you wrote to us from this page and our replies, newest last.',
  'conversation.you': 'You',
  'conversation.offline': 'Messages as of {time}; they refresh when you are back online.',
} as const satisfies Record<keyof typeof patientConversationAr, string>;
