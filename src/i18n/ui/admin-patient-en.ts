import type { adminPatientAr } from './admin-patient-ar.ts';

/** English strings of the patient page's part of the request dialog (same keys as the Arabic). */
export const adminPatientEn = {
  'admin.patientPage.title': "Patient's page",
  'admin.patientPage.reference': 'Reference',
  'admin.patientPage.lastOpened': 'Page last opened',
  'admin.patientPage.neverOpened': 'Not opened yet',
  'admin.patientPage.noLink': 'No working link now: issue a new one to send it to the patient.',
  'admin.patientPage.copy': "Copy the patient's link",
  'admin.patientPage.copyHint':
    'Only a fingerprint of the link is stored, so a link can be copied once, right after it is issued. To send it to the patient, issue a new one.',
  'admin.patientPage.issue': 'Issue a new link',
  'admin.patientPage.issueConfirm':
    "The patient's current link stops working at once. Issue a new one?",
  'admin.patientPage.issued':
    'A new link is issued and the old one stopped working. Copy it now and send it to the patient: it will not be shown again.',
  'admin.patientPage.copied': "Patient's link copied.",
  'admin.patientPage.copyFailed': 'Could not copy; select the link and copy it by hand.',
  'admin.patientPage.linkLabel': 'The new link',
  'admin.patientPage.revoke': 'Cancel the link',
  'admin.patientPage.revokeConfirm': "The patient's link stops working at once. Cancel it?",
  'admin.patientPage.revoked': "Patient's link cancelled.",
  'admin.patientPage.step': 'Step the patient sees',
  'admin.patientPage.now': 'The patient reads now:',
  'admin.patientPage.stepAuto': 'Automatic: received, then manager assigned',
  'admin.patientPage.step.documents': 'Waiting for photos or reports',
  'admin.patientPage.step.quotes': 'Quotes ready',
  'admin.patientPage.step.decision': "Waiting for the patient's decision",
  'admin.patientPage.step.travel': 'Travel booked',
  'admin.patientPage.step.aftercare': 'After-care',
  'admin.patientPage.stepSaved': 'The step the patient sees is updated.',
  'admin.patientPage.error': 'Could not save. Try again.',
  'admin.patientPage.callback': 'Asked for a call at {time}',
  'admin.patientPage.author': 'The patient',
  'admin.patientPage.event.message': 'Message from the patient',
  'admin.advertising.title': 'Consent to offers',
  'admin.advertising.given':
    'Agreed to receive offers by phone or WhatsApp (consent text {version}) on {time}.',
  'admin.advertising.withdrawnAt': 'Consent withdrawn on {time}: do not send offers.',
  'admin.advertising.withdraw': 'Record the withdrawal',
  'admin.advertising.confirm':
    'Record that this person withdrew their consent to offers? The consent and its time stay as proof.',
  'admin.advertising.withdrawn': 'Withdrawal of the consent to offers recorded',
  'admin.advertising.error': 'Could not record the withdrawal. Please try again.',
  'admin.patientPage.event.advertising':
    'The patient withdrew their consent to offers on their page',
  'admin.patientPage.event.contact': 'The patient corrected their details',
  'admin.patientPage.event.callback': 'The patient asked for a call',
  'admin.patientPage.event.link': "Patient's link",
  'admin.patientPage.event.step': "Patient's step",
  'admin.patientPage.event.askedAgain':
    'The link was asked for again by the request’s phone or e-mail',
  'admin.patientPage.event.reissued':
    'A new link went to the request’s e-mail on the patient’s ask; the old one stopped',
  'admin.patientPage.event.issued': 'New link issued',
  'admin.patientPage.event.revoked': 'Link cancelled',
  'admin.patientPage.event.withdrawn':
    'The patient withdrew the request on their page, through a link a team member issued: it went to the bin, where an owner restores it or it is erased after 30 days',
  // Automatic messages to the patient (issue 42/43): what went, what the policy kept back.
  'admin.automatic.event': 'Automatic message',
  'admin.automatic.kind.patient_confirmation': 'Request confirmation',
  'admin.automatic.kind.patient_link_again': 'Link again',
  'admin.automatic.kind.quotes_ready': 'Quotes ready',
  'admin.automatic.kind.quote_revised': 'Quote revised, with what changed',
  'admin.automatic.kind.quote_chosen': "Patient's choice recorded",
  'admin.automatic.kind.manager_assigned': 'Patient manager assigned',
  'admin.automatic.sent': '{kind}: sent',
  'admin.automatic.notSent': '{kind}: not sent ({reason})',
  'admin.automatic.stopped': 'Staff stopped automatic messages for this request',
  'admin.automatic.allowed': 'Staff allowed automatic messages for this request again',
  'admin.automatic.reason.erased': "the patient's data was erased",
  'admin.automatic.reason.in_bin': 'the request is in the bin or was withdrawn',
  'admin.automatic.reason.stopped': 'automatic messages are stopped',
  'admin.automatic.reason.no_address': 'no usable address',
  'admin.automatic.reason.recipient_daily_cap': "the recipient's daily limit of this kind",
  'admin.automatic.reason.recipient_all_kinds_cap': "the recipient's daily limit of messages",
  'admin.automatic.reason.unopened_link': 'an earlier link was never opened',
} as const satisfies Record<keyof typeof adminPatientAr, string>;
