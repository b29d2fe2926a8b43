/**
 * Every brand and business fact in one typed place, so a real agency can swap them without touching
 * components. Values that differ per deployment come from the environment (see `.env.example`).
 */

export const site = {
  brand: { ar: 'رحلة كير', en: 'Rihla Care' },
  email: 'care@rihla.care',
  /** The agency's main line, shown and dialled in international format. */
  phone: '+4930201234567',
  /** Main WhatsApp number (digits only, with country code, as wa.me expects). */
  whatsapp: '4915112345678',
  address: {
    street: 'Friedrichstraße 68',
    postalCode: '10117',
    city: { ar: 'برلين', en: 'Berlin' },
    country: { ar: 'ألمانيا', en: 'Germany' },
  },
  /**
   * The imprint (§ 5 DDG) and the person responsible for editorial content (§ 18 (2) MStV). A field
   * left empty is not shown: fill in the managing director, the register number and the VAT ID as
   * soon as they exist, never a placeholder.
   */
  legal: {
    company: 'Rihla Care GmbH (i. G.)',
    /** The authorised representative(s) of the GmbH (Geschäftsführer), e.g. 'Layla Haddad'. */
    managingDirector: '',
    /** The register court; shown with the number once the company is registered. */
    register: 'Amtsgericht Charlottenburg',
    /** The commercial register number, e.g. 'HRB 123456 B' (empty until registered). */
    registerNumber: '',
    /** The VAT identification number under § 27a UStG, e.g. 'DE123456789' (empty if none). */
    vatId: '',
    /** Responsible for editorial content under § 18 (2) MStV (name; the address is the agency's). */
    editor: 'Samir Haddad',
  },
  /**
   * The privacy policy and terms (/privacy, /terms): one version for both, shown on both pages and
   * sent with every lead. The database accepts only versions listed in private.policy_versions
   * (supabase/migrations/20261123150000_consent_records.sql): publishing a new version is this edit
   * plus a migration that adds it there.
   */
  policies: {
    version: '1.2',
    /** The day this version took effect (ISO date). */
    effective: '2026-11-27',
  },
  /**
   * The separate, unticked advertising opt-in ("tell me about the next offer"): the version of its
   * wording ('consent.advertising' in src/i18n/ui), stored with the lead when ticked. The database
   * keeps every wording (private.advertising_consent_texts,
   * supabase/migrations/20261126150000_advertising_consent.sql): a new wording is a new version there
   * and here.
   */
  advertisingConsent: { version: '1.0' },
  /** Facts the privacy policy states; a deployment that differs changes them here. */
  dataProtection: {
    /** Where the Supabase project (database, functions) runs; Supabase processes the data for us. */
    hostingRegion: {
      ar: 'الاتحاد الأوروبي (فرانكفورت، ألمانيا)',
      en: 'the European Union (Frankfurt, Germany)',
    },
    /**
     * The data protection officer (Art. 37 (1) c GDPR, § 38 BDSG: an agency whose core activity is
     * patients' health data must name one). Shown on /privacy once set; until then the policy says
     * one is being appointed and where to write meanwhile (docs/decisions.md, "DPO").
     */
    dpo: { name: '', email: '' },
    /** The company behind the database host (Supabase) and where it is established. */
    databaseCompany: { name: 'Supabase, Inc.', country: { ar: 'الولايات المتحدة', en: 'the USA' } },
    /** The email API that delivers the notification of a new request to our inbox. */
    mailProvider: 'Resend',
    /** The company behind the email API and where it is established. */
    mailCompany: { name: 'Resend, Inc.', country: { ar: 'الولايات المتحدة', en: 'the USA' } },
    /**
     * The host that serves the static pages (dist/): its name and where it is established. Set
     * before launch (README, Production step 8); empty, the policy describes the host without a name.
     */
    webHost: { name: '', location: { ar: '', en: '' } },
    /** Months a request is kept after its last activity, and a cancelled one after cancellation. */
    retentionMonths: 24,
    cancelledRetentionMonths: 6,
    /** The supervisory authority for a company seated in Berlin. */
    authority: {
      name: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit',
      address: 'Alt-Moabit 59–61, 10555 Berlin',
      url: 'https://www.datenschutz-berlin.de',
    },
  },
  /** First year of operation; the footer shows "2024–current year". */
  foundedYear: 2024,
  claims: {
    partnerHospitals: 50,
    landingHospitals: 100,
    countries: 9,
    replyHours: 24,
    quoteHours: '24-48',
    freeQuotes: 2,
    comparedOffers: 5,
    followUpMonths: 6,
  },
} as const;

export type Site = typeof site;
