/**
 * A request staff enter (issue 26), as pure logic: the empty form, what is missing, and the
 * entry public.enter_request takes. The number goes through the one phone rule with the picked
 * country (src/lib/phone.ts normalizePhone), exactly as the public forms store it.
 */
import { leadFields, requestFields } from '~/lib/field-rules.ts';
import { defaultCountryCode, isPhoneLength, normalizePhone } from '~/lib/phone.ts';

export const entryChannels = [
  'whatsapp',
  'phone',
  'instagram',
  'referral',
  'walk_in',
  'other',
] as const;
export type EntryChannel = (typeof entryChannels)[number];

export interface EntryForm {
  channel: EntryChannel;
  name: string;
  countryCode: string;
  phone: string;
  email: string;
  service: string;
  message: string;
  consentHow: string;
  /** A datetime-local value ("2026-11-26T14:05"), the coordinator's local time. */
  consentAt: string;
  consentBy: string;
}

/** "2026-11-26T14:05" for a datetime-local input, in local time. */
export function localDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

export function emptyEntry(now = new Date()): EntryForm {
  return {
    channel: 'whatsapp',
    name: '',
    countryCode: defaultCountryCode,
    phone: '',
    email: '',
    service: '',
    message: '',
    consentHow: '',
    consentAt: localDateTime(now),
    consentBy: '',
  };
}

/** The fields that still need an answer (the database refuses the entry without them). */
export function missingEntryFields(form: EntryForm): (keyof EntryForm)[] {
  const missing: (keyof EntryForm)[] = [];
  if (form.name.trim().length < leadFields.name.min) missing.push('name');
  if (!isPhoneLength(normalizePhone(form.phone, form.countryCode, { chosen: true }).phone))
    missing.push('phone');
  if (!form.service) missing.push('service');
  if (form.consentHow.trim().length < requestFields.consentHow.min) missing.push('consentHow');
  if (!form.consentAt) missing.push('consentAt');
  if (form.consentBy.trim().length < requestFields.consentBy.min) missing.push('consentBy');
  return missing;
}

/** The JSON public.enter_request takes; `id` makes a retried save store the request once. */
export function entryRequest(id: string, form: EntryForm) {
  const stored = normalizePhone(form.phone, form.countryCode, { chosen: true });
  return {
    id,
    name: form.name.trim(),
    phone: stored.phone,
    country_code: stored.countryCode ?? form.countryCode,
    country: stored.country?.name.ar ?? null,
    email: form.email.trim() || null,
    service: form.service,
    message: form.message.trim() || null,
    channel: form.channel,
    consent_how: form.consentHow.trim(),
    consent_given_at: new Date(form.consentAt).toISOString(),
    consent_given_by: form.consentBy.trim(),
  };
}
