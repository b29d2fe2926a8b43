import type { patientAftercareAr } from './patient-aftercare-ar.ts';

/** English strings of the after-care check-ins on the patient's page (issue 44). */
export const patientAftercareEn = {
  'patient.step.aftercare_done': 'Follow-up complete',
  'patient.now.aftercare_done':
    'Your after-care is complete. If you need anything, tell {name}: we are always here.',
  'aftercare.title': 'Your after-care',
  'aftercare.lead':
    'We ask how you are on set days after your treatment, for six months. Answer in one tap; your patient manager sees it at once.',
  'aftercare.day.1': 'One day after your treatment',
  'aftercare.day.7': 'After a week',
  'aftercare.day.30': 'After a month',
  'aftercare.day.90': 'After three months',
  'aftercare.day.180': 'After six months',
  'aftercare.dayOther': 'Day {day} after your treatment',
  'aftercare.due': 'on {date}',
  'aftercare.photos': 'Send us photos at this point so we can follow the result.',
  'aftercare.ask': 'How are you?',
  'aftercare.well': 'All is well',
  'aftercare.question': 'I have a question',
  'aftercare.concern': 'I have a concern',
  'aftercare.noteLabel': 'Write what your patient manager should know',
  'aftercare.photoLabel': 'A photo (optional)',
  'aftercare.send': 'Send',
  'aftercare.cancel': 'Cancel',
  'aftercare.sending': 'Sending…',
  'aftercare.answered.well': 'You told us all is well.',
  'aftercare.answered.question': 'You sent a question: your patient manager will answer.',
  'aftercare.answered.concern': 'You told us of a concern: your patient manager is on it now.',
  'aftercare.withPhoto': 'With a photo.',
  'aftercare.upcoming': 'Later',
  'aftercare.thanks': 'Thank you, your answer arrived.',
  'aftercare.needNote': 'Write your question first.',
  'aftercare.needNoteOrPhoto': 'Write what worries you or add a photo.',
  'aftercare.photoFailed':
    'The photo did not arrive. Try another photo, or send the answer without it.',
  'aftercare.failed': 'Your answer did not arrive. Check your connection and try again.',
  'aftercare.rateLimited': 'You sent many answers in a short time. Try again in a moment.',
  'aftercare.done': 'Your after-care is complete. We are glad to hear from you at any time.',
} as const satisfies Record<keyof typeof patientAftercareAr, string>;
