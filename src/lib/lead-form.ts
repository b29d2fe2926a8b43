/**
 * The consultation form (home wizard and single-step block) and the offer registration form: one zod
 * schema each, their localized messages, and the offer_leads row each submission becomes. The
 * database enforces the same rules (supabase/migrations); this is for clear messages, not security.
 */
import * as z from 'zod/mini';
import { site } from '~/config/site.ts';
import type { Lang } from '~/i18n/index.ts';
import type { UiKey } from '~/i18n/ui/ar.ts';
import { Constants } from '~/lib/database.types.ts';
import { leadFields } from '~/lib/field-rules.ts';
import {
  countryCodes,
  isPhoneLength,
  normalizePhone,
  PHONE_DIGITS,
  phoneLengthProblem,
} from '~/lib/phone.ts';
import { visibleCharacterCount } from '~/lib/visible-text.ts';
import { formServices } from '~/lib/services.ts';

/** The answers the database accepts (its enums), in the order the form shows them. */
export const readinessOptions = Constants.public.Enums.travel_readiness;
export const timingOptions = Constants.public.Enums.appointment_timing;

/** What an unanswered readiness or timing question is stored as (the spec's defaults). */
export const defaultReadiness: (typeof readinessOptions)[number] = 'maybe';
export const defaultTiming: (typeof timingOptions)[number] = 'flexible';

/** What the visitor types into the consultation form. */
export interface LeadValues {
  name: string;
  countryCode: string;
  phone: string;
  email: string;
  service: string;
  preferredCountries: string[];
  notes: string;
  readyToTravel: string;
  appointmentTime: string;
  /** Honeypot: invisible to people, filled by naive bots. */
  website: string;
}

export const emptyLead: LeadValues = {
  name: '',
  countryCode: '+966',
  phone: '',
  email: '',
  service: '',
  preferredCountries: [],
  notes: '',
  readyToTravel: '',
  appointmentTime: '',
  website: '',
};

/** Which fields each wizard step shows and validates. */
export const wizardSteps: (keyof LeadValues)[][] = [
  ['name', 'countryCode', 'phone', 'email'],
  ['service', 'preferredCountries', 'notes'],
  ['readyToTravel', 'appointmentTime'],
];

const NOTES_MAX = leadFields.notes.max;

/**
 * The localized validation messages ('form.error.*' strings of src/i18n/ui). Passed in rather than
 * imported, so the browser bundle carries only the strings of its own page language.
 */
export type FormMessages = Partial<Record<UiKey, string>>;

const message = (messages: FormMessages, key: UiKey) => messages[key] ?? key;

/**
 * Name: at least 2 characters once trimmed, two of them letters or digits (src/lib/visible-text.ts,
 * the database's rule too). The consultation form says "required" for an empty
 * field; the offer form keeps the spec's single message for both cases.
 */
function nameField(messages: FormMessages, { requiredMessage = true } = {}) {
  return z.string().check(
    z.trim(),
    ...(requiredMessage ? [z.minLength(1, message(messages, 'form.error.nameRequired'))] : []),
    z.minLength(leadFields.name.min, message(messages, 'form.error.nameMin')),
    z.refine(
      (name) => visibleCharacterCount(name) >= leadFields.name.min,
      message(messages, 'form.error.nameMin'),
    ),
    z.maxLength(leadFields.name.max, message(messages, 'form.error.nameMax')),
  );
}

/** The message of each phoneLengthProblem. */
const phoneLengthMessage = { min: 'form.error.phoneMin', max: 'form.error.phoneMax' } as const;

/** Digits only, PHONE_DIGITS long; the field strips other characters as the user types. */
function phoneField(messages: FormMessages, { requiredMessage = true } = {}) {
  return z
    .string()
    .check(
      ...(requiredMessage ? [z.minLength(1, message(messages, 'form.error.phoneRequired'))] : []),
      z.regex(/^\d*$/, message(messages, 'form.error.phoneDigits')),
      z.minLength(PHONE_DIGITS.min, message(messages, 'form.error.phoneMin')),
      z.maxLength(PHONE_DIGITS.max, message(messages, 'form.error.phoneMax')),
    );
}

export function leadSchema(messages: FormMessages) {
  return z.object({
    name: nameField(messages),
    countryCode: z.enum(
      countryCodes.map((country) => country.code) as [string, ...string[]],
      message(messages, 'form.error.countryCode'),
    ),
    phone: phoneField(messages),
    email: z.union([
      z.literal(''),
      z
        .string()
        .check(
          z.trim(),
          z.email(message(messages, 'form.error.email')),
          z.maxLength(leadFields.email.max, message(messages, 'form.error.email')),
        ),
    ]),
    service: z.enum(formServices, message(messages, 'form.error.service')),
    preferredCountries: z.array(z.string()).check(z.maxLength(9)),
    notes: z.string().check(z.maxLength(NOTES_MAX, message(messages, 'form.error.notesMax'))),
    // Optional (the spec requires only name, phone and service); skipped means the defaults below.
    readyToTravel: z.union(
      [z.literal(''), z.enum(readinessOptions)],
      message(messages, 'form.error.readiness'),
    ),
    appointmentTime: z.union(
      [z.literal(''), z.enum(timingOptions)],
      message(messages, 'form.error.timing'),
    ),
    website: z.string(),
  });
}

export type FieldErrors<T> = Partial<Record<keyof T, string | undefined>>;

/** Validates `values`, keeping only errors for `fields` (a wizard step) when given. */
export function validateLead(
  messages: FormMessages,
  values: LeadValues,
  fields?: (keyof LeadValues)[],
): FieldErrors<LeadValues> {
  const result = leadSchema(messages).safeParse(values);
  const errors: FieldErrors<LeadValues> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as keyof LeadValues;
    if (fields && !fields.includes(field)) continue;
    errors[field] ??= issue.message;
  }
  // The stored number is the country code plus what was typed; it must fit PHONE_DIGITS too.
  if (!errors.phone && (!fields || fields.includes('phone')) && isPhoneLength(values.phone)) {
    const problem = phoneLengthProblem(normalizePhone(values.phone, values.countryCode).phone);
    if (problem) errors.phone = message(messages, phoneLengthMessage[problem]);
  }
  return errors;
}

/** The offer page's registration dialog, with its exact messages (tests/unit/lead-form.test.ts). */
export interface OfferValues {
  name: string;
  phone: string;
  /**
   * The country picked for a number typed without its code ("+966"), OTHER_COUNTRY when the number
   * carries a code the list does not have, '' (or absent) while not asked or not answered.
   */
  countryCode?: string;
  website: string;
}

/** The answer "another country": the number is kept as typed, without a country code. */
export const OTHER_COUNTRY = 'other';

/**
 * True when the typed offer number cannot be attributed to a country by itself (a national
 * number such as 0545024476, which could be Saudi or Emirati): the dialog then asks which
 * country it is from, so the stored number can be dialled. The one phone rule decides.
 */
export function offerNeedsCountry(phone: string): boolean {
  // Only where a picked country would be used: a number typed with 00 and a code outside the
  // list is international already (the rule keeps it as typed), and is not asked about.
  return (
    isPhoneLength(phone) &&
    normalizePhone(phone).countryCode === null &&
    normalizePhone(phone, countryCodes[0]!.code).countryCode !== null
  );
}

/** The stored phone of an offer registration: the one phone rule with the country picked, if any. */
function offerPhone(values: OfferValues) {
  const picked = values.countryCode === OTHER_COUNTRY ? null : values.countryCode || null;
  return offerNeedsCountry(values.phone)
    ? normalizePhone(values.phone, picked, { chosen: true })
    : normalizePhone(values.phone, null);
}

export function validateOffer(
  messages: FormMessages,
  values: OfferValues,
): FieldErrors<OfferValues> {
  const result = z
    .object({
      name: nameField(messages, { requiredMessage: false }),
      phone: phoneField(messages, { requiredMessage: false }),
      website: z.string(),
    })
    .safeParse(values);
  const errors: FieldErrors<OfferValues> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as keyof OfferValues;
    errors[field] ??= issue.message;
  }
  // "00" and a trunk zero are dropped from the stored number, which must still fit PHONE_DIGITS.
  if (!errors.phone) {
    const problem = phoneLengthProblem(offerPhone(values).phone);
    if (problem) errors.phone = message(messages, phoneLengthMessage[problem]);
    else if (offerNeedsCountry(values.phone) && !values.countryCode) {
      errors.countryCode = message(messages, 'form.error.phoneCountry');
    }
  }
  return errors;
}

/** Attribution kept from the visit's first page (see src/lib/attribution.ts). */
export interface Attribution {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  /** Every query parameter of the landing page. */
  params: Record<string, string>;
}

export interface SubmissionContext {
  lang: Lang;
  /** Language-neutral page path, e.g. "/" or "/hair-transplant-turkey". */
  source: string;
  pageUrl: string;
  attribution: Attribution;
}

/**
 * The version of the privacy policy and terms the page links in its consent note; the database
 * checks it and stamps the time of consent itself.
 */
const consentColumns = () => ({ policy_version: site.policies.version });

const utmColumns = (attribution: Attribution) => ({
  utm_source: attribution.utm_source,
  utm_medium: attribution.utm_medium,
  utm_campaign: attribution.utm_campaign,
  utm_content: attribution.utm_content,
  utm_term: attribution.utm_term,
});

/** The offer_leads row of a consultation-form submission, with the client-made id. */
export function leadRow(id: string, values: LeadValues, context: SubmissionContext) {
  const stored = normalizePhone(values.phone, values.countryCode);
  return {
    id,
    name: values.name.trim(),
    phone: stored.phone,
    country_code: stored.countryCode,
    country: stored.country?.name.ar ?? null,
    email: values.email.trim() || null,
    service: values.service as (typeof formServices)[number],
    notes: values.notes.trim() || null,
    preferred_countries: values.preferredCountries,
    ready_to_travel: (values.readyToTravel ||
      defaultReadiness) as (typeof readinessOptions)[number],
    appointment_time: (values.appointmentTime || defaultTiming) as (typeof timingOptions)[number],
    source: context.source,
    page_url: context.pageUrl.slice(0, leadFields.pageUrl.max),
    language: context.lang,
    ...utmColumns(context.attribution),
    ...consentColumns(),
  };
}

/** Source recorded for every registration from the limited-offer page (shown as 'صفحة العرض'). */
export const offerSource = 'hair-transplant-offer-page';

/**
 * The offer_leads row of an offer registration. The country comes from the number itself
 * (normalizePhone), or, for a number typed without its code, from the country the visitor picked;
 * "another country" keeps the number as typed, unattributed (null), for staff to see.
 */
export function offerRow(id: string, values: OfferValues, context: SubmissionContext) {
  const stored = offerPhone(values);
  return {
    id,
    name: values.name.trim(),
    phone: stored.phone,
    country_code: stored.countryCode,
    country: stored.country?.name.ar ?? null,
    source: offerSource,
    page_url: context.pageUrl.slice(0, leadFields.pageUrl.max),
    language: context.lang,
    campaign_params: context.attribution.params,
    ...utmColumns(context.attribution),
    ...consentColumns(),
  };
}
