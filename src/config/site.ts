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
