/**
 * The words of the messages telling the patient what happened (issue 43, item 4), in the
 * request's language: their quotes are ready, a quote was revised (with what changed, one line per
 * field), their choice is recorded, their patient manager is assigned. The manager is «مدير
 * المريض» / "patient manager", as in the confirmation. And the reminders that fit a medical trip
 * (issue 44, item 3): photos still missing, quotes ending soon, the call-back, the trip in a week
 * and tomorrow, the procedure tomorrow, and the review's invitations at day 30 and month 6 (issue
 * 45); each says how to stop them on the page.
 */
export const patientNoticeText = {
  ar: {
    greeting: 'أهلاً {name}،',
    greetingNoName: 'أهلاً بك،',
    subject: {
      quotes_ready: 'عروضك جاهزة للمقارنة ({reference})',
      quote_revised: 'تعديل على عرض في طلبك ({reference})',
      quote_chosen: 'سجّلنا اختيارك ({reference})',
      manager_assigned: 'مدير المريض المتابع لطلبك ({reference})',
      aftercare_checkin: 'كيف حالك بعد العلاج؟ ({reference})',
      reminder_photos: 'صورك ما زالت ناقصة ({reference})',
      reminder_quote_expiring: 'عرض في طلبك ينتهي قريباً ({reference})',
      reminder_callback: 'سيتصل بك مدير المريض قريباً ({reference})',
      reminder_trip_week: 'رحلتك العلاجية تقترب ({reference})',
      reminder_trip_tomorrow: 'رحلتك العلاجية غداً ({reference})',
      reminder_procedure_tomorrow: 'موعد علاجك غداً ({reference})',
      reminder_review: 'شاركنا رأيك في العيادة التي عالجتك ({reference})',
    },
    aftercareCheckin:
      'حان موعد متابعتك بعد العلاج في طلبك ({reference}). أخبرنا كيف حالك بنقرة واحدة على صفحتك: كل شيء بخير، أو سؤال، أو قلق مع صورة إن أردت، ويصل ردّك إلى مدير المريض فوراً.',
    reminder: {
      reminder_photos:
        'لم تصلنا بعد كل الصور التي يحتاجها الأطباء لطلبك ({reference}). أضفها من صفحتك لتصلك العروض.',
      reminder_quote_expiring: 'تنتهي صلاحية هذه العروض لطلبك ({reference}) قريباً:',
      reminder_callback:
        'طلبت أن نتصل بك {time} (بتوقيتك). سيتصل بك مدير المريض في هذا الموعد بخصوص طلبك ({reference}).',
      reminder_trip_week:
        'تبدأ رحلتك العلاجية يوم {date}. راجع خطة الرحلة على صفحتك: المواعيد والعناوين وما تحضره معك.',
      reminder_trip_tomorrow:
        'تبدأ رحلتك العلاجية غداً، {date}. خطة الرحلة والعناوين والأرقام على صفحتك.',
      reminder_procedure_tomorrow:
        'موعد علاجك غداً، {date}. راجع على صفحتك كيف تستعد له، وراسل مدير المريض إن كان لديك سؤال.',
      reminder_review:
        'يمكنك الآن أن تكتب على صفحتك مراجعتك للعيادة التي عالجتك في طلبك ({reference})، أو أن تحدّث مراجعتك السابقة بما تراه اليوم. تُنشر المراجعة ما لم تخالف قواعد النشر المذكورة هناك، ويمكنك تعديلها أو سحبها متى شئت.',
    },
    reminderStop: 'لا تريد هذه التذكيرات؟ اضغط «أوقف التذكيرات» على صفحتك.',
    quotesReady: 'وصلت العروض التالية لطلبك ({reference})، وهي جاهزة للمقارنة على صفحتك:',
    quoteLine: '- {clinic}: {price}، صالح حتى {date}',
    quoteRevised: 'عدّلت {clinic} عرضها لطلبك ({reference}). ما الذي تغيّر:',
    quoteChosen: 'سجّلنا اختيارك لعرض {clinic} ({price}) في طلبك ({reference}).',
    chosenNext: 'سيتصل بك مدير المريض ليرتّب معك الخطوات التالية.',
    managerAssigned: 'مدير المريض المتابع لطلبك ({reference}) الآن: {manager}',
    managerWhatsapp: 'راسله على واتساب: {url}',
    pageIntro:
      'افتح صفحة طلبك بالرابط الذي أرسلناه إليك أول مرة. إن لم يعد لديك، فاطلبه مرة أخرى من هنا:',
    signature: 'فريق رحلة كير',
    arrow: '←',
    yes: 'مشمول',
    no: 'غير مشمول',
    none: 'لا شيء',
    added: 'أضيف: {items}',
    removed: 'أزيل: {items}',
    field: {
      price: 'السعر',
      technique: 'التقنية',
      units: 'العدد',
      team: 'الطبيب أو الفريق',
      nights: 'الليالي',
      hotel: 'الفندق',
      transfer: 'التنقلات',
      interpreter: 'المترجم',
      included: 'يشمل',
      not_included: 'لا يشمل',
      valid_until: 'صالح حتى',
      note: 'ملاحظة',
    },
    unit: {
      grafts: 'بصيلة',
      implants: 'زرعة',
      veneers: 'قشرة',
      crowns: 'تاج',
      sessions: 'جلسة',
      procedures: 'إجراء',
      cycles: 'دورة',
    },
  },
  en: {
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    subject: {
      quotes_ready: 'Your quotes are ready to compare ({reference})',
      quote_revised: 'A quote for your request was revised ({reference})',
      quote_chosen: 'We recorded your choice ({reference})',
      manager_assigned: 'Your patient manager ({reference})',
      aftercare_checkin: 'How are you after your treatment? ({reference})',
      reminder_photos: 'Your photos are still missing ({reference})',
      reminder_quote_expiring: 'A quote for your request ends soon ({reference})',
      reminder_callback: 'Your patient manager will call you soon ({reference})',
      reminder_trip_week: 'Your treatment trip is coming up ({reference})',
      reminder_trip_tomorrow: 'Your treatment trip begins tomorrow ({reference})',
      reminder_procedure_tomorrow: 'Your treatment is tomorrow ({reference})',
      reminder_review: 'Tell others about the clinic that treated you ({reference})',
    },
    aftercareCheckin:
      'It is time for your after-care check-in for your request ({reference}). Tell us how you are in one tap on your page: all is well, a question, or a concern with a photo if you like; your patient manager sees it at once.',
    reminder: {
      reminder_photos:
        'We do not have all the photos the doctors need for your request ({reference}) yet. Add them on your page to get your quotes.',
      reminder_quote_expiring: 'These quotes for your request ({reference}) end soon:',
      reminder_callback:
        'You asked us to call you {time} (your time). Your patient manager will call you then about your request ({reference}).',
      reminder_trip_week:
        'Your treatment trip begins on {date}. Check the plan on your page: the times, the addresses and what to bring.',
      reminder_trip_tomorrow:
        'Your treatment trip begins tomorrow, {date}. The plan, the addresses and the numbers are on your page.',
      reminder_procedure_tomorrow:
        'Your treatment is tomorrow, {date}. See on your page how to prepare, and message your patient manager with any question.',
      reminder_review:
        'You can now write your review of the clinic that treated you for your request ({reference}) on your page, or update the one you wrote with what you see today. A review is published unless it breaks the rules listed there, and you can edit or withdraw it at any time.',
    },
    reminderStop: 'Rather not get these reminders? Tap "Stop reminders" on your page.',
    quotesReady: 'These quotes for your request ({reference}) are ready to compare on your page:',
    quoteLine: '- {clinic}: {price}, valid until {date}',
    quoteRevised: '{clinic} revised its quote for your request ({reference}). What changed:',
    quoteChosen:
      'We recorded your choice of the quote of {clinic} ({price}) for your request ({reference}).',
    chosenNext: 'Your patient manager will call you to plan the next steps with you.',
    managerAssigned: 'The patient manager of your request ({reference}) is now {manager}',
    managerWhatsapp: 'Message them on WhatsApp: {url}',
    pageIntro:
      'Open your request page with the link we sent you first. If you no longer have it, ask for it again here:',
    signature: 'The Rihla Care team',
    arrow: '→',
    yes: 'included',
    no: 'not included',
    none: 'none',
    added: 'added: {items}',
    removed: 'removed: {items}',
    field: {
      price: 'Price',
      technique: 'Technique',
      units: 'Units',
      team: 'Surgeon or team',
      nights: 'Nights',
      hotel: 'Hotel',
      transfer: 'Transfers',
      interpreter: 'Interpreter',
      included: 'Included',
      not_included: 'Not included',
      valid_until: 'Valid until',
      note: 'Note',
    },
    unit: {
      grafts: 'grafts',
      implants: 'implants',
      veneers: 'veneers',
      crowns: 'crowns',
      sessions: 'sessions',
      procedures: 'procedures',
      cycles: 'cycles',
    },
  },
} as const;
