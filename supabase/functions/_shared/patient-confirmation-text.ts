/**
 * The words of the patient's confirmation e-mail (issue 29), in the request's language. Kept with
 * the function that sends it (edge functions deploy on their own, without the site's src/); the
 * next steps say what the thank-you page says (src/i18n/ui/ar.ts, thankYou.step1–3).
 */
export const patientConfirmationText = {
  ar: {
    subject: 'وصلنا طلبك لدى رحلة كير، ورقمه {reference}',
    greeting: 'أهلاً {name}،',
    greetingNoName: 'أهلاً بك،',
    received: 'شكراً لثقتك برحلة كير. وصلنا طلب استشارتك، ورقمه: {reference}',
    linkIntro: 'تابع طلبك من صفحتك الخاصة:',
    linkCare: 'احتفظ بهذا الرابط ولا تشاركه إلا مع من تثق به، فمن يفتحه يرى طلبك.',
    noLink: 'اطلب رابط صفحتك الخاصة من مدير المريض عند تواصله معك.',
    nextTitle: 'ماذا بعد؟',
    next: [
      'يراجع مدير المريض طلبك ويتواصل معك على واتساب خلال 24 ساعة.',
      'نطلب لك عرضين مجانيين من عيادتين معتمدتين.',
      'تقارن وتقرر براحتك، دون أي التزام.',
    ],
    manager: 'مدير المريض المتابع لطلبك: {manager}',
    managerWhatsapp: 'راسله على واتساب: {url}',
    notYou: 'لم ترسل هذا الطلب؟ تجاهل هذه الرسالة، أو راسلنا لنحذف بياناتك.',
    signature: 'فريق رحلة كير',
    openPage: 'افتح صفحة طلبك',
  },
  en: {
    subject: 'We received your request to Rihla Care, reference {reference}',
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    received:
      'Thank you for trusting Rihla Care. We received your consultation request, reference: {reference}',
    linkIntro: 'Follow your request on your private page:',
    linkCare:
      'Keep this link and share it only with people you trust: anyone who opens it sees your request.',
    noLink: 'Ask your patient manager for the link to your private page when they contact you.',
    nextTitle: 'What happens next?',
    next: [
      'Your patient manager reviews your request and contacts you on WhatsApp within 24 hours.',
      'We ask two accredited clinics for two free quotes for you.',
      'You compare and decide in your own time, with no obligation.',
    ],
    manager: 'Your patient manager: {manager}',
    managerWhatsapp: 'Message them on WhatsApp: {url}',
    notYou:
      'Did not send this request? Ignore this e-mail, or write to us and we will delete your data.',
    signature: 'The Rihla Care team',
    openPage: 'Open your request page',
  },
} as const;
