/**
 * English "what now" of the patient's page (issue 43): one sentence and one button per state of
 * the request (src/lib/patient/steps.ts, src/lib/patient/now-text.ts). {name} is the manager's
 * name, or patient.nowManager. Spread into patient-en.ts, and read directly by the staff's
 * panel, which shows the patient's sentence (src/islands/admin/dialog/PatientPagePanel.tsx).
 */
export const patientNowEn = {
  'patient.nowManager': 'your patient manager',
  'patient.now.photos':
    'We still need {count, plural, one {# photo or document} other {# photos or documents}} to ask the clinics for your quotes: {list}. Send them from this page.',
  'patient.now.waiting':
    'We have everything we need and are asking the clinics now. Your quotes will be here by {date}.',
  'patient.now.waitingLate':
    'Your quotes are later than we promised ({date}); we are chasing the clinics and they will be here as soon as they arrive.',
  'patient.now.waitingSoon':
    'We are asking the clinics for your quotes now; they will be here as soon as they arrive.',
  'patient.now.compare':
    '{count, plural, one {Your quote is ready: read it below and choose it if it suits you.} other {# quotes are ready: compare them below and choose the one that suits you.}}',
  'patient.now.expired': 'The quotes we sent you have expired. Ask {name} for updated ones.',
  'patient.now.chosen':
    'You chose {clinic}; {name} will call you within 24 hours to confirm the dates and arrange your travel.',
  'patient.now.travel':
    'Your trip is being arranged: get your passport and documents ready, and tell {name} if anything changes.',
  'patient.now.aftercare':
    'We stay with you after treatment: tell {name} how you feel and send recovery photos.',
  'patient.now.closed': 'This request is closed. To start again, message us on WhatsApp.',
  'patient.button.photos': 'Send photos and documents',
  'patient.button.compare': 'Compare the quotes',
  'patient.button.chatManager': 'Message {name} on WhatsApp',
  'patient.button.chatUs': 'Message us on WhatsApp',
  'patient.button.aftercare': 'Send an update on WhatsApp',
} as const;
