import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringsFor } from '~/i18n/index.ts';
import { attributionFromUrl } from '~/lib/attribution.ts';
import {
  emptyLead,
  leadRow,
  offerNeedsCountry,
  offerRow,
  OTHER_COUNTRY,
  readinessOptions,
  timingOptions,
  validateLead,
  validateOffer,
  type LeadValues,
  type OfferValues,
  type SubmissionContext,
} from '~/lib/lead-form.ts';
import {
  composePhone,
  countryCodes,
  countryFromPhone,
  normalizePhone,
  stripNonDigits,
} from '~/lib/phone.ts';
import { formServices } from '~/lib/services.ts';

/**
 * Property-based tests of the public forms (issue 8, part 5): validation never throws whatever is
 * typed, every message it shows is a localized one, every lead it accepts becomes a row the
 * database constraints (supabase/migrations/20251120100100_leads_and_requests.sql) accept, and the
 * phone helpers keep their promises for any input. The example-based tests live in lead-form.test.ts
 * and phone.test.ts.
 *
 * These properties found three bugs, now fixed and kept as examples below: numbers that compose to
 * under 8 or over 15 digits, an unlocalized message for long e-mails, and landing-page parameters
 * (too many, NUL, a cut emoji) that made every registration of the visit fail.
 */

const ar = stringsFor('ar', ['form.error.']);
const localizedMessages = new Set(Object.values(ar));
const RUNS = { numRuns: 300 };

// The database's rules for offer_leads (the CHECK constraints, and text that PostgreSQL can store).
const codePoints = (text: string) => [...text].length;
const pgTrim = (text: string) => text.replace(/^ +| +$/g, ''); // btrim() trims spaces only
const storable = (text: string) => !text.includes('\u0000') && text.isWellFormed();

/** Which constraints a row (as leadRow/offerRow build it) would break; [] when the insert succeeds. */
function constraintViolations(row: Record<string, unknown>): string[] {
  const broken: string[] = [];
  const text = (column: string) => {
    const value = row[column];
    if (value === null || value === undefined) return null;
    if (typeof value !== 'string') {
      broken.push(`${column} is not text`);
      return null;
    }
    if (!storable(value)) broken.push(`${column} holds NUL or a lone surrogate`);
    return value;
  };
  const blankToNull = (value: string | null) =>
    value === null || pgTrim(value) === '' ? null : pgTrim(value);
  const name = text('name');
  if (name === null || codePoints(pgTrim(name)) < 2 || codePoints(pgTrim(name)) > 100)
    broken.push('offer_leads_name_length');
  const phone = text('phone');
  if (phone === null || !/^[0-9]{8,15}$/.test(phone)) broken.push('offer_leads_phone_digits');
  const countryCode = blankToNull(text('country_code'));
  if (countryCode !== null && !/^(\+[0-9]{1,4})?$/.test(countryCode))
    broken.push('offer_leads_country_code_format');
  const country = blankToNull(text('country'));
  if (country !== null && codePoints(country) > 100) broken.push('offer_leads_country_length');
  const email = blankToNull(text('email'));
  if (
    email !== null &&
    (codePoints(email) > 254 ||
      !/^[^@ \t\n\r\f\v]+@[^@ \t\n\r\f\v]+\.[^@ \t\n\r\f\v]+$/.test(email))
  )
    broken.push('offer_leads_email_format');
  const notes = blankToNull(text('notes'));
  if (notes !== null && codePoints(notes) > 2000) broken.push('offer_leads_notes_length');
  const source = blankToNull(text('source'));
  if (source !== null && codePoints(source) > 200) broken.push('offer_leads_source_length');
  const pageUrl = blankToNull(text('page_url'));
  if (pageUrl !== null && codePoints(pageUrl) > 2000) broken.push('offer_leads_page_url_length');
  for (const column of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term']) {
    const value = text(column);
    if (value !== null && codePoints(value) > 200) broken.push('offer_leads_utm_length');
  }
  const countries = row['preferred_countries'];
  if (countries !== undefined) {
    if (
      !Array.isArray(countries) ||
      countries.length > 20 ||
      countries.some((item) => typeof item !== 'string' || !storable(item)) ||
      codePoints(countries.join('')) > 1000
    )
      broken.push('offer_leads_preferred_countries_size');
  }
  const params = row['campaign_params'];
  if (params !== undefined && params !== null) {
    const entries =
      typeof params === 'object' && !Array.isArray(params) ? Object.entries(params) : null;
    // jsonb's text form: {"key": "value", "key2": "value2"}, at most 4096 bytes.
    const jsonbText = entries
      ? `{${entries.map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ')}}`
      : '';
    if (
      !entries ||
      new TextEncoder().encode(jsonbText).length > 4096 ||
      entries.some(
        ([key, value]) => !storable(key) || typeof value !== 'string' || !storable(value),
      )
    )
      broken.push('offer_leads_campaign_params_object');
  }
  if (!formServicesOrNull(row['service'])) broken.push('service enum');
  if (!enumOrNull(row['ready_to_travel'], readinessOptions)) broken.push('ready_to_travel enum');
  if (!enumOrNull(row['appointment_time'], timingOptions)) broken.push('appointment_time enum');
  if (!['ar', 'en'].includes(String(row['language']))) broken.push('language enum');
  return broken;
}

const formServicesOrNull = (value: unknown) =>
  value === undefined || value === null || (formServices as readonly unknown[]).includes(value);
const enumOrNull = (value: unknown, options: readonly string[]) =>
  value === undefined || value === null || options.includes(value as string);

// ---------------------------------------------------------------------------------------------
// Generators

/** What someone can type into a text input: well-formed Unicode without NUL, any script. */
const typed = (maxLength: number) =>
  fc
    .string({ unit: 'grapheme', maxLength })
    .filter((text) => !text.includes('\u0000') && text.isWellFormed());

/** Mostly what the field allows, sometimes anything: so that many generated forms are accepted. */
const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: other, weight: 1 });

/** Names with surrounding whitespace of several kinds (JavaScript's trim() removes them all). */
const nameInput = fc
  .tuple(
    fc.constantFrom('', ' ', '  ', '\t', '\u00a0', '\u3000'),
    mostly(typed(90), typed(110)),
    fc.constantFrom('', ' ', '\n'),
  )
  .map(([before, core, after]) => `${before}${core}${after}`);

const asciiDigits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

/**
 * Phones as people type them into the consultation form (the field keeps digits only): a national
 * number with or without its trunk zero, or the full international number with or without "00".
 * National significant numbers have 7–12 digits (ITU E.164 allows 15 in all with the code).
 * Any 8–15 digits too, so numbers that compose too short or too long are exercised.
 */
const consultationPhone = fc.oneof(
  fc
    .tuple(fc.constantFrom('', '0'), fc.constantFrom(...'123456789'), asciiDigits(6, 11))
    .map(([trunk, first, rest]) => `${trunk}${first}${rest}`),
  fc
    .tuple(
      fc.constantFrom('', '00'),
      fc.constantFrom(...countryCodes.map((code) => code.code.slice(1))),
      fc.constantFrom(...'123456789'),
      asciiDigits(8, 9),
    )
    .map(([prefix, code, first, rest]) => `${prefix}${code}${first}${rest}`)
    .filter((phone) => phone.length <= 15),
  asciiDigits(8, 15),
);

const destinations = [
  'turkey',
  'romania',
  'lebanon',
  'syria',
  'croatia',
  'moldova',
  'egypt',
  'jordan',
  'thailand',
];

/** The consultation form as the island fills it: free text where people type, options elsewhere. */
const leadValues: fc.Arbitrary<LeadValues> = fc.record({
  name: nameInput,
  countryCode: fc.constantFrom(...countryCodes.map((code) => code.code)),
  phone: mostly(consultationPhone, typed(20)),
  email: mostly(
    fc.oneof(
      fc.constant(''),
      fc
        .tuple(
          fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}[a-z0-9]$/),
          fc.stringMatching(/^[a-z0-9]{1,12}$/),
          fc.constantFrom('com', 'sa', 'co.uk', 'ae'),
          fc.constantFrom('', ' '),
        )
        .map(([local, domain, tld, pad]) => `${pad}${local}@${domain}.${tld}${pad}`),
    ),
    fc.oneof(fc.emailAddress(), typed(40)),
  ),
  service: mostly(fc.constantFrom(...formServices), fc.oneof(fc.constant(''), typed(10))),
  preferredCountries: fc.subarray(destinations),
  notes: fc.oneof(typed(100), fc.string({ unit: 'grapheme', maxLength: 2100 })).filter(storable),
  readyToTravel: mostly(fc.constantFrom(...readinessOptions), fc.constant('')),
  appointmentTime: mostly(fc.constantFrom(...timingOptions), fc.constant('')),
  website: fc.constant(''),
});

/**
 * Landing pages as campaigns link to them: a few tracking parameters of moderate length.
 * Sometimes many long parameters with any characters, NUL and emoji included.
 */
const landingUrl = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'utm_source',
          'utm_medium',
          'utm_campaign',
          'utm_content',
          'utm_term',
          'gclid',
          'fbclid',
        ),
        fc.string({
          unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'),
          minLength: 1,
          maxLength: 20,
        }),
      ),
      fc.oneof(typed(100), fc.string({ unit: 'grapheme', maxLength: 300 })),
    ),
    { maxLength: 30 },
  )
  .map((params) => {
    const url = new URL('https://rihla.care/hair-transplant-offer');
    for (const [key, value] of params) url.searchParams.append(key, value);
    return url;
  });

const context: fc.Arbitrary<SubmissionContext> = fc
  .tuple(fc.constantFrom('ar' as const, 'en' as const), landingUrl)
  .map(([lang, url]) => ({
    lang,
    source: url.pathname,
    pageUrl: url.href,
    attribution: attributionFromUrl(url),
  }));

const offerValues: fc.Arbitrary<OfferValues> = fc.record({
  name: nameInput,
  phone: mostly(asciiDigits(8, 15), fc.oneof(asciiDigits(0, 17), typed(16))),
  // The answer to "which country is this number from?" (asked only for a number without a code).
  countryCode: mostly(
    fc.constantFrom(...countryCodes.map((code) => code.code), OTHER_COUNTRY),
    fc.constant(''),
  ),
  website: fc.constant(''),
});

// ---------------------------------------------------------------------------------------------

describe('validation never throws and always speaks the page language', () => {
  it('validateLead answers any values at all (wrong types included) with a map of messages', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.anything(),
          countryCode: fc.anything(),
          phone: fc.anything(),
          email: fc.anything(),
          service: fc.anything(),
          preferredCountries: fc.anything(),
          notes: fc.anything(),
          readyToTravel: fc.anything(),
          appointmentTime: fc.anything(),
          website: fc.anything(),
        }),
        (values) => {
          const errors = validateLead(ar, values as unknown as LeadValues);
          for (const [field, message] of Object.entries(errors)) {
            expect(Object.keys(emptyLead)).toContain(field);
            expect(typeof message).toBe('string');
          }
        },
      ),
      RUNS,
    );
  });

  it('validateLead shows only localized messages for anything the form can hold', () => {
    const anyText = fc.oneof(typed(300), fc.string({ unit: 'binary', maxLength: 300 }));
    fc.assert(
      fc.property(
        leadValues,
        fc.record(
          { name: anyText, phone: anyText, email: anyText, notes: anyText },
          { requiredKeys: [] },
        ),
        fc.option(fc.constantFrom(...(Object.keys(emptyLead) as (keyof LeadValues)[]))),
        (values, overrides, step) => {
          const errors = validateLead(ar, { ...values, ...overrides }, step ? [step] : undefined);
          for (const message of Object.values(errors)) expect(localizedMessages).toContain(message);
          if (step) expect(Object.keys(errors).every((field) => field === step)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('validateOffer answers any values with the spec messages only', () => {
    fc.assert(
      fc.property(
        fc.record({ name: fc.anything(), phone: fc.anything(), website: fc.anything() }),
        offerValues,
        (wild, values) => {
          const errorsWild = validateOffer(ar, wild as unknown as OfferValues);
          for (const message of Object.values(errorsWild)) expect(typeof message).toBe('string');
          for (const message of Object.values(validateOffer(ar, values)))
            expect(localizedMessages).toContain(message);
        },
      ),
      RUNS,
    );
  });

  it('a too-long e-mail is answered in the page language', () => {
    const errors = validateLead(ar, {
      ...emptyLead,
      name: 'محمد',
      phone: '0501234567',
      service: 'ivf',
      readyToTravel: 'yes',
      appointmentTime: 'urgent',
      email: `${'a'.repeat(250)}@example.com`,
    });
    expect(errors.email).toBeDefined();
    expect(localizedMessages).toContain(errors.email);
  });
});

describe('every accepted submission is a row the database accepts', () => {
  it('consultation form: leadRow of any accepted values meets every constraint', () => {
    let accepted = 0;
    fc.assert(
      fc.property(leadValues, context, fc.uuid({ version: 4 }), (values, ctx, id) => {
        if (Object.keys(validateLead(ar, values)).length) return;
        accepted++;
        const row = leadRow(id, values, ctx);
        expect(constraintViolations(row), JSON.stringify(row)).toEqual([]);
        expect(row.name).toBe(row.name.trim());
        expect(row.id).toBe(id);
      }),
      { numRuns: 500 },
    );
    // The generator must reach the interesting case often, or the property proves little.
    expect(accepted).toBeGreaterThan(100);
  });

  it('offer dialog: offerRow of any accepted values meets every constraint', () => {
    let accepted = 0;
    fc.assert(
      fc.property(offerValues, context, fc.uuid({ version: 4 }), (values, ctx, id) => {
        if (Object.keys(validateOffer(ar, values)).length) return;
        accepted++;
        const row = offerRow(id, values, ctx);
        expect(constraintViolations(row), JSON.stringify(row)).toEqual([]);
        const picked = offerNeedsCountry(values.phone) ? values.countryCode : null;
        expect(row.phone).toBe(
          normalizePhone(values.phone, picked === OTHER_COUNTRY ? null : picked, {
            chosen: true,
          }).phone,
        );
        // A number without its code is stored with the country the visitor picked.
        if (picked && picked !== OTHER_COUNTRY) expect(row.country_code).toBe(picked);
        expect(row.source).toBe('hair-transplant-offer-page');
      }),
      { numRuns: 500 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it('a rejected phone never reaches a row: validation refuses what the database would refuse', () => {
    fc.assert(
      fc.property(offerValues, (values) => {
        const phoneOk = /^[0-9]{8,15}$/.test(stripNonDigits(values.phone));
        if (!phoneOk) expect(validateOffer(ar, values).phone).toBeDefined();
      }),
      RUNS,
    );
  });

  const base = {
    ...emptyLead,
    name: 'محمد أحمد',
    service: 'hair-transplant',
    readyToTravel: 'yes',
    appointmentTime: 'thisMonth',
  };

  it('the form refuses typed numbers that compose to under 8 digits', () => {
    // '00000000' would be stored as '966', which offer_leads_phone_digits refuses.
    expect(validateLead(ar, { ...base, phone: '00000000' }).phone).toBe(ar['form.error.phoneMin']);
  });

  it('the form refuses typed numbers that compose to over 15 digits', () => {
    // '012345678901234' (a trunk zero: national) would be stored as 96612345678901234 (17 digits).
    expect(validateLead(ar, { ...base, phone: '012345678901234' }).phone).toBe(
      ar['form.error.phoneMax'],
    );
  });

  const offer = { name: 'سارة', phone: '966501234567', website: '' };
  const offerContext = (url: string): SubmissionContext => ({
    lang: 'ar',
    source: '/hair-transplant-offer',
    pageUrl: url,
    attribution: attributionFromUrl(new URL(url)),
  });

  it('a landing URL with many long parameters still lets the visitor register', () => {
    const params = Array.from({ length: 30 }, (_, index) => `p${index}=${'ن'.repeat(200)}`);
    const row = offerRow(
      crypto.randomUUID(),
      offer,
      offerContext(`https://rihla.care/?${params.join('&')}`),
    );
    expect(constraintViolations(row)).toEqual([]);
  });

  it('a NUL in a landing URL parameter still lets the visitor register', () => {
    const row = offerRow(crypto.randomUUID(), offer, offerContext('https://rihla.care/?ref=a%00b'));
    expect(constraintViolations(row)).toEqual([]);
  });

  it('a UTM value cut at 200 characters keeps whole characters', () => {
    const campaign = `${'a'.repeat(199)}😀`;
    const row = offerRow(
      crypto.randomUUID(),
      offer,
      offerContext(`https://rihla.care/?utm_campaign=${encodeURIComponent(campaign)}`),
    );
    expect(constraintViolations(row)).toEqual([]);
  });
});

describe('phone helpers', () => {
  const anyString = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(...'0123456789٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ +-()'), maxLength: 25 }),
  );

  it('stripNonDigits leaves ASCII digits only, keeps every digit a phone can type, and is idempotent', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const digits = stripNonDigits(input);
        expect(digits).toMatch(/^[0-9]*$/);
        expect(stripNonDigits(digits)).toBe(digits);
        // One output digit per ASCII, Arabic-Indic or Persian digit, in order and with its value.
        const expected = [...input]
          .map((char) => {
            const code = char.codePointAt(0) as number;
            if (char >= '0' && char <= '9') return char;
            if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
            if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
            return '';
          })
          .join('');
        expect(digits).toBe(expected);
      }),
      RUNS,
    );
  });

  it('countryFromPhone picks the longest dialling code that starts the number, or none', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          asciiDigits(0, 15),
          fc
            .tuple(
              fc.constantFrom(...countryCodes.map((code) => code.code.slice(1))),
              asciiDigits(0, 12),
            )
            .map(([code, rest]) => code + rest),
        ),
        (digits) => {
          const matching = countryCodes.filter((code) => digits.startsWith(code.code.slice(1)));
          const found = countryFromPhone(digits);
          if (matching.length === 0) {
            expect(found).toBeUndefined();
            return;
          }
          expect(found).toBeDefined();
          expect(digits.startsWith(found!.code.slice(1))).toBe(true);
          const longest = Math.max(...matching.map((code) => code.code.length));
          expect(found!.code.length).toBe(longest);
        },
      ),
      RUNS,
    );
  });

  it('composePhone yields digits only: the typed international number or the selected code in front', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...countryCodes.map((code) => code.code)),
        anyString,
        (selected, input) => {
          const phone = composePhone(selected, input);
          expect(phone).toMatch(/^[0-9]*$/);
          let digits = stripNonDigits(input);
          if (digits.startsWith('00')) digits = digits.slice(2);
          const own = countryFromPhone(phone);
          // A number kept with its own code loses only a trunk zero after the code.
          const keptWithOwnCode =
            own !== undefined &&
            phone === own.code.slice(1) + digits.slice(own.code.length - 1).replace(/^0+/, '') &&
            digits.startsWith(own.code.slice(1));
          expect(
            phone === digits ||
              keptWithOwnCode ||
              phone === selected.slice(1) + digits.replace(/^0+/, ''),
          ).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('the country stored with a lead always matches its phone prefix', () => {
    fc.assert(
      fc.property(leadValues, offerValues, context, (values, offer, ctx) => {
        const lead = leadRow(crypto.randomUUID(), values, ctx);
        const leadCountry = countryCodes.find((code) => code.code === lead.country_code);
        if (lead.country_code === null) {
          // Only a number typed as international with a code outside the list stays unattributed.
          expect(countryFromPhone(lead.phone)).toBeUndefined();
          expect(lead.country).toBeNull();
        } else {
          expect(leadCountry, lead.country_code).toBeDefined();
          expect(lead.phone.startsWith(leadCountry!.code.slice(1))).toBe(true);
          expect(lead.country).toBe(leadCountry!.name.ar);
        }

        const row = offerRow(crypto.randomUUID(), offer, ctx);
        const offerCountry = countryCodes.find((code) => code.code === row.country_code);
        if (row.country_code === null) {
          expect(row.country).toBeNull();
        } else {
          expect(offerCountry, row.country_code).toBeDefined();
          expect(row.country).toBe(offerCountry!.name.ar);
          expect(row.phone.startsWith(offerCountry!.code.slice(1))).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
