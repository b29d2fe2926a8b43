import type { ReactNode } from 'react';
import { entryChannels, type EntryForm } from '~/lib/admin/entry.ts';
import { entryChannelLabel, serviceLabel } from '~/lib/admin/labels.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { countryCodes, stripNonDigits } from '~/lib/phone.ts';
import { formServices, requestServiceFor } from '~/lib/services.ts';

export const inputClass =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none aria-invalid:border-offer-600';

/**
 * The fields of «طلب جديد» (NewRequestDialog.tsx): how it came, the patient, and the lawful basis.
 * A field the database would refuse empty says so under it; what was typed stays.
 */
export function EntryInputs({
  form,
  update,
  missing,
}: {
  form: EntryForm;
  update: (patch: Partial<EntryForm>) => void;
  missing: (keyof EntryForm)[];
}) {
  const { field, text } = entryKit(form, update, missing);
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {field(
          'channel',
          adminText('admin.entry.channel'),
          <select
            id="entry-channel"
            value={form.channel}
            onChange={(event) => update({ channel: event.target.value as EntryForm['channel'] })}
            className={inputClass}
          >
            {entryChannels.map((channel) => (
              <option key={channel} value={channel}>
                {entryChannelLabel(channel)}
              </option>
            ))}
          </select>,
        )}
        {field('name', adminText('admin.contact.name'), text('name', { autoComplete: 'off' }))}
        {field(
          'countryCode',
          adminText('admin.contact.country'),
          <select
            id="entry-countryCode"
            value={form.countryCode}
            onChange={(event) => update({ countryCode: event.target.value })}
            className={inputClass}
          >
            {countryCodes.map((country) => (
              <option key={country.code} value={country.code}>
                {`${country.name.ar} (\u2066${country.code}\u2069)`}
              </option>
            ))}
          </select>,
        )}
        {field(
          'phone',
          adminText('admin.contact.phone'),
          <input
            id="entry-phone"
            type="tel"
            inputMode="numeric"
            dir="ltr"
            value={form.phone}
            onChange={(event) => update({ phone: stripNonDigits(event.target.value) })}
            aria-invalid={missing.includes('phone')}
            className={inputClass}
          />,
        )}
        {field(
          'email',
          adminText('admin.contact.email'),
          text('email', { type: 'email', dir: 'ltr' }),
        )}
        {field(
          'service',
          adminText('admin.entry.service'),
          <select
            id="entry-service"
            value={form.service}
            onChange={(event) => update({ service: event.target.value })}
            aria-invalid={missing.includes('service')}
            className={inputClass}
          >
            <option value="">{adminText('admin.notSpecified')}</option>
            {formServices.map((service) => (
              <option key={service} value={service}>
                {serviceLabel(requestServiceFor(service))}
              </option>
            ))}
          </select>,
        )}
      </div>
      {field(
        'message',
        adminText('admin.entry.message'),
        <textarea
          id="entry-message"
          dir="auto"
          rows={3}
          value={form.message}
          onChange={(event) => update({ message: event.target.value })}
          className={inputClass}
        />,
      )}
      <BasisInputs field={field} text={text} />
    </>
  );
}

type FieldOf = (name: keyof EntryForm, label: string, control: ReactNode) => ReactNode;
type TextOf = (name: keyof EntryForm, props?: Record<string, unknown>) => ReactNode;

/** The lawful basis: how, when and by whom consent to keep the data was given. */
function BasisInputs({ field, text }: { field: FieldOf; text: TextOf }) {
  return (
    <fieldset className="rounded-xl border border-sand-200 p-3">
      <legend className="px-1 text-sm font-bold">{adminText('admin.entry.basis')}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          {field(
            'consentHow',
            adminText('admin.entry.consentHow'),
            text('consentHow', { placeholder: adminText('admin.entry.consentHowPlaceholder') }),
          )}
        </div>
        {field(
          'consentAt',
          adminText('admin.entry.consentAt'),
          text('consentAt', { type: 'datetime-local', dir: 'ltr' }),
        )}
        {field(
          'consentBy',
          adminText('admin.entry.consentBy'),
          text('consentBy', { placeholder: adminText('admin.entry.consentByPlaceholder') }),
        )}
      </div>
    </fieldset>
  );
}

/** A labelled field with its "required" message, and a text input bound to the form. */
function entryKit(
  form: EntryForm,
  update: (patch: Partial<EntryForm>) => void,
  missing: (keyof EntryForm)[],
): { field: FieldOf; text: TextOf } {
  const field = (name: keyof EntryForm, label: string, control: ReactNode) => (
    <div>
      <label htmlFor={`entry-${name}`} className="block text-sm font-semibold text-teal-900">
        {label}
      </label>
      {control}
      {missing.includes(name) && (
        <p id={`entry-${name}-error`} className="mt-1 text-sm font-semibold text-offer-700">
          {adminText('admin.entry.required')}
        </p>
      )}
    </div>
  );
  const text = (name: keyof EntryForm, props: Record<string, unknown> = {}) => (
    <input
      id={`entry-${name}`}
      dir="auto"
      value={form[name]}
      onChange={(event) => update({ [name]: event.target.value })}
      aria-invalid={missing.includes(name)}
      aria-describedby={missing.includes(name) ? `entry-${name}-error` : undefined}
      className={inputClass}
      {...props}
    />
  );

  return { field, text };
}
