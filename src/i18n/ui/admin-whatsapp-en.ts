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
  'admin.whatsapp.event': 'WhatsApp message from the patient',
  'admin.source.whatsapp': 'WhatsApp',
  'admin.request.basisWhatsApp': 'Wrote to us on WhatsApp from {number} on {date}',
} as const satisfies Record<keyof typeof adminWhatsAppAr, string>;
