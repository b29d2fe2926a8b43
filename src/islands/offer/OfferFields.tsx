import type { Dispatch, SetStateAction } from 'react';
import type { UiKey } from '~/i18n/ui/ar.ts';
import {
  offerNeedsCountry,
  OTHER_COUNTRY,
  type FieldErrors,
  type OfferValues,
} from '~/lib/lead-form.ts';
import { countryCodes, hasNonPhoneCharacters, stripNonDigits } from '~/lib/phone.ts';

/** The sample numbers of the placeholder stay left-to-right inside the Arabic text (bidi isolates). */
const isolateNumbers = (text: string) => text.replace(/\d+/g, (digits) => `\u2066${digits}\u2069`);

interface Props {
  s: (key: UiKey) => string;
  /** The dialog's useId(), so the ids stay unique when a page has two dialogs. */
  uid: string;
  values: OfferValues;
  errors: FieldErrors<OfferValues>;
  setValues: Dispatch<SetStateAction<OfferValues>>;
  setErrors: Dispatch<SetStateAction<FieldErrors<OfferValues>>>;
}

/**
 * The offer dialog's fields: name, phone (digits only, Arabic-Indic ones turned into ASCII; its
 * hint asks for the country code) and the hidden honeypot. The dialog (OfferRegistration.tsx)
 * owns the values and the submit.
 */
export function OfferFields({ s, uid, values, errors, setValues, setErrors }: Props) {
  const field = (name: 'name' | 'phone') => `${uid}-${name}`;
  const inputClass = (name: keyof OfferValues) =>
    `block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink focus:border-teal-700 focus:outline-none ${
      errors[name] ? 'border-offer-600' : 'border-sand-300'
    }`;
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={field('name')} className="mb-1.5 block font-semibold text-teal-900">
          {s('offer.dialog.name')}
        </label>
        <input
          id={field('name')}
          name="name"
          autoComplete="name"
          dir="auto"
          value={values.name}
          onChange={(event) => {
            const name = event.target.value;
            setValues((current) => ({ ...current, name }));
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? `${field('name')}-error` : undefined}
          className={inputClass('name')}
        />
        {errors.name && (
          <p id={`${field('name')}-error`} className="mt-1.5 text-sm font-semibold text-offer-700">
            {errors.name}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={field('phone')} className="mb-1.5 block font-semibold text-teal-900">
          {s('offer.dialog.phone')}
        </label>
        <input
          id={field('phone')}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          dir="ltr"
          placeholder={isolateNumbers(s('offer.dialog.phonePlaceholder'))}
          value={values.phone}
          onChange={(event) => {
            const raw = event.target.value;
            setValues((current) => ({ ...current, phone: stripNonDigits(raw) }));
            setErrors((current) => ({
              ...current,
              phone: hasNonPhoneCharacters(raw) ? s('form.error.phoneDigits') : undefined,
            }));
          }}
          aria-invalid={Boolean(errors.phone)}
          aria-describedby={`${field('phone')}-hint${errors.phone ? ` ${field('phone')}-error` : ''}`}
          className={`${inputClass('phone')} text-start placeholder:text-sm`}
        />
        <p id={`${field('phone')}-hint`} className="mt-1.5 text-sm text-muted">
          {s('offer.dialog.phoneHint')}
        </p>
        {errors.phone && (
          <p id={`${field('phone')}-error`} className="mt-1 text-sm font-semibold text-offer-700">
            {errors.phone}
          </p>
        )}
      </div>
      {offerNeedsCountry(values.phone) && (
        <CountryQuestion
          s={s}
          uid={uid}
          values={values}
          errors={errors}
          setValues={setValues}
          setErrors={setErrors}
        />
      )}
      <div className="absolute -start-[9999px] size-px overflow-hidden" aria-hidden="true">
        <label htmlFor={`${uid}-website`}>{s('form.honeypot')}</label>
        <input
          id={`${uid}-website`}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => {
            const website = event.target.value;
            setValues((current) => ({ ...current, website }));
          }}
        />
      </div>
    </div>
  );
}

/**
 * "Which country is this number from?": shown under a number typed without its code (0545024476
 * could be Saudi or Emirati), so the stored number can be dialled. The offer page is Arabic only.
 */
function CountryQuestion({ s, uid, values, errors, setValues, setErrors }: Props) {
  const id = `${uid}-countryCode`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-semibold text-teal-900">
        {s('offer.dialog.country')}
      </label>
      <select
        id={id}
        name="countryCode"
        value={values.countryCode ?? ''}
        onChange={(event) => {
          const countryCode = event.target.value;
          setValues((current) => ({ ...current, countryCode }));
          setErrors((current) => ({ ...current, countryCode: undefined }));
        }}
        aria-invalid={Boolean(errors.countryCode)}
        aria-describedby={`${id}-hint${errors.countryCode ? ` ${id}-error` : ''}`}
        className={`block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink focus:border-teal-700 focus:outline-none ${
          errors.countryCode ? 'border-offer-600' : 'border-sand-300'
        }`}
      >
        <option value="">{s('offer.dialog.countryPlaceholder')}</option>
        {countryCodes.map((country) => (
          <option key={country.code} value={country.code}>
            {`${country.name.ar} (\u2066${country.code}\u2069)`}
          </option>
        ))}
        <option value={OTHER_COUNTRY}>{s('offer.dialog.countryOther')}</option>
      </select>
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
        {s('offer.dialog.countryHint')}
      </p>
      {errors.countryCode && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-offer-700">
          {errors.countryCode}
        </p>
      )}
    </div>
  );
}
