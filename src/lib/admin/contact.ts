/**
 * A coordinator's contact correction (issue 26), as pure logic: the form's starting values from a
 * stored request, and the changes to send (public.correct_request_contact). The number goes
 * through the one phone rule (src/lib/phone.ts normalizePhone) with the country picked, so a
 * corrected number is stored exactly as the public forms would store it.
 */
import { countryCodes, normalizePhone } from '~/lib/phone.ts';
import { phoneDigits } from './labels.ts';

export interface ContactForm {
  name: string;
  /** "+966" style, '' when the stored number has none. */
  countryCode: string;
  /** The number as the coordinator types it (national digits, or with its code). */
  phone: string;
  email: string;
}

/** The form as a stored request fills it: the number without its code when it has one. */
export function contactFormOf(row: {
  name: string;
  phone: string;
  country_code: string | null;
  email: string | null;
}): ContactForm {
  const code = countryCodes.find((country) => country.code === row.country_code)?.code ?? '';
  const digits = phoneDigits(row.phone);
  const codeDigits = code.slice(1);
  return {
    name: row.name,
    countryCode: code,
    phone: code && digits.startsWith(codeDigits) ? digits.slice(codeDigits.length) : digits,
    email: row.email ?? '',
  };
}

export type ContactOutcome =
  | { kind: 'changes'; changes: Record<string, string | null> }
  | { kind: 'unchanged' }
  | { kind: 'needsCountry' };

/** What to send for `form` against the stored `row`: only what changed. */
export function contactChanges(
  row: { name: string; phone: string; country_code: string | null; email: string | null },
  form: ContactForm,
): ContactOutcome {
  const changes: Record<string, string | null> = {};
  if (form.name.trim() !== row.name) changes['name'] = form.name.trim();
  const stored = normalizePhone(form.phone, form.countryCode || null, { chosen: true });
  if (stored.phone !== row.phone || stored.countryCode !== (row.country_code || null)) {
    if (!stored.countryCode) return { kind: 'needsCountry' };
    changes['phone'] = stored.phone;
    changes['country_code'] = stored.countryCode;
    changes['country'] = stored.country?.name.ar ?? null;
  }
  const email = form.email.trim() || null;
  if (email !== (row.email || null)) changes['email'] = email;
  return Object.keys(changes).length ? { kind: 'changes', changes } : { kind: 'unchanged' };
}

/** The contact fields of a stored request. */
export interface StoredContact {
  name: string;
  phone: string;
  country_code: string | null;
  email: string | null;
}

export const contactOf = (row: StoredContact): StoredContact => ({
  name: row.name,
  phone: row.phone,
  country_code: row.country_code,
  email: row.email,
});

export const sameContact = (a: StoredContact, b: StoredContact) =>
  a.name === b.name &&
  a.phone === b.phone &&
  (a.country_code || null) === (b.country_code || null) &&
  (a.email || null) === (b.email || null);

/**
 * The form after a colleague (or the patient) changed the contact details under it: their new
 * values in the fields this coordinator left as they were opened (`was`), the coordinator's own
 * in the fields they changed (the number and its country as one).
 */
export function rebaseContactForm(form: ContactForm, was: ContactForm, live: ContactForm) {
  const phoneTouched = form.phone !== was.phone || form.countryCode !== was.countryCode;
  return {
    name: form.name === was.name ? live.name : form.name,
    email: form.email === was.email ? live.email : form.email,
    countryCode: phoneTouched ? form.countryCode : live.countryCode,
    phone: phoneTouched ? form.phone : live.phone,
  } satisfies ContactForm;
}
