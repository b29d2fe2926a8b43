import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { fill } from '~/i18n/fill.ts';
import type { UiKey } from '~/i18n/ui/ar.ts';
import { readAttribution } from '~/lib/attribution.ts';
import {
  emptyLead,
  leadRow,
  validateLead,
  wizardSteps,
  type FieldErrors,
  type LeadValues,
} from '~/lib/lead-form.ts';
import { normalizePhone } from '~/lib/phone.ts';
import { whatsappUrl } from '~/lib/whatsapp.ts';
import { ConsentNote } from '~/islands/ui/ConsentNote.tsx';
import { ToastStack, useToasts } from '~/islands/ui/Toasts.tsx';
import { clearDraft, draftKey, useLeadDraft } from './draft.ts';
import { ContactFields, TreatmentFields, type FieldKit, type Option } from './fields.tsx';
import { TripFields } from './trip-fields.tsx';
import { FailurePanel, SuccessPanel } from './panels.tsx';
import { useLeadSubmission } from './useLeadSubmission.ts';

export interface LeadFormProps {
  lang: 'ar' | 'en';
  /** The home page's three-step wizard, or the single-step block of inner pages. */
  variant: 'wizard' | 'single';
  strings: Partial<Record<UiKey, string>>;
  /** A treatment page's own treatment: chosen from the start, in the server's HTML too. */
  initialService?: string | undefined;
  services: Option[];
  destinations: Option[];
  countryCodes: Option[];
  thankYouHref: string;
  whatsappNumber: string;
  /** Language-neutral path recorded as the lead's source. */
  source: string;
}

export default function LeadForm(props: LeadFormProps) {
  const { lang, variant, strings, services, destinations, countryCodes, thankYouHref } = props;
  const s = (key: UiKey, params?: Record<string, string | number>) =>
    fill(strings[key] ?? key, params);
  const storageKey = draftKey(variant);
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeadingRef = useRef<HTMLLegendElement>(null);
  const [errors, setErrors] = useState<FieldErrors<LeadValues>>({});
  const { toasts, show, dismiss } = useToasts();
  const submission = useLeadSubmission(thankYouHref);
  const wizard = variant === 'wizard';
  const lastStep = wizard ? wizardSteps.length - 1 : 0;

  const { draft, setDraft, hydrated, pending, setPending } = useLeadDraft(
    storageKey,
    formRef,
    submission.status === 'success',
    () => {
      submission.reset();
      setErrors({});
    },
    props.initialService ? { ...emptyLead, service: props.initialService } : emptyLead,
  );
  const { values, step } = draft;

  const update = (patch: Partial<LeadValues>) => {
    setDraft((current) => ({ ...current, values: { ...current.values, ...patch } }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof LeadValues)[]) delete next[key];
      return next;
    });
  };

  const focusFirstInvalid = (fieldErrors: FieldErrors<LeadValues>) => {
    const first = Object.keys(fieldErrors)[0];
    if (!first) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const goTo = (next: number) => {
    setDraft((current) => ({ ...current, step: next }));
    requestAnimationFrame(() => stepHeadingRef.current?.focus());
  };

  const onNext = () => {
    const stepErrors = validateLead(strings, values, wizardSteps[step]);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length) return focusFirstInvalid(stepErrors);
    goTo(step + 1);
  };

  const onSubmit = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (wizard && step < lastStep) return onNext();
    const allErrors = validateLead(strings, values);
    setErrors(allErrors);
    if (Object.keys(allErrors).length) {
      const firstStep = wizardSteps.findIndex((fields) =>
        fields.some((field) => field in allErrors),
      );
      if (wizard && firstStep !== step) goTo(firstStep);
      else focusFirstInvalid(allErrors);
      return;
    }
    const outcome = await submission.submit({
      row: leadRow(draft.id, values, {
        lang,
        source: props.source,
        pageUrl: window.location.href,
        attribution: readAttribution(),
      }),
      honeypot: values.website,
      onStored: () => {
        show('success', s('form.toast.success'));
        clearDraft(storageKey);
      },
    });
    if (outcome.ok) return;
    show(
      'error',
      outcome.reason === 'rate-limited'
        ? s('form.toast.rateLimited')
        : outcome.reason === 'busy'
          ? s('form.toast.busy')
          : outcome.reason === 'rejected'
            ? s('form.toast.rejected')
            : s('form.toast.error'),
    );
  };

  // A press made before hydration (see PENDING_ACTION_ATTRIBUTE), carried out on the adopted values.
  // An effect event: it reads the adopted values when it runs, without re-running the effect.
  // A press the early script answered with its own message ('validate'): the island shows the
  // step's messages in place of it, without moving on; any other press is carried out.
  const carryOutPending = useEffectEvent((action: string) => {
    if (action !== 'validate') return void onSubmit();
    setErrors(validateLead(strings, values, wizard ? wizardSteps[step] : undefined));
  });
  useEffect(() => {
    if (!pending || !draft.id) return;
    setPending(null);
    carryOutPending(pending);
  }, [pending, draft.id, setPending]);

  if (submission.status === 'success') {
    return (
      <SuccessPanel
        toasts={<ToastStack toasts={toasts} dismiss={dismiss} closeLabel={s('form.toast.close')} />}
        title={s('form.successTitle')}
        text={s('form.successText')}
        redirecting={s('form.redirecting')}
      />
    );
  }

  const kit: FieldKit = {
    s,
    id: (name) => `${uid}-${name}`,
    values,
    errors,
    update,
    setError: (name, message) => setErrors((current) => ({ ...current, [name]: message })),
  };
  const sending = submission.status === 'sending';
  const stepTitles = [s('form.step1'), s('form.step2'), s('form.step3')];
  const stepFields: ReactNode[] = [
    <ContactFields key="contact" kit={kit} countryCodes={countryCodes} />,
    <TreatmentFields key="treatment" kit={kit} services={services} destinations={destinations} />,
    <TripFields key="trip" kit={kit} />,
  ];
  const fallbackMessage = s('form.whatsappDraft', {
    name: values.name.trim(),
    phone: values.phone ? `+${normalizePhone(values.phone, values.countryCode).phone}` : '',
    service: services.find((option) => option.value === values.service)?.label ?? '',
    notes: values.notes.trim() || s('form.noNotes'),
  });

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      // Without JavaScript the form opens the agency's WhatsApp chat (see ConsultationForm.astro).
      action={`https://wa.me/${props.whatsappNumber.replace(/\D/g, '')}`}
      method="get"
      className="relative rounded-(--radius-card) bg-white p-6 shadow-(--shadow-card) sm:p-8"
      data-testid={`lead-form-${variant}`}
      data-lead-form=""
      data-early-form=""
      // The early script keeps what is typed under this key until the island arrives.
      data-draft-key={storageKey}
      data-hydrated={hydrated ? '' : undefined}
    >
      <ToastStack toasts={toasts} dismiss={dismiss} closeLabel={s('form.toast.close')} />
      <h3 className="mb-1 text-xl font-bold">{s('form.title')}</h3>
      {wizard && (
        <div className="mb-5">
          <p className="text-sm font-semibold text-teal-700" data-testid="wizard-progress">
            {s('form.stepOf', { n: step + 1, total: wizardSteps.length })}
          </p>
          <div className="mt-2 flex gap-1.5" aria-hidden="true">
            {wizardSteps.map((_, index) => (
              <span
                key={index}
                className={`h-1.5 flex-1 rounded-full ${index <= step ? 'bg-teal-700' : 'bg-sand-200'}`}
              />
            ))}
          </div>
        </div>
      )}

      {wizard ? (
        <fieldset className="space-y-5">
          <legend
            ref={stepHeadingRef}
            tabIndex={-1}
            className="mb-4 text-lg font-bold text-teal-900 focus:outline-none"
          >
            {stepTitles[step]}
          </legend>
          {stepFields[step]}
        </fieldset>
      ) : (
        <div className="mt-4 space-y-5">{stepFields}</div>
      )}

      <div className="absolute -start-[9999px] size-px overflow-hidden" aria-hidden="true">
        <label htmlFor={kit.id('website')}>{s('form.honeypot')}</label>
        <input
          id={kit.id('website')}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => update({ website: event.target.value })}
        />
        <input type="hidden" name="text" value={fallbackMessage} />
      </div>

      {submission.status === 'failed' && (
        <FailurePanel
          title={s('form.fallbackTitle')}
          text={s('form.fallbackText')}
          link={s('form.fallbackWhatsapp')}
          href={whatsappUrl(props.whatsappNumber, fallbackMessage)}
        />
      )}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        {wizard && step > 0 && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => goTo(step - 1)}
            disabled={sending}
          >
            {s('form.back')}
          </button>
        )}
        {wizard && step < lastStep ? (
          // A submit button (Enter and the pre-hydration checks use it); distinct keys, so React
          // does not turn this very element into the final submit button mid-click.
          <button key="next" type="submit" className="btn btn-primary ms-auto" data-wizard-next="">
            {s('form.next')}
          </button>
        ) : (
          <button
            key="submit"
            type="submit"
            className="btn btn-accent ms-auto disabled:opacity-70"
            disabled={sending}
            data-wizard-next={wizard ? undefined : ''}
          >
            {sending ? s('form.sending') : s('form.submit')}
          </button>
        )}
      </div>
      {sending && submission.attempt > 1 && (
        <p className="mt-2 text-end text-sm text-muted">
          {s('form.retrying', { n: submission.attempt })}
        </p>
      )}
      <p className="mt-4 text-xs text-muted">
        {s('form.privacy')}{' '}
        <ConsentNote text={s('legal.consent.formNote')} lang={lang} strings={strings} />
      </p>
    </form>
  );
}
