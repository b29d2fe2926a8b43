import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import {
  contactChanges,
  contactFormOf,
  contactOf,
  rebaseContactForm,
  sameContact,
  type ContactForm,
  type StoredContact,
} from '~/lib/admin/contact.ts';
import { hasCountryCode } from '~/lib/admin/labels.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { StaleVersionError } from '~/lib/admin/writes.ts';
import { countryCodes, stripNonDigits } from '~/lib/phone.ts';
import { adminQueryKeys } from '../data.ts';
import { correctContact } from '../personData.ts';
import { reportFailure } from './useSaveRequest.ts';

const inputClass =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none';

/** The id of the country picker, so «أضف رمز الدولة» can take the focus there. */
export const contactCountryId = (requestId: string) => `contact-country-${requestId}`;

/** The section's form, its saves and its keys (see ContactSection). */
function useContactForm(request: ContactRequest) {
  const [form, setForm] = useState<ContactForm>(() => contactFormOf(request));
  // The details as the form was filled: what the coordinator's edits are edits of.
  const [opened, setOpened] = useState<StoredContact>(() => contactOf(request));
  const [problem, setProblem] = useState<string | null>(null);
  const update = (patch: Partial<ContactForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblem(null);
  };

  // A save refused as stale (the change had not reached this screen yet): once the fresh row is
  // here, the same as a change seen before the press (see submit).
  const [refusedStale, setRefusedStale] = useState(false);
  useEffect(() => {
    if (!refusedStale || sameContact(opened, request)) return;
    setForm((current) => rebaseContactForm(current, contactFormOf(opened), contactFormOf(request)));
    setOpened(contactOf(request));
    setProblem(adminText('admin.contact.changedMeanwhile'));
    setRefusedStale(false);
  }, [refusedStale, opened, request]);
  const save = useCorrectContact(request, setProblem, setOpened, () => setRefusedStale(true));

  const submit = () => {
    // Changed under the form (a colleague, the patient's page): never sent over; their values
    // come into the fields this coordinator did not touch, and the next press saves.
    if (!sameContact(opened, request)) {
      setForm((current) =>
        rebaseContactForm(current, contactFormOf(opened), contactFormOf(request)),
      );
      setOpened(contactOf(request));
      setProblem(adminText('admin.contact.changedMeanwhile'));
      return;
    }
    const outcome = contactChanges(request, form);
    if (outcome.kind === 'needsCountry') setProblem(adminText('admin.contact.needCountry'));
    else if (outcome.kind === 'unchanged') toast.info(adminText('admin.contact.unchanged'));
    else save.mutate(outcome.changes);
  };
  // Enter in one of these fields, or Ctrl/⌘+S while they hold a change, saves them, not the
  // dialog around them (which would close with the correction unsent).
  const onKeyDown = (event: KeyboardEvent) => {
    const saveKeys = (event.ctrlKey || event.metaKey) && event.code === 'KeyS';
    const touched = (Object.keys(form) as (keyof ContactForm)[]).some(
      (key) => form[key] !== contactFormOf(opened)[key],
    );
    if (saveKeys && touched) {
      event.preventDefault();
      event.stopPropagation();
      if (!save.isPending) submit();
      return;
    }
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      if (!save.isPending) submit();
    }
  };

  return { form, update, problem, save, submit, onKeyDown };
}

/**
 * Contact details a coordinator corrects (name, number with its country, e-mail): saved on their
 * own, at the version shown, through public.correct_request_contact; each change is a timeline
 * event. Open from the start when the number has no country, which is what needs fixing first.
 */
export function ContactSection({ request }: { request: ContactRequest }) {
  const { form, update, problem, save, submit, onKeyDown } = useContactForm(request);
  const id = (name: string) => `contact-${name}-${request.id}`;

  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <details
      open={!hasCountryCode(request.phone, request.country_code)}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="contact-section"
      onKeyDown={onKeyDown}
    >
      <summary className="cursor-pointer text-base font-bold">
        {adminText('admin.contact.title')}
      </summary>
      <p className="mt-1 text-sm text-muted">{adminText('admin.contact.hint')}</p>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={id('name')} className="block text-sm font-semibold text-teal-900">
            {adminText('admin.contact.name')}
          </label>
          <input
            id={id('name')}
            dir="auto"
            value={form.name}
            onChange={(event) => update({ name: event.target.value })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={id('email')} className="block text-sm font-semibold text-teal-900">
            {adminText('admin.contact.email')}
          </label>
          <input
            id={id('email')}
            type="email"
            dir="ltr"
            value={form.email}
            onChange={(event) => update({ email: event.target.value })}
            className={inputClass}
          />
        </div>
        <div>
          <label
            htmlFor={contactCountryId(request.id)}
            className="block text-sm font-semibold text-teal-900"
          >
            {adminText('admin.contact.country')}
          </label>
          <select
            id={contactCountryId(request.id)}
            value={form.countryCode}
            onChange={(event) => update({ countryCode: event.target.value })}
            className={inputClass}
          >
            <option value="">{adminText('admin.contact.countryNone')}</option>
            {countryCodes.map((country) => (
              <option key={country.code} value={country.code}>
                {`${country.name.ar} (\u2066${country.code}\u2069)`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id('phone')} className="block text-sm font-semibold text-teal-900">
            {adminText('admin.contact.phone')}
          </label>
          <input
            id={id('phone')}
            type="tel"
            inputMode="numeric"
            dir="ltr"
            value={form.phone}
            onChange={(event) => update({ phone: stripNonDigits(event.target.value) })}
            className={inputClass}
          />
        </div>
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-semibold text-offer-700">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary mt-3 min-h-10 px-4 py-1.5 text-sm"
        disabled={save.isPending}
        onClick={submit}
      >
        {save.isPending ? adminText('admin.contact.saving') : adminText('admin.contact.save')}
      </button>
    </details>
  );
}

/** The save of a correction at the version shown; a refusal says why in the section. */
function useCorrectContact(
  request: ContactRequest,
  setProblem: (problem: string) => void,
  setOpened: (saved: StoredContact) => void,
  onStale: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Record<string, string | null>) =>
      correctContact(request.id, request.version, changes),
    onSuccess: async (saved) => {
      setOpened(contactOf(saved));
      toast.success(adminText('admin.contact.saved'));
      // The duplicate counts and the person follow the corrected number.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.requestPage }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'same_phone'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'person'] }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.request(request.id) }),
      ]);
    },
    onError: (error) => {
      if (error instanceof StaleVersionError) {
        setProblem(adminText('admin.contact.stale'));
        onStale();
        void queryClient.invalidateQueries({ queryKey: adminQueryKeys.request(request.id) });
        void queryClient.invalidateQueries({ queryKey: adminQueryKeys.requestPage });
      } else if (error instanceof AdminDataError && ['23514', '22023'].includes(error.code)) {
        setProblem(adminText('admin.contact.invalid'));
      } else reportFailure(error, adminText('admin.contact.error'));
    },
  });
}
