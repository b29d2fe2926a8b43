/**
 * English strings of "send me my link again" (issue 43; src/components/patient/PatientLinkAgain.astro).
 * Spread into patient-en.ts. The answer is the same whether or not a request has the contact.
 */
export const patientAgainEn = {
  'patient.again.title': 'Send me my link again',
  'patient.again.hint':
    'Type the phone number or e-mail you sent your request with. The new link goes only to the e-mail stored with the request, and the old link stops working.',
  'patient.again.label': 'Your phone number or e-mail',
  'patient.again.send': 'Send the link',
  'patient.again.sending': 'Sending...',
  'patient.again.done':
    'If this number or e-mail belongs to a request, its new link will reach the e-mail stored with that request within minutes. If your request has no e-mail, message us on WhatsApp.',
  'patient.again.invalid':
    'Type a phone number (with its country code if you can) or an e-mail address.',
  'patient.again.busy':
    'You asked for the link many times. Try again in an hour, or message us on WhatsApp.',
  'patient.again.error':
    'Could not connect. Check your internet and try again; what you typed is kept.',
} as const;
