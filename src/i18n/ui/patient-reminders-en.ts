import type { patientRemindersAr } from './patient-reminders-ar.ts';

/** English strings of the reminders on the patient's page (same keys as patient-reminders-ar.ts). */
export const patientRemindersEn = {
  'reminders.title': 'Reminders',
  'reminders.lead':
    'We remind you of missing photos after a day, of a quote three days before it ends, of the call-back time you asked for, of your trip a week and a day before, and of your treatment the day before. Nothing is sent at night in your time zone.',
  'reminders.on': 'Reminders are on.',
  'reminders.off': 'You stopped the reminders. News about your request still reaches you.',
  'reminders.staff': 'Our team stopped the automatic messages of your request, reminders included.',
  'reminders.last': 'Last reminder: {time}',
  'reminders.stop': 'Stop reminders',
  'reminders.resume': 'Send reminders again',
  'reminders.error': 'We could not save that. Please try again shortly.',
} as const satisfies Record<keyof typeof patientRemindersAr, string>;
