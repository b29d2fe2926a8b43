import type { UiKey } from './ar.ts';
import { adminEn } from './admin-en.ts';
import { clinicPageEn } from './clinic-page-en.ts';
import { patientEn } from './patient-en.ts';
import { patientFilesEn } from './patient-files-en.ts';
import { quotesEn } from './quotes-en.ts';
import { patientTripEn } from './patient-trip-en.ts';
import { patientConversationEn } from './patient-conversation-en.ts';
import { patientAftercareEn } from './patient-aftercare-en.ts';
import { patientRemindersEn } from './patient-reminders-en.ts';
import { patientReviewEn } from './patient-review-en.ts';

/** English UI strings. A key missing here, or one that Arabic lacks, is a compile error. */

export const en = {
  ...adminEn,
  ...patientEn,
  ...patientFilesEn,
  ...quotesEn,
  ...clinicPageEn,
  ...patientTripEn,
  ...patientConversationEn,
  ...patientAftercareEn,
  ...patientRemindersEn,
  ...patientReviewEn,
  'site.tagline': 'Your trusted partner in medical travel',
  'site.description':
    'Rihla Care: a free consultation and a personal patient manager for treatment in Turkey, Romania and beyond. Real prices, two free quotes from accredited hospitals, 6 months of free follow-up.',
  'site.skip': 'Skip to content',

  'nav.label': 'Main navigation',
  'nav.home': 'Home',
  'nav.services': 'Services',
  'nav.articles': 'Articles',
  'nav.destinations': 'Destinations',
  'nav.about': 'About us',
  'nav.contact': 'Contact',
  'nav.menu': 'Menu',
  'nav.menuOpen': 'Open menu',
  'nav.menuClose': 'Close menu',
  'nav.logoHome': 'Rihla Care – home',
  'nav.toggleLanguage': 'العربية',
  'nav.toggleLanguageLabel': 'التبديل إلى العربية',
  'nav.freeConsultation': 'Free consultation',

  'hero.eyebrow': 'Accredited hospitals in 9 countries',
  'hero.title': 'Treatment abroad, with clarity and confidence from the first question',
  'hero.lead':
    'A free personal patient manager compares the top 5 offers from accredited hospitals, arranges your travel and stay, and follows up for 6 months after treatment. No extra fee for you.',
  'hero.cta': 'Get a free consultation',
  'hero.whatsapp': 'Chat with us on WhatsApp',
  'hero.whatsappMessage':
    'Hello Rihla Care, I would like a free consultation about treatment abroad.',
  'hero.shortcutsLabel': 'Most requested treatments',
  'hero.imageAlt':
    'Illustration of one of our coordinators welcoming a traveller with a suitcase in front of the Istanbul skyline',
  'hero.from': 'From',

  'services.eyebrow': 'Our services',
  'services.title': 'Treatments we arrange for you from A to Z',
  'services.lead':
    'Choose a treatment to see indicative prices and the steps of the trip, or ask for a consultation and we will suggest the best fit.',
  'services.more': 'Details and prices',

  'trust.eyebrow': 'Why patients trust us',
  'trust.title': 'Full clarity before you book',

  'why.eyebrow': 'About us',
  'why.title': 'A medical travel agency that works for you',
  'why.lead':
    'We are a team of medical coordinators working with accredited partner hospitals and clinics, each named in our quotes. We compare, arrange and stay with you until you are safely home.',
  'why.managerTitle': 'A personal patient manager, free',
  'why.managerText':
    'One person who knows your file and speaks your language, from the first message to the last follow-up:',
  'why.managerPoint1': 'Finds clinic offers and compares them for you',
  'why.managerPoint2': 'Helps you choose the right clinic',
  'why.managerPoint3': 'Arranges travel, stay and airport pick-up',
  'why.managerPoint4': 'Follows your treatment and checks the invoices with you',

  'process.eyebrow': 'How it works',
  'process.title': 'Four clear steps',
  'process.step': 'Step {n}',

  'destinations.eyebrow': 'Destinations',
  'destinations.title': 'Nine countries, accredited hospitals in each',
  'destinations.lead':
    'We choose the destination for your treatment, budget and travel, never for the commission.',
  'destinations.flagAlt': 'Flag of {country}',
  'destinations.more': 'Explore',

  'testimonials.eyebrow': 'Patient stories',
  'testimonials.title': 'What our patients say',
  'testimonials.rating': 'Rating the patient gave: {rating} out of 5',

  'coordinators.eyebrow': 'Coordination team',
  'coordinators.title': 'Coordinators who speak your language',
  'coordinators.lead':
    'Each coordinator specialises in one field of treatment and answers you personally on WhatsApp.',
  'coordinators.whatsapp': 'WhatsApp {name}',
  'coordinators.languages': 'Languages spoken',
  'coordinators.contact': 'Ask for a consultation',
  'coordinators.whatsappMessage': 'Hello {name}, I would like a consultation about treatment.',

  'faq.eyebrow': 'FAQ',
  'faq.title': 'Clear answers before you ask',

  'blog.eyebrow': 'Blog',
  'blog.teaserTitle': 'Articles to help you decide',
  'blog.all': 'All articles',
  'blog.readMore': 'Read more',
  'blog.readTime': '{n} min read',
  'blog.indexTitle': 'The Rihla Care blog',
  'blog.indexLead':
    'Practical guides and honest comparisons to help you understand your treatment and choose a destination and clinic with confidence.',
  'blog.indexDescription':
    'Articles on hair transplants, dental implants and medical tourism in Turkey and Romania: indicative prices, techniques and how to choose a clinic.',
  'blog.filter.label': 'Filter articles by category',
  'blog.filter.all': 'All',
  'blog.ctaTitle': 'A question about your treatment?',
  'blog.related': 'Related articles',
  'blog.by': 'By {author}',
  'blog.category.hair-transplant': 'Hair transplant',
  'blog.category.dental-implants': 'Dental implants',
  'blog.category.medical-tourism': 'Medical tourism',

  'gallery.eyebrow': 'From our patients’ journeys',
  'gallery.title': 'Medical tourism in Turkey',

  'package.eyebrow': 'All-inclusive',
  'package.title': 'Everything you need in one package',
  'package.lead':
    'A stay of 3 to 7 nights depending on the treatment, and savings of 60–70% compared with Europe and the US.',

  'offerPromo.badge': 'Limited-time offer',
  'offerPromo.title': 'Hair transplant in Istanbul, all inclusive',
  'offerPromo.text':
    'FUE or DHI transplant, 4-star hotel, VIP transfer and a personal interpreter.',
  'offerPromo.oldPrice': 'Was',
  'offerPromo.newPrice': 'Now',
  'offerPromo.cta': 'See the offer',

  'transparency.title': 'You pay no extra fee',
  'transparency.text':
    'Clinics pay our commission, so our consultation and coordination are completely free for you, and your treatment costs the clinic’s own price. Prices on this site are indicative; your final price comes in writing in two free quotes from two different clinics within 24–48 hours.',
  'transparency.guarantee': 'Refund guarantee on our coordination services',

  'contact.eyebrow': 'Free consultation',
  'contact.title': 'Get your free consultation',
  'contact.lead':
    'A 100% free and confidential consultation. We reply within 24 hours, and two quotes reach you within 24–48 hours.',
  'contact.channels': 'Reach us directly',
  'contact.whatsapp': 'Message us on WhatsApp',
  'contact.call': 'Call us',
  'contact.email': 'Send an email',
  'contact.privacy':
    'Your data is protected and encrypted, and shared only with the clinics you agree to.',

  'form.title': 'Request your free consultation',
  'form.stepOf': 'Step {n} of {total}',
  'form.step1': 'Your details',
  'form.step2': 'Treatment',
  'form.step3': 'Your trip',
  'form.next': 'Next',
  'form.back': 'Back',
  'form.submit': 'Send my request',
  'form.sending': 'Sending...',
  'form.retrying': 'Retrying ({n})...',
  'form.optional': 'optional',
  'form.name': 'Full name',
  'form.namePlaceholder': 'e.g. Mohammed Ahmed',
  'form.countryCode': 'Country code',
  'form.phone': 'Phone number (WhatsApp)',
  'form.phoneHint': 'Digits only; type your local number or include the country code.',
  'form.email': 'Email',
  'form.service': 'Treatment',
  'form.servicePlaceholder': 'Choose a treatment',
  'form.countries': 'Preferred countries',
  'form.notes': 'Notes or a description of your case',
  'form.notesPlaceholder': 'e.g. I would like 3,000 grafts and prefer to travel in summer',
  'form.readiness': 'Are you ready to travel?',
  'form.readiness.yes': 'Yes',
  'form.readiness.no': 'Not yet',
  'form.readiness.maybe': 'Maybe',
  'form.timing': 'When would you like the treatment?',
  'form.timing.urgent': 'As soon as possible',
  'form.timing.thisMonth': 'This month',
  'form.timing.nextMonth': 'Next month',
  'form.timing.flexible': 'Flexible',
  'form.honeypot': 'Leave this field empty',
  'form.privacy':
    'A 100% free and confidential consultation. By sending, you agree that we contact you about it.',
  'form.error.nameRequired': 'Please enter your name',
  'form.error.nameMin': 'The name must be at least 2 characters',
  'form.error.nameMax': 'The name is too long (100 characters at most)',
  'form.error.phoneRequired': 'Please enter your phone number',
  'form.error.phoneDigits': 'Digits only, please',
  'form.error.phoneMin': 'The phone number must have at least 8 digits',
  'form.error.phoneMax': 'The phone number is too long (15 digits at most)',
  'form.error.countryCode': 'Choose a country code',
  'form.error.phoneCountry': "Choose the number's country",
  'form.error.email': 'This email address is not valid',
  'form.error.service': 'Please choose a treatment',
  'form.error.notesMax': 'The notes are too long (2,000 characters at most)',
  'form.error.readiness': 'Please choose an answer',
  'form.error.timing': 'Please choose a time',
  'form.toast.success': 'Thank You! Request Sent',
  'form.toast.error': 'An error occurred while submitting your request. Please try again.',
  'form.toast.rateLimited':
    'You sent several requests in a short time. Please wait a little or reach us on WhatsApp.',
  'form.toast.rejected':
    'We could not accept the request. Please check your details and try again.',
  'form.toast.close': 'Dismiss',
  'form.successTitle': 'Thank You! Request Sent',
  'form.successText':
    'We received your request, and your patient manager will contact you within 24 hours.',
  'form.redirecting': 'Redirecting...',
  'form.fallbackTitle': 'Sending is not possible right now',
  'form.fallbackText':
    'Your details are kept on this page. You can try again, or send them to us directly on WhatsApp.',
  'form.fallbackWhatsapp': 'Send my details on WhatsApp',
  'form.whatsappDraft':
    'Hello Rihla Care, I would like a free consultation.\nName: {name}\nPhone: {phone}\nTreatment: {service}\nNotes: {notes}',
  'form.noNotes': 'No notes',

  'offer.meta.title': 'Hair transplant offer in Istanbul: ${newPrice} instead of ${oldPrice}',
  'offer.meta.description':
    'Limited offer: FUE or DHI hair transplant at an accredited central Istanbul hospital with a 4-star hotel, VIP transfer and interpreter, for ${newPrice} instead of ${oldPrice}.',
  'offer.bar': 'The offer ends in',
  'offer.ends': 'The offer ends on {date}',
  'offer.ended': 'The offer period has ended. Contact us for our latest offers.',
  'offer.countdown.days': 'days',
  'offer.countdown.hours': 'hours',
  'offer.countdown.minutes': 'minutes',
  'offer.countdown.seconds': 'seconds',
  'offer.badge': 'Save {percent}%',
  'offer.badgeSub': 'A {days, plural, one {one-day} other {#-day}} offer only',
  'offer.title': 'Hair transplant in Istanbul, all inclusive',
  'offer.lead':
    'A professional transplant at an accredited hospital in central Istanbul, with your stay, transfers and interpreter. Everything clear and in writing before you travel.',
  'offer.oldPrice': 'instead of',
  'offer.allInclusive': 'All-inclusive package',
  'offer.register': 'Register now',
  'offer.whatsapp': 'Book on WhatsApp',
  'offer.whatsappMessage': 'Hello, I would like to take the ${newPrice} hair transplant offer.',
  'offer.includesTitle': 'What the offer includes',
  'offer.reasonsTitle': '8 reasons to choose Rihla Care',
  'offer.testimonialsTitle': 'Patients who took the offer, in their own words',
  'offer.secondCountdownTitle': 'Do not miss the offer',
  'offer.finalTitle': 'Book your place now',
  'offer.finalText':
    'Leave your details and your patient manager will call within 24 hours to confirm, with no obligation.',
  'offer.toast.success': 'Registered successfully!',
  'offer.toast.error': 'An error occurred while registering. Please try again',
  'offer.dialog.title': 'Register for the hair transplant offer',
  'offer.dialog.lead': 'Leave your name and number and we will contact you within 24 hours.',
  'offer.dialog.name': 'Full name',
  'offer.dialog.phone': 'Phone number with country code',
  'offer.dialog.phonePlaceholder': '966501234567 or 963944123456',
  'offer.dialog.phoneHint': 'Enter the number with the country code, digits only, without + or 00.',
  'offer.dialog.country': 'Which country is this number from?',
  'offer.dialog.countryPlaceholder': 'Choose the country',
  'offer.dialog.countryOther': 'Another country (the number has its code)',
  'offer.dialog.countryHint':
    'The number has no country code: choose its country so our team can call you',
  'offer.dialog.submit': 'Register now',
  'offer.dialog.sending': 'Registering...',
  'offer.dialog.close': 'Close',
  'offer.dialog.consent':
    'By registering you explicitly agree that we use your interest in a hair transplant and what you tell us about your condition to contact you about this offer, and share it with the clinics you agree to, including clinics outside the EU that do not protect your data to the same degree, as our {privacy} and {terms} describe.',

  // An offer after its end (issue 15): the offer page, its dialog and WhatsApp texts.
  'offerEnded.meta.title': 'Hair transplant offer in Istanbul (offer ended)',
  'offerEnded.meta.description':
    'The hair transplant offer in Istanbul has ended. Leave your number to hear about the next offer, or ask for a free consultation with a plan and price for your case.',
  'offerEnded.bar': 'This offer ended on {date}',
  'offerEnded.badge': 'Offer ended',
  'offerEnded.badgeSub': 'Tell me about the next offer',
  'offerEnded.pastPrice': 'The offer price until {date} was',
  'offerEnded.pastOldPrice': 'instead of',
  'offerEnded.register': 'Tell me about the next offer',
  'offerEnded.whatsapp': 'Free consultation on WhatsApp',
  'offerEnded.whatsappMessage':
    'Hello, I saw that the hair transplant offer has ended. I would like to hear about the next offer or get a free consultation.',
  'offerEnded.includesTitle': 'What the offer included',
  'offerEnded.secondTitle': 'This offer has ended',
  'offerEnded.finalTitle': 'Shall we tell you about the next offer?',
  'offerEnded.finalText':
    'Leave your name and number and, if you wish, choose to hear about the next hair transplant offer, or ask for a free consultation now, with no obligation.',
  'offerEnded.dialog.title': 'Tell me about the next hair transplant offer',
  'offerEnded.dialog.lead':
    'Leave your name and number and a patient manager will contact you about a hair transplant. If you want us to tell you about the next offer, tick the box below.',
  'offerEnded.dialog.submit': 'Tell me about the next offer',
  'offerEnded.dialog.consent':
    'By sending you explicitly agree that we use your interest in a hair transplant and what you tell us about your condition to answer your request, and share it with the clinics you agree to, including clinics outside the EU that do not protect your data to the same degree, as our {privacy} and {terms} describe.',
  'offerEnded.toast.success': 'We have your request; a patient manager will contact you soon.',

  'mistakes.title': '8 common mistakes in medical travel',
  'mistakes.lead': 'Know them before you book, and how to avoid them in a few simple steps.',
  'mistakes.problem': 'The problem',
  'mistakes.solution': 'The solution',
  'mistakes.riskLabel': 'Risk level',
  'mistakes.risk.critical': 'Critical',
  'mistakes.risk.high': 'High',
  'mistakes.risk.medium': 'Medium',

  'offline.title': 'You are offline',
  'offline.text':
    'This page cannot open right now. Pages you visited before stay available, and we will be back as soon as you reconnect.',
  'offline.retry': 'Try again',
  'offline.home': 'Home page',
  'offline.call': 'Or call us directly',
  'install.title': 'Install the Rihla Care app',
  'install.lead':
    'Add Rihla Care to your home screen to reach your patient manager and offers in one tap, even on a weak connection.',
  'install.installed': 'The app is already installed on your device.',
  'install.installedText': 'Open it from your home screen at any time.',
  'install.button': 'Install the app',
  'install.manualTitle': 'How to install it yourself',
  'install.android': 'On Android (Chrome)',
  'install.android1': 'Open the browser menu (the three dots at the top).',
  'install.android2': 'Choose “Add to Home screen” or “Install app”.',
  'install.android3': 'Confirm, and the Rihla Care icon appears on your home screen.',
  'install.iphone': 'On iPhone (Safari)',
  'install.iphone1': 'Tap the Share button at the bottom of the screen.',
  'install.iphone2': 'Choose “Add to Home Screen”.',
  'install.iphone3': 'Tap “Add” at the top.',
  'install.home': 'Back to home',
  'indexNow.title': 'Send pages to search engines',
  'indexNow.lead':
    'This button sends the addresses of the ten main pages to Google and IndexNow for recrawling.',
  'indexNow.button': 'Send updates',
  'indexNow.sending': 'Sending...',
  'indexNow.success': 'Updates sent successfully!',
  'indexNow.error': 'An error occurred. Please try again.',
  'indexNow.last': 'Last sent: {date}',
  'indexNow.never': 'Updates have not been sent from this device yet.',
  'indexNow.urls': 'Pages to send',
  'indexNow.checking': 'Checking permissions...',
  'indexNow.back': 'Back to the dashboard',

  'fab.label': 'Quick contact',
  'fab.whatsapp': 'WhatsApp',
  'fab.call': 'Call',
  'fab.form': 'Consultation form',

  'footer.about': 'Your trusted partner for medical tourism in Turkey and Romania.',
  'footer.services': 'Treatments',
  'footer.company': 'Agency',
  'footer.contact': 'Contact',
  'footer.address': 'Address',
  'footer.imprint': 'Legal notice (§ 5 DDG)',
  'footer.mistakes': 'Common mistakes in medical travel',
  'footer.marketing': 'Digital marketing for hospitals',
  'footer.admin': 'Staff login',
  'footer.install': 'Install the app',
  'footer.blog': 'Blog',
  'footer.rights': 'All rights reserved.',
  'footer.disclaimer':
    'The information on this site is for awareness and does not replace a doctor’s advice. Prices are indicative and set by the clinic after a medical assessment.',

  'notFound.title': 'Page not found',
  'notFound.text':
    'The link may have changed or the page may have been removed. We are happy to help you find what you are looking for.',
  'notFound.home': 'Back to home',
  'notFound.contact': 'Contact us',

  'thankYou.title': 'Thank you! We received your request',
  'thankYou.text':
    'Our team will contact you within 24 hours to discuss your needs and arrange your free consultation.',
  'thankYou.next': 'What happens next?',
  'thankYou.step1': 'Your patient manager reviews your request and calls you.',
  'thankYou.step2': 'We request two free quotes from two accredited clinics.',
  'thankYou.step3': 'You compare and decide at your own pace, with no obligation.',
  'thankYou.whatsapp': 'Follow up on WhatsApp',
  'thankYou.whatsappMessage':
    'Hello Rihla Care, I registered a consultation request on your website and would like to follow up.',
  'thankYou.home': 'Back to home',

  'price.popular': 'Most popular',
  'price.indicative': 'Indicative price, set by the doctor after assessment',
  'price.veneers': 'Veneers',
  'price.material': 'Material',
  'price.quote': 'Request a free quote',
  'page.benefits': 'Why have your treatment with us',
  'page.process': 'The steps of your treatment trip',
  'page.related': 'Related treatments',
  'page.guideArticle': 'Read the full guide',
  'page.backHome': 'Back to home',
  'page.faqTitle': 'Frequently asked questions',
  'destination.reasons': 'Why {country}?',
  'destination.treatments': 'Treatments and prices in {country}',
  'destination.package': 'What a package usually includes',
  'destination.travelNote': 'An important note on travel',
  'destination.details': 'About this treatment',
  'destination.priceOnRequest': 'Price after assessment',
  'breadcrumb.home': 'Home',
  'breadcrumb.destinations': 'Destinations',
  'breadcrumb.services': 'Services',

  'common.whatsappOpens': '(opens WhatsApp in a new tab)',
  'common.breadcrumb': 'Breadcrumb',
  // Issue 14 (abuse): the global ceiling on leads answered "busy".
  'form.toast.busy':
    'We are receiving a very large number of requests right now. Your details are kept in the form; please message us on WhatsApp or try again shortly.',

  // Issue 15: the privacy policy and terms pages, their footer links and the consent notes' links.
  'legal.privacy': 'Privacy policy',
  'legal.terms': 'Terms of use',
  'legal.nav': 'Legal documents',
  'legal.version': 'Version {version}',
  'legal.effective': 'in effect since ',
  'legal.see.privacy': 'How we handle your data: ',
  'legal.see.terms': 'The terms of our services: ',
  'legal.consent.privacy': 'privacy policy',
  'legal.consent.terms': 'terms',
  'legal.consent.formNote':
    'You also explicitly agree that we use what you tell us about your treatment and health for this, and share it with the clinics you agree to, including clinics outside the EU that do not protect your data to the same degree, as our {privacy} and {terms} describe.',
  'legal.consent.newTab': '(opens in a new tab; what you typed here stays)',
  'testimonials.lead':
    'Stories our patients told us after their return, passed on as we received them, with the rating they gave. Results vary from person to person.',
  'testimonials.ratingShort': '{rating}/5',
  // Issue 17: the remembered other language is offered, never forced (src/components/ui/LanguageOffer.astro).
  // The link is written in the language it leads to, like nav.toggleLanguage; its name starts with
  // the visible text (axe: label-content-name-mismatch).
  'langOffer.link': 'العربية؟',
  'langOffer.linkLabel': 'العربية؟ اقرأ هذه الصفحة بالعربية',
  'langOffer.dismiss': 'Hide the Arabic suggestion',
  // Issue 17: each blog category page has its own search description (one URL, one description).
  'blogSeo.description.hair-transplant':
    'Rihla Care articles on hair transplants in Turkey: FUE and DHI techniques, indicative prices, choosing a clinic and recovery.',
  'blogSeo.description.dental-implants':
    'Rihla Care articles on dental implants and Hollywood smiles in Turkey: stages, materials, indicative prices and choosing a clinic.',
  'blogSeo.description.medical-tourism':
    'Rihla Care articles on medical tourism: why Turkey, weight-loss surgery and a step-by-step checklist for planning a treatment trip.',
  // Issue 17: the mark on drafts and scheduled articles in npm run dev and preview:content.
  'contentDraft.mark': 'Draft, not published',
  // Issue 12 (slow phones): the consultation form before its script has arrived.
  'early.loading': 'One moment, the form is getting ready…',
  'early.stillLoading':
    'The form is still loading. What you typed is kept; you can also send it to us on WhatsApp.',
  // Issue 34: the imprint's lines (src/components/sections/Imprint.astro), each shown when set.
  'imprint.director': 'Managing director:',
  'imprint.register': 'Commercial register:',
  'imprint.vatId': 'VAT ID:',
  'imprint.editor': 'Responsible for editorial content under § 18 (2) MStV:',
  // Issue 34: the separate, unticked advertising opt-in (its wording is versioned in the database).
  'consent.advertising':
    'Yes, tell me about Rihla Care’s next hair transplant offers by phone or WhatsApp. This is optional, and I can withdraw my consent at any time.',
  // Issue 34: how testimonials are checked (§ 5b (3) UWG), under every list of them.
  'testimonials.checked':
    'How we check: we publish only stories of people who travelled for treatment with us; each one is matched to its author’s request in our records before it is published, with their permission and a shortened name.',
  // Issue 34: treatment pages' WhatsApp greeting names the treatment.
  'service.whatsappMessage': 'Hello Rihla Care, I would like a free consultation about {service}.',
  // Issue 34: the ended offer's dialog after a failed send keeps a way to reach us.
  'offer.fallbackTitle': 'Your request has not reached us yet',
  'offer.fallbackText': 'What you typed is kept here. Send it to us on WhatsApp, or try again.',
  'offer.fallbackWhatsapp': 'Send my details on WhatsApp',
  // Issue 34: a wide table scrolls in its own region (src/components/ui/ScrollTable.astro).
  'table.region': 'Table; scroll sideways to see all of it',
} as const satisfies Record<UiKey, string>;
