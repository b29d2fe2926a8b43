import type { patientFilesAr } from './patient-files-ar.ts';

/** English strings of the photos and documents section (same keys as patient-files-ar.ts). */
export const patientFilesEn = {
  'thankYou.filesTitle': 'Send your photos and reports now',
  'thankYou.filesText':
    'Our team needs photos or reports to assess your treatment. Send them from your request’s page: they reach your patient manager directly, not through WhatsApp.',
  'thankYou.filesButton': 'Send photos and documents',

  'patientFiles.title': 'Your photos and documents',
  'patientFiles.intro':
    'Send the photos and reports our team needs to assess your treatment here. They go straight to your request, not through WhatsApp.',
  'patientFiles.privacy':
    'Each photo is made smaller on your phone before it is sent, and its location and camera data are removed. Only the Rihla Care team sees it, and it is deleted with your request.',
  'patientFiles.limits':
    'A photo up to {image}, a PDF up to {pdf}, and up to {files, plural, one {# file} other {# files}} for the whole request.',
  'patientFiles.complete':
    'We have all the photos we need. Thank you! Your patient manager will review them and get back to you.',
  'patientFiles.thumbAlt': '“{name}” as we received it',
  'patientFiles.interrupted': 'Sending “{name}” was cut off before it finished. Choose it again.',
  'patientFiles.unfinished':
    'An earlier upload did not finish. If it does not show here, choose it again.',
  'patientFiles.needed': 'Needed',
  'patientFiles.optional': 'Optional',
  'patientFiles.asked': 'Your patient manager asked for this again',
  'patientFiles.empty': 'Not sent yet',
  'patientFiles.takePhoto': 'Take a photo',
  'patientFiles.choosePhoto': 'Choose from gallery',
  'patientFiles.chooseFile': 'Choose a photo or PDF',
  'patientFiles.received': 'Received {time}',
  'patientFiles.remove': 'Delete',
  'patientFiles.removeLabel': 'Delete the file {name}',
  'patientFiles.removeConfirm': 'Delete this file for good?',
  'patientFiles.removed': 'The file is deleted.',
  'patientFiles.photo': 'Photo',
  'patientFiles.pdf': 'PDF file',

  'patientFiles.slot.hair_front': 'Front and hairline',
  'patientFiles.slot.hair_front.hint':
    'Look straight at the camera with your hair pushed back from your forehead, in daylight.',
  'patientFiles.slot.hair_front.drawing': 'Drawing of a head from the front showing the hairline',
  'patientFiles.slot.hair_top': 'Top of the head',
  'patientFiles.slot.hair_top.hint': 'From straight above the head; someone else can take it.',
  'patientFiles.slot.hair_top.drawing': 'Drawing of a head seen from above',
  'patientFiles.slot.hair_crown': 'Crown (back of the top)',
  'patientFiles.slot.hair_crown.hint': 'From behind and a little above, so the whorl shows.',
  'patientFiles.slot.hair_crown.drawing':
    'Drawing of a head from behind and above showing the whorl',
  'patientFiles.slot.hair_donor': 'Donor area (back of the head)',
  'patientFiles.slot.hair_donor.hint': 'Straight from behind, hair short or combed down.',
  'patientFiles.slot.hair_donor.drawing': 'Drawing of the back of the head and the donor area',
  'patientFiles.slot.smile': 'Your smile',
  'patientFiles.slot.smile.hint':
    'A wide smile showing your teeth, the camera in front of your mouth.',
  'patientFiles.slot.smile.drawing': 'Drawing of a smile showing the teeth',
  'patientFiles.slot.xray': 'Panoramic X-ray',
  'patientFiles.slot.xray.hint':
    'The panoramic X-ray of your jaws from your dentist: a clear photo of it, or a PDF.',
  'patientFiles.slot.xray.drawing': 'Drawing of a panoramic X-ray of the jaws',
  'patientFiles.slot.report': 'Medical reports and documents',
  'patientFiles.slot.report.hint':
    'Doctor’s reports, test results, scans: a clear photo or a PDF, up to {count, plural, one {# file} other {# files}}.',
  'patientFiles.slot.report.drawing': 'Drawing of a medical report',

  'patientFiles.state.waiting': 'Waiting…',
  'patientFiles.state.preparing': 'Preparing the file on your phone…',
  'patientFiles.state.sending': 'Sending {percent}',
  'patientFiles.state.paused':
    'Connection lost. Sending will resume where it stopped when you are back online; keep this page open.',
  'patientFiles.state.checking': 'Checking the file…',
  'patientFiles.state.done': 'File received.',
  'patientFiles.progressLabel': 'Sending {name}',

  'patientFiles.error.rateLimited':
    'You sent many files in a short time. Please try again in an hour, or send them to us on WhatsApp.',
  'patientFiles.error.tooLarge': 'This file is larger than {limit}.',
  'patientFiles.error.typePhotos': 'This slot takes photos only.',
  'patientFiles.error.typeFiles': 'This slot takes photos and PDF files only.',
  'patientFiles.error.full':
    'Your request holds as many files as it can. Delete one to add another, or send it on WhatsApp.',
  'patientFiles.error.slotFull': 'This slot is full. Delete a file from it to add another.',
  'patientFiles.error.decode':
    'This photo could not be read on your phone. Take a new photo, or choose a JPEG.',
  'patientFiles.error.notPdf': 'This file is not a PDF we can open.',
  'patientFiles.error.content_mismatch': 'This file is not a photo or PDF we can open.',
  'patientFiles.error.truncated': 'The file arrived incomplete. Please send it again.',
  'patientFiles.error.location_metadata':
    'The photo still carried your location, so we did not keep it. Please send it again from this page.',
  'patientFiles.error.metadata':
    'The photo still carried hidden data (camera details or text), so we did not keep it. Please send it again from this page.',
  'patientFiles.error.trailing_data':
    'This file holds more data after the photo or document, so we did not keep it. Please send it again from this page.',
  'patientFiles.error.image_too_large':
    'This photo has more pixels than we accept. Send it from this page, which makes it smaller first.',
  'patientFiles.error.content_type':
    'This file arrived labelled as another type than it is, so we did not keep it. Please send it again from this page.',
  'patientFiles.error.active_content':
    'This PDF has active content we do not accept. Photograph its pages, or save it again as a PDF.',
  'patientFiles.error.failed':
    'The file could not be sent. Please try again, or send it to us on WhatsApp.',
} as const satisfies Record<keyof typeof patientFilesAr, string>;
