import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  emptyEntry,
  entryChannels,
  entryRequest,
  missingEntryFields,
  type EntryForm,
} from '~/lib/admin/entry.ts';
import { entryChannelLabel } from '~/lib/admin/labels.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { countryCodes, stripNonDigits } from '~/lib/phone.ts';
import { formServiceLabels, formServices } from '~/lib/services.ts';
import { adminQueryKeys } from '../data.ts';
import { reportFailure } from '../dialog/useSaveRequest.ts';
import { enterRequest } from '../personData.ts';

const inputClass =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none aria-invalid:border-offer-600';

/**
 * «طلب جديد»: a coordinator enters a request that came by WhatsApp, phone, Instagram, a referral
 * or a visit (public.enter_request): the channel, the patient's details, and the lawful basis
 * (how, when and by whom consent was given). It becomes a request like the forms' (inbox, timeline,
 * reports, retention, erasure), without the agency's notification e-mail. What was typed stays
 * in the form until the database has it; a retry stores it once (the same id).
 */
export function NewRequestButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary min-h-11 px-4 py-2 text-sm"
        onClick={() => setOpen(true)}
      >
        <Plus className="size-4" aria-hidden="true" />
        {adminText('admin.entry.open')}
      </button>
      {open && <NewRequestDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function NewRequestDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const idRef = useRef(crypto.randomUUID());
  const queryClient = useQueryClient();
  const [form, setForm] = useState<EntryForm>(() => emptyEntry());
  const [missing, setMissing] = useState<(keyof EntryForm)[]>([]);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  const close = () => ref.current?.close();
  const update = (patch: Partial<EntryForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setMissing((current) => current.filter((field) => !(field in patch)));
    setRefused(false);
  };

  const save = useMutation({
    mutationFn: () => enterRequest(entryRequest(idRef.current, form)),
    onSuccess: async () => {
      toast.success(adminText('admin.entry.saved'));
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.requestPage });
      close();
    },
    onError: (error) => {
      if (error instanceof AdminDataError && ['23514', '22023', '22P02'].includes(error.code)) {
        setRefused(true);
      } else reportFailure(error, adminText('admin.entry.error'));
    },
  });

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

  return (
    // A click on the backdrop closes, as Escape does natively for keyboard users.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      aria-labelledby="entry-title"
      data-testid="new-request-dialog"
      className="m-auto max-h-[94dvh] w-[calc(100%-1.5rem)] max-w-2xl overflow-y-auto rounded-(--radius-card) bg-white p-0 text-ink shadow-(--shadow-lift) backdrop:bg-teal-950/60"
    >
      <form
        noValidate
        className="space-y-4 p-5 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          const found = missingEntryFields(form);
          setMissing(found);
          if (found.length) document.getElementById(`entry-${found[0]}`)?.focus();
          else if (!save.isPending) save.mutate();
        }}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id="entry-title" className="text-lg font-bold">
            {adminText('admin.entry.title')}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={adminText('admin.close')}
            className="rounded-full p-2 text-muted hover:bg-sand-100 hover:text-ink"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <p className="text-sm text-muted">{adminText('admin.entry.intro')}</p>
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
                  {formServiceLabels[service].ar}
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
        {refused && (
          <p role="alert" className="text-sm font-semibold text-offer-700">
            {adminText('admin.contact.invalid')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className="btn btn-primary min-h-11 px-5 py-2"
            disabled={save.isPending}
          >
            {save.isPending ? adminText('admin.entry.saving') : adminText('admin.entry.submit')}
          </button>
          <button type="button" className="btn btn-ghost min-h-11 px-5 py-2" onClick={close}>
            {adminText('admin.modal.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
