import type { adminWhatsAppAr } from './admin-whatsapp-ar.ts';

/** English strings of the request dialog's WhatsApp conversation (same keys as admin-whatsapp-ar.ts). */
export const adminWhatsAppEn = {
  'admin.whatsapp.title': 'WhatsApp conversation',
  'admin.whatsapp.loading': 'Loading the conversation…',
  'admin.whatsapp.error': 'Could not load the conversation. Try again.',
  'admin.whatsapp.empty': 'The patient has not written to the agency’s WhatsApp number yet.',
  'admin.whatsapp.fromPatient': 'Patient',
  'admin.whatsapp.fromAgency': 'Agency ({name})',
  'admin.whatsapp.windowOpen':
    'A free-text reply is allowed until {time} (within 24 hours of the patient’s last message).',
  'admin.whatsapp.windowClosed':
    'More than 24 hours have passed since the patient last wrote: WhatsApp allows only approved templates.',
  'admin.whatsapp.kind.image': 'Photo',
  'admin.whatsapp.kind.document': 'Document',
  'admin.whatsapp.kind.audio': 'Voice message',
  'admin.whatsapp.kind.video': 'Video',
  'admin.whatsapp.kind.location': 'Location',
  'admin.whatsapp.kind.text': 'Message',
  'admin.whatsapp.kind.template': 'Template',
  'admin.whatsapp.location':
    'Location the patient shared: {place} ({latitude}, {longitude}). Never shared on.',
  'admin.whatsapp.state.queued': 'Waiting',
  'admin.whatsapp.state.sent': 'Sent',
  'admin.whatsapp.state.delivered': 'Delivered',
  'admin.whatsapp.state.read': 'Read',
  'admin.whatsapp.state.failed': 'Not sent: {reason}',
  'admin.whatsapp.composer.label': 'WhatsApp message to the patient',
  'admin.whatsapp.composer.count': 'Characters: {count}/4096',
  'admin.whatsapp.composer.send': 'Send on WhatsApp',
  'admin.whatsapp.composer.sending': 'Sending…',
  'admin.whatsapp.composer.retry': 'Try again',
  'admin.whatsapp.composer.queued': 'On its way to WhatsApp; its state shows in the conversation.',
  'admin.whatsapp.composer.templatesOnly':
    'Outside the 24-hour window WhatsApp allows no free text: choose a template Meta approved.',
  'admin.whatsapp.composer.neverWrote':
    'The patient has not written to the agency’s WhatsApp number, so WhatsApp allows only a template Meta approved.',
  'admin.whatsapp.composer.template': 'Approved template',
  'admin.whatsapp.composer.noTemplates':
    'No approved template yet: Meta approves it, then the owner turns it on.',
  'admin.whatsapp.media.pending': 'Fetching the file from WhatsApp…',
  'admin.whatsapp.media.stored': 'Kept in the request’s files after the check.',
  'admin.whatsapp.media.refused': 'File not accepted: {reason}',
  'admin.whatsapp.media.failed': 'Could not fetch the file from WhatsApp: {reason}',
  'admin.automatic.stopped_by_patient':
    'The patient wrote STOP on WhatsApp: no automatic messages or offers for this request any more',
  'admin.whatsapp.media.type': 'not a JPEG, PNG or WebP photo nor a PDF',
  'admin.whatsapp.event': 'WhatsApp message from the patient',
  'admin.source.whatsapp': 'WhatsApp',
  'admin.request.basisWhatsApp': 'Wrote to us on WhatsApp from {number} on {date}',
} as const satisfies Record<keyof typeof adminWhatsAppAr, string>;
