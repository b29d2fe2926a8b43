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
  /** The person responsible for content under § 5 DDG (German imprint law, replaced § 5 TMG in 2024). */
  legal: {
    company: 'Rihla Care GmbH (i. G.)',
    editor: 'Samir Haddad',
    register: 'Amtsgericht Charlottenburg',
  },
  /**
   * The privacy policy and terms (/privacy, /terms): one version for both, shown on both pages and
   * sent with every lead. The database accepts only versions listed in private.policy_versions
   * (supabase/migrations/20261123150000_consent_records.sql): publishing a new version is this edit
   * plus a migration that adds it there.
   */
  policies: {
    version: '1.1',
    /** The day this version took effect (ISO date). */
    effective: '2026-11-26',
  },
  /** Facts the privacy policy states; a deployment that differs changes them here. */
  dataProtection: {
    /** Where the Supabase project (database, functions) runs; Supabase processes the data for us. */
    hostingRegion: {
      ar: 'الاتحاد الأوروبي (فرانكفورت، ألمانيا)',
      en: 'the European Union (Frankfurt, Germany)',
    },
    /** The email API that delivers the notification of a new request to our inbox. */
    mailProvider: 'Resend',
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
  /** EU Online Dispute Resolution platform (Regulation (EU) No 524/2013). */
  odrUrl: 'https://ec.europa.eu/consumers/odr',
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
