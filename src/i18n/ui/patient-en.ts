import type { patientAr } from './patient-ar.ts';

/** English strings of the patient's page and link (same keys as patient-ar.ts). */
import { patientAgainEn } from './patient-again-en.ts';
import { patientNowEn } from './patient-now-en.ts';

export const patientEn = {
  ...patientNowEn,
  ...patientAgainEn,
  'thankYou.linkTitle': "Your request's private link",
  'thankYou.linkText':
    'Keep this link to follow your request at any time. Anyone who opens it sees your request, so share it only with people you trust.',
  'thankYou.reference': 'Your reference',
  'thankYou.saveLink': 'Save the link',
  'thankYou.copied': 'Link copied: keep it somewhere you will find it.',
  'thankYou.copyFailed': 'Could not copy. Press and hold the link to copy it.',
  'thankYou.openPage': 'Open your request page',
  'thankYou.shareTitle': 'My request with Rihla Care',
  'thankYou.whatsappMessageRef':
    'Hello Rihla Care, I sent a consultation request, reference {reference}, and would like to follow it up.',

  'patient.title': 'Your request',
  'patient.description':
    'Your private page to follow your request with Rihla Care: its reference, its steps, your patient manager and what to do now.',
  'patient.loading': 'Loading your request…',
  'patient.greeting': 'Hello {name}',
  'patient.reference': 'Reference',
  'patient.treatment': 'Treatment',
  'patient.receivedAt': 'Sent on',
  'patient.nowTitle': 'What to do now',
  'patient.stepsTitle': 'Your request, step by step',
  'patient.stepDone': 'done',
  'patient.stepCurrent': 'current step',
  'patient.stepLater': 'later',
  'patient.step.received': 'Request received',
  'patient.step.assigned': 'Patient manager assigned',
  'patient.step.documents': 'Your photos and reports',
  'patient.step.quotes': 'Clinic quotes',
  'patient.step.decision': 'Your decision',
  'patient.step.travel': 'On your treatment trip',
  'patient.step.aftercare': 'After-care',
  'patient.whatsappMessage': 'Hello, my request reference is {reference}.',
  'patient.manager': 'Your patient manager',
  'patient.managerPending':
    'A patient manager will be assigned to you soon; their name will show here.',
  'patient.callbackPending': 'You asked for a call at {time}.',
  'patient.invalidTitle': 'This link is no longer valid',
  'patient.invalidText':
    'The link may have been cancelled or replaced by a new one, or the request was deleted. Get your link again below, or message us on WhatsApp and we will help.',
  'patient.invalidMessage': 'Hello Rihla Care, the link to my request no longer works.',
  'patient.whatsappUs': 'Message us on WhatsApp',
  'patient.offlineSaved':
    'You are offline. This is the last status we saw for your request, at {time}.',
  'patient.offlineNone':
    'You are offline, and no status of your request is saved on this device yet.',
  'patient.error': 'Your request could not be loaded just now. Try again in a moment.',
  'patient.busy': 'Too many attempts from this connection. Wait a few minutes, then try again.',
  'patient.retry': 'Try again',
  'patient.service.cosmetic': 'Cosmetic treatment',

  'patient.actionsTitle': 'Need something else?',
  'patient.sending': 'Sending…',
  'patient.rateLimited':
    'Too many requests in a short time. Try again in an hour, or message us on WhatsApp.',
  'patient.failed':
    'That did not go through. Check your connection and try again; what you typed is kept.',
  'patient.message.title': 'Leave a message for your patient manager',
  'patient.message.label': 'Your message',
  'patient.message.send': 'Send message',
  'patient.message.sent': 'Your message has reached your patient manager.',
  'patient.message.invalid': 'Write your message first (up to 1000 characters).',
  'patient.callback.title': 'Ask for a call at a time that suits you',
  'patient.callback.label': 'Date and time',
  'patient.callback.hint':
    "In your device's time, at least 15 minutes from now and within 30 days.",
  'patient.callback.send': 'Ask for the call',
  'patient.callback.sent': 'Noted: we will call you at {time}.',
  'patient.callback.invalid': 'Choose a time at least 15 minutes from now and within 30 days.',
  'patient.contact.title': 'Correct your contact details',
  'patient.contact.current': 'The phone number we have ends in {digits}.',
  'patient.contact.currentEmail': 'The e-mail we have: {email}',
  'patient.contact.hint': 'Leave a field empty if it has not changed.',
  'patient.contact.name': 'Full name',
  'patient.contact.countryCode': 'Country code',
  'patient.contact.phone': 'Phone number',
  'patient.contact.email': 'E-mail',
  'patient.contact.send': 'Save the correction',
  'patient.contact.sent': 'We saved your new details and told your patient manager.',
  'patient.contact.unchanged': 'Nothing in your details changed.',
  'patient.contact.invalid':
    'Check the details: a name of at least 2 letters, a phone number of 8 to 15 digits, a valid e-mail.',
  'patient.advertising.title': 'Offers by phone or WhatsApp',
  'patient.advertising.text':
    'You agreed that we may tell you about our next offers by phone or WhatsApp. You can withdraw this consent now; your request stays as it is.',
  'patient.advertising.send': 'Withdraw my consent to offers',
  'patient.advertising.done':
    'Your consent is withdrawn. We will not send you offers any more, and we carry on with your request as usual.',
  'patient.advertising.withdrawn':
    'You withdrew your consent to offers, so we will not send you any.',
  'patient.withdraw.title': 'Withdraw your request and delete your data',
  'patient.withdraw.text':
    'We will permanently delete your request and all your data with us; it cannot be recovered, and this link will stop working.',
  'patient.withdraw.label': 'To confirm, type the reference {reference}',
  'patient.withdraw.send': 'Delete my request permanently',
  'patient.withdraw.mismatch': 'The reference you typed does not match {reference}.',
  'patient.withdraw.done':
    'Your request and your data are deleted. Thank you for your trust; we are here whenever you need us.',
  'patient.withdraw.doneLater':
    'Your request is withdrawn and this link no longer works; your data will be permanently deleted within a month. Thank you for your trust; we are here whenever you need us.',
} as const satisfies Record<keyof typeof patientAr, string>;
