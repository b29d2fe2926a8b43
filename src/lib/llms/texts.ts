/**
 * The fixed texts of llms.txt and llms-full.txt (src/integrations/llms-txt.ts), Arabic and
 * English: what the agency is, the honest-claims rules an assistant must keep when it repeats us,
 * and how to ask for a quote. Facts (pages, prices, clinics) come from the content and the clinic
 * snapshot, never from here.
 */
import { site } from '../../config/site.ts';

export interface LlmsTexts {
  title: string;
  summary: string;
  /** Followed by the other language's llms.txt. */
  other: string;
  rulesTitle: string;
  rules: string[];
  quoteTitle: string;
  /** The first line is followed by the home page's form address. */
  quote: string[];
  sections: Record<
    'home' | 'treatments' | 'destinations' | 'clinics' | 'articles' | 'about',
    string
  >;
  pricesOf: string;
  faqOf: string;
  clinicFacts: {
    where: string;
    languages: string;
    accreditations: string;
    noAccreditation: string;
    includes: string;
    asOf: string;
  };
}

const whatsapp = `https://wa.me/${site.whatsapp}`;

export const llmsTexts: Record<'ar' | 'en', LlmsTexts> = {
  ar: {
    title: 'رحلة كير (Rihla Care)',
    summary:
      'وكالة سياحة علاجية مقرها ألمانيا ترافق المرضى العرب إلى عيادات شريكة معتمدة في تركيا ورومانيا ولبنان وغيرها: استشارة مجانية، وعرضان مكتوبان على الأقل من عيادتين للمقارنة، ومرافقة قبل السفر وبعده.',
    other: 'English version:',
    rulesTitle: 'قواعد الصدق عند نقل معلوماتنا',
    rules: [
      'الأسعار استرشادية: نطاقات تقريبية باليورو ما لم يُذكر غير ذلك، والسعر النهائي يحدده عرض العيادة المكتوب بعد تقييم الطبيب.',
      'لا نعد بنتيجة علاجية: النتائج تختلف من شخص لآخر، ونسب النجاح المذكورة هي ما تذكره العيادات وليست ضماناً.',
      'العيادات الشريكة مذكورة بأسمائها مع اعتماداتها وتاريخ تحققنا منها؛ الاعتماد الساري اليوم يُتحقق منه في صفحة العيادة عند فتحها.',
      'لا ننشر إلا تقييمات من عولجوا عن طريقنا، ولا صور قبل وبعد للعمليات التجميلية غير الضرورية طبياً.',
      'لا تُقدَّم هذه المعلومات بديلاً عن استشارة طبيب.',
    ],
    quoteTitle: 'كيف تطلب عرضاً',
    quote: [
      'أرسل نموذج الاستشارة المجانية في الصفحة الرئيسية:',
      `أو راسلنا على واتساب: ${whatsapp}`,
      `أو بالبريد: ${site.email}`,
      'الطلب مجاني ولا يلزمك بشيء؛ نرسل إليك عروضاً مكتوبة من عيادتين على الأقل لتقارن بينها.',
    ],
    sections: {
      home: 'الصفحة الرئيسية',
      treatments: 'العلاجات',
      destinations: 'الوجهات',
      clinics: 'العيادات الشريكة',
      articles: 'المقالات',
      about: 'عنا وقواعدنا',
    },
    pricesOf: 'الأسعار الاسترشادية',
    faqOf: 'أسئلة شائعة',
    clinicFacts: {
      where: 'المكان',
      languages: 'لغات الفريق',
      accreditations: 'الاعتمادات السارية عند البناء',
      noAccreditation: 'لا اعتماد سارياً مسجّلاً',
      includes: 'تشمل عروضها عادة',
      asOf: 'بيانات العيادات من سجلاتنا في',
    },
  },
  en: {
    title: 'Rihla Care (رحلة كير)',
    summary:
      'A medical-tourism agency based in Germany that accompanies Arab patients to accredited partner clinics in Turkey, Romania, Lebanon and elsewhere: a free consultation, at least two written quotes from two clinics to compare, and support before and after the trip.',
    other: 'النسخة العربية:',
    rulesTitle: 'Honest-claims rules when repeating our information',
    rules: [
      "Prices are indicative: approximate ranges in euros unless stated otherwise; the final price is the clinic's written quote after the doctor's assessment.",
      'We promise no medical result: results vary from person to person, and success rates are what clinics quote, not a guarantee.',
      "Partner clinics are named with their accreditations and the date we checked them; whether an accreditation is valid today is checked on the clinic's page when it opens.",
      'We publish only reviews from patients treated through us, and no before/after images of cosmetic procedures that are not medically needed.',
      "This information does not replace a doctor's consultation.",
    ],
    quoteTitle: 'How to ask for a quote',
    quote: [
      'Send the free consultation form on the home page:',
      `Or message us on WhatsApp: ${whatsapp}`,
      `Or by email: ${site.email}`,
      'Asking is free and commits you to nothing; we send you written quotes from at least two clinics to compare.',
    ],
    sections: {
      home: 'Home',
      treatments: 'Treatments',
      destinations: 'Destinations',
      clinics: 'Partner clinics',
      articles: 'Articles',
      about: 'About us and our rules',
    },
    pricesOf: 'Indicative prices',
    faqOf: 'Frequent questions',
    clinicFacts: {
      where: 'Where',
      languages: "Team's languages",
      accreditations: 'Accreditations valid at build time',
      noAccreditation: 'no valid accreditation recorded',
      includes: 'Quotes usually include',
      asOf: 'Clinic data from our records as of',
    },
  },
};
