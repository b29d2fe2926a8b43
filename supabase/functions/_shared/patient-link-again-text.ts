/**
 * The words of the "your link again" e-mail (issue 43), in the request's language: sent only to
 * the request's own address when someone asked for the link again by its phone or e-mail
 * (public.request_patient_link). It says that the earlier link no longer works, and what to do if
 * the reader did not ask.
 */
export const patientLinkAgainText = {
  ar: {
    subject: 'رابط صفحة طلبك الجديد لدى رحلة كير ({reference})',
    greeting: 'أهلاً {name}،',
    greetingNoName: 'أهلاً بك،',
    asked: 'طُلب رابط صفحة طلبك ({reference}) مرة أخرى. هذا رابطك الجديد:',
    oldDead: 'الرابط السابق لم يعد يعمل. احتفظ بهذا الرابط ولا تشاركه إلا مع من تثق به.',
    notYou: 'لم تطلب الرابط؟ لا بأس، فلا يصل إلا إلى بريدك هذا. وإن تكرر ذلك فراسلنا.',
    signature: 'فريق رحلة كير',
    openPage: 'افتح صفحة طلبك',
  },
  en: {
    subject: 'The new link to your Rihla Care request ({reference})',
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    asked: 'Someone asked for the link to your request ({reference}) again. This is your new link:',
    oldDead:
      'The earlier link no longer works. Keep this one and share it only with people you trust.',
    notYou:
      'Did not ask for it? No harm done: it only ever comes to this address. If it happens again, write to us.',
    signature: 'The Rihla Care team',
    openPage: 'Open your request page',
  },
} as const;
