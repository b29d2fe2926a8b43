import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { fill } from '~/i18n/fill.ts';
import type { UiKey } from '~/i18n/ui/ar.ts';
import { readAttribution } from '~/lib/attribution.ts';
import {
  emptyLead,
  leadRow,
  readinessOptions,
  timingOptions,
  validateLead,
  wizardSteps,
  type FieldErrors,
  type LeadValues,
} from '~/lib/lead-form.ts';
import { composePhone, stripNonDigits } from '~/lib/phone.ts';
import { notifyAgency, preloadClient, submitLead } from '~/lib/submit-lead.ts';
import { whatsappUrl } from '~/lib/whatsapp.ts';
import { ConsentNote } from '~/islands/ui/ConsentNote.tsx';
import { ToastStack, useToasts } from '~/islands/ui/Toasts.tsx';

interface Option {
  value: string;
  label: string;
}

export interface LeadFormProps {
  lang: 'ar' | 'en';
  /** The home page's three-step wizard, or the single-step block of inner pages. */
  variant: 'wizard' | 'single';
  strings: Partial<Record<UiKey, string>>;
  services: Option[];
  destinations: Option[];
  countryCodes: Option[];
  thankYouHref: string;
  whatsappNumber: string;
  /** Language-neutral path recorded as the lead's source. */
  source: string;
}

type Status = 'idle' | 'sending' | 'success' | 'failed';

/** Long enough to see the success panel; the notification request usually finishes well before. */
const REDIRECT_AFTER_MS = 600;

/** A draft survives reloads (sessionStorage) until the lead is stored; the id makes retries idempotent. */
interface Draft {
  id: string;
  step: number;
  values: LeadValues;
}

function loadDraft(key: string): Draft {
  try {
    const stored = sessionStorage.getItem(key);
    if (stored) {
      const draft = JSON.parse(stored) as Draft;
      return { ...draft, values: { ...emptyLead, ...draft.values } };
    }
  } catch {
    // No storage: start empty.
  }
  return { id: crypto.randomUUID(), step: 0, values: emptyLead };
}

export default function LeadForm(props: LeadFormProps) {
  const { lang, variant, strings, services, destinations, countryCodes, thankYouHref } = props;
  const s = (key: UiKey, params?: Record<string, string | number>) =>
    fill(strings[key] ?? key, params);
  const draftKey = `rihla:lead-draft:${variant}`;
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeadingRef = useRef<HTMLLegendElement>(null);
  const sendingRef = useRef(false);
  const [draft, setDraft] = useState<Draft>(() => ({ id: '', step: 0, values: emptyLead }));
  const [errors, setErrors] = useState<FieldErrors<LeadValues>>({});
  const [status, setStatus] = useState<Status>('idle');
  const [attempt, setAttempt] = useState(1);
  const { toasts, show, dismiss } = useToasts();
  const { values, step } = draft;
  const wizard = variant === 'wizard';
  const lastStep = wizard ? wizardSteps.length - 1 : 0;

  useEffect(() => setDraft(loadDraft(draftKey)), [draftKey]);

  useEffect(() => {
    if (!draft.id || status === 'success') return;
    try {
      sessionStorage.setItem(draftKey, JSON.stringify(draft));
    } catch {
      // Storage full or blocked: the form still works, the draft is just not kept.
    }
  }, [draft, draftKey, status]);

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

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (wizard && step < lastStep) return onNext();
    if (sendingRef.current) return;
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
    sendingRef.current = true;
    setStatus('sending');
    setAttempt(1);
    // A filled honeypot is a bot: behave as if it worked, store nothing.
    const outcome = values.website
      ? ({ ok: true } as const)
      : await submitLead(
          leadRow(draft.id, values, {
            lang,
            source: props.source,
            pageUrl: window.location.href,
            attribution: readAttribution(),
          }),
          { onRetry: setAttempt },
        );
    if (outcome.ok) {
      setStatus('success');
      show('success', s('form.toast.success'));
      try {
        sessionStorage.removeItem(draftKey);
      } catch {
        // Nothing to clear.
      }
      await Promise.all([
        values.website ? Promise.resolve() : notifyAgency(draft.id),
        new Promise((resolve) => setTimeout(resolve, REDIRECT_AFTER_MS)),
      ]);
      window.location.assign(thankYouHref);
      return;
    }
    sendingRef.current = false;
    setStatus('failed');
    show(
      'error',
      outcome.reason === 'rate-limited'
        ? s('form.toast.rateLimited')
        : outcome.reason === 'busy'
          ? s('abuse.toast.busy')
          : outcome.reason === 'rejected'
            ? s('form.toast.rejected')
            : s('form.toast.error'),
    );
  };

  if (status === 'success') {
    return (
      <div
        className="rounded-(--radius-card) bg-white p-8 text-center shadow-(--shadow-card)"
        role="status"
      >
        <ToastStack toasts={toasts} dismiss={dismiss} closeLabel={s('form.toast.close')} />
        <p
          className="mx-auto mb-4 grid size-16 place-items-center rounded-full bg-teal-50 text-3xl text-teal-700"
          aria-hidden="true"
        >
          ✓
        </p>
        <h3 className="text-2xl font-bold">{s('form.successTitle')}</h3>
        <p className="mt-3 text-muted">{s('form.successText')}</p>
        <p className="mt-4 text-sm text-muted">{s('form.redirecting')}</p>
      </div>
    );
  }

  const id = (name: string) => `${uid}-${name}`;
  const describedBy = (name: keyof LeadValues, hint?: boolean) =>
    [errors[name] ? id(`${name}-error`) : '', hint ? id(`${name}-hint`) : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const fieldError = (name: keyof LeadValues) =>
    errors[name] ? (
      <p id={id(`${name}-error`)} className="mt-1.5 text-sm font-semibold text-offer-700">
        {errors[name]}
      </p>
    ) : null;
  const label = (name: string, text: string, optional = false) => (
    <label htmlFor={id(name)} className="mb-1.5 block font-semibold text-teal-900">
      {text}
      {optional && (
        <span className="ms-1 text-sm font-normal text-muted">({s('form.optional')})</span>
      )}
    </label>
  );
  const inputClass = (name: keyof LeadValues) =>
    `block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink placeholder:text-muted/70 focus:border-teal-700 focus:outline-none ${
      errors[name] ? 'border-offer-600' : 'border-sand-300'
    }`;
  const sending = status === 'sending';

  const contactFields = (
    <>
      <div>
        {label('name', s('form.name'))}
        <input
          id={id('name')}
          name="name"
          autoComplete="name"
          dir="auto"
          value={values.name}
          onChange={(event) => update({ name: event.target.value })}
          onFocus={() => void preloadClient()}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={describedBy('name')}
          placeholder={s('form.namePlaceholder')}
          className={inputClass('name')}
        />
        {fieldError('name')}
      </div>
      <div>
        {label('phone', s('form.phone'))}
        <div className="flex gap-2" dir="ltr">
          <select
            aria-label={s('form.countryCode')}
            name="countryCode"
            value={values.countryCode}
            onChange={(event) => update({ countryCode: event.target.value })}
            className="w-32 shrink-0 rounded-xl border border-sand-300 bg-white px-2 py-3 text-base"
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
              update({ phone: stripNonDigits(raw) });
              if (/[^\d\s\u0660-\u0669\u06f0-\u06f9]/.test(raw)) {
                setErrors((current) => ({ ...current, phone: s('form.error.phoneDigits') }));
              }
            }}
            aria-invalid={Boolean(errors.phone)}
            aria-describedby={describedBy('phone', true)}
            placeholder="5X XXX XXXX"
            className={inputClass('phone')}
          />
        </div>
        <p id={id('phone-hint')} className="mt-1.5 text-sm text-muted">
          {s('form.phoneHint')}
        </p>
        {fieldError('phone')}
      </div>
      <div>
        {label('email', s('form.email'), true)}
        <input
          id={id('email')}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={values.email}
          onChange={(event) => update({ email: event.target.value })}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={describedBy('email')}
          className={inputClass('email')}
        />
        {fieldError('email')}
      </div>
    </>
  );

  const treatmentFields = (
    <>
      <div>
        {label('service', s('form.service'))}
        <select
          id={id('service')}
          name="service"
          value={values.service}
          onChange={(event) => update({ service: event.target.value })}
          aria-invalid={Boolean(errors.service)}
          aria-describedby={describedBy('service')}
          className={inputClass('service')}
        >
          <option value="">{s('form.servicePlaceholder')}</option>
          {services.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {fieldError('service')}
      </div>
      <fieldset>
        <legend className="mb-2 font-semibold text-teal-900">
          {s('form.countries')}
          <span className="ms-1 text-sm font-normal text-muted">({s('form.optional')})</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {destinations.map((option) => {
            const checked = values.preferredCountries.includes(option.value);
            return (
              <label
                key={option.value}
                className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-saffron-400 ${
                  checked
                    ? 'border-teal-700 bg-teal-700 text-white'
                    : 'border-sand-300 bg-white text-teal-900'
                }`}
              >
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
        {label('notes', s('form.notes'), true)}
        <textarea
          id={id('notes')}
          name="notes"
          rows={3}
          dir="auto"
          value={values.notes}
          onChange={(event) => update({ notes: event.target.value })}
          aria-invalid={Boolean(errors.notes)}
          aria-describedby={describedBy('notes')}
          placeholder={s('form.notesPlaceholder')}
          className={inputClass('notes')}
        />
        {fieldError('notes')}
      </div>
    </>
  );

  const choiceGroup = (
    name: 'readyToTravel' | 'appointmentTime',
    legend: string,
    options: readonly string[],
    prefix: 'form.readiness' | 'form.timing',
  ) => (
    <fieldset aria-describedby={describedBy(name)}>
      <legend className="mb-2 font-semibold text-teal-900">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {options.map((option) => {
          const checked = values[name] === option;
          return (
            <label
              key={option}
              className={`flex min-h-12 cursor-pointer items-center justify-center rounded-xl border px-3 text-center text-sm font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-saffron-400 ${
                checked
                  ? 'border-teal-700 bg-teal-700 text-white'
                  : 'border-sand-300 bg-white text-teal-900'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={checked}
                onChange={() => update({ [name]: option })}
                className="sr-only"
              />
              {s(`${prefix}.${option}` as UiKey)}
            </label>
          );
        })}
      </div>
      {fieldError(name)}
    </fieldset>
  );

  const tripFields = (
    <>
      {choiceGroup('readyToTravel', s('form.readiness'), readinessOptions, 'form.readiness')}
      {choiceGroup('appointmentTime', s('form.timing'), timingOptions, 'form.timing')}
    </>
  );

  const stepTitles = [s('form.step1'), s('form.step2'), s('form.step3')];
  const stepFields: ReactNode[] = [contactFields, treatmentFields, tripFields];
  const fallbackMessage = s('form.whatsappDraft', {
    name: values.name.trim(),
    phone: values.phone ? `+${composePhone(values.countryCode, values.phone)}` : '',
    service: services.find((option) => option.value === values.service)?.label ?? '',
    notes: values.notes.trim() || s('form.noNotes'),
  });

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="relative rounded-(--radius-card) bg-white p-6 shadow-(--shadow-card) sm:p-8"
      data-testid={`lead-form-${variant}`}
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
        <div className="mt-4 space-y-5">
          {contactFields}
          {treatmentFields}
          {tripFields}
        </div>
      )}

      <div className="absolute -start-[9999px] size-px overflow-hidden" aria-hidden="true">
        <label htmlFor={id('website')}>{s('form.honeypot')}</label>
        <input
          id={id('website')}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => update({ website: event.target.value })}
        />
      </div>

      {status === 'failed' && (
        <div
          className="mt-6 rounded-2xl border border-offer-600/30 bg-sand-50 p-4"
          data-testid="lead-fallback"
        >
          <p className="font-bold text-offer-700">{s('form.fallbackTitle')}</p>
          <p className="mt-1 text-sm text-muted">{s('form.fallbackText')}</p>
          <a
            href={whatsappUrl(props.whatsappNumber, fallbackMessage)}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-whatsapp mt-3 min-h-11 text-sm"
          >
            {s('form.fallbackWhatsapp')}
          </a>
        </div>
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
          // Distinct keys: React must not turn this very element into the submit button mid-click,
          // or the click that leaves step 2 would also submit the form.
          <button key="next" type="button" className="btn btn-primary ms-auto" onClick={onNext}>
            {s('form.next')}
          </button>
        ) : (
          <button
            key="submit"
            type="submit"
            className="btn btn-accent ms-auto disabled:opacity-70"
            disabled={sending}
          >
            {sending ? s('form.sending') : s('form.submit')}
          </button>
        )}
      </div>
      {sending && attempt > 1 && (
        <p className="mt-2 text-end text-sm text-muted">{s('form.retrying', { n: attempt })}</p>
      )}
      <p className="mt-4 text-xs text-muted">
        {s('form.privacy')}{' '}
        <ConsentNote text={s('legal.consent.formNote')} lang={lang} strings={strings} />
      </p>
    </form>
  );
}
