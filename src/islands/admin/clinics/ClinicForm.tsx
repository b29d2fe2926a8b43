import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { destinationLabel, destinationSlugs, serviceLabel } from '~/lib/admin/labels.ts';
import type { Clinic } from '~/lib/admin/quotes.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { StaleVersionError } from '~/lib/admin/writes.ts';
import { Constants } from '~/lib/database.types.ts';
import { formServices, OTHER_SERVICE, requestServiceFor } from '~/lib/services.ts';
import { reportFailure } from '../dialog/useSaveRequest.ts';
import {
  blankClinic,
  clinicInput,
  quoteKeys,
  saveClinic,
  type ClinicInput,
} from '../quotes/quoteData.ts';

const input =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base focus:border-teal-700 focus:outline-none';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-semibold text-teal-900">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A refused save: another owner's change since the form opened, or a field the database refused. */
const reportSaveFailure = (error: unknown) =>
  reportFailure(
    error,
    adminText(
      error instanceof StaleVersionError ? 'admin.clinics.changed' : 'admin.clinics.saveError',
    ),
  );

/** The form's values as saved: the slug in lower case, the languages typed as a list. */
const typed = (values: ClinicInput, languages: string): ClinicInput => ({
  ...values,
  slug: values.slug.trim().toLowerCase(),
  languages: languages
    .split(/[,،\s]+/)
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean),
  hotel: values.hotel?.trim() || null,
});

/** An owner's form to add a partner clinic or change one (the database refuses anyone else). */
export function ClinicForm({ clinic, onDone }: { clinic: Clinic | null; onDone: () => void }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ClinicInput>(() =>
    clinic ? clinicInput(clinic) : blankClinic,
  );
  // The clinic as it was opened: a save applies to that version only (saveClinic).
  const [opened] = useState(() =>
    clinic ? { id: clinic.id, updated_at: clinic.updated_at } : null,
  );
  const [newId] = useState(() => crypto.randomUUID()); // a repeat after a lost answer adds it once
  const [languages, setLanguages] = useState(values.languages.join(', '));
  const set = (patch: Partial<ClinicInput>) => setValues((current) => ({ ...current, ...patch }));
  const save = useMutation({
    mutationFn: () => saveClinic(opened, typed(values, languages), newId),
    onSuccess: async () => {
      toast.success(adminText('admin.clinics.saved'));
      await queryClient.invalidateQueries({ queryKey: quoteKeys.clinics });
      onDone();
    },
    onError: reportSaveFailure,
  });
  const id = (name: string) => `${uid}-${name}`;
  const text = (name: 'slug' | 'name_ar' | 'name_en' | 'city_ar' | 'city_en', dir = 'auto') => (
    <Field id={id(name)} label={adminText(`admin.clinics.field.${name}`)}>
      <input
        id={id(name)}
        dir={dir}
        required
        className={input}
        value={values[name]}
        onChange={(event) => set({ [name]: event.target.value })}
      />
    </Field>
  );
  return (
    <form
      className="card space-y-4 p-4 sm:p-5"
      data-testid="clinic-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {text('name_ar')}
        {text('name_en', 'ltr')}
        {text('city_ar')}
        {text('city_en', 'ltr')}
        {text('slug', 'ltr')}
        <Field id={id('country')} label={adminText('admin.clinics.field.country')}>
          <select
            id={id('country')}
            className={input}
            value={values.country}
            onChange={(event) => set({ country: event.target.value as ClinicInput['country'] })}
          >
            {destinationSlugs.map((slug) => (
              <option key={slug} value={slug}>
                {destinationLabel(slug)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('languages')} label={adminText('admin.clinics.field.languages')}>
          <input
            id={id('languages')}
            dir="ltr"
            className={input}
            value={languages}
            onChange={(event) => setLanguages(event.target.value)}
          />
        </Field>
        <Field id={id('currency')} label={adminText('admin.clinics.field.currency')}>
          <select
            id={id('currency')}
            dir="ltr"
            className={input}
            value={values.currency}
            onChange={(event) => set({ currency: event.target.value as ClinicInput['currency'] })}
          >
            {Constants.public.Enums.quote_currency.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </Field>
      </div>
      <ClinicOffer values={values} set={set} id={id} />
      <ClinicAbout values={values} set={set} id={id} />
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex min-h-10 items-center gap-2 font-semibold">
          <input
            type="checkbox"
            className="size-5"
            checked={values.active}
            onChange={(event) => set({ active: event.target.checked })}
          />
          {adminText('admin.clinics.field.active')}
        </label>
        <button type="submit" className="btn btn-primary min-h-10 px-5" disabled={save.isPending}>
          {adminText('admin.clinics.save')}
        </button>
        <button type="button" className="min-h-10 px-2 underline" onClick={onDone}>
          {adminText('admin.quotes.closeEditor')}
        </button>
      </div>
    </form>
  );
}

/** The public profile's text in both languages. */
function ClinicAbout({
  values,
  set,
  id,
}: {
  values: ClinicInput;
  set: (patch: Partial<ClinicInput>) => void;
  id: (name: string) => string;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(['about_ar', 'about_en'] as const).map((name) => (
        <Field key={name} id={id(name)} label={adminText(`admin.clinics.field.${name}`)}>
          <textarea
            id={id(name)}
            rows={5}
            dir={name === 'about_ar' ? 'rtl' : 'ltr'}
            lang={name === 'about_ar' ? 'ar' : 'en'}
            className={input}
            value={values[name]}
            onChange={(event) => set({ [name]: event.target.value })}
          />
        </Field>
      ))}
    </div>
  );
}

/** What the clinic's quotes usually include, and the treatments it does. */
function ClinicOffer({
  values,
  set,
  id,
}: {
  values: ClinicInput;
  set: (patch: Partial<ClinicInput>) => void;
  id: (name: string) => string;
}) {
  const treatments = formServices.filter((service) => service !== OTHER_SERVICE);
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold text-teal-900">
          {adminText('admin.clinics.field.includes')}
        </legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['includes_hotel', 'includes_transfer', 'includes_interpreter'] as const).map(
            (name) => (
              <label key={name} className="flex min-h-10 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={values[name]}
                  onChange={(event) => set({ [name]: event.target.checked })}
                />
                {adminText(`admin.clinics.field.${name}`)}
              </label>
            ),
          )}
        </div>
      </fieldset>
      <Field id={id('hotel')} label={adminText('admin.clinics.field.hotel')}>
        <input
          id={id('hotel')}
          dir="auto"
          className={input}
          value={values.hotel ?? ''}
          onChange={(event) => set({ hotel: event.target.value })}
        />
      </Field>
      <fieldset>
        <legend className="text-sm font-semibold text-teal-900">
          {adminText('admin.clinics.field.treatments')}
        </legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-3">
          {treatments.map((service) => (
            <label key={service} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={values.treatments.includes(service)}
                onChange={(event) =>
                  set({
                    treatments: event.target.checked
                      ? [...values.treatments, service]
                      : values.treatments.filter((value) => value !== service),
                  })
                }
              />
              {serviceLabel(requestServiceFor(service))}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
