import { describe, expect, it } from 'vitest';
import {
  emptyLead,
  leadRow,
  offerNeedsCountry,
  offerRow,
  OTHER_COUNTRY,
  validateLead,
  validateOffer,
  wizardSteps,
  type LeadValues,
} from '~/lib/lead-form.ts';
import { stringsFor } from '~/i18n/index.ts';

const ar = stringsFor('ar', ['form.error.']);
const en = stringsFor('en', ['form.error.']);

const valid: LeadValues = {
  ...emptyLead,
  name: 'محمد أحمد',
  countryCode: '+966',
  phone: '0501234567',
  service: 'hair-transplant',
  readyToTravel: 'yes',
  appointmentTime: 'thisMonth',
};

const context = {
  lang: 'ar' as const,
  source: '/',
  pageUrl: 'https://rihla.care/?utm_source=google',
  attribution: {
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'spring',
    utm_content: null,
    utm_term: null,
    params: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring', gclid: 'abc' },
  },
};

describe('offer registration messages (exact)', () => {
  it('asks for at least two characters of name', () => {
    expect(validateOffer(ar, { name: 'م', phone: '966501234567', website: '' })).toEqual({
      name: 'الاسم يجب أن يكون حرفين على الأقل',
    });
    expect(validateOffer(ar, { name: '  ', phone: '966501234567', website: '' }).name).toBe(
      'الاسم يجب أن يكون حرفين على الأقل',
    );
    // Tatweel only (issue 42): the same message; tatweel inside a name is kept.
    expect(validateOffer(ar, { name: 'ـــــ', phone: '966501234567', website: '' }).name).toBe(
      'الاسم يجب أن يكون حرفين على الأقل',
    );
    expect(validateOffer(ar, { name: 'محـــمد', phone: '966501234567', website: '' })).toEqual({});
  });

  it('asks for at least 8 digits, digits only', () => {
    expect(validateOffer(ar, { name: 'سارة', phone: '9665', website: '' })).toEqual({
      phone: 'رقم الهاتف يجب أن يكون 8 أرقام على الأقل',
    });
    expect(validateOffer(ar, { name: 'سارة', phone: '96650abc123', website: '' })).toEqual({
      phone: 'يجب إدخال أرقام فقط',
    });
    expect(validateOffer(ar, { name: 'سارة', phone: '966501234567', website: '' })).toEqual({});
  });
});

describe('consultation form validation', () => {
  it('accepts a complete form', () => {
    expect(validateLead(ar, valid)).toEqual({});
  });

  it('names every missing required field in the page language', () => {
    const errors = validateLead(en, emptyLead);
    expect(errors).toEqual({
      name: 'Please enter your name',
      phone: 'Please enter your phone number',
      service: 'Please choose a treatment',
    });
  });

  it('validates only the fields of one wizard step when asked', () => {
    const errors = validateLead(
      ar,
      { ...emptyLead, name: 'علي', phone: '0501234567' },
      wizardSteps[0],
    );
    expect(errors).toEqual({});
    expect(validateLead(ar, { ...valid, email: 'not-an-email' }, wizardSteps[0])).toEqual({
      email: 'البريد الإلكتروني غير صحيح',
    });
  });

  it('bounds the notes', () => {
    expect(validateLead(ar, { ...valid, notes: 'x'.repeat(2001) }).notes).toBe(
      'الملاحظات طويلة جداً (2000 حرف كحد أقصى)',
    );
  });
});

describe('the stored rows', () => {
  it('composes the international phone and derives the country from it', () => {
    const row = leadRow('00000000-0000-4000-8000-000000000001', valid, context);
    expect(row).toMatchObject({
      phone: '966501234567',
      country_code: '+966',
      country: 'السعودية',
      service: 'hair-transplant',
      source: '/',
      language: 'ar',
      utm_source: 'google',
      utm_campaign: 'spring',
      email: null,
      notes: null,
    });
  });

  it('falls back to the selected code when the number has no known prefix', () => {
    const row = leadRow(
      '00000000-0000-4000-8000-000000000002',
      { ...valid, countryCode: '+49', phone: '015112345678' },
      context,
    );
    expect(row.phone).toBe('4915112345678');
    expect(row.country).toBe('ألمانيا');
  });

  it('stores offer registrations with the fixed source, every query parameter and the prefix country', () => {
    const row = offerRow(
      '00000000-0000-4000-8000-000000000003',
      { name: 'سارة', phone: '963944123456', website: '' },
      context,
    );
    expect(row).toMatchObject({
      source: 'hair-transplant-offer-page',
      country_code: '+963',
      country: 'سوريا',
      campaign_params: context.attribution.params,
    });
    const offer = { name: 'سارة', phone: '', website: '' };
    const unknown = offerRow(
      '00000000-0000-4000-8000-000000000004',
      { name: 'سارة', phone: '441234567890', website: '' },
      context,
    );
    expect(unknown).toMatchObject({ phone: '441234567890', country_code: null, country: null });
    // The spellings the home form accepts give the offer dialog the same number and country.
    for (const phone of ['00966501234567', '٠٠٩٦٦٥٠١٢٣٤٥٦٧', '9660501234567']) {
      const row = offerRow('00000000-0000-4000-8000-000000000005', { ...offer, phone }, context);
      expect(row, phone).toMatchObject({ phone: '966501234567', country_code: '+966' });
    }
    // A national number cannot be attributed without a picked country: kept, not guessed.
    const national = offerRow(
      '00000000-0000-4000-8000-000000000006',
      { ...offer, phone: '0501234567' },
      context,
    );
    expect(national).toMatchObject({ phone: '0501234567', country_code: null, country: null });
    // The dialog asks which country it is from; the picked country makes it callable.
    expect(offerNeedsCountry('0545024476')).toBe(true);
    expect(offerNeedsCountry('966545024476')).toBe(false);
    // 00 and a code outside the list: international already, kept as typed, not asked.
    expect(offerNeedsCountry('00441234567890')).toBe(false);
    expect(validateOffer(ar, { ...offer, name: 'سارة', phone: '0545024476' })).toEqual({
      countryCode: ar['form.error.phoneCountry'],
    });
    const picked = { ...offer, name: 'سارة', phone: '0545024476', countryCode: '+971' };
    expect(validateOffer(ar, picked)).toEqual({});
    expect(offerRow('00000000-0000-4000-8000-000000000008', picked, context)).toMatchObject({
      phone: '971545024476',
      country_code: '+971',
      country: 'الإمارات',
    });
    // "Another country": kept as typed, as before; a number with its own code ignores the pick.
    const other = { ...picked, countryCode: OTHER_COUNTRY };
    expect(validateOffer(ar, other)).toEqual({});
    expect(offerRow('00000000-0000-4000-8000-000000000009', other, context)).toMatchObject({
      phone: '0545024476',
      country_code: null,
    });
    const coded = { ...picked, phone: '966545024476' };
    expect(offerRow('00000000-0000-4000-8000-000000000010', coded, context)).toMatchObject({
      phone: '966545024476',
      country_code: '+966',
    });
  });
});

describe('optional wizard questions', () => {
  it('sends without readiness and timing, storing the spec defaults (maybe, flexible)', () => {
    const skipped = { ...valid, readyToTravel: '', appointmentTime: '' };
    expect(validateLead(ar, skipped)).toEqual({});
    expect(leadRow('00000000-0000-4000-8000-000000000007', skipped, context)).toMatchObject({
      ready_to_travel: 'maybe',
      appointment_time: 'flexible',
    });
    expect(leadRow('00000000-0000-4000-8000-000000000008', valid, context)).toMatchObject({
      ready_to_travel: 'yes',
      appointment_time: 'thisMonth',
    });
  });

  it('still refuses an answer outside the lists', () => {
    expect(validateLead(ar, { ...valid, readyToTravel: 'soon' }).readyToTravel).toBe(
      'الرجاء اختيار إجابة',
    );
  });
});

describe('the stored phone number', () => {
  it('refuses a number that would exceed 15 digits once the country code is added', () => {
    // A trunk zero: a national number, to which the picked code is added.
    const errors = validateLead(ar, { ...valid, countryCode: '+966', phone: '012345678901234' });
    expect(errors.phone).toBe('رقم الهاتف طويل جداً (15 رقماً كحد أقصى)');
    // Without one, 15 digits are more than a Saudi national number: typed with its own code.
    expect(
      validateLead(ar, { ...valid, countryCode: '+966', phone: '123456789012345' }).phone,
    ).toBeUndefined();
  });
});
