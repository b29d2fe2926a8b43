/**
 * The consultation form's fields, one component per wizard step (the single-step block shows all
 * three; the last step is in trip-fields.tsx). They are controlled by LeadForm.tsx through a small `FieldKit`.
 */
import type { UiKey } from '~/i18n/ui/ar.ts';
import type { FieldErrors, LeadValues } from '~/lib/lead-form.ts';
import { hasNonPhoneCharacters, stripNonDigits } from '~/lib/phone.ts';
import { preloadClient } from '~/lib/submit-lead.ts';

export interface Option {
  value: string;
  label: string;
}

export interface FieldKit {
  s: (key: UiKey, params?: Record<string, string | number>) => string;
  /** The element id of a field (stable between server and browser, from useId). */
  id: (name: string) => string;
  values: LeadValues;
  errors: FieldErrors<LeadValues>;
  update: (patch: Partial<LeadValues>) => void;
  setError: (name: keyof LeadValues, message: string) => void;
}

/** What the phone field keeps of what is typed: digits only (the database's offer_leads_phone_digits check agrees). */
export const phoneInputValue = (raw: string) => stripNonDigits(raw);

export const describedBy = (kit: FieldKit, name: keyof LeadValues, hint?: boolean) =>
  [kit.errors[name] ? kit.id(`${name}-error`) : '', hint ? kit.id(`${name}-hint`) : '']
    .filter(Boolean)
    .join(' ') || undefined;

export function FieldError({ kit, name }: { kit: FieldKit; name: keyof LeadValues }) {
  if (!kit.errors[name]) return null;
  return (
    <p
      id={kit.id(`${name}-error`)}
      data-field-error=""
      className="mt-1.5 text-sm font-semibold text-offer-700"
    >
      {kit.errors[name]}
    </p>
  );
}

export function Optional({ kit }: { kit: FieldKit }) {
  return <span className="ms-1 text-sm font-normal text-muted">({kit.s('form.optional')})</span>;
}

function Label({
  kit,
  name,
  text,
  optional = false,
}: {
  kit: FieldKit;
  name: string;
  text: string;
  optional?: boolean;
}) {
  return (
    <label htmlFor={kit.id(name)} className="mb-1.5 block font-semibold text-teal-900">
      {text}
      {optional && <Optional kit={kit} />}
    </label>
  );
}

const inputClass = (kit: FieldKit, name: keyof LeadValues) =>
  `block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink placeholder:text-muted/70 focus:border-teal-700 focus:outline-none ${
    kit.errors[name] ? 'border-offer-600' : 'border-sand-300'
  }`;

export function ContactFields({ kit, countryCodes }: { kit: FieldKit; countryCodes: Option[] }) {
  const { s, id, values, update, errors } = kit;
  return (
    <>
      <div>
        <Label kit={kit} name="name" text={s('form.name')} />
        <input
          id={id('name')}
          name="name"
          autoComplete="name"
          dir="auto"
          value={values.name}
          onChange={(event) => update({ name: event.target.value })}
          onFocus={() => void preloadClient()}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={describedBy(kit, 'name')}
          placeholder={s('form.namePlaceholder')}
          className={inputClass(kit, 'name')}
        />
        <FieldError kit={kit} name="name" />
      </div>
      <div>
        <Label kit={kit} name="phone" text={s('form.phone')} />
        <div className="flex gap-2" dir="ltr">
          {/* Wide enough for "+966" and the start of the country name at 360 px; the list
              shows the full names. */}
          <select
            aria-label={s('form.countryCode')}
            dir="ltr"
            name="countryCode"
            value={values.countryCode}
            onChange={(event) => update({ countryCode: event.target.value })}
            className="w-36 shrink-0 truncate rounded-xl border border-sand-300 bg-white ps-2 pe-1 py-3 text-base"
          >
            {countryCodes.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <input
            id={id('phone')}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={values.phone}
            onChange={(event) => {
              const raw = event.target.value;
              update({ phone: phoneInputValue(raw) });
              if (hasNonPhoneCharacters(raw)) {
                kit.setError('phone', s('form.error.phoneDigits'));
              }
            }}
            aria-invalid={Boolean(errors.phone)}
            aria-describedby={describedBy(kit, 'phone', true)}
            placeholder="5X XXX XXXX"
            className={`${inputClass(kit, 'phone')} min-w-0`}
          />
        </div>
        <p id={id('phone-hint')} className="mt-1.5 text-sm text-muted">
          {s('form.phoneHint')}
        </p>
        <FieldError kit={kit} name="phone" />
      </div>
      <div>
        <Label kit={kit} name="email" text={s('form.email')} optional />
        <input
          id={id('email')}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={values.email}
          onChange={(event) => update({ email: event.target.value })}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={describedBy(kit, 'email')}
          className={inputClass(kit, 'email')}
        />
        <FieldError kit={kit} name="email" />
      </div>
    </>
  );
}

export function TreatmentFields({
  kit,
  services,
  destinations,
}: {
  kit: FieldKit;
  services: Option[];
  destinations: Option[];
}) {
  const { s, id, values, update, errors } = kit;
  return (
    <>
      <div>
        <Label kit={kit} name="service" text={s('form.service')} />
        <select
          id={id('service')}
          name="service"
          value={values.service}
          onChange={(event) => update({ service: event.target.value })}
          aria-invalid={Boolean(errors.service)}
          aria-describedby={describedBy(kit, 'service')}
          className={inputClass(kit, 'service')}
        >
          <option value="">{s('form.servicePlaceholder')}</option>
          {services.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError kit={kit} name="service" />
      </div>
      <fieldset>
        <legend className="mb-2 font-semibold text-teal-900">
          {s('form.countries')}
          <Optional kit={kit} />
        </legend>
        <div className="flex flex-wrap gap-2">
          {destinations.map((option) => {
            const checked = values.preferredCountries.includes(option.value);
            return (
              <label key={option.value} className={`${pill(checked)} rounded-full px-4`}>
                <input
                  type="checkbox"
                  name="preferredCountries"
                  value={option.value}
                  checked={checked}
                  onChange={() =>
                    update({
                      preferredCountries: checked
                        ? values.preferredCountries.filter((value) => value !== option.value)
                        : [...values.preferredCountries, option.value],
                    })
                  }
                  className="sr-only"
                />
                {option.label}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div>
        <Label kit={kit} name="notes" text={s('form.notes')} optional />
        <textarea
          id={id('notes')}
          name="notes"
          rows={3}
          dir="auto"
          value={values.notes}
          onChange={(event) => update({ notes: event.target.value })}
          aria-invalid={Boolean(errors.notes)}
          aria-describedby={describedBy(kit, 'notes')}
          placeholder={s('form.notesPlaceholder')}
          className={inputClass(kit, 'notes')}
        />
        <FieldError kit={kit} name="notes" />
      </div>
    </>
  );
}

export const pill = (checked: boolean) =>
  `inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 border text-sm font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-saffron-400 ${
    checked ? 'border-teal-700 bg-teal-700 text-white' : 'border-sand-300 bg-white text-teal-900'
  }`;
